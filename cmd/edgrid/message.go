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
		for strings.HasPrefix(s, p) {
			s = s[len(p):]
		}
		s = strings.ReplaceAll(s, ": "+p, ": ")
	}
	return s
}
