package searchorder

import (
	"context"
	"errors"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

// paper1 is docs/design/method.md's grid 1, the first grid of the paper's order.
const paper1 = "123456789456789123789123456214835697367291845598647312632918574845372961971564238"

// The paper numbers the grids of a group in the order its dancing-links
// search meets them (docs/design/numbering.md); group 1's first minlex completion
// in that order must be docs/design/method.md's grid 1, which is not group 1's smallest.
func TestPaperGrid1First(t *testing.T) {
	grp, err := band.ByNumber(1)
	if err != nil {
		t.Fatal(err)
	}
	var first canon.Grid
	grids, comps, err := Group(context.Background(), grp.Key, func(g *canon.Grid, _ int) error {
		first = *g
		return ErrStop
	})
	if err != nil || grids != 1 || first.String() != paper1 {
		t.Fatalf("group 1's first grid in search order: %s (%d grids, %v); want the paper's grid 1 %s", first.String(), grids, err, paper1)
	}
	t.Logf("the paper's grid 1 is completion %d of group 1 in search order", comps)
}

// An error from emit ends the search and comes back; a done context too.
func TestErrors(t *testing.T) {
	grp, err := band.ByNumber(3541)
	if err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	n := 0
	if _, _, err := Group(context.Background(), grp.Key, func(*canon.Grid, int) error {
		n++
		return boom
	}); err != boom || n != 1 {
		t.Errorf("emit error: %v after %d grids; want boom after 1", err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Group(ctx, grp.Key, func(*canon.Grid, int) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("done context: %v; want context.Canceled", err)
	}
}
