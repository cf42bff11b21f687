package main

import (
	"strings"
	"testing"
)

// A misspelt action is a usage error that suggests the action, as a
// misspelt command suggests the command.
func TestCommandActionSuggestions(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"catalog", "fnd"}, `edgrid catalog: unknown action "fnd": want export, verify, info, get, find or index (did you mean find?)`},
		{[]string{"query", "merg", "Q"}, `edgrid query: unknown action "merg" (did you mean merge?)`},
		{[]string{"scan", "mrege", "Q"}, `edgrid scan: unknown action "mrege" (did you mean merge?)`},
		{[]string{"query", "xyzzy"}, `edgrid query: unexpected argument "xyzzy"`},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, errs := run(t, "", tc.args...)
			if code != exitUsage || strings.TrimSpace(errs) != tc.want {
				t.Errorf("%q: exit %d, stderr %q; want 2, %q", tc.args, code, errs, tc.want)
			}
		})
	}
}
