package canon

import (
	"edgrid/internal/testkit"
	"testing"
)

// The shared puzzle sets (one puzzle a line, '.' empty, '#' comments).
const (
	set17    = "puzzles2_17_clue"
	setTop   = "puzzles3_magictour_top1465"
	setHard  = "puzzles6_forum_hardest_1106"
	want17   = 49158
	wantTop  = 1465
	wantHard = 375
)

// loadSet reads the puzzles of one shared set, with their lines as text.
func loadSet(tb testing.TB, name string) ([]Grid, []string) {
	tb.Helper()
	var ps []Grid
	var texts []string
	for _, l := range testkit.Lines(tb, name) {
		p, err := ParsePuzzleLine(l.N, l.Text)
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		ps = append(ps, p)
		texts = append(texts, l.Text)
	}
	return ps, texts
}
