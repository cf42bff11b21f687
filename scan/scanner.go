package scan

import (
	"context"
	"errors"
	"fmt"

	"edgrid/canon"
	"edgrid/solve"
)

// setWords is the size of a set of unavoidable sets as a bit vector, and
// maxSets the number of unavoidable sets a scan can hold; initialSets of
// them are the smallest collected sets, the rest learned ones.
const (
	setWords    = 16
	maxSets     = setWords * 64
	initialSets = 768
)

// setBits is a set of unavoidable sets by index (bit i of word i/64).
type setBits [setWords]uint64

// deepLeft is how many clues are left when the search gathers its deep
// sets (deepSets).
const deepLeft = 9

// errStop ends a scan early without an error (Options.First).
var errStop = errors.New("scan: stop")

// A Scanner finds the puzzles of solution grids. It keeps its buffers
// between grids and allocates nothing per candidate; it is not safe for
// concurrent use (use one per goroutine).
type Scanner struct {
	fast   *solve.Fast
	bands  *bandScanner   // the band method's state, made on first use
	shared []*bandScanner // ScanBatch's states, bands first (bands_share.go)

	g        [81]uint8 // the grid
	k        int       // clues wanted
	minimal  bool      // report minimal puzzles only
	first    bool      // stop after the first puzzle
	emit     func(canon.Mask) error
	ctx      context.Context
	progress func(int64) // Options.Progress

	sets     [maxSets]cells // the unavoidable sets, smallest first, then learned ones
	nsets    int            // sets in use
	initial  int            // sets collected before the search; the rest are learned
	replace  int            // the learned set the next one replaces when all are in use
	cellSets [81]setBits    // cellSets[c]: the sets holding cell c
	unhit    [82]setBits    // unhit[n]: the sets that clues[:n] miss
	clues    [81]int8       // the clues placed, in order
	puzzle   [81]uint8      // the grid's digits in the clue cells, 0 elsewhere
	other    [81]uint8      // a second solution from the solver
	stats    Stats
	nextTick int64 // the node count of the next periodic check (tick)

	deep   deepSets // the sets of the last clues' search
	inDeep bool     // the search is below a gathering of deep sets

	real      [81]uint8 // real[l]: the cell labelled l (labels.go)
	label     [81]uint8 // label[c]: the label of cell c
	digit     [81]uint8 // digit[l]: the grid's digit in the cell labelled l
	relabeled []cells   // the collected sets in labels, by size and label sum
	setKeys   []setKey  // scratch for ordering them (labels.go)

	gfam     globalFamilies // the grid's families of disjoint sets
	fam      families       // the families compacted for the deep levels
	famOn    bool           // the families are listed and followed (startFamilies)
	famAfter int64          // the nodes searched before they are (famAfter)
	started  func(n int)    // called when startFamilies is done at level n (tests)
	famSets  []cells        // the collected sets, to list the families from
	deadAt   [82]cells      // deadAt[n]: the dead cells of the search's node at level n

	outsideLast int // the family that ended a node in outside last
}

// famAfter is the number of nodes a scan searches before it lists the
// grid's families: listing them costs more than a small search (a scan
// that finds its first puzzle at once) needs in all.
const famAfter = 2048

// NewScanner returns a Scanner ready for use.
func NewScanner() *Scanner {
	return &Scanner{fast: solve.NewFast(), famAfter: famAfter}
}

// Scan finds the puzzles of g that opt asks for and calls fn with the clue
// cells of each (the puzzle is g's digits in those cells); an error from
// fn stops the scan and is returned. Each puzzle is reported once. A
// cancelled ctx stops the scan with ctx.Err(). An invalid grid or options
// out of range are errors before any work.
func (s *Scanner) Scan(ctx context.Context, g *canon.Grid, opt Options, fn func(clues canon.Mask) error) (Stats, error) {
	if err := opt.check(); err != nil {
		return Stats{}, err
	}
	if err := g.Validate(); err != nil {
		return Stats{}, fmt.Errorf("scan: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return Stats{}, err
	}
	if opt.bands() {
		if s.bands == nil {
			s.bands = newBandScanner(s.fast)
		}
		return s.bands.scan(ctx, g, opt, fn)
	}
	s.g = [81]uint8(*g)
	s.k, s.minimal, s.first, s.emit, s.ctx, s.progress = opt.Clues, opt.minimal(), opt.First, fn, ctx, opt.Progress
	s.stats = Stats{}
	s.nextTick = tickNodes
	s.inDeep = false
	s.puzzle = [81]uint8{}

	if removalWalk(s.k, s.minimal) {
		allowed := allCells()
		if opt.Cells != nil {
			allowed = fromMask(*opt.Cells)
		}
		return s.finish(s.removals(allowed))
	}

	sets := minimalSets(g, opt.UASize())
	if len(sets) > initialSets {
		sets = sets[:initialSets]
	}
	sets = s.relabel(sets)
	s.nsets = 0
	s.cellSets = [81]setBits{}
	s.unhit[0] = setBits{}
	for _, u := range sets {
		s.add(u, 0)
	}
	s.stats.Sets = len(sets)
	s.initial, s.replace = s.nsets, s.nsets
	for j := 2; j <= famDeg; j++ {
		s.fam.at[j] = max(0, s.k-compactAt[j])
	}
	s.fam.global, s.fam.deadAt = &s.gfam, &s.deadAt
	s.fam.sets, s.fam.unhit = &s.sets, &s.unhit
	s.fam.fresh.at, s.fam.fresh.nodes, s.fam.fresh.count, s.fam.fresh.lists = -1, 0, 0, 0
	s.famOn, s.famSets = false, sets
	s.fam.known[0] = 0

	var dead cells
	if opt.Cells != nil {
		dead = s.toLabels(fromMask(*opt.Cells)).complement()
	}
	return s.finish(s.search(0, dead))
}

// finish ends a scan whose search returned err: the caller's hooks let go,
// an early stop (Options.First) no error.
func (s *Scanner) finish(err error) (Stats, error) {
	s.emit, s.ctx, s.famSets, s.progress = nil, nil, nil, nil
	if errors.Is(err, errStop) {
		err = nil
	}
	return s.stats, err
}

// add puts set u among the sets and marks it unhit at levels 0..n (the
// clues placed so far must all miss it). When the sets are full, u takes
// the place of the oldest learned set: the sets collected first are at
// most initialSets, so there is always a learned one to replace.
func (s *Scanner) add(u cells, n int) {
	var i int
	switch {
	case s.nsets < maxSets:
		i = s.nsets
		s.nsets++
	default:
		i = s.replace
		if s.replace++; s.replace == maxSets {
			s.replace = s.initial
		}
		w, b := i>>6, uint64(1)<<(i&63)
		for x := s.sets[i]; !x.empty(); {
			c := x.first()
			x.clear(c)
			s.cellSets[c][w] &^= b
		}
	}
	s.sets[i] = u
	w, b := i>>6, uint64(1)<<(i&63)
	for x := u; !x.empty(); {
		c := x.first()
		x.clear(c)
		s.cellSets[c][w] |= b
	}
	for l := 0; l <= n; l++ {
		s.unhit[l][w] |= b
	}
}

// startFamilies lists the grid's families and brings them to the search's
// node at level n, as if they had been followed from the root: the path's
// clues touch them level by level, and the sizes whose level of
// compaction the path has passed are compacted there, with the cells dead
// at that level. Below a gathering of deep sets, n is deeper than every
// level of compaction, and the deep levels take the families from there.
func (s *Scanner) startFamilies(n int) {
	depth := 0
	for j := 2; j <= famDeg; j++ {
		depth = max(depth, s.fam.at[j])
	}
	s.gfam.build(s.famSets, depth)
	for l := range n {
		for j := 2; j <= famDeg; j++ {
			if l < s.fam.at[j] {
				s.gfam.touch(l, j, int(s.clues[l]))
			}
		}
	}
	s.famOn = true
	if s.started != nil {
		s.started(n)
	}
}

// tickNodes is how many nodes the search counts between its periodic checks.
const tickNodes = 4096

// node counts a node of the search and runs the periodic check (tick)
// when it is due.
func (s *Scanner) node() error {
	s.stats.Nodes++
	if s.stats.Nodes >= s.nextTick {
		return s.tick()
	}
	return nil
}

// tick is the search's periodic check, at the first node it counts from
// each multiple of tickNodes on (nodes counted where it does not check
// pass none): it reports the progress and returns the context's error once
// it is cancelled.
func (s *Scanner) tick() error {
	s.nextTick = (s.stats.Nodes/tickNodes + 1) * tickNodes
	if s.progress != nil {
		s.progress(s.stats.Nodes)
	}
	return s.ctx.Err()
}
