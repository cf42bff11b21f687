package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The merge actions name themselves in their messages, as catalog's
// actions do: "edgrid query merge: ...", not "edgrid query: ...".
func TestCommandMergeMessagesNameTheAction(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		make []string
		file string
	}{
		{"query", []string{"query", "--groups", "3540-3541", "--where", "autos > 0"}, partFile(3541)},
		{"scan", []string{"scan", "--clues", "8", "--groups", "3540-3541"}, scanPartFile(3541)},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			dir := t.TempDir()
			if code, _, errs := run(t, "", append(tc.make, "--out", dir)...); code != 0 {
				t.Fatalf("%s: %s", tc.cmd, errs)
			}
			if err := os.Remove(filepath.Join(dir, tc.file)); err != nil {
				t.Fatal(err)
			}
			code, _, errs := run(t, "", tc.cmd, "merge", dir)
			lines := strings.Split(strings.TrimSpace(errs), "\n")
			if code != exitFailed || len(lines) < 2 {
				t.Fatalf("%s merge: exit %d, stderr %q", tc.cmd, code, errs)
			}
			for _, l := range lines {
				if !strings.HasPrefix(l, "edgrid "+tc.cmd+" merge: ") {
					t.Errorf("%s merge: %q does not name the action", tc.cmd, l)
				}
			}
		})
	}
}
