package storage

import (
	"errors"
	"fmt"
	"math/bits"

	"edgrid/canon"
	"edgrid/enumerate"
)

// The sorted codec. A block is one bit stream (bitio.go) of runs: a run is
// the grids sharing a band 2 (rows 4-6). Per run:
//
//  1. Band 2. The first run of a block codes its 24 open cells in order;
//     later runs code only where they leave the previous band 2: a gamma code
//     of 1 + the number of branch points skipped, counted from row 6 upward
//     (a branch point is a cell whose candidates, given the cells before it,
//     hold a digit above the previous band 2's), then the new digit among the
//     candidates above the old one, then the cells after it. A cell is coded
//     as its rank among its candidates (given rows 1-3, column 1 and the cells
//     before it) in a truncated binary code; a forced cell takes no bits.
//  2. Band 3. For each row 7 that completes rows 1-6 (band3.go), ascending:
//     one bit, set when some grid of the run has it; for each such row 7,
//     one bit per completion, set when it is a grid of the run. A bit that
//     must be set because the row 7 or the run would otherwise be empty is
//     not written.
//
// The stream ends right after the bit of the block's last grid.

// sortedEncoder holds the state carried from run to run inside a block.
type sortedEncoder struct {
	w        bitWriter
	u        units
	havePrev bool
	prev     [numBand2]uint8      // previous band 2, by open cell
	prevBand [27]uint8            // and as rows 4-6
	branch   uint32               // bit q: the candidates of cell q hold a digit above prev[q] (a branch point)
	cands    [numBand2]uint16     // band2's candidates of each cell, found with u
	rows     []enumerate.UsedRow7 // encodeSorted's rows 7 of a run, from its Places
	b        band3
	cache    *band3Cache // nil, or bands 3 of earlier blocks of the file
	x        rows89
	end      int // band3Rows: where the stream would end after the run's last grid
}

// errNotCompletion is returned for grids the codec cannot represent; the
// writer has checked the key and the order, so only a grid that is not a
// valid Sudoku solution gets here.
var errNotCompletion = errors.New("not a valid solution grid")

// encodeSorted appends the sorted-codec stream of a block of ascending grids
// of one group to dst. places is nil or holds each grid's Place: a run whose
// grids all have known ones is coded from them (band3Placed). cache, which
// may be nil, serves the blocks of one file coded in turn.
func encodeSorted(grids []canon.Grid, places []enumerate.Place, dst []byte, cache *band3Cache) ([]byte, error) {
	if len(grids) == 0 {
		return dst, nil
	}
	e := &sortedEncoder{w: bitWriter{buf: dst}, cache: cache}
	e.u = keyUnits(&grids[0])
	for i := 0; i < len(grids); {
		j := i + 1
		for j < len(grids) && eq27(bandOf(&grids[j], 1), bandOf(&grids[i], 1)) {
			j++
		}
		if err := e.band2(&grids[i]); err != nil {
			return nil, fmt.Errorf("storage: grid %d of the block: %w", i+1, err)
		}
		var err error
		if places != nil && allKnown(places[i:j]) {
			if e.rows, err = rowsOfPlaces(places[i:j], e.rows[:0]); err == nil {
				err = e.band3Rows(e.rows, j == len(grids))
			}
		} else {
			err = e.band3(grids[i:j], j == len(grids))
		}
		if err != nil {
			return nil, fmt.Errorf("storage: grids %d-%d of the block: %w", i+1, j, err)
		}
		i = j
	}
	return e.w.bytes(), nil
}

// keyUnits returns the units with the key cells of g placed: rows 1-3 and column 1.
func keyUnits(g *canon.Grid) units {
	var u units
	for i := range 27 {
		u.place(i, g[i])
	}
	for r := 3; r < 9; r++ {
		u.place(r*9, g[r*9])
	}
	return u
}

// band2 codes rows 4-6 of g against the previous band 2 of the block,
// finding the candidates of its cells from the units.
func (e *sortedEncoder) band2(g *canon.Grid) error {
	b := bandOf(g, 1)
	q0, err := e.firstNew(b)
	if err != nil {
		return err
	}
	if e.havePrev {
		for q := numBand2 - 1; q >= q0; q-- {
			e.u.removeQ(q, e.prev[q])
		}
	}
	for q := q0; q < numBand2; q++ {
		m := e.u.candQ(q)
		d := b[band2Pos[q]]
		if d > 9 || m&(1<<d) == 0 {
			return errNotCompletion
		}
		e.u.placeQ(q, d)
		e.cands[q] = m
	}
	return e.band2Cands(b, &e.cands, q0)
}

// firstNew returns the first band-2 open cell where b leaves the previous
// band 2 of the block (0 for the block's first), which b must be above.
func (e *sortedEncoder) firstNew(b *[27]uint8) (int, error) {
	if !e.havePrev {
		return 0, nil
	}
	// Their column-1 cells are the key's.
	p := firstDiff27(b, &e.prevBand)
	if p == 27 || b[p] < e.prevBand[p] {
		return 0, errors.New("band 2 not above the previous one")
	}
	if p%9 == 0 {
		return 0, errNotCompletion
	}
	return p - p/9 - 1, nil
}

// band2Cands codes band 2 b, which leaves the previous one at open cell q0
// (firstNew), given the candidates of its cells from q0 on.
func (e *sortedEncoder) band2Cands(b *[27]uint8, cands *[numBand2]uint16, q0 int) error {
	if e.havePrev {
		// The branch points skipped, then the new digit among the
		// candidates above the old one.
		e.w.writeGamma(uint32(bits.OnesCount32(e.branch>>(q0+1)) + 1))
		above := cands[q0] &^ (2<<e.prev[q0] - 1)
		d := b[band2Pos[q0]]
		if above&(1<<d) == 0 {
			return errNotCompletion
		}
		e.w.reserve(numBand2/2 + 1) // 4 bits a cell at most
		e.w.putTrunc(uint32(bits.OnesCount16(above&(1<<d-1))), bits.OnesCount16(above))
		e.prev[q0] = d
		e.branch &= 1<<q0 - 1
		if above>>(d+1) != 0 {
			e.branch |= 1 << q0
		}
		q0++
	} else {
		e.w.reserve(numBand2 / 2)
	}
	for q := q0; q < numBand2; q++ {
		m := cands[q]
		d := b[band2Pos[q]]
		if d > 9 || m&(1<<d) == 0 {
			return errNotCompletion
		}
		e.w.putTrunc(uint32(bits.OnesCount16(m&(1<<d-1))), bits.OnesCount16(m))
		e.prev[q] = d
		if m>>(d+1) != 0 {
			e.branch |= 1 << q
		}
	}
	e.prevBand = *b
	e.havePrev = true
	return nil
}

// band3 codes which completions of the run's band 2 are the run's grids. In
// the block's last run it stops after the last grid.
func (e *sortedEncoder) band3(run []canon.Grid, last bool) error {
	b := &e.b
	if e.cache != nil {
		b = e.cache.get((*[81]uint8)(&run[0]), &e.u.col)
	} else if !b.init((*[81]uint8)(&run[0]), &e.u.col) {
		b = nil
	}
	if b == nil {
		return errNotCompletion
	}
	e.x.reset()
	t := 0                               // next grid of the run to code
	cur := row7Of((*[81]uint8)(&run[0])) // its row 7
	advance := func() {
		if t++; t < len(run) {
			cur = row7Of((*[81]uint8)(&run[t]))
		}
	}
	usedAny := false
	r := 0
	for t < len(run) {
		// The rows 7 before grid t's are unused: zero bits, then one for
		// its row (not written for the last row when none before is used).
		r0 := r
		for r < b.n && b.rows[r] != cur {
			r++
		}
		if r == b.n {
			return errNotCompletion
		}
		e.w.zeros(r - r0)
		if r < b.n-1 || usedAny {
			e.w.write(1, 1)
		}
		usedAny = true
		e.x.init(b, b.rows[r], run[t][63])
		r7 := e.x.row7()
		if r7 != [9]uint8(run[t][54:63]) {
			return errNotCompletion
		}
		n := e.x.n
		selAny := false
		k := -1 // completion number of grid t, once known
		for i := 0; i < n; i++ {
			if last && t == len(run) {
				return nil
			}
			sel := false
			if t < len(run) && [9]uint8(run[t][54:63]) == r7 {
				if k < 0 {
					j, ok := e.x.index((*[81]uint8)(&run[t]))
					if !ok {
						return errNotCompletion
					}
					k = j
				}
				if k < i {
					return errors.New("grids out of order")
				}
				sel = k == i
			}
			if !(i == n-1 && !selAny) {
				e.w.write(b2u(sel), 1)
			} else if !sel {
				return errNotCompletion
			}
			if sel {
				selAny = true
				advance()
				k = -1
			}
		}
		r++
	}
	if !last {
		e.w.zeros(b.n - r)
	}
	return nil
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}
