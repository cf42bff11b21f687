package canon

import (
	"errors"
	"fmt"
	"sync"
)

// A puzzle is a Grid whose empty cells hold 0. Its forms are taken over the
// same group as a grid's (docs/design/method.md, "Solution grids and when two are
// the same"): the 3,359,232 geometric transforms, each followed by the
// relabelling that numbers the digits in order of first appearance, which is
// the best one for that transform. A puzzle need not be valid or have a solution to have a
// form.
//
// Both orders read the form as 81 characters, cell 1 first, an empty cell
// written 0:
//
//   - PlainOrder takes the smallest string, so an empty cell is below every
//     digit wherever it stands;
//   - PatternFirst takes the smallest clue pattern first (empty before clue,
//     cell by cell), then the smallest digits among the transforms that give
//     that pattern. This is the order of dobrichev's sudoku-minlexing-tool,
//     whose output it reproduces.
//
// The automorphism count of a puzzle p is the number of geometric transforms
// t for which some relabelling maps t(p) onto p. It is also the number of
// geometric transforms that, with their relabelling, take p to its form (the
// same number in both orders); for the empty puzzle it is 3,359,232, and for
// a full grid it is the grid's automorphism count (1..648). It counts
// transforms, not their effect on the clues: transforms that move only empty
// cells count apart, which sudoku-minlexing-tool's count does not do.

// PuzzleOrder chooses how two puzzle forms compare.
type PuzzleOrder uint8

const (
	// PlainOrder compares the 81 characters, an empty cell (0) below every
	// digit.
	PlainOrder PuzzleOrder = iota
	// PatternFirst compares the clue patterns first (empty before clue), then
	// the digits.
	PatternFirst
)

// String names the order as the command line does.
func (o PuzzleOrder) String() string {
	if o == PatternFirst {
		return "pattern-first"
	}
	return "plain"
}

// ValueError reports a cell of a puzzle that holds a value other than 0..9.
type ValueError struct {
	Cell  int // 0-based
	Value uint8
}

func (e *ValueError) Error() string {
	return fmt.Sprintf("canon: cell %d (%s) holds %d, not 0-9", e.Cell+1, CellName(e.Cell), e.Value)
}

// PuzzleCanon finds the forms of puzzles and patterns (docs/guide/puzzles.md).
//
// A puzzle is a Grid whose empty cells hold 0; it need not be valid or have a
// solution to have a form. The forms are taken over the grids' group
// (docs/design/method.md, "Solution grids and when two are the same"): the 3,359,232 geometric
// transforms, each followed by the relabelling that numbers the digits in
// order of first appearance, the best one for that transform. The form is
// read as 81 characters, cell 1 first, an empty cell written 0; PlainOrder
// takes the smallest string, PatternFirst the smallest clue pattern (empty
// before clue, cell by cell) and then the smallest digits among the
// transforms that give it, the order of dobrichev's sudoku-minlexing-tool,
// whose strings it reproduces.
//
// A puzzle's automorphism count is the number of geometric transforms t for
// which some relabelling maps t(p) onto p: the number of geometric transforms
// that, with their relabellings, take p to its form, the same in both orders.
// It is 3,359,232 for the empty puzzle and a full grid's own count (1..648)
// for a full grid. It counts transforms, not their effect on the clues: two
// that differ only on empty cells count twice, where sudoku-minlexing-tool
// counts one.
//
// A PuzzleCanon keeps its working space from call to call, so that it
// allocates nothing once warm; it must not be used by two goroutines at once.
// The zero value is ready to use.
type PuzzleCanon struct {
	// MaxCandidates, when above 0, bounds the memory of Minlex: the
	// candidates its search keeps at one level (32 bytes each, and as many
	// again while the next level is built). A puzzle with a large
	// automorphism group, such as a lone full band, needs 279,936 at one
	// level; one whose search needs more than MaxCandidates fails with
	// ErrTooManyCandidates, and a PuzzleCanon without the bound finds its
	// form. The tests' other puzzles need 23,328 at most (18 lines on top,
	// each with its 1,296 column orders, when row 1 is full). Pattern is not
	// bounded: its search keeps few candidates whatever the mask.
	MaxCandidates int
	s             puzzleScan
}

// ErrTooManyCandidates is the error of a PuzzleCanon.Minlex whose search
// needed more candidates than its MaxCandidates.
var ErrTooManyCandidates = errors.New("canon: the puzzle's form needs more working space than MaxCandidates allows")

// Minlex returns the form of puzzle p in the given order, p's automorphism
// count, and a transform (with its relabelling) that maps p to the form. It
// fails with a *ValueError when a cell is not 0..9.
func (pc *PuzzleCanon) Minlex(p *Grid, order PuzzleOrder) (form Grid, autos int, t Transform, err error) {
	s := &pc.s
	if err := s.load(p); err != nil {
		return Grid{}, 0, Transform{}, err
	}
	if pc.MaxCandidates > 0 {
		s.limit = pc.MaxCandidates
	}
	defer func() {
		if s.over {
			form, autos, t, err = Grid{}, 0, Transform{}, ErrTooManyCandidates
		}
	}()
	if order == PatternFirst {
		s.patternSearch()
		if autos, t, ok := s.direct(&form); ok {
			return form, autos, t, nil
		}
		s.digitSearch()
	} else {
		s.plainSearch()
	}
	s.writeForm(&form)
	return form, s.autos(), s.cur[0].transform(), nil
}

// Pattern returns the smallest clue pattern that the geometric transforms
// make of m (the smallest Mask, empty before clue cell by cell), the number
// of geometric transforms that map m onto itself, and a transform that maps
// m to the form (its relabelling is the identity).
func (pc *PuzzleCanon) Pattern(m Mask) (form Mask, autos int, t Transform) {
	s := &pc.s
	s.loadMask(m)
	s.patternSearch()
	for k := range 9 {
		for j := range 9 {
			if s.form[k]>>(8-j)&1 != 0 {
				form.Set(9*k + j)
			}
		}
	}
	return form, s.autos(), s.cur[0].transform()
}

var canonPool = sync.Pool{New: func() any { return new(PuzzleCanon) }}

// PuzzleMinlex is PuzzleCanon.Minlex with working space from a pool; it is
// safe for concurrent use.
func PuzzleMinlex(p *Grid, order PuzzleOrder) (Grid, int, Transform, error) {
	pc := canonPool.Get().(*PuzzleCanon)
	f, a, t, err := pc.Minlex(p, order)
	canonPool.Put(pc)
	return f, a, t, err
}

// PatternMinlex is PuzzleCanon.Pattern with working space from a pool; it is
// safe for concurrent use.
func PatternMinlex(m Mask) (Mask, int, Transform) {
	pc := canonPool.Get().(*PuzzleCanon)
	f, a, t := pc.Pattern(m)
	canonPool.Put(pc)
	return f, a, t
}
