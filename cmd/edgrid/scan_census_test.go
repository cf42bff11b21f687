package main

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/testkit"
	"edgrid/solve"
)

// censusGroup is a small group (265 grids) whose grids have one 17 in the
// list.
const censusGroup = 3238

// TestScanGroupCensus runs the 17 and the 16 census of a whole group by the
// band method: the group run, merged, gives exactly the list's 17s whose
// grids lie in the group, up to equivalence, and no 16. It scans 265 grids
// twice, about a quarter of an hour on one core: it runs when
// EDGRID_CENSUS=1 is set (docs/design/scan.md, "The band method").
func TestScanGroupCensus(t *testing.T) {
	if testing.Short() || os.Getenv("EDGRID_CENSUS") == "" {
		t.Skip("a group's census scans 265 grids twice: set EDGRID_CENSUS=1")
	}
	want := map[canon.Grid]bool{}
	fast := solve.NewFast()
	for _, l := range testkit.Lines(t, "puzzles2_17_clue") {
		line := l.Text
		p, err := canon.ParsePuzzle(line)
		if err != nil {
			t.Fatal(err)
		}
		var sol [81]uint8
		if n, err := fast.Unique(context.Background(), (*[81]uint8)(&p), &sol); err != nil || n != 1 {
			t.Fatalf("%s: %d solutions, %v", line, n, err)
		}
		g := canon.Grid(sol)
		m, _, _ := canon.Minlex(&g)
		grp, err := band.GroupOf(&m)
		if err != nil {
			t.Fatal(err)
		}
		if grp.Number == censusGroup {
			form, _, _, err := canon.PuzzleMinlex(&p, canon.PlainOrder)
			if err != nil {
				t.Fatal(err)
			}
			want[form] = true
		}
	}
	if len(want) == 0 {
		t.Fatalf("no 17 of the list in group %d", censusGroup)
	}
	for _, k := range []string{"17", "16"} {
		dir := filepath.Join(t.TempDir(), "census"+k)
		group := strconv.Itoa(censusGroup)
		if code, _, errs := run(t, "", "scan", "--clues", k, "--method", "bands", "--groups", group, "--out", dir); code != 0 {
			t.Fatalf("scan --clues %s: exit %d, %s", k, code, errs)
		}
		code, out, errs := run(t, "", "scan", "merge", dir)
		if code != 0 {
			t.Fatalf("scan merge: exit %d, %s", code, errs)
		}
		got := map[canon.Grid]bool{}
		for _, line := range strings.Split(out, "\n") {
			if len(line) != 81 {
				continue
			}
			p, err := canon.ParsePuzzle(line)
			if err != nil {
				t.Fatalf("merge printed %q: %v", line, err)
			}
			form, _, _, err := canon.PuzzleMinlex(&p, canon.PlainOrder)
			if err != nil {
				t.Fatal(err)
			}
			got[form] = true
		}
		if k == "16" {
			if len(got) != 0 {
				t.Errorf("group %d: %d 16-clue puzzles; want none", censusGroup, len(got))
			}
			continue
		}
		if len(got) != len(want) {
			t.Errorf("group %d: %d classes of 17s; the list has %d", censusGroup, len(got), len(want))
		}
		for f := range want {
			if !got[f] {
				t.Errorf("group %d: the list's 17 %v not found", censusGroup, f)
			}
		}
	}
}
