package enumerate

import (
	"context"
	"slices"

	"edgrid/band"
	"edgrid/canon"
)

// dlxTask enumerates a group's completions with the dancing-links engine: the
// 33 key cells and row 4 are chosen as givens, band 2's items form tier 0 so
// that the search finishes band 2 before touching band 3, and TierDone drops a
// finished band 2 whose form is smaller than band 1's. Completions come out in
// search order and are sorted before they are handed on.
type dlxTask struct {
	s       *Solver
	check   *canon.Checker
	partial canon.Grid
	band2   uint32
	res     *taskResult
	ctx     context.Context
}

func newDLXTask(key band.Key, check *canon.Checker) *dlxTask {
	t := &dlxTask{s: NewSolver(NewSudokuMatrix()), check: check, partial: key.Partial()}
	for it := range SudokuItems {
		if err := t.s.SetTier(it, dlxTier(it)); err != nil {
			panic(err) // the items are in range
		}
	}
	t.s.TierDone = t.tierDone
	return t
}

// dlxTier puts the items of band 2 (its cells, its rows' digits, its boxes'
// digits) in tier 0 and everything else in tier 1.
func dlxTier(it int) int {
	var row int
	switch {
	case it < 81:
		row = it / 9
	case it < 162:
		row = (it - 81) / 9
	case it < 243:
		return 1 // a column spans bands 2 and 3
	default:
		row = (it - 243) / 9 / 3 * 3
	}
	if row >= 3 && row < 6 {
		return 0
	}
	return 1
}

func (t *dlxTask) tierDone(tier int, chosen []int) bool {
	if tier != 0 {
		return true
	}
	var b2 [27]uint8
	for _, o := range chosen {
		if c := o / 9; c >= 27 && c < 54 {
			b2[c-27] = uint8(o%9 + 1)
		}
	}
	e, ok := t.check.Band2(&b2)
	if !ok {
		t.res.stats.Band2Pruned++
		return false
	}
	t.res.stats.Band2Kept++
	t.band2 = e
	return true
}

func (t *dlxTask) visit(opts []int) bool {
	g := canon.Grid(SudokuGrid(opts))
	t.res.stats.Completions++
	if ok, autos := t.check.Check(&g, t.band2); ok {
		t.res.grids = append(t.res.grids, g)
		t.res.autos = append(t.res.autos, uint16(autos))
	}
	return true
}

// run enumerates the completions whose row 4 (open cells) is r4.
func (t *dlxTask) run(r4 *[8]uint8) (*taskResult, error) {
	t.res = getResult()
	g := t.partial
	for k := range row4End {
		g[freeCells[k]] = r4[k]
	}
	t.s.Reset()
	if err := ChooseSudoku(t.s, (*[81]uint8)(&g)); err != nil {
		return nil, err
	}
	if _, err := t.s.Search(t.ctx, 0, t.visit); err != nil {
		return nil, err
	}
	// Sort grids (with their automorphism counts) into ascending order.
	idx := make([]int, len(t.res.grids))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return canonCompare(&t.res.grids[a], &t.res.grids[b]) })
	sorted := getResult()
	sorted.stats = t.res.stats
	for _, j := range idx {
		sorted.grids = append(sorted.grids, t.res.grids[j])
		sorted.autos = append(sorted.autos, t.res.autos[j])
	}
	resultPool.Put(t.res)
	return sorted, nil
}

func canonCompare(a, b *canon.Grid) int {
	switch {
	case canon.Less(a, b):
		return -1
	case canon.Less(b, a):
		return 1
	}
	return 0
}
