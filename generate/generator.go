package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"edgrid/canon"
	"edgrid/internal/uniform"
	"edgrid/rank"
	"edgrid/rate"
	"edgrid/scan"
	"edgrid/solve"
)

// Options say what puzzles to make.
type Options struct {
	Method Method
	Over   Over // where the grids come from (not used by FromGrid)
	// MinClues..MaxClues is the range of clue counts wanted; 0, 0 is any.
	// A top-down puzzle outside the range is made again; up to ScanClues
	// clues, a grid's puzzle is found by the scan (package scan) instead.
	MinClues, MaxClues int
	// Minimal asks for minimal puzzles with a clue range; without it a
	// top-down puzzle stops at a clue count drawn uniformly from the range.
	// Top-down without a range and controlled-bias are always minimal.
	Minimal bool
	// MinGrade..MaxGrade is the range of grades wanted; 0, 0 is any.
	MinGrade, MaxGrade rate.Grade
	Seed               uint64
	// MaxTries bounds the grids (or orders, for FromGrid) tried for one
	// puzzle; 0 is DefaultMaxTries.
	MaxTries int
}

// ScanClues is the largest clue count for which a puzzle is found by the
// scan of a grid rather than top-down: top-down stops at 21 clues in
// about one grid of 250 and at 22 in one of 30, but at 20 so rarely that
// the scan's first puzzle of a grid (docs/benchmarks.md) comes sooner.
const ScanClues = 20

// DefaultMaxTries is the bound on the tries for one puzzle by default.
const DefaultMaxTries = 1 << 22

// Puzzle is one puzzle made.
type Puzzle struct {
	// Unit is the index of the work unit that made the puzzle, whose
	// random stream it came from: top-down, one puzzle a unit; with
	// controlled-bias a grid and its AttemptsPerGrid attempts.
	Unit     uint64
	Givens   [81]uint8 // the clues, 0 for an empty cell
	Solution [81]uint8 // the grid it was made from
	Clues    int
	Rating   rate.Rating
	// Tries: top-down, the grids drawn (for FromGrid, the removal orders
	// tried) until this puzzle; controlled-bias, the attempt on the unit's
	// grid that made it, 1..AttemptsPerGrid (for FromGrid, the attempts).
	Tries int
}

// ErrTries is the error of a puzzle not found in Options.MaxTries tries.
var ErrTries = errors.New("generate: no puzzle in the tries allowed (clue and grade ranges too narrow for the grids?)")

// Generator makes puzzles; it holds a solver, a scanner and a rater and is
// not safe for concurrent use (use one per goroutine; they may share a
// rank.Ranker).
type Generator struct {
	opt     Options
	grids   gridSource
	fast    *solve.Fast
	scanner *scan.Scanner
	rater   *rate.Rater
	order   [81]uint8
}

// New returns a Generator for opt. The ranker draws the classes of
// OverClasses (nil: one of its own over the embedded tables; used with
// OverClasses only).
func New(opt Options, ranker *rank.Ranker) (*Generator, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	if opt.MaxTries == 0 {
		opt.MaxTries = DefaultMaxTries
	}
	src := gridSource{over: opt.Over, ranker: ranker}
	switch {
	case opt.Over == OverClasses && ranker == nil:
		var err error
		if src.ranker, err = rank.New(nil, nil); err != nil {
			return nil, err
		}
	case opt.Over == OverGrids:
		var err error
		if src.uniform, err = uniform.New(); err != nil {
			return nil, err
		}
	}
	return &Generator{opt: opt, grids: src, fast: solve.NewFast(),
		scanner: scan.NewScanner(), rater: rate.New()}, nil
}

// check validates the options.
func (o *Options) check() error {
	switch {
	case o.Method > ControlledBias:
		return fmt.Errorf("generate: unknown method %d", o.Method)
	case o.Over > OverBacktrack:
		return fmt.Errorf("generate: unknown grid distribution %d", o.Over)
	case o.MinClues == 0 && o.MaxClues == 0:
	case o.MinClues < 17 || o.MaxClues > 81 || o.MinClues > o.MaxClues:
		return fmt.Errorf("generate: clues %d-%d: want a range inside 17-81", o.MinClues, o.MaxClues)
	}
	switch {
	case o.MinGrade == 0 && o.MaxGrade == 0:
	case o.MinGrade < rate.Simple || o.MaxGrade > rate.Expert || o.MinGrade > o.MaxGrade:
		return fmt.Errorf("generate: grades %d-%d: want a range inside %v-%v", o.MinGrade, o.MaxGrade, rate.Simple, rate.Expert)
	}
	if o.MaxTries < 0 {
		return fmt.Errorf("generate: %d tries: want 0 (the default) or more", o.MaxTries)
	}
	return nil
}

// Stream returns the random stream of puzzle index i under seed: PCG
// seeded with the seed and i, the same on every machine.
func Stream(seed, i uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, i)) }

// Unit makes the puzzles of work unit i from its random stream and
// appends them to out: top-down one puzzle, drawing grids until one meets
// the options (ErrTries after MaxTries grids); controlled-bias the
// successes, 0 or more, of AttemptsPerGrid attempts on one grid. A
// cancelled ctx stops it with ctx.Err().
func (g *Generator) Unit(ctx context.Context, i uint64, out []Puzzle) ([]Puzzle, error) {
	r := Stream(g.opt.Seed, i)
	if g.opt.Method == ControlledBias {
		grid, err := g.grids.draw(ctx, r)
		if err != nil {
			return out, err
		}
		sets, err := newCBSets(&grid)
		if err != nil {
			return out, err
		}
		for a := 1; a <= AttemptsPerGrid; a++ {
			p, ok, err := g.attempt(ctx, &grid, sets, r)
			if err != nil {
				return out, err
			}
			if ok {
				p.Unit, p.Tries = i, a
				out = append(out, p)
			}
		}
		return out, nil
	}
	for try := 1; try <= g.opt.MaxTries; try++ {
		grid, err := g.grids.draw(ctx, r)
		if err != nil {
			return out, err
		}
		p, ok, err := g.attempt(ctx, &grid, nil, r)
		if err != nil {
			return out, err
		}
		if ok {
			p.Unit, p.Tries = i, try
			return append(out, p), nil
		}
	}
	return out, ErrTries
}

// FromGrid makes a puzzle of grid (a valid solution grid) with the stream
// of index i, trying new removal orders on the same grid until one meets
// the options.
func (g *Generator) FromGrid(ctx context.Context, grid *canon.Grid, i uint64) (Puzzle, error) {
	if err := grid.Validate(); err != nil {
		return Puzzle{}, fmt.Errorf("generate: %w", err)
	}
	r := Stream(g.opt.Seed, i)
	tries := g.opt.MaxTries
	if g.useScan() {
		tries = 1 // the scan is deterministic: another try finds the same
	}
	var sets cbSets
	if g.opt.Method == ControlledBias {
		var err error
		if sets, err = newCBSets(grid); err != nil {
			return Puzzle{}, err
		}
	}
	for try := 1; try <= tries; try++ {
		p, ok, err := g.attempt(ctx, grid, sets, r)
		if err != nil {
			return Puzzle{}, err
		}
		if ok {
			p.Unit, p.Tries = i, try
			return p, nil
		}
	}
	return Puzzle{}, ErrTries
}

// useScan reports whether puzzles come from the scan.
func (g *Generator) useScan() bool {
	return g.opt.MaxClues != 0 && g.opt.MaxClues <= ScanClues && g.opt.Method == TopDown
}

// attempt tries once to make a puzzle of grid that meets the options
// (sets: the grid's unavoidable sets, for controlled-bias).
func (g *Generator) attempt(ctx context.Context, grid *canon.Grid, sets cbSets, r *rand.Rand) (Puzzle, bool, error) {
	var p Puzzle
	p.Solution = [81]uint8(*grid)
	var ok bool
	var err error
	switch {
	case g.opt.Method == ControlledBias:
		ok, err = g.controlledBias(ctx, &p.Solution, &p.Givens, sets, r)
	case g.useScan():
		ok, err = g.fromScan(ctx, grid, &p.Givens, r)
	default:
		target := 0
		if g.opt.MaxClues != 0 && !g.opt.Minimal {
			target = g.opt.MinClues + r.IntN(g.opt.MaxClues-g.opt.MinClues+1)
		}
		ok, err = g.topDown(ctx, &p.Solution, &p.Givens, r, target)
	}
	if err != nil || !ok {
		return p, false, err
	}
	for _, v := range p.Givens {
		if v != 0 {
			p.Clues++
		}
	}
	if g.opt.MaxClues != 0 && (p.Clues < g.opt.MinClues || p.Clues > g.opt.MaxClues) {
		return p, false, nil
	}
	if p.Rating, err = g.rater.Rate(ctx, &p.Givens); err != nil {
		return p, false, fmt.Errorf("generate: rating a puzzle made: %w", err)
	}
	if gr := p.Rating.Grade(); g.opt.MaxGrade != 0 && (gr < g.opt.MinGrade || gr > g.opt.MaxGrade) {
		return p, false, nil
	}
	return p, true, nil
}

// shuffle fills g.order with a uniformly random order of the 81 cells.
func (g *Generator) shuffle(r *rand.Rand) {
	for c := range g.order {
		g.order[c] = uint8(c)
	}
	for c := 80; c > 0; c-- {
		j := r.IntN(c + 1)
		g.order[c], g.order[j] = g.order[j], g.order[c]
	}
}

// unique reports whether p has one solution (p has at least one: it is
// part of a grid).
func (g *Generator) unique(ctx context.Context, p *[81]uint8) (bool, error) {
	n, err := g.fast.Count(ctx, p, 2)
	return n == 1, err
}

// fromScan writes to p the first puzzle the scan finds of grid with a clue
// count drawn from the range; false when the grid has none.
func (g *Generator) fromScan(ctx context.Context, grid *canon.Grid, p *[81]uint8, r *rand.Rand) (bool, error) {
	k := g.opt.MinClues + r.IntN(g.opt.MaxClues-g.opt.MinClues+1)
	m := scan.MinimalAny
	if g.opt.Minimal {
		m = scan.MinimalOnly
	}
	found := false
	_, err := g.scanner.Scan(ctx, grid, scan.Options{Clues: k, First: true, Minimal: m}, func(clues canon.Mask) error {
		for c := range p {
			p[c] = 0
			if clues.Has(c) {
				p[c] = grid[c]
			}
		}
		found = true
		return nil
	})
	return found, err
}
