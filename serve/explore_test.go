package serve

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"edgrid/canon"
	"edgrid/internal/testkit/gridkit"
	"edgrid/solve"
)

// solutions counts the completions of puzzle p (81 characters, '.' empty),
// 0, 1 or 2 (two or more), by the solver.
func solutions(t *testing.T, p string) (int, canon.Grid) {
	t.Helper()
	g, err := canon.ParsePuzzle(p)
	if err != nil {
		t.Fatal(err)
	}
	var sol [81]uint8
	n, err := solve.NewFast().Unique(context.Background(), (*[81]uint8)(&g), &sol)
	if err != nil {
		t.Fatal(err)
	}
	return int(n), canon.Grid(sol)
}

// Each set the unavoidable endpoint lists is unavoidable (the grid without
// its cells has another completion) and minimal (put back any one cell and
// the grid is the only one), within the size asked; the sizes add up.
func TestUnavoidableEndpoint(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	g := gridkit.RandomGrids(1, 7, 11)[0]
	var a UnavoidableAnswer
	get(t, ts.URL+"/api/v1/unavoidable/"+g.String()+"?max-size=8", &a)
	if a.Grid != g.String() || a.MaxSize != 8 || a.Count != len(a.Sets) || a.Count == 0 {
		t.Fatalf("answer %+v", a)
	}
	total := 0
	for size, n := range a.Sizes {
		total += n
		if size < "4" || len(size) > 1 || size > "8" {
			t.Errorf("a size %s", size)
		}
	}
	if total != a.Count {
		t.Errorf("sizes add up to %d, count %d", total, a.Count)
	}
	gs := g.String()
	for _, set := range a.Sets {
		// The grid's digits outside the set, as a puzzle.
		var rest strings.Builder
		for c := range 81 {
			if set[c] == '.' {
				rest.WriteByte(gs[c])
			} else if set[c] != gs[c] {
				t.Fatalf("set %s is not the grid's digits", set)
			} else {
				rest.WriteByte('.')
			}
		}
		if n, _ := solutions(t, rest.String()); n != 2 {
			t.Errorf("set %s: the grid without it has %d completions; want 2 or more", set, n)
		}
		for c := range 81 {
			if set[c] != '.' {
				back := rest.String()[:c] + gs[c:c+1] + rest.String()[c+1:]
				if n, _ := solutions(t, back); n != 1 {
					t.Errorf("set %s: with cell %d put back, %d completions; want 1 (minimal)", set, c+1, n)
				}
			}
		}
	}
	for _, q := range []string{"?max-size=3", "?max-size=13", "?max-size=x"} {
		if resp, e := call(t, "GET", ts.URL+"/api/v1/unavoidable/"+gs+q, ""); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d %+v", q, resp.StatusCode, e.Error)
		}
	}
}

// The scan endpoint's puzzle has the clues asked for, the grid's digits in
// them, the grid as its only completion, and no clue it could lose; the
// clues out of range are 400.
func TestScanEndpoint(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	g := gridkit.RandomGrids(2, 7, 11)[1]
	for _, clues := range []int{20, 25} {
		var a ScanAnswer
		get(t, fmt.Sprintf("%s/api/v1/scan/%s?clues=%d", ts.URL, g, clues), &a)
		if !a.Found || a.Clues != clues || a.Grid != g.String() {
			t.Fatalf("%d clues: %+v", clues, a)
		}
		n, sol := solutions(t, a.Puzzle)
		if n != 1 || sol != g || strings.Count(a.Puzzle, ".") != 81-clues {
			t.Errorf("%d clues: %s has %d completions (%s), %d clues", clues, a.Puzzle, n, sol, 81-strings.Count(a.Puzzle, "."))
		}
		for c := range 81 {
			if a.Puzzle[c] != '.' {
				less := a.Puzzle[:c] + "." + a.Puzzle[c+1:]
				if n, _ := solutions(t, less); n == 1 {
					t.Errorf("%d clues: %s is not minimal (cell %d)", clues, a.Puzzle, c+1)
				}
			}
		}
	}
	var a ScanAnswer
	get(t, ts.URL+"/api/v1/scan/"+g.String(), &a)
	if a.Clues != defaultScanClues || !a.Found {
		t.Errorf("default clues: %+v", a)
	}
	for _, q := range []string{"?clues=17", "?clues=41", "?clues=twenty"} {
		if resp, e := call(t, "GET", ts.URL+"/api/v1/scan/"+g.String()+q, ""); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d %+v", q, resp.StatusCode, e.Error)
		}
	}
	if resp, _ := call(t, "GET", ts.URL+"/api/v1/scan/"+g.String()[:80], ""); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a grid of 80 cells: %d", resp.StatusCode)
	}
}
