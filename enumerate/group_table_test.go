package enumerate

import (
	"context"
	"math/rand/v2"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

// TestGroupTableSample re-derives a sample of band/groups_gen.go: random
// candidates the table calls groups must yield a minlex grid, and candidates it
// calls empty must yield none after a whole search. The empty ones sampled are
// those of the last band forms, which are cheap to search exhaustively.
func TestGroupTableSample(t *testing.T) {
	forms := band.Forms()
	r := rand.New(rand.NewPCG(31, 32))
	nonEmpty, empty := 0, 0
	wantNonEmpty, wantEmpty := 40, 6
	if testing.Short() {
		wantNonEmpty, wantEmpty = 12, 3
	}
	for nonEmpty < wantNonEmpty {
		f, i := r.IntN(len(forms)), r.IntN(10)
		if !band.IsGroupCandidate(f, i) {
			continue
		}
		nonEmpty++
		key := band.CandidateKeys(forms[f])[i]
		st, err := Group(context.Background(), key, Options{FirstOnly: true}, func(*canon.Grid, int) error { return nil })
		if err != nil || st.Grids != 1 {
			t.Fatalf("form %d candidate %d (%s): the table says group, search found %d grids (%v)", f+1, i, key, st.Grids, err)
		}
	}
	for f := len(forms) - 1; f >= 0 && empty < wantEmpty; f-- {
		for i := 0; i < 10 && empty < wantEmpty; i++ {
			if band.IsGroupCandidate(f, i) {
				continue
			}
			empty++
			key := band.CandidateKeys(forms[f])[i]
			st, err := Group(context.Background(), key, Options{FirstOnly: true}, func(*canon.Grid, int) error { return nil })
			if err != nil || st.Grids != 0 {
				t.Fatalf("form %d candidate %d (%s): the table says empty, search found %d grids (%v)", f+1, i, key, st.Grids, err)
			}
			if st.Completions == 0 && st.Band2Pruned == 0 {
				t.Fatalf("form %d candidate %d: an empty search that looked at nothing", f+1, i)
			}
		}
	}
}
