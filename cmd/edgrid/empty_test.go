package main

import "testing"

// Every line command follows one rule for an empty input (no arguments,
// and only blank and comment lines on standard input): nothing is printed,
// exit 0, as a filter given nothing to filter does.
func TestEmptyInputOneRule(t *testing.T) {
	cat := catalogDir(t)
	for _, args := range [][]string{
		{"canon"}, {"rank"}, {"unrank"}, {"id"}, {"puzzle"}, {"solve"}, {"solve", "--count"},
		{"scan", "--clues", "17"}, {"scan", "--ua"}, {"catalog", "find", cat},
	} {
		for _, stdin := range []string{"", "# only a comment\n\n"} {
			code, out, errs := run(t, stdin, args...)
			if code != exitOK || out != "" || errs != "" {
				t.Errorf("%q on %q: exit %d, stdout %q, stderr %q; want exit 0 and nothing", args, stdin, code, out, errs)
			}
		}
	}
}
