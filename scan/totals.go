package scan

import "slices"

// Totals adds up the parts of a scan over groups, as a merge of them
// reports it: the grids scanned, those with puzzles, the grids by their
// number of puzzles and, when listed, the puzzles themselves.
type Totals struct {
	Grids       int64
	WithPuzzles int64
	// PerGrid counts the grids by their number of puzzles (0 included).
	PerGrid map[int]int64
	// List holds the puzzles of the parts added, as AppendPuzzle writes
	// them (in the frame of their group's minlex grid), when the Totals
	// list them; Sort sorts it and drops repeats.
	List []string
	list bool
}

// NewTotals returns empty totals, which keep the puzzles themselves when
// list is true.
func NewTotals(list bool) *Totals {
	return &Totals{PerGrid: map[int]int64{}, list: list}
}

// Add counts part p.
func (t *Totals) Add(p *Part) {
	t.Grids += p.Grids
	t.WithPuzzles += int64(len(p.Found))
	if n := p.Grids - int64(len(p.Found)); n > 0 {
		t.PerGrid[0] += n
	}
	for i := range p.Found {
		f := &p.Found[i]
		t.PerGrid[len(f.Puzzles)]++
		if t.list {
			for _, m := range f.Puzzles {
				t.List = append(t.List, string(AppendPuzzle(nil, &f.Grid, m)))
			}
		}
	}
}

// Sort sorts List and drops its repeats.
func (t *Totals) Sort() {
	slices.Sort(t.List)
	t.List = slices.Compact(t.List)
}

// Puzzles returns the number of puzzles counted, repeats included.
func (t *Totals) Puzzles() int64 {
	var n int64
	for k, c := range t.PerGrid {
		n += int64(k) * c
	}
	return n
}

// Counts returns the numbers of puzzles that PerGrid counts grids of,
// ascending.
func (t *Totals) Counts() []int {
	ks := make([]int, 0, len(t.PerGrid))
	for k := range t.PerGrid {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
