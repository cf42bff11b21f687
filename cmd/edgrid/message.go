package main

import "strings"

// libraryPrefixes are the package names edgrid's library puts before its
// errors ("storage: ..."): a message of the command names the command
// instead ("edgrid catalog verify: ..."), so message drops them.
var libraryPrefixes = []string{"band", "canon", "enumerate", "jobs", "puzzleid", "query", "rank", "scan", "solve", "storage"}

// message returns an error's text for a person: the text of err with each
// library package prefix left out, at the start or after another ": ".
func message(err error) string {
	s := err.Error()
	for _, p := range libraryPrefixes {
		p += ": "
		if !strings.Contains(s, p) {
			continue
		}
		var b strings.Builder
		rest := s
		for {
			i := strings.Index(rest, p)
			if i < 0 {
				b.WriteString(rest)
				break
			}
			b.WriteString(rest[:i])
			if i > 0 && !strings.HasSuffix(rest[:i], ": ") {
				b.WriteString(p) // inside a phrase: kept
			}
			rest = rest[i+len(p):]
		}
		s = b.String()
	}
	return s
}
