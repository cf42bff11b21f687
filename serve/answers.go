package serve

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/cells"
	"edgrid/puzzleid"
	"edgrid/query"
	"edgrid/rank"
	"edgrid/solve"
)

// MinlexAnswer is the minlex form of a grid or a puzzle, as edgrid canon
// --json --dots gives it.
type MinlexAnswer struct {
	Kind   string `json:"kind"`   // "grid" (81 digits 1-9) or "puzzle" (some cell empty)
	Minlex string `json:"minlex"` // the form; a puzzle's empty cells as '.'
	Autos  int    `json:"autos"`  // automorphisms
}

// GridAnswer is everything the API knows about a solution grid.
type GridAnswer struct {
	Grid       string         `json:"grid"`       // the grid, 81 digits
	Minlex     string         `json:"minlex"`     // its class's minlex grid
	Autos      int            `json:"autos"`      // automorphisms, 1..648
	Numbers    Numbers        `json:"numbers"`    // the class's number in each order
	Group      int            `json:"group"`      // 1..3541, the paper's order
	Band       int            `json:"band"`       // the first band, 1..401
	Invariants map[string]int `json:"invariants"` // query's built-in invariants by name
}

// Numbers are a class's numbers in the three orders of edgrid rank.
type Numbers struct {
	Paper  int64 `json:"paper"`
	Groups int64 `json:"groups"`
	Lex    int64 `json:"lex"`
}

// PuzzleAnswer is everything the API knows about a puzzle.
type PuzzleAnswer struct {
	Puzzle       string `json:"puzzle"`             // the puzzle, empty cells '.'
	Givens       int    `json:"givens"`             // clues
	Minlex       string `json:"minlex"`             // the form in plain order (edgrid canon)
	PatternFirst string `json:"pattern_first"`      // the form, clue pattern first (edgrid canon --pattern-first)
	Autos        int    `json:"autos"`              // automorphisms (the same in both orders)
	Pattern      string `json:"pattern"`            // the clue pattern's form, '1' a clue (edgrid canon --pattern)
	PatternAutos int    `json:"pattern_autos"`      // the pattern's automorphisms
	Solutions    int    `json:"solutions"`          // 0, 1 or 2 (two or more)
	Solution     string `json:"solution,omitempty"` // the unique solution, or with several the lexicographically first
	ID           string `json:"id,omitempty"`       // edgrid id's ID, when the solution is unique
}

// minlexOf answers /api/v1/minlex: the form of a grid or puzzle, valid or
// not (a grid must be valid to be a grid).
func (s *Server) minlexOf(ctx context.Context, in string) (*MinlexAnswer, error) {
	p, empty, err := cells.Read(cellInput(in))
	if err != nil {
		return nil, err
	}
	if empty == 0 {
		if err := p.Validate(); err != nil {
			return nil, err
		}
		m, autos, _ := canon.Minlex(&p)
		return &MinlexAnswer{Kind: "grid", Minlex: m.String(), Autos: autos}, nil
	}
	select {
	case s.forms <- struct{}{}:
		defer func() { <-s.forms }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	pc := s.canons.Get().(*canon.PuzzleCanon)
	defer s.canons.Put(pc)
	f, autos, err := s.puzzleForm(ctx, pc, &p, canon.PlainOrder)
	if err != nil {
		return nil, err
	}
	return &MinlexAnswer{Kind: "puzzle", Minlex: string(canon.AppendPuzzle(nil, &f, '.')), Autos: autos}, nil
}

// puzzleForm is pc.Minlex within pc's bound on working space; a puzzle
// that needs more waits for the one place of s.wide and is done there
// without the bound, so that however many such puzzles come at once, one
// holds that space. It fails with 429 when too many wait already, and with
// ctx's error when ctx ends first.
func (s *Server) puzzleForm(ctx context.Context, pc *canon.PuzzleCanon, p *canon.Grid, order canon.PuzzleOrder) (canon.Grid, int, error) {
	f, autos, _, err := pc.Minlex(p, order)
	if !errors.Is(err, canon.ErrTooManyCandidates) {
		return f, autos, err
	}
	if err := s.wide.acquire(ctx); err != nil {
		if err == errQueueFull {
			err = errWideBusy
		}
		return canon.Grid{}, 0, err
	}
	defer s.wide.release()
	f, autos, _, err = s.widePC.Minlex(p, order)
	return f, autos, err
}

// gridOf answers /api/v1/grid.
func (s *Server) gridOf(ctx context.Context, in string) (*GridAnswer, error) {
	g, err := cells.ReadGrid(cellInput(in))
	if err != nil {
		return nil, err
	}
	return s.describeGrid(ctx, &g)
}

// describeGrid gathers a valid grid's answer: its form, its numbers in the
// three orders, its group and first band, its invariants.
func (s *Server) describeGrid(ctx context.Context, g *canon.Grid) (*GridAnswer, error) {
	m, autos, _ := canon.Minlex(g)
	a := &GridAnswer{Grid: g.String(), Minlex: m.String(), Autos: autos, Invariants: make(map[string]int)}
	for _, o := range []struct {
		order rank.Order
		n     *int64
	}{{rank.Paper, &a.Numbers.Paper}, {rank.Groups, &a.Numbers.Groups}, {rank.Lex, &a.Numbers.Lex}} {
		n, _, err := s.ranker.Rank(ctx, &m, o.order)
		if err != nil {
			return nil, err
		}
		*o.n = n
	}
	grp, err := band.GroupOf(&m)
	if err != nil {
		return nil, err
	}
	a.Group, a.Band = grp.Number, grp.Band
	for _, inv := range query.Cheap() {
		a.Invariants[inv.Name()] = inv.Value(&m)
	}
	return a, nil
}

// numberOf answers /api/v1/number: grid number in of order o.
func (s *Server) numberOf(ctx context.Context, in string, o rank.Order) (*GridAnswer, error) {
	n, err := s.parseNumber(in)
	if err != nil {
		return nil, err
	}
	g, err := s.ranker.Unrank(ctx, n, o)
	if err != nil {
		return nil, err
	}
	return s.describeGrid(ctx, &g)
}

// parseNumber reads a grid number, 1..Total, as edgrid unrank does.
func (s *Server) parseNumber(in string) (int64, error) {
	total := s.ranker.Tables().Total()
	t, _ := cells.Input(in, false)
	if t == "" || strings.Trim(t, "0123456789") != "" {
		return 0, badInput("%q is not a number (digits only): want 1..%d", short(in), total)
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 1 || n > total {
		return 0, badInput("%s is out of range: want 1..%d", short(t), total)
	}
	return n, nil
}

// puzzleOf answers /api/v1/puzzle.
func (s *Server) puzzleOf(ctx context.Context, in string) (*PuzzleAnswer, error) {
	p, err := cells.ReadPuzzle(cellInput(in))
	if err != nil {
		return nil, err
	}
	return s.describePuzzle(ctx, &p, "")
}

// describePuzzle gathers a puzzle's answer; id is its ID when the caller
// knows it, else "" (it is then found when the solution is unique).
func (s *Server) describePuzzle(ctx context.Context, p *canon.Grid, id string) (*PuzzleAnswer, error) {
	w := s.workers.Get().(*worker)
	defer s.workers.Put(w)
	g81 := [81]uint8(*p)
	if err := solve.CheckGivens(&g81); err != nil {
		return nil, err
	}
	a := &PuzzleAnswer{Puzzle: string(canon.AppendPuzzle(nil, p, '.'))}
	for _, v := range p {
		if v != 0 {
			a.Givens++
		}
	}
	f, autos, err := s.puzzleForm(ctx, &w.pc, p, canon.PlainOrder)
	if err != nil {
		return nil, err
	}
	a.Minlex, a.Autos = string(canon.AppendPuzzle(nil, &f, '.')), autos
	if f, _, err = s.puzzleForm(ctx, &w.pc, p, canon.PatternFirst); err != nil {
		return nil, err
	}
	a.PatternFirst = string(canon.AppendPuzzle(nil, &f, '.'))
	m, pautos, _ := w.pc.Pattern(canon.MaskOf(p))
	a.Pattern, a.PatternAutos = patternText(m), pautos
	var sol [81]uint8
	n, err := w.fast.Unique(ctx, &g81, &sol)
	if err != nil {
		return nil, err
	}
	a.Solutions = int(n)
	if n == 2 {
		if _, err := w.fast.First(ctx, &g81, &sol); err != nil {
			return nil, err
		}
	}
	if n > 0 {
		sg := canon.Grid(sol)
		a.Solution = sg.String()
	}
	if n == 1 {
		if id == "" {
			pid, err := w.namer.ID(ctx, p)
			if err != nil {
				return nil, err
			}
			id = pid.String()
		}
		a.ID = id
	}
	return a, nil
}

// idOf answers /api/v1/id: the puzzle an ID names, with its answer.
func (s *Server) idOf(ctx context.Context, in string) (*PuzzleAnswer, error) {
	t, _ := cells.Input(in, false)
	id, err := puzzleid.Parse(t)
	if err != nil {
		return nil, badInput("%s", strings.TrimPrefix(err.Error(), "puzzleid: "))
	}
	if total := s.ranker.Tables().Total(); id.Number > total {
		return nil, badInput("%q: number %d is out of range: want 1..%d", short(in), id.Number, total)
	}
	w := s.workers.Get().(*worker)
	p, err := w.namer.Puzzle(ctx, id)
	s.workers.Put(w)
	if err != nil {
		if errors.Is(err, puzzleid.ErrEmptyMask) || errors.Is(err, puzzleid.ErrSeveral) || errors.Is(err, puzzleid.ErrNotMinimal) {
			return nil, &apiError{Type: errNotFound, Message: fmt.Sprintf("%q names no puzzle: %v", short(in), err), status: 404}
		}
		return nil, err
	}
	return s.describePuzzle(ctx, &p, id.String())
}

// cellInput is the grid or puzzle of an input, read as the command line
// reads an argument or a line (cells.Input): the fields after it, which
// the command line copies to its answer, are left out.
func cellInput(in string) string {
	t, _ := cells.Input(in, true)
	return t
}

// patternText writes a clue pattern as edgrid canon --pattern --dots does:
// '1' for a clue, '.' for an empty cell.
func patternText(m canon.Mask) string {
	b := make([]byte, 81)
	for i := range b {
		b[i] = '.'
		if m.Has(i) {
			b[i] = '1'
		}
	}
	return string(b)
}

// short cuts an input for an error message.
func short(s string) string {
	if len(s) > 90 {
		return s[:87] + "..."
	}
	return s
}
