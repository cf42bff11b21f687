package storage

import (
	"context"
	"errors"
	"slices"
	"testing"

	"edgrid/canon"
)

// FindSorted finds what Locate finds, grid by grid, in a batch of grids of
// several groups, present and not.
func TestFindSorted(t *testing.T) {
	c, err := OpenCatalog(catalogOf(t))
	if err != nil {
		t.Fatal(err)
	}
	var ms []canon.Grid
	for _, g := range []int{3150, 3541, 2900} {
		gs := enumerated(t, g).grids
		ms = append(ms, gs[0], gs[len(gs)/2], gs[len(gs)-1])
	}
	notMinlex := ms[0]
	notMinlex[80], notMinlex[79] = notMinlex[79], notMinlex[80]
	ms = append(ms, notMinlex)
	slices.SortFunc(ms, func(a, b canon.Grid) int { return slices.Compare(a[:], b[:]) })
	found, err := FindSorted(context.Background(), ms, c.OpenGroup)
	if err != nil || len(found) != len(ms) {
		t.Fatalf("FindSorted: %d answers, %v", len(found), err)
	}
	hits := 0
	for k := range ms {
		g, ord, num, err := c.Locate(&ms[k])
		want := Found{g, ord, num}
		if errors.Is(err, ErrNotFound) {
			want = Found{}
		} else if err != nil {
			t.Fatal(err)
		}
		if found[k] != want {
			t.Errorf("grid %d: %+v; Locate says %+v", k, found[k], want)
		}
		if want.Group != 0 {
			hits++
		}
	}
	if hits != 6 {
		t.Errorf("%d grids found; want the 6 of the catalog's groups", hits)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := FindSorted(ctx, ms, c.OpenGroup); !errors.Is(err, context.Canceled) {
		t.Errorf("FindSorted after a cancel: %v", err)
	}
	bad := errors.New("cannot open")
	if _, err := FindSorted(context.Background(), ms, func(int) (*File, int64, bool, error) { return nil, 0, false, bad }); !errors.Is(err, bad) {
		t.Errorf("FindSorted with a file that cannot be opened: %v", err)
	}
	// Out of order within a group: BelowSorted's error.
	slices.Reverse(ms)
	if _, err := FindSorted(context.Background(), ms, c.OpenGroup); err == nil {
		t.Error("FindSorted of descending grids: no error")
	}
}
