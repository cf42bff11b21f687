package scan

import (
	"context"
	"errors"
	"math/bits"
	"slices"

	"edgrid/canon"
	"edgrid/solve"
)

// MaxBandClues is the largest number of clues the band method scans for:
// its lists of valid band clue sets grow quickly with the clues a band may
// hold.
const MaxBandClues = 18

// crossWords and thirdWords size the bit vectors of the band method: the
// unavoidable sets of bands 1+2 that meet both bands (at most 64 times
// crossWords of them), and those that meet band 3 and bands 1+2 (at most 64
// times thirdWords).
const (
	crossWords = 16
	thirdWords = 16
	maxCross   = 64 * crossWords
	maxThird   = 64 * thirdWords
	// firstCross and firstThird are the collected sets a frame puts in
	// its vectors at most; the rest of the room takes sets learned there.
	firstCross = maxCross * 3 / 4
	firstThird = maxThird / 2
	// absorbAt is how many learned sets wait before they join the vectors.
	absorbAt   = 64
	maxLearned = 1024
)

// lowMax is the most clues a band or stack holds in the band method's low
// passes; the high passes take the puzzles with a band or stack of more.
const lowMax = 6

// bandScanner finds a grid's puzzles by the band method (docs/design/scan.md, "The
// band method"): for each way to see a band or stack as band 3, it pairs
// valid clue sets of bands 1 and 2 that together hit every unavoidable set
// of bands 1+2, then places the remaining clues in band 3.
type bandScanner struct {
	fast *solve.Fast

	g        [81]uint8
	k        int
	minimal  bool
	first    bool
	emit     func(canon.Mask) error
	ctx      context.Context
	progress func(int64)
	allowed  cells // the cells clues may take
	stats    Stats
	nextTick int64

	uas     []cells // the grid's minimal unavoidable sets, smallest first
	learned []cells // sets learned from candidates with a second solution
	valid   [2][3][]uint32
	validHi int             // the most clues of the sets in valid
	memo    [2][3]validMemo // what valid was made from
	count   [2][3][28]int64 // the sets in valid by their clues
	lexBuf  []uint32        // sortLex's scratch
	lowDir  int             // the direction of the low passes' band 3: 0 rows' bands, 1 stacks
	lowBand [3]int          // the bands of lowDir in the order of the low passes

	p bandPass // the pass in progress

	share     []*bandScanner // the grids that take the shared frame's pairs from this one (bands_share.go)
	doneSpecs []passSpec     // the shared frame's passes this grid takes from another grid's
}

// newBandScanner returns a bandScanner that checks candidates with fast.
func newBandScanner(fast *solve.Fast) *bandScanner { return &bandScanner{fast: fast} }

// scan is Scanner.Scan by the band method; opt is checked.
func (s *bandScanner) scan(ctx context.Context, g *canon.Grid, opt Options, fn func(canon.Mask) error) (Stats, error) {
	s.start(ctx, g, opt, fn, nil)
	return s.finish(s.passes())
}

// start readies the scan of g: the grid's unavoidable sets and the valid
// sets of its bands. top, if not nil, is a scan started with the same
// options on a grid with g's rows 1-6, whose valid sets of those bands
// are g's.
func (s *bandScanner) start(ctx context.Context, g *canon.Grid, opt Options, fn func(canon.Mask) error, top *bandScanner) {
	s.g = [81]uint8(*g)
	s.k, s.minimal, s.first, s.emit, s.ctx, s.progress = opt.Clues, opt.minimal(), opt.First, fn, ctx, opt.Progress
	s.stats = Stats{}
	s.nextTick = bandTick
	s.share, s.doneSpecs = s.share[:0], s.doneSpecs[:0]
	s.allowed = allCells()
	if opt.Cells != nil {
		s.allowed = fromMask(*opt.Cells)
	}
	s.uas = minimalSets(g, opt.UASize())
	s.learned = s.learned[:0]
	s.stats.Sets = len(s.uas)
	s.listValid(top)
}

// finish ends the scan whose passes returned err: its statistics, and the
// error unless the scan stopped at its first puzzle.
func (s *bandScanner) finish(err error) (Stats, error) {
	s.emit, s.ctx, s.progress = nil, nil, nil
	s.share = s.share[:0]
	if errors.Is(err, errStop) {
		err = nil
	}
	return s.stats, err
}

// bandTick is how many pairs the band method tests between its periodic
// checks of the context and reports of progress.
const bandTick = 1 << 20

// tick is the periodic check: progress, then the context's error.
func (s *bandScanner) tick() error {
	s.nextTick = s.stats.Nodes + bandTick
	if s.progress != nil {
		s.progress(s.stats.Nodes)
	}
	return s.ctx.Err()
}

// listValid lists the valid clue sets of each band of the grid and of its
// transpose, of as many clues as a band 1 or 2 may hold, and chooses the
// direction and the order of the bands for the low passes (lowOrder).
// A band with the same digits and allowed cells as in the grid before
// keeps its list (the grids of a group share their rows 1-3); those of
// rows 1-3 and 4-6 are top's when top is not nil and lists as many clues
// a band.
func (s *bandScanner) listValid(top *bandScanner) {
	var uas [2][3][]uint32
	least := 27
	for dir := range 2 {
		for b := range 3 {
			f := makeFrame(&s.g, dir == 1, [3]int{b, (b + 1) % 3, (b + 2) % 3})
			band, allowed := f.band(0), s.localAllowed(&f, 0)
			m := &s.memo[dir][b]
			if m.band != band || m.allowed != allowed { // a zero memo holds no band
				uas[dir][b] = bandUAs(&band)
				*m = validMemo{band: band, allowed: allowed, least: leastValid(uas[dir][b], allowed), hi: -1}
			}
			least = min(least, m.least)
		}
	}
	// A band of bands 1+2 holds at most lowMax clues in a low pass, and in
	// a high pass at most what band 3's lowMax+1 and the other band's
	// least leave.
	lo := (s.k + 2) / 3
	hi := max(min(lowMax, s.k-lo-least), s.k-(lowMax+1)-least)
	s.validHi = hi
	count := &s.count
	*count = [2][3][28]int64{}
	for dir := range 2 {
		for b := range 3 {
			m := &s.memo[dir][b]
			switch {
			case m.hi == hi:
				// The grid before's list.
			case dir == 0 && b < 2 && top != nil && top.validHi == hi:
				s.valid[0][b] = append(s.valid[0][b][:0], top.valid[0][b]...)
			default:
				if uas[dir][b] == nil {
					uas[dir][b] = bandUAs(&m.band)
				}
				s.valid[dir][b] = validSets(uas[dir][b], m.allowed, 0, hi, s.valid[dir][b][:0])
				s.lexBuf = sortLex(s.valid[dir][b], s.lexBuf)
			}
			m.hi = hi
			for _, x := range s.valid[dir][b] {
				count[dir][b][bits.OnesCount32(x)]++
			}
		}
	}
	// A puzzle of the low passes has at most lowMax clues in every band
	// and stack, so the low passes may take band 3 among the rows' bands
	// or among the stacks: the direction whose pairs cost less.
	rows, rowCost := lowOrder(s.k, &count[0])
	cols, colCost := lowOrder(s.k, &count[1])
	s.lowDir, s.lowBand = 0, rows
	if colCost < rowCost {
		s.lowDir, s.lowBand = 1, cols
	}
}

// sortLex sorts clue sets in the lexicographic order of their ascending
// cells: the set holding the lowest cell where two differ comes first. A
// set's cells reversed and complemented give a key in that order (low 5
// bits constant), sorted by three passes of 9 bits through buf, which is
// returned for the next call.
func sortLex(sets, buf []uint32) []uint32 {
	for i, x := range sets {
		sets[i] = ^bits.Reverse32(x)
	}
	if len(sets) < 512 {
		slices.Sort(sets)
	} else {
		buf = slices.Grow(buf[:0], len(sets))[:len(sets)]
		src, dst := sets, buf
		for shift := uint(5); shift < 32; shift += 9 {
			var start [513]int
			for _, t := range src {
				start[t>>shift&511+1]++
			}
			for d := 1; d < len(start); d++ {
				start[d] += start[d-1]
			}
			for _, t := range src {
				d := t >> shift & 511
				dst[start[d]] = t
				start[d]++
			}
			src, dst = dst, src
		}
		copy(sets, src)
	}
	for i, x := range sets {
		sets[i] = bits.Reverse32(^x)
	}
	return buf
}

// lowOrders is the orders the low passes may take the bands of a direction
// in.
var lowOrders = [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// lowOrder is the order of the bands of one direction for the low passes
// that tests the fewest pairs of bands 1+2, and that number, from the
// number of valid sets of each size of each band: the low passes' pairs
// depend on it (a band before band 3 in the order holds fewer clues than
// band 3), the puzzles they find do not.
func lowOrder(k int, count *[3][28]int64) ([3]int, int64) {
	best, bestCost := lowOrders[0], int64(-1)
	costs := lowCosts(k, count)
	for o, order := range lowOrders {
		cost := costs[o][0] + costs[o][1] + costs[o][2]
		if bestCost < 0 || cost < bestCost {
			best, bestCost = order, cost
		}
	}
	return best, bestCost
}

// lowCosts is the pairs of bands 1+2 the low passes test in each order of
// lowOrders, by the place in the order of band 3.
func lowCosts(k int, count *[3][28]int64) (costs [6][3]int64) {
	for o, order := range lowOrders {
		for a, b3 := range order {
			var others [2]int
			var strict [2]bool
			j := 0
			for i, b := range order {
				if b != b3 {
					others[j], strict[j] = b, i < a
					j++
				}
			}
			for n3 := (k + 2) / 3; n3 <= lowMax; n3++ {
				m := k - n3
				for n1 := 0; n1 <= m; n1++ {
					n2 := m - n1
					l1, l2 := n3, n3
					if strict[0] {
						l1--
					}
					if strict[1] {
						l2--
					}
					if n1 > l1 || n2 > l2 || n1 > 27 || n2 > 27 {
						continue
					}
					costs[o][a] += count[others[0]][n1] * count[others[1]][n2]
				}
			}
		}
	}
	return costs
}

// localAllowed is the allowed cells of frame band j as local cells.
func (s *bandScanner) localAllowed(f *bandFrame, j int) uint32 {
	var m uint32
	for l := range 27 {
		if s.allowed.has(int(f.orig[27*j+l])) {
			m |= 1 << l
		}
	}
	return m
}

// leastValid is the fewest clues a valid set of a band with unavoidable
// sets uas can hold within allowed (28 when none can).
func leastValid(uas []uint32, allowed uint32) int {
	for n := 0; n <= 27; n++ {
		if len(validSets(uas, allowed, n, n, nil)) > 0 {
			return n
		}
	}
	return 28
}

// validMemo is what a list of valid sets was made from: the band's digits
// and allowed cells, its fewest clues, and the most clues listed (-1: not
// listed).
type validMemo struct {
	band    [27]uint8
	allowed uint32
	least   int
	hi      int
}
