// Package puzzleid names a puzzle with a unique solution by a compact ID:
// the lexicographic number of its solution's class (as rank numbers it with
// rank.Lex) and the puzzle's clue cells carried into that class's minlex
// grid, the smallest such mask over the grid's automorphisms
// (canon.PuzzleKey). Equivalent puzzles get the same ID, and the ID gives the
// puzzle back up to equivalence: the clues of the minlex grid at the mask.
package puzzleid

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"edgrid/canon"
	"edgrid/rank"
	"edgrid/solve"
)

// ID is a puzzle's compact name.
type ID struct {
	Number int64      // the solution's class in lexicographic order, 1..5,472,730,538
	Mask   canon.Mask // the clue cells in that class's minlex grid
}

// maskDigits is the number of hex digits of a mask: 81 bits in 84.
const maskDigits = 21

// String writes the ID as the number, a hyphen and the mask as 21
// hexadecimal digits (cell 1 the most significant bit of the 81).
func (id ID) String() string {
	hi := id.Mask[0] >> 47                    // cells 0-16
	lo := id.Mask[0]<<17 | id.Mask[1]&0x1FFFF // cells 17-80
	return fmt.Sprintf("%d-%05x%016x", id.Number, hi, lo)
}

// Parse reads an ID written by String, and only that spelling, so that a
// puzzle has one ID: a number with a leading zero or a mask with an
// uppercase digit is refused, the error naming the byte offset in s.
func Parse(s string) (ID, error) {
	num, hex, ok := strings.Cut(s, "-")
	if !ok || len(hex) != maskDigits || num == "" || strings.Trim(num, "0123456789") != "" {
		return ID{}, fmt.Errorf("puzzleid: %q: want NUMBER-MASK, the mask %d hexadecimal digits", s, maskDigits)
	}
	if len(num) > 1 && num[0] == '0' {
		return ID{}, fmt.Errorf("puzzleid: %q: a leading zero at offset 0: the number is written without one", s)
	}
	for i := 0; i < len(hex); i++ {
		if c := hex[i]; c >= 'A' && c <= 'F' {
			return ID{}, fmt.Errorf("puzzleid: %q: uppercase hexadecimal digit %q at offset %d: the mask is written in lowercase", s, c, len(num)+1+i)
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 1 {
		return ID{}, fmt.Errorf("puzzleid: %q: number out of range", s)
	}
	hi, err1 := strconv.ParseUint(hex[:5], 16, 64)
	lo, err2 := strconv.ParseUint(hex[5:], 16, 64)
	if err1 != nil || err2 != nil || hi >= 1<<17 {
		return ID{}, fmt.Errorf("puzzleid: %q: the mask is not 81 bits of hexadecimal", s)
	}
	return ID{Number: n, Mask: canon.Mask{hi<<47 | lo>>17, lo & 0x1FFFF}}, nil
}

// ErrNoSolution and ErrSeveral say why a puzzle has no ID; Puzzle also
// returns ErrSeveral for an ID whose clues leave several solutions.
var (
	ErrNoSolution = errors.New("no solution")
	ErrSeveral    = errors.New("more than one solution")
)

// ErrEmptyMask and ErrNotMinimal say why Puzzle refuses an ID that ID never
// writes: a mask of no cells, or a mask that is not the smallest of the
// masks the grid's automorphisms carry it to (another ID names the class).
var (
	ErrEmptyMask  = errors.New("the mask has no clue cells")
	ErrNotMinimal = errors.New("the mask is not the smallest over the grid's automorphisms")
)

// Namer makes IDs and turns them back into puzzles. It is not safe for
// concurrent use; make one per goroutine (they may share the Ranker).
type Namer struct {
	r *rank.Ranker
	f *solve.Fast
}

// New returns a Namer that numbers grids with r.
func New(r *rank.Ranker) *Namer {
	return &Namer{r: r, f: solve.NewFast()}
}

// ID returns the ID of puzzle p (0 for an empty cell). It fails with a
// *solve.GivenError for givens that repeat a digit in a unit, and with
// ErrNoSolution or ErrSeveral unless p has exactly one solution.
func (n *Namer) ID(ctx context.Context, p *canon.Grid) (ID, error) {
	m, mask, err := n.Key(ctx, p)
	if err != nil {
		return ID{}, err
	}
	num, _, err := n.r.Rank(ctx, &m, rank.Lex)
	if err != nil {
		return ID{}, err
	}
	return ID{Number: num, Mask: mask}, nil
}

// Key returns all of p's ID but its number: the minlex grid of p's solution
// (whose number in rank.Lex the ID holds) and the mask. It fails as ID does.
// A collection's IDs are its keys, then all their numbers at once
// (rank.Ranker.RankMinlex, or IDs).
func (n *Namer) Key(ctx context.Context, p *canon.Grid) (canon.Grid, canon.Mask, error) {
	g := [81]uint8(*p)
	if err := solve.CheckGivens(&g); err != nil {
		return canon.Grid{}, canon.Mask{}, err
	}
	var sol [81]uint8
	count, err := n.f.Unique(ctx, &g, &sol)
	switch {
	case err != nil:
		return canon.Grid{}, canon.Mask{}, err
	case count == 0:
		return canon.Grid{}, canon.Mask{}, ErrNoSolution
	case count > 1:
		return canon.Grid{}, canon.Mask{}, ErrSeveral
	}
	return canon.PuzzleKey(p, (*canon.Grid)(&sol))
}

// Puzzle returns the puzzle an ID names: the clues of the minlex grid of
// class id.Number at the cells of id.Mask. It refuses, with an error
// wrapping ErrEmptyMask, ErrSeveral or ErrNotMinimal, an ID that ID never
// writes: a mask without cells, clues that leave more than one solution,
// or a mask that is not the smallest the grid's automorphisms carry it to.
func (n *Namer) Puzzle(ctx context.Context, id ID) (canon.Grid, error) {
	if id.Mask.Count() == 0 {
		return canon.Grid{}, fmt.Errorf("puzzleid: %v: %w", id, ErrEmptyMask)
	}
	m, err := n.r.Unrank(ctx, id.Number, rank.Lex)
	if err != nil {
		return canon.Grid{}, err
	}
	var p canon.Grid
	for i := range p {
		if id.Mask.Has(i) {
			p[i] = m[i]
		}
	}
	// The clues are the minlex grid's, so they have a solution; a second
	// one means a mistyped mask.
	g, sol := [81]uint8(p), [81]uint8{}
	count, err := n.f.Unique(ctx, &g, &sol)
	if err != nil {
		return canon.Grid{}, err
	}
	if count != 1 {
		return canon.Grid{}, fmt.Errorf("puzzleid: %v: %w", id, ErrSeveral)
	}
	_, mask, err := canon.PuzzleKey(&p, &m)
	if err != nil {
		return canon.Grid{}, err
	}
	if mask != id.Mask {
		return canon.Grid{}, fmt.Errorf("puzzleid: %v: %w (the class's ID is %v)", id, ErrNotMinimal, ID{Number: id.Number, Mask: mask})
	}
	return p, nil
}
