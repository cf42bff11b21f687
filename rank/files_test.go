package rank

import (
	"context"
	"math/rand/v2"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/testkit/catalogkit"
	"edgrid/storage"
)

// The catalog files a Ranker keeps open serve later queries with the answers
// regeneration gives, from two goroutines at once, with more groups than it
// keeps open (the others are opened for one query), and again after Close.
func TestRankerFiles(t *testing.T) {
	defer func(n int) { maxOpenFiles = n }(maxOpenFiles)
	maxOpenFiles = 4
	ctx := context.Background()
	groups, _ := band.GroupsOfBand(302)
	var all []int
	for _, g := range groups {
		all = append(all, g.Number)
	}
	dir := t.TempDir()
	catalogkit.WriteFiles(t, dir, all)
	cat, err := storage.BuildIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(nil, cat)
	if err != nil {
		t.Fatal(err)
	}
	plain := ranker(t)
	rng := rand.New(rand.NewPCG(32, 33))
	first, count := plain.Tables().BandFirst(302), plain.Tables().BandCount(302)
	var grids []canon.Grid
	var want []int64
	for range 60 {
		n := first + 1 + rng.Int64N(count)
		g, err := plain.Unrank(ctx, n, Lex)
		if err != nil {
			t.Fatal(err)
		}
		grids, want = append(grids, g), append(want, n)
	}
	check := func(round int) {
		errs := make(chan error, 2)
		for w := range 2 {
			go func() {
				for i := w; i < len(grids); i += 2 {
					n, _, err := r.Rank(ctx, &grids[i], Lex)
					if err != nil {
						errs <- err
						return
					}
					if n != want[i] {
						t.Errorf("round %d: lex rank %d, want %d", round, n, want[i])
					}
				}
				errs <- nil
			}()
		}
		for range 2 {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
	}
	check(1)
	check(2)
	if len(r.files) != maxOpenFiles {
		t.Fatalf("%d files kept open, want %d", len(r.files), maxOpenFiles)
	}
	if err := r.Close(); err != nil || len(r.files) != 0 {
		t.Fatalf("Close: %v, %d files left", err, len(r.files))
	}
	check(3)
}
