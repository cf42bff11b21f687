package rate

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
)

// Rating is what Rate finds of a puzzle.
type Rating struct {
	// Guesses is the number of branching nodes of the search that starts
	// where the whole ladder is stuck, applies naked and hidden singles at
	// every node below, and branches on the open cell with the fewest
	// candidates (the lowest cell of those), over its whole tree: 0
	// exactly when the ladder solves the puzzle. The whole tree is the work
	// of proving the solution unique, so the count does not depend on the
	// order in which a node's digits are tried.
	Guesses int64
	// Hardest is the hardest technique the ladder used, Guess when it
	// could not finish, 0 when every cell was given.
	Hardest Technique
	// Solution is the puzzle's solution.
	Solution [81]uint8
}

// Grade is the grade of the rating's hardest technique.
func (r Rating) Grade() Grade { return r.Hardest.Grade() }

// ErrNoSolution and ErrMultiple say why a puzzle has no rating.
var (
	ErrNoSolution = errors.New("rate: no solution")
	ErrMultiple   = errors.New("rate: more than one solution")
)

// ValueError reports a puzzle value that is not 0-9.
type ValueError struct {
	Cell  int // 0-80, row by row
	Value uint8
}

// Error implements error.
func (e *ValueError) Error() string {
	return fmt.Sprintf("rate: cell %d (r%dc%d): value %d is not 0-9 (0 for an empty cell)", e.Cell+1, e.Cell/9+1, e.Cell%9+1, e.Value)
}

// Rater rates puzzles. It keeps its search stack between calls and
// allocates nothing per puzzle; it is not safe for concurrent use.
type Rater struct {
	stack     [82]state // stack[d]: the position at search depth d
	guesses   int64
	solutions int
	sol       [81]uint8
	ctx       context.Context
	err       error
}

// New returns a Rater.
func New() *Rater { return new(Rater) }

// checkEvery is how many guesses pass between checks of the context.
const checkEvery = 1024

// Rate rates puzzle p (81 values row by row, 0 for an empty cell). A
// puzzle without a solution is ErrNoSolution and one with several
// ErrMultiple (the search stops at the second); a value above 9 is a
// *ValueError; a cancelled ctx stops the search with ctx.Err().
func (r *Rater) Rate(ctx context.Context, p *[81]uint8) (Rating, error) {
	for c, v := range p {
		if v > 9 {
			return Rating{}, &ValueError{Cell: c, Value: v}
		}
	}
	r.guesses, r.solutions, r.ctx, r.err = 0, 0, ctx, nil
	defer func() { r.ctx = nil }()
	root := &r.stack[0]
	if !root.load(p) {
		return Rating{}, ErrNoSolution
	}
	hardest, ok := root.ladder(Guess - 1)
	if ok && root.open > 0 {
		hardest = Guess
		r.branch(0)
	} else if ok {
		r.solutions = 1
		root.solution(&r.sol)
	}
	switch {
	case r.err != nil:
		return Rating{}, r.err
	case r.solutions == 0:
		return Rating{}, ErrNoSolution
	case r.solutions > 1:
		return Rating{}, ErrMultiple
	}
	return Rating{Guesses: r.guesses, Hardest: hardest, Solution: r.sol}, nil
}

// Ladder applies the ladder to p up to and including technique top and
// reports the hardest technique it used and whether it solved p; a
// contradiction (no solution) is solved false with the technique that
// found it.
func Ladder(p *[81]uint8, top Technique) (hardest Technique, solved bool) {
	var s state
	for _, v := range p {
		if v > 9 {
			return 0, false
		}
	}
	if !s.load(p) {
		return 0, false
	}
	h, ok := s.ladder(top)
	return h, ok && s.open == 0
}

// ladder applies the techniques up to top, easiest first, going back to the
// first after each that made progress, until the position is solved, stuck
// or a contradiction (ok false). It returns the hardest technique that made
// progress. Singles run to their fixed point at once (singles), which is
// where the ladder's steps through them end whatever their order.
func (s *state) ladder(top Technique) (hardest Technique, ok bool) {
	var w places
	filled := -1 // s.open when w was filled, -1 before
	used, ok := s.singles(top)
	for {
		hardest = max(hardest, used)
		if !ok || s.open == 0 || top < LockedCandidates {
			return hardest, ok
		}
		if s.open != filled {
			s.fill(&w)
			filled = s.open
		} else {
			// The singles placed nothing since the drops, which kept w
			// in step with s: w holds s's places already.
			w.n, w.touchedUnits, w.touchedDigits = 0, 0, 0
		}
		w.settled = true
		progress := false
		t := LockedCandidates
		for ; t <= top; t++ {
			progress, ok = s.hard(&w, t)
			if !ok {
				return max(hardest, t), false
			}
			if progress {
				break
			}
		}
		if !progress {
			return hardest, true
		}
		hardest = max(hardest, t)
		used, ok = s.singlesFrom(&w.todo, w.n, top)
	}
}

// apply runs technique t once over the whole position.
func (s *state) apply(t Technique) (progress, ok bool) {
	switch t {
	case NakedSingle:
		return s.nakedSingles()
	case HiddenSingle:
		s.touched = allUnits
		return s.hiddenSingles()
	}
	var w places
	s.fill(&w)
	return s.hard(&w, t)
}

// hard runs technique t, past the singles, once over the whole position,
// whose places are w.
func (s *state) hard(w *places, t Technique) (progress, ok bool) {
	switch t {
	case LockedCandidates:
		return s.lockedCandidates(w)
	case NakedPair:
		return s.nakedSubset(w, 2)
	case HiddenPair:
		return s.hiddenSubset(w, 2)
	case XWing:
		return s.fish(w, 2)
	case NakedTriple:
		return s.nakedSubset(w, 3)
	case Swordfish:
		return s.fish(w, 3)
	case HiddenTriple:
		return s.hiddenSubset(w, 3)
	case NakedQuad:
		return s.nakedSubset(w, 4)
	case Jellyfish:
		return s.fish(w, 4)
	case HiddenQuad:
		return s.hiddenSubset(w, 4)
	}
	return false, true
}

// searchTop is the hardest technique the search applies below its root:
// singles only, the common backtracker's propagation. The root has had
// the whole ladder, so that a search happens exactly when the ladder is
// stuck.
const searchTop = HiddenSingle

// branch searches below stack[d], a position stuck with open cells: it
// branches on the open cell with the fewest candidates (the lowest of
// those), tries each candidate in a copy at d+1, and applies naked and
// hidden singles there (searchTop). At the top of each try, r.solutions counts
// the solutions below the nodes tried so far; the search ends at two.
func (r *Rater) branch(d int) {
	s := &r.stack[d]
	r.guesses++
	if r.guesses%checkEvery == 0 && r.ctx.Err() != nil {
		r.err = r.ctx.Err()
		return
	}
	// s is stuck: its open cells have two candidates or more, its placed
	// cells one; so the first cell of two is the one.
	cell, fewest := -1, 10
	for c := 0; c < 81; c++ {
		if n := bits.OnesCount16(s.cand[c]); n > 1 && n < fewest {
			cell, fewest = c, n
			if n == 2 {
				break
			}
		}
	}
	for m := s.cand[cell]; m != 0 && r.solutions < 2 && r.err == nil; m &= m - 1 {
		next := &r.stack[d+1]
		*next = *s
		// s is stuck, so that the only single is the cell tried.
		next.cand[cell] = m & -m
		next.touched |= cellUnits[cell]
		todo := [81]uint8{uint8(cell)}
		if _, ok := next.singlesFrom(&todo, 1, searchTop); !ok {
			continue
		}
		if next.open > 0 {
			r.branch(d + 1)
			continue
		}
		r.solutions++
		if r.solutions == 1 {
			next.solution(&r.sol)
		}
	}
}
