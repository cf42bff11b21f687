package rank

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/testkit/catalogkit"
	"edgrid/storage"
)

// bulkInputs returns grids of band 302 (nine small groups) in random
// frames: random ones, the first and last of the band, of each group and
// of some buckets, duplicates; and the very first and last grids of all.
func bulkInputs(t *testing.T, r *Ranker, rng *rand.Rand) []canon.Grid {
	t.Helper()
	ctx := context.Background()
	tb := r.Tables()
	var nums []struct {
		n int64
		o Order
	}
	add := func(n int64, o Order) {
		nums = append(nums, struct {
			n int64
			o Order
		}{n, o})
	}
	first, count := tb.BandFirst(302), tb.BandCount(302)
	for range 120 {
		add(first+1+rng.Int64N(count), Lex)
	}
	add(first+1, Lex)
	add(first+count, Lex)
	add(1, Lex)
	add(total, Lex)
	add(1, Paper)
	add(total, Paper)
	groups, _ := band.GroupsOfBand(302)
	for _, g := range groups {
		gf, gc := tb.GroupFirst(g.Number), tb.GroupCount(g.Number)
		add(gf+1, Groups)
		add(gf+gc, Groups)
		add(gf+1, Paper)
		add(gf+gc, Paper)
		cum, err := tb.Buckets(g.Number)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range []int{1, len(cum) / 2, len(cum) - 2} {
			add(gf+cum[i], Groups)   // the last grid of bucket i-1
			add(gf+cum[i]+1, Groups) // the first of bucket i
		}
		// Runs of neighbours, so that parts hold several queries, met
		// from below and from above.
		i := len(cum) / 3
		for d := range int64(5) {
			add(gf+cum[i]+1+d, Groups)
			add(gf+cum[i+1]-d, Groups)
		}
	}
	var gs []canon.Grid
	for _, x := range nums {
		m, err := r.Unrank(ctx, x.n, x.o)
		if err != nil {
			t.Fatal(err)
		}
		tr := canon.RandomTransform(rng)
		gs = append(gs, tr.Apply(&m))
	}
	// Duplicates: the same grid again, and another frame of it.
	for k := range 10 {
		tr := canon.RandomTransform(rng)
		gs = append(gs, gs[k*7], tr.Apply(&gs[k*5]))
	}
	rng.Shuffle(len(gs), func(i, j int) { gs[i], gs[j] = gs[j], gs[i] })
	return gs
}

// RankAll answers as Rank does, one grid at a time, in every order, with
// and without a catalog (of the whole band, and of some of its groups).
func TestRankAllMatchesRank(t *testing.T) {
	ctx := context.Background()
	groups, _ := band.GroupsOfBand(302)
	var all []int
	for _, g := range groups {
		all = append(all, g.Number)
	}
	plain := ranker(t)
	gs := bulkInputs(t, plain, rand.New(rand.NewPCG(40, 41)))
	rankers := map[string]*Ranker{"no catalog": plain}
	if !testing.Short() {
		whole, some := t.TempDir(), t.TempDir()
		catalogkit.WriteFiles(t, whole, all)
		catalogkit.WriteFiles(t, some, all[:4])
		for name, dir := range map[string]string{"whole band": whole, "some groups": some} {
			cat, err := storage.BuildIndex(dir)
			if err != nil {
				t.Fatal(err)
			}
			r, err := New(nil, cat)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			rankers[name] = r
		}
	}
	for name, r := range rankers {
		for _, o := range []Order{Paper, Groups, Lex} {
			nums, ms, err := r.RankAll(ctx, gs, o, 2)
			if err != nil {
				t.Fatalf("%s, %v: %v", name, o, err)
			}
			for i := range gs {
				n, m, err := plain.Rank(ctx, &gs[i], o)
				if err != nil {
					t.Fatal(err)
				}
				if nums[i] != n || ms[i] != m {
					t.Fatalf("%s, %v: grid %d (%s): RankAll %d %s; Rank %d %s", name, o, i, gs[i].String(), nums[i], ms[i].String(), n, m.String())
				}
			}
		}
	}
}

// A bad grid fails RankAll with the lowest bad row; a grid that is not
// minlex, or out of order, fails RankSorted with its row.
func TestRankAllBadRows(t *testing.T) {
	ctx := context.Background()
	r := ranker(t)
	g := parse(t, paperGrid1)
	bad := g
	bad[5], bad[6] = bad[6], bad[5]
	_, _, err := r.RankAll(ctx, []canon.Grid{g, bad, g, bad}, Lex, 2)
	var re *RowError
	if !errors.As(err, &re) || re.Row != 1 {
		t.Fatalf("RankAll with bad rows 1 and 3: %v; want a RowError for row 1", err)
	}
	tr := canon.RandomTransform(rand.New(rand.NewPCG(1, 2)))
	notMinlex := tr.Apply(&g)
	lo := parse(t, lexSmallest)
	for _, o := range []Order{Paper, Groups, Lex} {
		if _, err := r.RankSorted(ctx, []canon.Grid{lo, g}, o); err == nil {
			// lexSmallest < paperGrid1: fine; the reverse must fail.
		} else {
			t.Fatalf("%v: ascending grids: %v", o, err)
		}
		if _, err := r.RankSorted(ctx, []canon.Grid{g, lo}, o); !errors.As(err, &re) || re.Row != 1 {
			t.Fatalf("%v: grids out of order: %v; want a RowError for row 1", o, err)
		}
		if canon.IsMinlex(&notMinlex) {
			continue
		}
		if _, err := r.RankSorted(ctx, []canon.Grid{notMinlex}, o); err == nil {
			t.Fatalf("%v: a grid that is not minlex was numbered", o)
		}
	}
}

// The state atLeaf rebuilds from the cells a walk fixed is the state the
// walk reached: the batch's paper positions walk each grid's tree once.
func TestAtLeafState(t *testing.T) {
	r, err := New(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for _, g := range bulkInputs(t, r, rng) {
		m, _, _ := canon.Minlex(&g)
		grp, err := groupOf(&m)
		if err != nil {
			t.Fatal(err)
		}
		gs, err := r.state(grp.Number, false)
		if err != nil {
			t.Fatal(err)
		}
		w, _, err := r.paperLeaf(gs, &m)
		gs.mu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		if a := atLeaf(&m, w.st.fixedCells(), w.n); a.st != w.st || a.n != w.n {
			t.Fatalf("%s: the rebuilt state differs from the walk's", m.String())
		}
	}
}
