package enumerate

import (
	"context"
	"errors"
	"fmt"
	"time"

	"edgrid/band"
	"edgrid/canon"
)

// MaxPrefix is the longest prefix a Searcher takes: rows 4 and 5, and row 6
// but for its last cell (a finished band 2 is where pruning acts).
const MaxPrefix = band2End - 1

// ErrStop, returned by an Emit passed to Searcher.Run, ends the search early
// without error.
var ErrStop = errors.New("enumerate: stop")

// Searcher enumerates parts of one group on demand: the minlex grids whose
// first open cells hold a given prefix, ascending, on the calling goroutine.
// It is what rank and unrank use to regenerate one bucket of a group. A
// Searcher is not safe for concurrent use.
type Searcher struct {
	s *bitSearch
}

// NewSearcher returns a Searcher for the group with the given key, or an
// error if the key is no group candidate (band.CandidateKeys of a minimal
// band form).
func NewSearcher(key band.Key) (*Searcher, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	canon.Prepare()
	return &Searcher{s: newBitSearch(key)}, nil
}

// Row4s returns the fillings of row 4 (cells r4c2..r4c9) the group allows,
// ascending. The group's minlex grids whose row 4 is the i-th filling form
// its bucket i: Group emits bucket 0, 1, ... in turn and Options.TaskDone
// reports them by this index.
func (q *Searcher) Row4s() [][8]uint8 { return q.s.row4s() }

// Next returns the digits (as bits 1..9) the open cell after prefix can
// take given the group's key and prefix, or 0 when there are none or the
// prefix itself breaks a row, column or box.
func (q *Searcher) Next(prefix []uint8) uint16 {
	if len(prefix) >= band.OpenCells {
		return 0
	}
	n, ok := q.place(prefix)
	var a uint16
	if ok {
		a = q.s.avail(len(prefix))
	}
	q.unplace(n)
	return a
}

// place puts prefix into the open cells and returns how many it placed and
// whether all of them fit.
func (q *Searcher) place(prefix []uint8) (int, bool) {
	for k, d := range prefix {
		if d < 1 || d > 9 || q.s.avail(k)&(1<<d) == 0 {
			return k, false
		}
		q.s.place(k, d)
	}
	return len(prefix), true
}

func (q *Searcher) unplace(n int) {
	for k := n - 1; k >= 0; k-- {
		q.s.unplace(k)
	}
}

// Run enumerates the group's minlex grids whose first len(prefix) open
// cells hold prefix, in ascending order, passing each to emit (the grid is
// valid only during the call). A prefix that breaks a row, column or box, or
// is longer than MaxPrefix, is an error. emit returning ErrStop ends the
// search with a nil error; any other error ends it with that error.
func (q *Searcher) Run(ctx context.Context, prefix []uint8, emit Emit) (Stats, error) {
	if len(prefix) > MaxPrefix {
		return Stats{}, fmt.Errorf("enumerate: prefix of %d cells, at most %d", len(prefix), MaxPrefix)
	}
	n, ok := q.place(prefix)
	if !ok {
		q.unplace(n)
		return Stats{}, fmt.Errorf("enumerate: prefix %v does not fit the group: open cell %d cannot take %d", prefix, n+1, prefix[n])
	}
	st, err := q.run(ctx, len(prefix), emit)
	q.unplace(n)
	return st, err
}

// RunDesc is Run in descending order: the largest grid first. Counting
// from the top of a bucket costs what counting from its bottom does, so a
// caller that knows which end is nearer takes that one.
func (q *Searcher) RunDesc(ctx context.Context, prefix []uint8, emit Emit) (Stats, error) {
	q.s.desc = true
	defer func() { q.s.desc = false }()
	return q.Run(ctx, prefix, emit)
}

// RunWithin enumerates the group's minlex grids in which every open cell c
// holds one of the digits allowed[c] (bits 1..9; the key's cells are not
// read), in ascending order, passing each to emit as Run does. It is what
// regenerates a subtree of the dancing-links search (the paper's order):
// the cells its path chose are allowed one digit, the others all nine.
func (q *Searcher) RunWithin(ctx context.Context, allowed *[81]uint16, emit Emit) (Stats, error) {
	s := q.s
	// A cell allowed one digit bars it from its row, column and box: the
	// search then meets the bar before the cell (a digit fixed in band 3
	// prunes its column in band 2).
	var bar [81]uint16
	for c, a := range allowed {
		if c >= 27 && c%9 != 0 && a&0x3FE != 0 && a&(a-1) == 0 {
			for _, p := range peers[c] {
				bar[p] |= a
			}
		}
	}
	for k, c := range freeCells {
		s.allow[k] = allowed[c] & 0x3FE &^ bar[c]
		if k >= row7At+9 && s.allow[k] != 0x3FE {
			s.allowRows89 = true
		}
	}
	defer func() {
		for k := range s.allow {
			s.allow[k] = 0x3FE
		}
		s.allowRows89 = false
	}()
	return q.run(ctx, 0, emit)
}

// CountWithin searches as RunWithin would but does not check the
// completions it meets: its Stats count them and the finished bands 2
// (Completions, Band2Kept, Band2Pruned), no grids. It measures what
// RunWithin would cost, in a fraction of its time.
func (q *Searcher) CountWithin(ctx context.Context, allowed *[81]uint16) (Stats, error) {
	q.s.countOnly = true
	defer func() { q.s.countOnly = false }()
	return q.RunWithin(ctx, allowed, func(*canon.Grid, int) error { return nil })
}

// peers[c] are the 20 cells that share a row, column or box with cell c.
var peers = func() (p [81][20]uint8) {
	for c := range 81 {
		n := 0
		for d := range 81 {
			r1, c1, r2, c2 := c/9, c%9, d/9, d%9
			if d != c && (r1 == r2 || c1 == c2 || r1/3 == r2/3 && c1/3 == c2/3) {
				p[c][n] = uint8(d)
				n++
			}
		}
	}
	return p
}()

// run searches from free cell start on with the cells before it placed.
func (q *Searcher) run(ctx context.Context, start int, emit Emit) (Stats, error) {
	start0 := time.Now()
	var st Stats
	s := q.s
	s.ctx, s.stopErr, s.stopped, s.firstOnly = ctx, nil, false, false
	s.emit = func(g *canon.Grid, autos int) error {
		st.Grids++
		st.Autos[autos]++
		return emit(g, autos)
	}
	c0, p0, k0 := s.completions, s.band2Pruned, s.band2Kept
	s.search(start)
	st.Completions, st.Band2Pruned, st.Band2Kept = s.completions-c0, s.band2Pruned-p0, s.band2Kept-k0
	st.Seconds = time.Since(start0).Seconds()
	s.emit = nil
	switch err := s.stopErr; {
	case err == ErrStop:
		return st, nil
	case err != nil:
		return st, err
	}
	return st, ctx.Err()
}
