package enumerate

import (
	"context"
	"strings"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

// badKeys are keys that are no group candidate: zero, digits out of range,
// a band 1 that is not a minimal form, a column 1 out of pruning 2's order
// or repeating a digit.
func badKeys(t *testing.T) map[string]band.Key {
	t.Helper()
	g1, err := band.ByNumber(1)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]band.Key{"zero": {}}
	k := g1.Key
	k[5] = 12
	out["digit 12"] = k
	k = g1.Key
	k[1], k[2] = k[2], k[1] // band 1 no longer minimal (nor valid in its row order? still a band)
	out["band 1 not minimal"] = k
	k = g1.Key
	k[28], k[29] = k[29], k[28] // (37) > (46)
	out["column 1 out of order"] = k
	k = g1.Key
	k[32] = k[31]
	out["column 1 repeats"] = k
	k = g1.Key
	k[27] = g1.Key[0]
	out["column 1 repeats band 1"] = k
	return out
}

// Every function that takes a key returns an error for a key that is no
// group candidate, and does not panic.
func TestBadKeysRejected(t *testing.T) {
	ctx := context.Background()
	for name, k := range badKeys(t) {
		none := func(*canon.Grid, int) error { t.Fatalf("%s: a grid was emitted", name); return nil }
		if _, err := Group(ctx, k, Options{Workers: 1}, none); err == nil || !strings.Contains(err.Error(), "enumerate: ") {
			t.Errorf("%s: Group: %v; want an error", name, err)
		}
		if _, err := GroupPlaced(ctx, k, Options{Workers: 1}, func(*canon.Grid, int, Place) error { return nil }); err == nil {
			t.Errorf("%s: GroupPlaced: no error", name)
		}
		if _, err := GroupBatches(ctx, k, Options{Workers: 1}, func(Batch) error { return nil }); err == nil {
			t.Errorf("%s: GroupBatches: no error", name)
		}
		if _, err := NewSearcher(k); err == nil {
			t.Errorf("%s: NewSearcher: no error", name)
		}
	}
	// A candidate that is no group is a valid key: it has no minlex grid.
	forms := band.Forms()
	for f := range forms {
		for i, k := range band.CandidateKeys(forms[f]) {
			if band.IsGroupCandidate(f, i) {
				continue
			}
			if _, err := NewSearcher(k); err != nil {
				t.Fatalf("form %d candidate %d: %v", f, i, err)
			}
			return
		}
	}
}
