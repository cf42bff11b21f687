package puzzleid

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"edgrid/canon"
	"edgrid/rank"
)

// IDs gives the IDs ID gives one by one, on puzzles of the 17-clue set and
// random transforms of them (equivalent puzzles: equal IDs); a puzzle with
// two solutions fails it with its row.
func TestIDsMatchID(t *testing.T) {
	ctx := context.Background()
	n := namer(t)
	set := loadSet(t, "puzzles2_17_clue")
	rng := rand.New(rand.NewPCG(5, 6))
	var ps []canon.Grid
	for range 40 {
		ps = append(ps, set[rng.IntN(len(set))])
	}
	for k := range 10 {
		tr := canon.RandomTransform(rng)
		ps = append(ps, tr.Apply(&ps[k]))
	}
	ids, err := IDs(ctx, ranker, ps, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ps {
		want, err := n.ID(ctx, &ps[i])
		if err != nil {
			t.Fatal(err)
		}
		if ids[i] != want {
			t.Fatalf("puzzle %d: IDs %v; ID %v", i, ids[i], want)
		}
	}
	bad := ps[3]
	for c := range bad {
		if bad[c] != 0 {
			bad[c] = 0 // 16 clues: more than one solution
			break
		}
	}
	_, err = IDs(ctx, ranker, []canon.Grid{ps[0], ps[1], bad, bad}, 2)
	var re *rank.RowError
	if !errors.As(err, &re) || re.Row != 2 || !errors.Is(err, ErrSeveral) {
		t.Fatalf("IDs with a 16-clue puzzle at row 2: %v; want a RowError for row 2, ErrSeveral", err)
	}
}
