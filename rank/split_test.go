package rank

import (
	"bytes"
	"context"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/testkit/gridkit"
)

// The embedded split buckets fit their groups (parts as the enumerator
// allows them, counts adding up to the buckets'), and recounting some of
// them part by part with the enumerator gives the stored counts.
func TestEmbeddedSplit(t *testing.T) {
	s, err := embeddedSplitTable()
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := Embedded()
	if s.Entries() == 0 || s.Budget() <= 0 {
		t.Fatalf("%d split buckets, budget %d", s.Entries(), s.Budget())
	}
	if err := s.Check(tb); err != nil {
		t.Fatal(err)
	}
	if len(s.Group(1)) == 0 {
		t.Fatal("no bucket of group 1 is split: its buckets take up to 40 ms")
	}
	recount := 3
	if !testing.Short() {
		recount = 25
	}
	rng := rand.New(rand.NewPCG(8, 9))
	var groups []int
	for g := 1; g <= band.NumGroups; g++ {
		if len(s.Group(g)) > 0 {
			groups = append(groups, g)
		}
	}
	for range recount {
		g := groups[rng.IntN(len(groups))]
		es := s.Group(g)
		e := es[rng.IntN(len(es))]
		grp, _ := band.ByNumber(g)
		q := gridkit.MustSearcher(t, grp.Key)
		for j, p := range splitPrefixes(q, q.Row4s()[e.Bucket], e.Depth) {
			st, err := q.Run(context.Background(), p, func(*canon.Grid, int) error { return nil })
			if err != nil || st.Grids != e.Counts[j] {
				t.Fatalf("group %d bucket %d part %d: %d grids enumerated (%v), %d stored", g, e.Bucket, j, st.Grids, err, e.Counts[j])
			}
		}
	}
}

// In a split bucket of band 1, shared by several groups, lexicographic and
// groups-order numbers agree with sorting the enumerated grids, across the
// parts' boundaries.
func TestSplitQueries(t *testing.T) {
	s, err := embeddedSplitTable()
	if err != nil {
		t.Fatal(err)
	}
	r := ranker(t)
	ctx := context.Background()
	es := s.Group(2)
	if len(es) == 0 {
		t.Fatal("no bucket of group 2 is split")
	}
	e := es[len(es)/2]
	g2, _ := band.ByNumber(2)
	row4 := gridkit.MustSearcher(t, g2.Key).Row4s()[e.Bucket]
	groups, _ := band.GroupsOfBand(1)
	var all, own []canon.Grid
	members := 0
	for _, g := range groups {
		if g.Key[keyR5C1] != g2.Key[keyR5C1] {
			continue
		}
		q := gridkit.MustSearcher(t, g.Key)
		i := sort.Search(len(q.Row4s()), func(i int) bool { return bytes.Compare(q.Row4s()[i][:], row4[:]) >= 0 })
		if i == len(q.Row4s()) || q.Row4s()[i] != row4 {
			continue
		}
		members++
		if _, err := q.Run(ctx, row4[:], func(h *canon.Grid, _ int) error {
			all = append(all, *h)
			if g.Number == 2 {
				own = append(own, *h)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	if members < 2 {
		t.Fatalf("the lexicographic bucket of group 2's bucket %d has %d groups", e.Bucket, members)
	}
	sort.Slice(all, func(i, j int) bool { return bytes.Compare(all[i][:], all[j][:]) < 0 })
	// The first and last grid of every part of group 2, and some others.
	var picks []canon.Grid
	var at int64
	for _, c := range e.Counts {
		if c > 0 {
			picks = append(picks, own[at], own[at+c-1])
		}
		at += c
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10 {
		picks = append(picks, all[rng.IntN(len(all))])
	}
	first, _, err := r.Rank(ctx, &all[0], Lex)
	if err != nil {
		t.Fatal(err)
	}
	base, _ := r.Tables().Buckets(2)
	for _, g := range picks {
		idx := sort.Search(len(all), func(i int) bool { return bytes.Compare(all[i][:], g[:]) >= 0 })
		n, _, err := r.Rank(ctx, &g, Lex)
		if err != nil || n != first+int64(idx) {
			t.Fatalf("lex rank of %s: %d, %v; want %d", g.String(), n, err, first+int64(idx))
		}
		u, err := r.Unrank(ctx, n, Lex)
		if err != nil || u != g {
			t.Fatalf("lex unrank(%d) = %s, %v; want %s", n, u.String(), err, g.String())
		}
		if k := sort.Search(len(own), func(i int) bool { return bytes.Compare(own[i][:], g[:]) >= 0 }); k < len(own) && own[k] == g {
			want := r.Tables().GroupFirst(2) + base[e.Bucket] + int64(k) + 1
			n, _, err := r.Rank(ctx, &g, Groups)
			if err != nil || n != want {
				t.Fatalf("groups rank of %s: %d, %v; want %d", g.String(), n, err, want)
			}
			if u, err := r.Unrank(ctx, want, Groups); err != nil || u != g {
				t.Fatalf("groups unrank(%d) = %s, %v; want %s", want, u.String(), err, g.String())
			}
		}
	}
}

// A damaged split file is refused; one that does not fit its group makes
// queries on that group fail rather than answer wrong.
func TestSplitDamaged(t *testing.T) {
	for _, cut := range []int{0, 10, len(embeddedSplit) / 2, len(embeddedSplit) - 1} {
		if _, err := loadSplit(embeddedSplit[:cut]); err == nil {
			t.Errorf("split file cut at %d bytes accepted", cut)
		}
	}
	for _, at := range []int{3, 9, 13, len(embeddedSplit) / 2, len(embeddedSplit) - 2} {
		d := bytes.Clone(embeddedSplit)
		d[at] ^= 0x10
		if _, err := loadSplit(d); err == nil {
			t.Errorf("split file with byte %d flipped accepted", at)
		}
	}
	s, _ := embeddedSplitTable()
	e := s.Group(2)[0]
	bad := e
	bad.Counts = append([]int64(nil), e.Counts...)
	bad.Counts[0]++
	data, err := buildSplit(s.Budget(), []splitEntry{bad})
	if err != nil {
		t.Fatal(err)
	}
	ws, err := loadSplit(data)
	if err != nil {
		t.Fatal(err)
	}
	r := ranker(t)
	r.setSplit(ws)
	n := r.Tables().GroupFirst(2) + 1
	if _, err := r.Unrank(context.Background(), n, Groups); err == nil || !strings.Contains(err.Error(), "split tables") {
		t.Fatalf("unrank in a group whose split entry is wrong: %v", err)
	}
	if _, err := buildSplit(1, []splitEntry{e, e}); err == nil {
		t.Fatal("entries out of order accepted")
	}
	for _, x := range []splitEntry{
		{Group: 0, Bucket: 1, Depth: 1, Counts: []int64{1}},
		{Group: 2, Bucket: 1, Depth: 0, Counts: []int64{1}},
		{Group: 2, Bucket: 1, Depth: 9, Counts: []int64{1}},
		{Group: 2, Bucket: 1, Depth: 1},
		{Group: 2, Bucket: 1, Depth: 1, Counts: []int64{-1}},
	} {
		if _, err := buildSplit(1, []splitEntry{x}); err == nil {
			t.Fatalf("entry %+v accepted", x)
		}
	}
}
