package rank

import (
	"bytes"
	"context"
	"math/rand/v2"
	"sort"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/internal/testkit/catalogkit"
	"edgrid/internal/testkit/gridkit"
	"edgrid/storage"
)

// docs/design/method.md's facts, the oracles of these tests.
const (
	total       = 5472730538
	paperGrid1  = "123456789456789123789123456214835697367291845598647312632918574845372961971564238"
	lexSmallest = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	band1       = "123456789456789123789123456"
	band1Count  = 1007170
	bandB       = "123456789457189623968327145"
	bandBCount  = 133302
)

func ranker(t testing.TB) *Ranker {
	t.Helper()
	r, err := New(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func parse(t testing.TB, s string) canon.Grid {
	t.Helper()
	g, err := canon.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The embedded tables add up to docs/design/method.md's totals, per band and in all, and
// every group has one count per filling of its row 4.
func TestTablesAddUp(t *testing.T) {
	tb, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	if tb.Total() != total {
		t.Fatalf("tables total %d, docs/design/method.md %d", tb.Total(), total)
	}
	var sum int64
	for b := 1; b <= band.NumFirstBands; b++ {
		gs, _ := band.GroupsOfBand(b)
		var n int64
		for _, g := range gs {
			n += tb.GroupCount(g.Number)
		}
		if n != tb.BandCount(b) || n <= 0 {
			t.Fatalf("band %d: groups add up to %d, band count %d", b, n, tb.BandCount(b))
		}
		sum += n
	}
	if sum != total {
		t.Fatalf("bands add up to %d", sum)
	}
	first := band.FirstBands()
	for i, f := range first {
		var want int64
		switch digits(f[:]) {
		case band1:
			want = band1Count
		case bandB:
			want = bandBCount
		default:
			continue
		}
		if got := tb.BandCount(i + 1); got != want {
			t.Errorf("first band %s: %d grids, docs/design/method.md %d", digits(f[:]), got, want)
		}
	}
	step := 1
	if testing.Short() {
		step = 7
	}
	for g := 1; g <= band.NumGroups; g += step {
		c, err := tb.Buckets(g)
		if err != nil {
			t.Fatal(err)
		}
		grp, _ := band.ByNumber(g)
		if n := len(gridkit.MustSearcher(t, grp.Key).Row4s()); len(c) != n+1 {
			t.Fatalf("group %d: %d buckets in the tables, %d fillings of row 4", g, len(c)-1, n)
		}
		if c[len(c)-1] != tb.GroupCount(g) {
			t.Fatalf("group %d: buckets add up to %d, group count %d", g, c[len(c)-1], tb.GroupCount(g))
		}
	}
}

func digits(b []uint8) string {
	s := make([]byte, len(b))
	for i, d := range b {
		s[i] = '0' + d
	}
	return string(s)
}

// The ends of both orders: the first grid of each, and the last, which is
// the same in both.
func TestEnds(t *testing.T) {
	r := ranker(t)
	ctx := context.Background()
	var first canon.Grid
	grp1, _ := band.ByNumber(1)
	if _, err := enumerate.Group(ctx, grp1.Key, enumerate.Options{FirstOnly: true}, func(g *canon.Grid, _ int) error {
		first = *g
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if g, err := r.Unrank(ctx, 1, Groups); err != nil || g != first {
		t.Fatalf("unrank(1) = %s, %v; want group 1's first grid %s", g.String(), err, first.String())
	}
	lex := parse(t, lexSmallest)
	if g, err := r.Unrank(ctx, 1, Lex); err != nil || g != lex {
		t.Fatalf("unrank(1, lex) = %s, %v; want docs/design/method.md's smallest minlex grid", g.String(), err)
	}
	if n, _, err := r.Rank(ctx, &lex, Lex); err != nil || n != 1 {
		t.Fatalf("rank(lex smallest, lex) = %d, %v; want 1", n, err)
	}
	if n, _, err := r.Rank(ctx, &lex, Groups); err != nil || n == 1 {
		t.Fatalf("rank(lex smallest, paper) = %d, %v; it is not first in the paper's order", n, err)
	}
	a, err1 := r.Unrank(ctx, total, Groups)
	b, err2 := r.Unrank(ctx, total, Lex)
	if err1 != nil || err2 != nil || a != b {
		t.Fatalf("last grid: paper %s (%v), lex %s (%v); want the same", a.String(), err1, b.String(), err2)
	}
	// The paper's grid 1 is in group 1 (docs/design/numbering.md: not its first).
	p1 := parse(t, paperGrid1)
	if n, _, err := r.Rank(ctx, &p1, Groups); err != nil || n < 1 || n > r.Tables().GroupCount(1) {
		t.Fatalf("rank(paper's grid 1) = %d, %v; want a number in group 1", n, err)
	}
	for _, n := range []int64{0, -1, total + 1} {
		if _, err := r.Unrank(ctx, n, Groups); err == nil {
			t.Errorf("unrank(%d) accepted", n)
		}
	}
}

// Ranks agree with the enumeration of whole groups: the k-th grid of group g
// has number GroupFirst(g)+k.
func TestRankMatchesEnumeration(t *testing.T) {
	r := ranker(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, g := range []int{2, 1234, 3000, 3541} {
		grp, _ := band.ByNumber(g)
		var grids []canon.Grid
		if _, err := enumerate.Group(ctx, grp.Key, enumerate.Options{}, func(h *canon.Grid, _ int) error {
			grids = append(grids, *h)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if int64(len(grids)) != r.Tables().GroupCount(g) {
			t.Fatalf("group %d: %d grids enumerated, tables %d", g, len(grids), r.Tables().GroupCount(g))
		}
		// The first and last grids of the group, then random ones: each
		// bucket is walked from whichever end is nearer.
		ks := []int{0, len(grids) - 1}
		for range 20 {
			ks = append(ks, rng.IntN(len(grids)))
		}
		for _, k := range ks {
			want := r.Tables().GroupFirst(g) + int64(k) + 1
			n, _, err := r.Rank(ctx, &grids[k], Groups)
			if err != nil || n != want {
				t.Fatalf("group %d grid %d: rank %d, %v; want %d", g, k+1, n, err, want)
			}
			u, err := r.Unrank(ctx, want, Groups)
			if err != nil || u != grids[k] {
				t.Fatalf("unrank(%d) = %s, %v; want %s", want, u.String(), err, grids[k].String())
			}
		}
	}
}

// Lexicographic ranks agree with sorting a whole band's grids.
func TestLexMatchesSort(t *testing.T) {
	r := ranker(t)
	ctx := context.Background()
	for _, b := range []int{401, 350} {
		groups, _ := band.GroupsOfBand(b)
		var all []canon.Grid
		for _, grp := range groups {
			if _, err := enumerate.Group(ctx, grp.Key, enumerate.Options{}, func(h *canon.Grid, _ int) error {
				all = append(all, *h)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		sort.Slice(all, func(i, j int) bool { return bytes.Compare(all[i][:], all[j][:]) < 0 })
		step := max(1, len(all)/60)
		for k := 0; k < len(all); k += step {
			want := r.Tables().BandFirst(b) + int64(k) + 1
			n, _, err := r.Rank(ctx, &all[k], Lex)
			if err != nil || n != want {
				t.Fatalf("band %d, %d-th grid in lex order: rank %d, %v; want %d", b, k+1, n, err, want)
			}
			u, err := r.Unrank(ctx, want, Lex)
			if err != nil || u != all[k] {
				t.Fatalf("unrank(%d, lex) = %s, %v; want %s", want, u.String(), err, all[k].String())
			}
		}
	}
}

// Round trips on random inputs: rank(unrank(n)) = n in both orders;
// unrank(rank(g)) = Minlex(g); every member of a class has the class's rank.
func TestRoundTrips(t *testing.T) {
	r := ranker(t)
	ctx := context.Background()
	seed := uint64(rand.Int64())
	rng := rand.New(rand.NewPCG(seed, 7))
	t.Logf("seed %d", seed)
	rounds := 150
	if testing.Short() {
		rounds = 40
	}
	for range rounds {
		n := 1 + rng.Int64N(total)
		for _, o := range []Order{Paper, Groups, Lex} {
			g, err := r.Unrank(ctx, n, o)
			if err != nil {
				t.Fatalf("unrank(%d, %v): %v", n, o, err)
			}
			if !canon.IsMinlex(&g) {
				t.Fatalf("unrank(%d, %v) = %s is not minlex", n, o, g.String())
			}
			tr := canon.RandomTransform(rng)
			h := tr.Apply(&g)
			k, m, err := r.Rank(ctx, &h, o)
			if err != nil || k != n || m != g {
				t.Fatalf("%v: unrank(%d) = %s; rank of a transform of it = %d (%s), %v", o, n, g.String(), k, m.String(), err)
			}
		}
		g := canon.RandomGrid(rng)
		m, _, _ := canon.Minlex(&g)
		for _, o := range []Order{Paper, Groups} {
			k, mm, err := r.Rank(ctx, &g, o)
			if err != nil || mm != m {
				t.Fatalf("rank(%s, %v): %v, minlex %s want %s", g.String(), o, err, mm.String(), m.String())
			}
			if u, err := r.Unrank(ctx, k, o); err != nil || u != m {
				t.Fatalf("unrank(rank(%s), %v) = %s, %v; want its minlex form", g.String(), o, u.String(), err)
			}
		}
	}
}

// A catalog gives the same answers as regeneration.
func TestWithCatalog(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	catalogkit.WriteFiles(t, dir, []int{3539, 3540, 3541})
	cat, err := storage.BuildIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	plain := ranker(t)
	withCat, err := New(nil, cat)
	if err != nil {
		t.Fatal(err)
	}
	first := plain.Tables().GroupFirst(3539) + 1
	for n := first; n <= total; n++ {
		a, err1 := plain.Unrank(ctx, n, Groups)
		b, err2 := withCat.Unrank(ctx, n, Groups)
		if err1 != nil || err2 != nil || a != b {
			t.Fatalf("unrank(%d): %s (%v) without the catalog, %s (%v) with", n, a.String(), err1, b.String(), err2)
		}
		k, _, err := withCat.Rank(ctx, &b, Groups)
		if err != nil || k != n {
			t.Fatalf("rank with the catalog of grid %d: %d, %v", n, k, err)
		}
	}
}

// In lexicographic order too, a catalog of a whole band (nine groups), or of
// some of its groups, gives the answers regeneration gives.
func TestLexWithCatalog(t *testing.T) {
	ctx := context.Background()
	groups, _ := band.GroupsOfBand(302)
	var all []int
	for _, g := range groups {
		all = append(all, g.Number)
	}
	whole, some := t.TempDir(), t.TempDir()
	catalogkit.WriteFiles(t, whole, all)
	catalogkit.WriteFiles(t, some, all[:5])
	plain := ranker(t)
	rng := rand.New(rand.NewPCG(30, 31))
	for _, dir := range []string{whole, some} {
		cat, err := storage.BuildIndex(dir)
		if err != nil {
			t.Fatal(err)
		}
		withCat, err := New(nil, cat)
		if err != nil {
			t.Fatal(err)
		}
		first, count := plain.Tables().BandFirst(302), plain.Tables().BandCount(302)
		for i := range 150 {
			n := first + 1 + rng.Int64N(count)
			if i < 2 {
				n = first + 1 + int64(i)*(count-1)
			}
			a, err1 := plain.Unrank(ctx, n, Lex)
			b, err2 := withCat.Unrank(ctx, n, Lex)
			if err1 != nil || err2 != nil || a != b {
				t.Fatalf("lex unrank(%d): %s (%v) without the catalog, %s (%v) with", n, a.String(), err1, b.String(), err2)
			}
			if k, _, err := withCat.Rank(ctx, &b, Lex); err != nil || k != n {
				t.Fatalf("lex rank with the catalog of grid %d: %d, %v", n, k, err)
			}
		}
	}
}

func TestDamagedTables(t *testing.T) {
	for _, cut := range []int{0, 10, len(embedded) / 2, len(embedded) - 1} {
		if _, err := loadTables(embedded[:cut]); err == nil {
			t.Errorf("tables cut at %d bytes accepted", cut)
		}
	}
	for _, at := range []int{3, 20, len(embedded) / 3, len(embedded) - 2} {
		d := bytes.Clone(embedded)
		d[at] ^= 0x40
		if _, err := loadTables(d); err == nil {
			t.Errorf("tables with byte %d flipped accepted", at)
		}
	}
}
