package rank

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/internal/searchorder"
)

// groupGrids returns the minlex grids of group n, ascending.
func groupGrids(t testing.TB, n int) (band.Group, []canon.Grid) {
	t.Helper()
	grp, err := band.ByNumber(n)
	if err != nil {
		t.Fatal(err)
	}
	var gs []canon.Grid
	if _, err := enumerate.Group(context.Background(), grp.Key, enumerate.Options{Workers: 2}, func(g *canon.Grid, _ int) error {
		gs = append(gs, *g)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return grp, gs
}

// paperFor builds search trees with leaves of at most leaf grids for the
// given groups (the others get empty trees).
func paperFor(t testing.TB, pp paperParams, groups map[int][]canon.Grid) *paperTable {
	t.Helper()
	tb, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	streams := make([][]byte, band.NumGroups)
	for n, gs := range groups {
		if streams[n-1], _, err = buildPaperTree(tb, n, gs, pp); err != nil {
			t.Fatal(err)
		}
	}
	data, err := buildPaper(pp, streams)
	if err != nil {
		t.Fatal(err)
	}
	p, err := loadPaper(data)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// searchOrder returns group n's grids in the order the dancing-links search
// meets them (internal/searchorder: every completion, no pruning).
func searchOrder(t testing.TB, grp band.Group) []canon.Grid {
	t.Helper()
	var gs []canon.Grid
	if _, _, err := searchorder.Group(context.Background(), grp.Key, func(g *canon.Grid, _ int) error {
		gs = append(gs, *g)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return gs
}

// Ranks and unranks in the paper's order follow the dancing-links search,
// with trees of several leaf sizes (1: no leaves to replay; large: the whole
// group one leaf).
func TestPaperOrderMatchesSearch(t *testing.T) {
	ctx := context.Background()
	n := 2800 // 5,399 grids; every group takes some 11 million completions in the search
	if !testing.Short() {
		n = 3000
	}
	grp, asc := groupGrids(t, n)
	want := searchOrder(t, grp)
	if len(want) != len(asc) {
		t.Fatalf("group %d: %d grids in search order, %d ascending", n, len(want), len(asc))
	}
	for _, leaf := range []int64{1, 40, 2000} {
		start := time.Now()
		r := ranker(t)
		r.setPaper(paperFor(t, paperParams{Leaf: leaf, Budget: 5000}, map[int][]canon.Grid{n: asc}))
		first := r.Tables().GroupFirst(n)
		step := max(1, len(want)/300)
		for i := 0; i < len(want); i += step {
			g, err := r.Unrank(ctx, first+int64(i)+1, Paper)
			if err != nil || g != want[i] {
				t.Fatalf("leaf %d: unrank(%d) = %s, %v; want %s", leaf, first+int64(i)+1, g.String(), err, want[i].String())
			}
			k, _, err := r.Rank(ctx, &want[i], Paper)
			if err != nil || k != first+int64(i)+1 {
				t.Fatalf("leaf %d: rank(%s) = %d, %v; want %d", leaf, want[i].String(), k, err, first+int64(i)+1)
			}
		}
		t.Logf("leaf %d: %v", leaf, time.Since(start))
	}
}

// A damaged paper-order file is refused on loading.
func TestPaperTablesDamaged(t *testing.T) {
	streams := make([][]byte, band.NumGroups)
	streams[0] = []byte{0x5a, 0x33}
	data, err := buildPaper(paperParams{Leaf: 2000}, streams)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := loadPaper(data); err != nil {
		t.Fatalf("intact file refused: %v", err)
	}
	for i := 0; i < len(data); i += 97 {
		bad := append([]byte{}, data...)
		bad[i] ^= 0x10
		if _, err := loadPaper(bad); err == nil {
			t.Fatalf("byte %d flipped: accepted", i)
		}
	}
	for _, n := range []int{0, 7, 100, len(data) - 1} {
		if _, err := loadPaper(data[:n]); err == nil {
			t.Fatalf("truncated to %d bytes: accepted", n)
		}
	}
	if _, err := buildPaper(paperParams{Leaf: 2000}, streams[:5]); err == nil {
		t.Fatal("5 streams accepted")
	}
}

// A tree that does not fit the search (another group's, or cut short) gives
// an error, not a number.
func TestPaperTreeMismatch(t *testing.T) {
	ctx := context.Background()
	_, a := groupGrids(t, 2800)
	streams := make([][]byte, band.NumGroups)
	s, _, err := buildPaperTree(ranker(t).Tables(), 2800, a, paperParams{Leaf: 10})
	if err != nil {
		t.Fatal(err)
	}
	streams[2801-1] = s     // group 2800's tree under group 2801
	streams[2800-1] = s[:3] // cut short
	data, err := buildPaper(paperParams{Leaf: 10}, streams)
	if err != nil {
		t.Fatal(err)
	}
	p, err := loadPaper(data)
	if err != nil {
		t.Fatal(err)
	}
	r := ranker(t)
	r.setPaper(p)
	for _, g := range []int{2800, 2801} {
		first := r.Tables().GroupFirst(g)
		for _, k := range []int64{1, r.Tables().GroupCount(g) / 2, r.Tables().GroupCount(g)} {
			if x, err := r.Unrank(ctx, first+k, Paper); err == nil {
				t.Fatalf("group %d: unrank(%d) with a wrong tree = %s, no error", g, first+k, x.String())
			}
		}
	}
	if err := p.Check(r.Tables()); err == nil {
		t.Fatal("Check passed trees that do not fit the counts")
	}
}

// The embedded trees: they fit the group counts, are the trees rebuilt from
// the enumeration for a few groups, and number docs/design/method.md's grid 1 first.
func TestEmbeddedPaper(t *testing.T) {
	p, err := embeddedPaperTable()
	if err != nil {
		t.Fatal(err)
	}
	r := ranker(t)
	if err := p.Check(r.Tables()); err != nil {
		t.Fatal(err)
	}
	groups := []int{3541, 2800, 2920}
	if !testing.Short() {
		groups = append(groups, 1, 1148)
	}
	for _, n := range groups {
		_, gs := groupGrids(t, n)
		s, _, err := buildPaperTree(r.Tables(), n, gs, p.Params())
		if err != nil {
			t.Fatal(err)
		}
		rd := p.reader(n)
		if !bytes.Equal(s, rd.data) {
			t.Fatalf("group %d: embedded tree of %d bytes differs from the rebuilt one of %d", n, len(rd.data), len(s))
		}
	}
	ctx := context.Background()
	p1 := parse(t, paperGrid1)
	if g, err := r.Unrank(ctx, 1, Paper); err != nil || g != p1 {
		t.Fatalf("unrank(1) = %s, %v; want docs/design/method.md's grid 1", g.String(), err)
	}
	// A transform of it, to rank the class and not just the minlex grid.
	tr := canon.RandomTransform(rand.New(rand.NewPCG(3, 4)))
	h := tr.Apply(&p1)
	if n, m, err := r.Rank(ctx, &h, Paper); err != nil || n != 1 || m != p1 {
		t.Fatalf("rank(a transform of docs/design/method.md's grid 1) = %d (%s), %v; want 1", n, m.String(), err)
	}
	a, err1 := r.Unrank(ctx, total, Paper)
	b, err2 := r.Unrank(ctx, total, Lex)
	if err1 != nil || err2 != nil || a != b {
		t.Fatalf("last grid: paper %s (%v), lex %s (%v); want the same", a.String(), err1, b.String(), err2)
	}
	// The paper's grid 1 is not first in the other two orders.
	for _, o := range []Order{Groups, Lex} {
		if n, _, err := r.Rank(ctx, &p1, o); err != nil || n == 1 {
			t.Fatalf("rank(paper's grid 1, %v) = %d, %v; it is not first there", o, n, err)
		}
	}
}
