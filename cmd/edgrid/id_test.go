package main

import (
	"strings"
	"testing"
)

// id and puzzle with --catalog give what they give without one: puzzles
// whose solutions lie in the catalog's groups (each grid with three cells
// of distinct rows, columns and boxes emptied, so still one solution), and
// one whose solution's groups are not in it (regenerated). A directory
// without a catalog is a usage error.
func TestIDCatalog(t *testing.T) {
	cat := t.TempDir()
	if code, _, errs := run(t, "", "enumerate", "--group", "3530-3541", "--out", cat); code != 0 {
		t.Fatalf("enumerate --out: %s", errs)
	}
	_, grids, _ := run(t, "", "enumerate", "--group", "3530-3541")
	var puzzles []string
	for i, g := range strings.Fields(grids) {
		if i%7 != 0 {
			continue
		}
		p := []byte(g)
		p[0], p[40], p[80] = '.', '.', '.'
		puzzles = append(puzzles, string(p))
	}
	puzzles = append(puzzles, "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..")
	in := strings.Join(puzzles, "\n")
	code, want, errs := run(t, in, "id")
	if code != 0 || strings.Count(want, "\n") != len(puzzles) {
		t.Fatalf("id: exit %d, %s", code, errs)
	}
	code, got, errs := run(t, in, "id", "--catalog", cat)
	if code != 0 || got != want {
		t.Fatalf("id --catalog: exit %d, %s\n%s\nwithout:\n%s", code, errs, got, want)
	}
	_, named, _ := run(t, want, "puzzle")
	code, got, errs = run(t, want, "puzzle", "--catalog", cat)
	if code != 0 || got != named || named == "" {
		t.Fatalf("puzzle --catalog: exit %d, %s\n%s\nwithout:\n%s", code, errs, got, named)
	}
	for _, cmd := range []string{"id", "puzzle"} {
		if code, _, errs := run(t, "", cmd, "--catalog", t.TempDir(), "x"); code != 2 || !strings.Contains(errs, "not a catalog") {
			t.Fatalf("%s --catalog EMPTYDIR: exit %d, %s", cmd, code, errs)
		}
	}
}
