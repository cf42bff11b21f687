package canon

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
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
	dataSub  = "testdata"
)

// dataDir is the repository's testdata directory, which holds the public
// puzzle sets (testdata/README.md).
func dataDir(tb testing.TB) string {
	tb.Helper()
	d := filepath.Join("..", dataSub)
	if _, err := os.Stat(d); err != nil {
		tb.Fatalf("puzzle sets: %v", err)
	}
	return d
}

// loadSet reads the puzzles of one shared set, with their lines as text.
func loadSet(tb testing.TB, name string) ([]Grid, []string) {
	tb.Helper()
	f, err := os.Open(filepath.Join(dataDir(tb), name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var ps []Grid
	var texts []string
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		p, err := ParsePuzzleLine(n, line)
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		ps = append(ps, p)
		texts = append(texts, line)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return ps, texts
}
