package rank

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"sync"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/storage"
)

// Order is a numbering of the minlex grids.
type Order int

const (
	// Paper is the paper's order, the zero value: the groups in the
	// paper's order (by their 33 cells), and inside a group the order in
	// which a textbook dancing-links search meets the grids
	// (docs/design/numbering.md). Grid 1 is docs/design/method.md's grid 1.
	Paper Order = iota
	// Groups is docs/design/method.md's rule as written: the groups as in Paper, and
	// inside a group ascending. The groups' numbers are the paper's;
	// positions inside a group are not.
	Groups
	// Lex is plain lexicographic order of the 81-digit grids.
	Lex
)

// String returns "paper", "groups" or "lex".
func (o Order) String() string {
	switch o {
	case Lex:
		return "lex"
	case Groups:
		return "groups"
	}
	return "paper"
}

// check reports an Order that is none of Paper, Groups and Lex.
func (o Order) check() error {
	if o < Paper || o > Lex {
		return fmt.Errorf("rank: unknown order %d: want Paper, Groups or Lex", o)
	}
	return nil
}

// ParseOrder reads "paper", "groups" or "lex".
func ParseOrder(s string) (Order, error) {
	for _, o := range []Order{Paper, Groups, Lex} {
		if s == o.String() {
			return o, nil
		}
	}
	return 0, fmt.Errorf("rank: order %q: want paper, groups or lex", s)
}

// Ranker answers rank and unrank queries. It keeps the enumerators of the
// groups it has visited; it is safe for concurrent use, one query at a time
// per group.
type Ranker struct {
	t   *Tables
	cat *storage.Catalog // nil: regenerate buckets with the enumerator

	mu     sync.Mutex
	groups map[int]*groupState
	paper  *paperTable // nil: the embedded ones
	split  *splitTable // nil: the embedded ones
	rows4  map[[30]uint8][][8]uint8
	files  map[int]*storage.File // catalog files kept open (files.go)
}

// groupState is what a Ranker keeps of a group it visited.
type groupState struct {
	mu     sync.Mutex
	grp    band.Group
	q      *enumerate.Searcher
	row4s  [][8]uint8
	cum    []int64             // cumulative bucket counts
	splits map[int]*subBuckets // the buckets split further (split.go)
	leaf   *[]canon.Grid       // a paper leaf's grids, while borrowed (paper.go)
}

// New returns a Ranker over the tables t (nil: the embedded tables). With a
// catalog, queries on the groups the catalog holds read its files.
func New(t *Tables, cat *storage.Catalog) (*Ranker, error) {
	if t == nil {
		var err error
		if t, err = Embedded(); err != nil {
			return nil, err
		}
	}
	if cat != nil {
		for _, e := range cat.Entries {
			if e.Count != t.GroupCount(e.Group) {
				return nil, fmt.Errorf("rank: catalog %s: group %d has %d grids, the tables %d", cat.Dir, e.Group, e.Count, t.GroupCount(e.Group))
			}
		}
	}
	return &Ranker{t: t, cat: cat, groups: map[int]*groupState{}}, nil
}

// Tables returns the Ranker's tables.
func (r *Ranker) Tables() *Tables { return r.t }

// group returns the state of group n, locked, with its buckets (row 4s,
// counts, split buckets); the caller unlocks it.
func (r *Ranker) group(n int) (*groupState, error) { return r.state(n, true) }

// state returns the state of group n, locked; its buckets only if
// buckets is set (the paper's order needs none of them). The caller unlocks
// it.
func (r *Ranker) state(n int, buckets bool) (*groupState, error) {
	r.mu.Lock()
	gs, ok := r.groups[n]
	if !ok {
		if len(r.groups) >= 256 {
			clear(r.groups)
		}
		gs = &groupState{}
		r.groups[n] = gs
	}
	r.mu.Unlock()
	gs.mu.Lock()
	fail := func(err error) (*groupState, error) {
		gs.mu.Unlock()
		return nil, err
	}
	if gs.q == nil {
		grp, err := band.ByNumber(n)
		if err != nil {
			return fail(err)
		}
		q, err := enumerate.NewSearcher(grp.Key)
		if err != nil {
			return fail(err)
		}
		gs.grp, gs.q = grp, q
	}
	if buckets && gs.cum == nil {
		cum, err := r.t.Buckets(n)
		if err != nil {
			return fail(err)
		}
		row4s := r.row4s(gs)
		if len(row4s)+1 != len(cum) {
			return fail(fmt.Errorf("rank: group %d has %d buckets, the tables %d", n, len(row4s), len(cum)-1))
		}
		sp, err := r.splitTables()
		if err != nil {
			return fail(err)
		}
		gs.row4s, gs.cum = row4s, cum
		if gs.splits, err = sp.splitsOf(gs); err != nil {
			gs.row4s, gs.cum = nil, nil
			return fail(err)
		}
	}
	return gs, nil
}

// row4s returns the row-4 fillings of gs's group. They depend on the first
// band and r4c1, r5c1 and r6c1 only (row 4's row, its columns' cells above it
// and its boxes' cells given), which groups of one band often share, so the
// Ranker keeps them by those 30 cells.
func (r *Ranker) row4s(gs *groupState) [][8]uint8 {
	k := [30]uint8(gs.grp.Key[:30])
	r.mu.Lock()
	rs, ok := r.rows4[k]
	r.mu.Unlock()
	if ok {
		return rs
	}
	rs = gs.q.Row4s()
	r.mu.Lock()
	if r.rows4 == nil || len(r.rows4) >= 1024 {
		r.rows4 = map[[30]uint8][][8]uint8{}
	}
	r.rows4[k] = rs
	r.mu.Unlock()
	return rs
}

// row4 returns the row-4 filling of g (cells r4c2..r4c9).
func row4(g *canon.Grid) [8]uint8 { return [8]uint8(g[28:36]) }

// bucketOf returns the index of the bucket whose row 4 is r4, and whether
// the group has such a bucket (else the index of the first one above).
func (gs *groupState) bucketOf(r4 [8]uint8) (int, bool) {
	i := sort.Search(len(gs.row4s), func(i int) bool { return bytes.Compare(gs.row4s[i][:], r4[:]) >= 0 })
	return i, i < len(gs.row4s) && gs.row4s[i] == r4
}

// Rank returns the number of g's class in the order o, and the class's
// minlex grid. A g that is not a valid solution grid, or an unknown order,
// is an error.
func (r *Ranker) Rank(ctx context.Context, g *canon.Grid, o Order) (int64, canon.Grid, error) {
	if err := o.check(); err != nil {
		return 0, canon.Grid{}, err
	}
	if err := g.Validate(); err != nil {
		return 0, canon.Grid{}, err
	}
	m, _, _ := canon.Minlex(g)
	grp, ok := band.Find(band.KeyOf(&m))
	if !ok {
		return 0, m, fmt.Errorf("rank: minlex grid %s is in no group (the group table is wrong)", m.String())
	}
	if o == Lex {
		n, err := r.rankLex(ctx, &m, grp)
		return n, m, err
	}
	if o == Paper {
		gs, err := r.state(grp.Number, false)
		if err != nil {
			return 0, m, err
		}
		defer gs.mu.Unlock()
		ord, err := r.paperOrdinal(ctx, &m, gs)
		return r.t.GroupFirst(grp.Number) + ord, m, err
	}
	ord, err := r.ordinal(ctx, &m, grp.Number)
	if err != nil {
		return 0, m, err
	}
	return r.t.GroupFirst(grp.Number) + ord, m, nil
}

// ordinal returns the 1-based position of the minlex grid m in its group.
func (r *Ranker) ordinal(ctx context.Context, m *canon.Grid, group int) (int64, error) {
	if r.cat != nil {
		if _, ok := r.cat.Entry(group); ok {
			f, release, err := r.file(group)
			if err != nil {
				return 0, err
			}
			defer release()
			return f.Ordinal(m)
		}
	}
	gs, err := r.group(group)
	if err != nil {
		return 0, err
	}
	defer gs.mu.Unlock()
	i, ok := gs.bucketOf(row4(m))
	if !ok {
		return 0, fmt.Errorf("rank: group %d has no bucket for row 4 of %s", group, m.String())
	}
	below, found, err := gs.countBelow(ctx, i, m)
	if err != nil {
		return 0, err
	}
	if !found {
		return 0, fmt.Errorf("rank: minlex grid %s not found in group %d's bucket %d", m.String(), group, i)
	}
	return gs.cum[i] + below + 1, nil
}

// Unrank returns grid number n (1..Total) in the order o.
func (r *Ranker) Unrank(ctx context.Context, n int64, o Order) (canon.Grid, error) {
	if err := o.check(); err != nil {
		return canon.Grid{}, err
	}
	if n < 1 || n > r.t.Total() {
		return canon.Grid{}, fmt.Errorf("rank: %d is not a grid number: want 1..%d", n, r.t.Total())
	}
	if o == Lex {
		return r.unrankLex(ctx, n)
	}
	g := sort.Search(band.NumGroups, func(i int) bool { return r.t.groupFirst[i+1] >= n }) + 1
	k := n - r.t.GroupFirst(g) // 1-based inside the group
	if o == Paper {
		gs, err := r.state(g, false)
		if err != nil {
			return canon.Grid{}, err
		}
		defer gs.mu.Unlock()
		return r.paperNth(ctx, gs, k-1)
	}
	if r.cat != nil {
		if _, ok := r.cat.Entry(g); ok {
			f, release, err := r.file(g)
			if err != nil {
				return canon.Grid{}, err
			}
			defer release()
			return f.Grid(k)
		}
	}
	gs, err := r.group(g)
	if err != nil {
		return canon.Grid{}, err
	}
	defer gs.mu.Unlock()
	i := sort.Search(len(gs.row4s), func(i int) bool { return gs.cum[i+1] >= k })
	return gs.nth(ctx, i, k-1-gs.cum[i])
}
