package solve

import (
	"context"
	"errors"
	"fmt"

	"edgrid/dlx"
)

// The exact cover of a board: one primary item per cell (it gets a number),
// then Max items per region (the region holds number v): primary for a
// region with Max cells (exactly once), secondary for a smaller one (at
// most once). Option k*Max + v-1 puts v in the k-th cell (row by row).

// Solver solves puzzles on one board, reusing one dancing-links solver:
// every Solve chooses the givens, searches and takes them back, with no
// allocation per puzzle. A Solver is not safe for concurrent use.
type Solver struct {
	rules    *Rules
	dlx      *dlx.Solver
	cellPos  []int    // position of each cell
	cellOf   []int    // cell of each position, -1 for a non-cell
	itemName []string // name of each region item, from item len(cellPos) on

	values []uint8                   // the solution handed to the caller's visit
	user   func(values []uint8) bool // the caller's visit during Solve
	visit  func(options []int) bool  // decodes into values and calls user; made once
	trace  func(dlx.TraceEvent)      // the -v hook, or nil
	work   []uint8                   // First's givens with the cells fixed so far
}

// GivenError reports a given that cannot stand: a number out of range for
// the board, a given on a position that is not a cell, or a number that a
// region already holds.
type GivenError struct {
	Pos   int    // position r*Cols+c
	Where string // "cell 41 (r5c5)" on a 9x9 board, else "r5c5"
	Value int    // the given
	Unit  string // the region it clashes in ("row 5", "region 3 (line 40)"), or ""
	Max   int    // the board's maximum number
	Cell  bool   // the position is a cell
}

// Error implements error.
func (e *GivenError) Error() string {
	switch {
	case !e.Cell:
		return fmt.Sprintf("%s: given %d on a position that is not a cell", e.Where, e.Value)
	case e.Unit == "":
		return fmt.Sprintf("%s: given %d is out of range 1..%d", e.Where, e.Value, e.Max)
	default:
		return fmt.Sprintf("%s: %c is already in %s", e.Where, numberChar(e.Value), e.Unit)
	}
}

// givenError describes the given v at position p of r.
func givenError(r *Rules, p, v int, cell bool, unit string) *GivenError {
	where := fmt.Sprintf("r%dc%d", p/r.Cols+1, p%r.Cols+1)
	if r.Rows == 9 && r.Cols == 9 {
		where = fmt.Sprintf("cell %d (%s)", p+1, where)
	}
	return &GivenError{Pos: p, Where: where, Value: v, Unit: unit, Max: r.Max, Cell: cell}
}

// NewSudoku returns a Solver for classic 9x9 Sudoku, on the exact cover of
// Classic's rules (items cell, row-digit, column-digit, box-digit; option
// cell*9+d-1 puts d in cell).
func NewSudoku() *Solver {
	s, err := NewSolver(Classic())
	if err != nil {
		panic(err) // Classic is well formed
	}
	return s
}

// NewSolver builds the exact cover of r's board and regions (its givens
// are not chosen: pass them to Solve). It fails if a region has more cells
// than r.Max or a position out of the board.
func NewSolver(r *Rules) (*Solver, error) {
	s := &Solver{rules: r, cellOf: make([]int, len(r.Board))}
	for p, v := range r.Board {
		s.cellOf[p] = -1
		if v >= 0 {
			s.cellOf[p] = len(s.cellPos)
			s.cellPos = append(s.cellPos, p)
		}
	}
	var full, part []int // regions with Max cells, with fewer
	for k, reg := range r.Regions {
		if len(reg.Cells) > r.Max {
			return nil, fmt.Errorf("solve: %s has %d cells, more than %d", reg.Name, len(reg.Cells), r.Max)
		}
		for _, p := range reg.Cells {
			if p < 0 || p >= len(r.Board) || s.cellOf[p] < 0 {
				return nil, fmt.Errorf("solve: %s: position %d is not a cell", reg.Name, p)
			}
		}
		if len(reg.Cells) == r.Max {
			full = append(full, k)
		} else {
			part = append(part, k)
		}
	}
	order := append(full, part...) // region of each block of Max items
	base := make([]int, len(r.Regions))
	for j, k := range order {
		base[k] = len(s.cellPos) + j*r.Max
		for v := 1; v <= r.Max; v++ {
			s.itemName = append(s.itemName, r.Regions[k].Name)
		}
	}
	m := dlx.NewMatrix(len(s.cellPos)+len(full)*r.Max, len(part)*r.Max)
	regionsOf := make([][]int, len(s.cellPos))
	for k, reg := range r.Regions {
		for _, p := range reg.Cells {
			regionsOf[s.cellOf[p]] = append(regionsOf[s.cellOf[p]], k)
		}
	}
	items := make([]int, 0, 8)
	for c := range s.cellPos {
		for v := 0; v < r.Max; v++ {
			items = append(items[:0], c)
			for _, k := range regionsOf[c] {
				items = append(items, base[k]+v)
			}
			if _, err := m.AddOption(items...); err != nil {
				return nil, fmt.Errorf("solve: cell %d: %w", c, err) // a region listing a cell twice
			}
		}
	}
	s.dlx = dlx.NewSolver(m)
	s.values = make([]uint8, len(r.Board))
	s.visit = func(options []int) bool {
		clear(s.values)
		for _, o := range options {
			s.values[s.cellPos[o/r.Max]] = uint8(o%r.Max + 1)
		}
		return s.user(s.values)
	}
	return s, nil
}

// Rules returns the rules the solver was built for.
func (s *Solver) Rules() *Rules { return s.rules }

// Solve finds the solutions of the puzzle with the given givens (one value
// per position, 0 for none; len must be the board's size) and returns how
// many it found, at most limit (limit <= 0: all). visit, if not nil, gets
// each solution as one value per position (0 on non-cells), valid during
// the call; returning false stops. A given that cannot stand is a
// *GivenError; a done ctx ends the search with ctx.Err().
func (s *Solver) Solve(ctx context.Context, givens []uint8, limit int64, visit func(values []uint8) bool) (int64, error) {
	r := s.rules
	if len(givens) != len(r.Board) {
		return 0, fmt.Errorf("solve: %d givens for a board of %d positions", len(givens), len(r.Board))
	}
	s.dlx.Reset()
	for p, v := range givens {
		if v == 0 {
			continue
		}
		c := s.cellOf[p]
		if c < 0 || int(v) > r.Max {
			return 0, givenError(r, p, int(v), c >= 0, "")
		}
		if err := s.dlx.Choose(c*r.Max + int(v) - 1); err != nil {
			unit := "a region"
			var ce *dlx.ConflictError
			if errors.As(err, &ce) && ce.Item >= len(s.cellPos) {
				unit = s.itemName[ce.Item-len(s.cellPos)]
			}
			s.dlx.Reset()
			return 0, givenError(r, p, int(v), true, unit)
		}
	}
	s.dlx.Trace = s.trace
	var n int64
	var err error
	if visit == nil {
		n, err = s.dlx.Search(ctx, limit, nil)
	} else {
		s.user = visit
		n, err = s.dlx.Search(ctx, limit, s.visit)
		s.user = nil
	}
	return n, err
}

// SolveSudoku is Solve for a 9x9 grid on a Solver made by NewSudoku.
func (s *Solver) SolveSudoku(ctx context.Context, g *[81]uint8, limit int64, visit func(values []uint8) bool) (int64, error) {
	return s.Solve(ctx, g[:], limit, visit)
}

// Updates returns the dancing-links work done so far (dlx.Solver.Updates).
func (s *Solver) Updates() uint64 { return s.dlx.Updates() }

// Describe names option o of the exact cover as a placement: "r5c5=3"
// ("r2c11=B" on larger boards).
func (s *Solver) Describe(o int) string {
	r := s.rules
	p := s.cellPos[o/r.Max]
	return fmt.Sprintf("r%dc%d=%c", p/r.Cols+1, p%r.Cols+1, numberChar(o%r.Max+1))
}

// ItemName names item it of the exact cover: "cell r5c5" or "row 5 holds 3".
func (s *Solver) ItemName(it int) string {
	r := s.rules
	if it < len(s.cellPos) {
		p := s.cellPos[it]
		return fmt.Sprintf("cell r%dc%d", p/r.Cols+1, p%r.Cols+1)
	}
	k := it - len(s.cellPos)
	return fmt.Sprintf("%s holds %c", s.itemName[k], numberChar(k%r.Max+1))
}
