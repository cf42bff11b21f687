package main

import (
	"strings"
	"testing"
)

// --cells counts characters, not bytes: "é" is one character, and the bad
// one is named by its place among the characters.
func TestScanCellsCountsCharacters(t *testing.T) {
	for _, tc := range []struct{ mask, want string }{
		{strings.Repeat("1", 79) + "é", "80 characters; want 81"},
		{strings.Repeat("1", 80) + "é", `character 81 (r9c9) is 'é'; want 0 or 1`},
		{"é" + strings.Repeat("1", 80), `character 1 (r1c1) is 'é'; want 0 or 1`},
	} {
		t.Run(tc.mask, func(t *testing.T) {
			code, _, errs := run(t, "", "scan", "--clues", "17", "--cells", tc.mask, grid1)
			if code != exitUsage || !strings.Contains(errs, tc.want) {
				t.Errorf("--cells %q: exit %d, stderr %q; want exit 2 and %q", tc.mask, code, errs, tc.want)
			}
		})
	}
}
