package query

import (
	"math/rand/v2"
	"testing"

	"edgrid/canon"
	"edgrid/internal/testkit/gridkit"
	"edgrid/scan"
)

// scan's sets of four cells are exactly ua4's, on many grids.
func TestScanUA4AgreesWithUA4(t *testing.T) {
	for i, g := range gridkit.RandomGrids(3000, 27, 1) {
		sets, err := scan.Unavoidable(&g, 4)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := countSize(sets, 4), UA4.Value(&g); got != want || len(sets) != got {
			t.Fatalf("grid %d %s: scan.Unavoidable has %d sets of 4 (%d in all); ua4 is %d", i, g.String(), got, len(sets), want)
		}
	}
}

// The ua<n> counts are class invariants: a random transform of a grid has
// the same; and the runner, which collects the sets once for all sizes,
// gives what Value gives.
func TestUASizesClassInvariant(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 2))
	grids := gridkit.RandomGrids(12, 28, 1)
	run := &Run{Group: 1, First: 1, Grids: grids}
	runners := map[int]Runner{}
	for _, n := range uaSizes {
		inv, err := Lookup("ua"+itoa(n), nil)
		if err != nil {
			t.Fatal(err)
		}
		runners[n] = NewRunner(inv)
	}
	for _, n := range uaSizes {
		out := make([]int, len(grids))
		runners[n].Values(run, out)
		inv := uaSizeInv{n}
		for i := range grids {
			tr := canon.RandomTransform(r)
			h := tr.Apply(&grids[i])
			if v := inv.Value(&h); v != out[i] || v < 0 {
				t.Fatalf("ua%d of grid %s: runner %d, a transform's Value %d", n, grids[i].String(), out[i], v)
			}
		}
	}
}

// p17 and p16 of the grid with exactly one 17 (a full scan each: long
// tests only).
func TestPuzzleCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("a full 16- and 17-clue scan of a grid")
	}
	g, _ := canon.Parse("286537941541982736379614258917358624452176893863429517625743189194865372738291465")
	if p17, p16 := P17.Value(&g), P16.Value(&g); p17 != 1 || p16 != 0 {
		t.Errorf("p17 %d, p16 %d; want 1 and 0", p17, p16)
	}
	bad := g
	bad[0] = bad[1]
	if v := P17.Value(&bad); v != -1 {
		t.Errorf("p17 of an invalid grid: %d; want -1", v)
	}
}

// TestCheap checks that Cheap lists the built-ins without package scan's.
func TestCheap(t *testing.T) {
	cheap := map[string]bool{}
	for _, inv := range Cheap() {
		cheap[inv.Name()] = true
	}
	for _, inv := range Builtins() {
		costly := false
		for _, s := range scanInvariants {
			if s.Name() == inv.Name() {
				costly = true
			}
		}
		if cheap[inv.Name()] == costly {
			t.Errorf("%s: in Cheap %v; want %v", inv.Name(), cheap[inv.Name()], !costly)
		}
	}
}
