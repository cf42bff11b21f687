package enumerate

import (
	"context"
	"math/bits"

	"edgrid/band"
	"edgrid/canon"
)

// freeCells are the cells a group leaves open: rows 4-9 without column 1,
// row-major. Filling them in this order, digits ascending, meets the
// completions in ascending grid order.
var freeCells = func() [band.OpenCells]uint8 {
	var c [band.OpenCells]uint8
	n := 0
	for r := 3; r < 9; r++ {
		for col := 1; col < 9; col++ {
			c[n] = uint8(r*9 + col)
			n++
		}
	}
	return c
}()

const (
	row4End  = 8  // depth after which row 4 is complete
	band2End = 24 // depth after which rows 4-6 (band 2) are complete
)

// freeUnits[k] are the mask indexes (row, 9+column, 18+box) of freeCells[k].
var freeUnits = func() [band.OpenCells][3]uint8 {
	var u [band.OpenCells][3]uint8
	for k, c := range freeCells {
		r, col := c/9, c%9
		u[k] = [3]uint8{r, 9 + col, 18 + r/3*3 + col/3}
	}
	return u
}()

// bitSearch enumerates the completions of one group with bit masks, cell by
// cell in ascending order, pruning a finished band 2 whose band form is
// smaller than band 1's, and checking each completion with a canon.Checker.
type bitSearch struct {
	g           canon.Grid
	units       [27]uint16             // digits used in each row, column (9+) and box (18+)
	allow       [band.OpenCells]uint16 // digits each free cell may take (Searcher.RunWithin)
	allowRows89 bool                   // some cell of rows 8-9 is restricted
	check       *canon.Checker
	band2       uint32           // band 2's table entry, set when band 2 is finished
	cands       [band2End]uint16 // digits each band-2 cell could take given the cells before it (group runs)
	r7, n7      uint8            // index of the current row 7 among band 3's, and their number
	ways        uint64           // the current row 7's completions (band.Rows8Ways)
	way         uint8            // the current completion's bit in ways
	used        uint8            // bit k: the current row 7's completion k was kept (batches)
	usedRows    []UsedRow7       // the rows 7 with kept completions (batches)
	completions int64            // completions reached (candidates checked)
	band2Pruned int64            // finished bands 2 dropped by their form
	band2Kept   int64            // finished bands 2 kept
	countOnly   bool             // count the completions, do not check them
	desc        bool             // largest digits and rows first (Searcher.RunDesc; search_gen.go)
	ctx         context.Context
	emit        func(g *canon.Grid, autos int) error
	stopErr     error
	firstOnly   bool
	stopped     bool
}

// newBitSearch prepares the search of a key that checkKey accepts.
func newBitSearch(key band.Key) *bitSearch {
	s := &bitSearch{g: key.Partial()}
	for k := range s.allow {
		s.allow[k] = 0x3FE
	}
	first := key.Band1()
	ck, err := canon.NewChecker(&first)
	if err != nil {
		panic("enumerate: group key without a minimal first band: " + err.Error())
	}
	s.check = ck
	for c, d := range s.g {
		if d != 0 {
			r, col := c/9, c%9
			s.units[r] |= 1 << d
			s.units[9+col] |= 1 << d
			s.units[18+r/3*3+col/3] |= 1 << d
		}
	}
	return s
}

// place puts digit d in free cell k; unplace takes it out again.
func (s *bitSearch) place(k int, d uint8) {
	u := &freeUnits[k]
	bit := uint16(1) << d
	s.units[u[0]] |= bit
	s.units[u[1]] |= bit
	s.units[u[2]] |= bit
	s.g[freeCells[k]] = d
}

func (s *bitSearch) unplace(k int) {
	u := &freeUnits[k]
	bit := uint16(1) << s.g[freeCells[k]]
	s.units[u[0]] &^= bit
	s.units[u[1]] &^= bit
	s.units[u[2]] &^= bit
	s.g[freeCells[k]] = 0
}

// avail returns the digits free cell k can still take, as bits 1..9.
func (s *bitSearch) avail(k int) uint16 {
	u := &freeUnits[k]
	return ^(s.units[u[0]] | s.units[u[1]] | s.units[u[2]]) & s.allow[k]
}

// row4s returns every filling of row 4 consistent with the key, ascending:
// the units of work that workers share.
func (s *bitSearch) row4s() [][8]uint8 {
	out := make([][8]uint8, 0, 1024)
	var cur [8]uint8
	var avail [row4End]uint16
	k := 0
	avail[0] = s.avail(0)
	// As in search: cells 0..k-1 placed, avail[k] the digits left to try
	// at cell k; the last cell is recorded, not placed.
	for k >= 0 {
		a := avail[k]
		if a == 0 {
			k--
			if k >= 0 {
				s.unplace(k)
			}
			continue
		}
		avail[k] = a & (a - 1)
		cur[k] = uint8(bits.TrailingZeros16(a))
		if k == row4End-1 {
			out = append(out, cur)
			continue
		}
		s.place(k, cur[k])
		k++
		avail[k] = s.avail(k)
	}
	return out
}

// run enumerates the completions whose row 4 is r4, in ascending order.
func (s *bitSearch) run(r4 *[8]uint8) {
	for k := range row4End {
		s.cands[k] = s.avail(k)
		s.place(k, r4[k])
	}
	s.search(row4End)
	for k := row4End - 1; k >= 0; k-- {
		s.unplace(k)
	}
}

// search fills the open cells of band 2 from freeCells[start] on,
// depth-first, and hands each finished band 2 that survives to band3: in
// ascending order, or descending when s.desc (search_gen.go).
func (s *bitSearch) search(start int) {
	if s.desc {
		s.searchDesc(start)
		return
	}
	s.searchAsc(start)
}

func (s *bitSearch) leaf() {
	s.completions++
	if s.completions&4095 == 0 && s.ctx.Err() != nil {
		s.stopErr, s.stopped = s.ctx.Err(), true
		return
	}
	if s.countOnly {
		return
	}
	ok, autos := s.check.Check(&s.g, s.band2)
	if !ok {
		return
	}
	if err := s.emit(&s.g, autos); err != nil {
		s.stopErr, s.stopped = err, true
	}
	if s.firstOnly {
		s.stopped = true
	}
}
