package main

// message returns an error's text for a person: err's text as it was
// wrapped, each part naming where it arose ("storage: group-0001.edg:
// footer at byte 596: ...", the package first, as edgrid's library begins
// its errors). The command's own name comes before it ("edgrid catalog
// verify: ...").
func message(err error) string { return err.Error() }
