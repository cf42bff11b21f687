package query

import (
	"fmt"
	"math/big"
	"sort"

	"edgrid/canon"
)

// Result is what a query found over a set of groups: how many grids it
// examined and how many matched its expression, and for each invariant the
// histogram of the matching grids' values with the first grid reaching the
// minimum and the maximum. Results of disjoint sets of groups merge exactly
// (Merge), in any order.
type Result struct {
	Groups  []int  // the groups counted, ascending
	Where   string // the expression grids had to satisfy, "" for all
	Grids   int64  // grids examined
	Matched int64  // grids that satisfied Where (all of them without one)
	Stats   []Stat // one per invariant, in the query's order
}

// Stat describes one invariant over the matching grids. With no grid
// matching, Hist is empty and Min and Max are zero.
type Stat struct {
	Name       string
	Definition string
	Hist       map[int]int64 // value -> grids
	Min, Max   Extreme
}

// Extreme is a value an invariant reaches and the first grid reaching it
// in the catalog's order (groups ascending, grids ascending in a group).
type Extreme struct {
	Value int
	At    Position
}

// Position is a grid and where it is: its group and its ordinal in the
// group (1-based, ascending order; the --order groups number is the
// group's first number plus the ordinal minus 1).
type Position struct {
	Group   int
	Ordinal int64
	Grid    canon.Grid
}

// before reports whether p comes before q in the catalog's order.
func (p Position) before(q Position) bool {
	if p.Group != q.Group {
		return p.Group < q.Group
	}
	return p.Ordinal < q.Ordinal
}

// Count returns the number of grids in the histogram.
func (s *Stat) Count() int64 {
	var n int64
	for _, c := range s.Hist {
		n += c
	}
	return n
}

// Sum returns the sum of the values over the grids, exactly.
func (s *Stat) Sum() *big.Int {
	sum, t := new(big.Int), new(big.Int)
	for v, c := range s.Hist {
		sum.Add(sum, t.Mul(big.NewInt(int64(v)), big.NewInt(c)))
	}
	return sum
}

// Mean returns the mean value over the grids, 0 when there are none.
func (s *Stat) Mean() float64 {
	n := s.Count()
	if n == 0 {
		return 0
	}
	m, _ := new(big.Rat).SetFrac(s.Sum(), big.NewInt(n)).Float64()
	return m
}

// Merge adds o, the result of the same query over other groups, to r.
func (r *Result) Merge(o *Result) error {
	if r.Where != o.Where || len(r.Stats) != len(o.Stats) {
		return fmt.Errorf("query: merging results of different queries (where %q and %q, %d and %d invariants)", r.Where, o.Where, len(r.Stats), len(o.Stats))
	}
	for i := range r.Stats {
		if r.Stats[i].Name != o.Stats[i].Name {
			return fmt.Errorf("query: merging results of different queries (invariant %d: %s and %s)", i+1, r.Stats[i].Name, o.Stats[i].Name)
		}
	}
	groups := make([]int, 0, len(r.Groups)+len(o.Groups))
	groups = append(append(groups, r.Groups...), o.Groups...)
	sort.Ints(groups)
	for i := 1; i < len(groups); i++ {
		if groups[i] == groups[i-1] {
			return fmt.Errorf("query: merging results that both count group %d", groups[i])
		}
	}
	r.Groups = groups
	r.Grids += o.Grids
	r.Matched += o.Matched
	for i := range r.Stats {
		r.Stats[i].merge(&o.Stats[i])
	}
	return nil
}

func (s *Stat) merge(o *Stat) {
	if len(o.Hist) == 0 {
		return
	}
	if len(s.Hist) == 0 {
		s.Min, s.Max = o.Min, o.Max
	} else {
		if o.Min.Value < s.Min.Value || o.Min.Value == s.Min.Value && o.Min.At.before(s.Min.At) {
			s.Min = o.Min
		}
		if o.Max.Value > s.Max.Value || o.Max.Value == s.Max.Value && o.Max.At.before(s.Max.At) {
			s.Max = o.Max
		}
	}
	if s.Hist == nil {
		s.Hist = map[int]int64{}
	}
	for v, c := range o.Hist {
		s.Hist[v] += c
	}
}

// newResult returns an empty result of a query over invs.
func newResult(invs []Invariant, where string) *Result {
	r := &Result{Where: where, Stats: make([]Stat, len(invs))}
	for i, inv := range invs {
		r.Stats[i] = Stat{Name: inv.Name(), Definition: inv.Definition(), Hist: map[int]int64{}}
	}
	return r
}

// denseValues is how many values, from 0, an accumulator counts in an
// array; others go to a map.
const denseValues = 1024

// accumulator counts one invariant's values in the hot loop: an array for
// small values, the first grid at the minimum and maximum found so far.
type accumulator struct {
	dense    [denseValues]int64
	sparse   map[int]int64
	n        int64
	min, max Extreme
}

func (a *accumulator) reset() {
	a.dense = [denseValues]int64{}
	a.sparse = nil
	a.n = 0
}

// add counts value v of grid g at ordinal ord of group; grids come in order.
func (a *accumulator) add(v int, group int, ord int64, g *canon.Grid) {
	if uint(v) < denseValues {
		a.dense[v]++
	} else {
		if a.sparse == nil {
			a.sparse = map[int]int64{}
		}
		a.sparse[v]++
	}
	if a.n == 0 || v < a.min.Value {
		a.min = Extreme{v, Position{group, ord, *g}}
	}
	if a.n == 0 || v > a.max.Value {
		a.max = Extreme{v, Position{group, ord, *g}}
	}
	a.n++
}

// addRun counts the values of a run's grids, all of them counted (no
// expression): the histogram in a tight loop, then the run's extremes.
func (a *accumulator) addRun(vals []int, r *Run) {
	lo, hi := 0, 0
	for i, v := range vals {
		if uint(v) < denseValues {
			a.dense[v]++
		} else {
			if a.sparse == nil {
				a.sparse = map[int]int64{}
			}
			a.sparse[v]++
		}
		if v < vals[lo] {
			lo = i
		}
		if v > vals[hi] {
			hi = i
		}
	}
	if len(vals) == 0 {
		return
	}
	if a.n == 0 || vals[lo] < a.min.Value {
		a.min = Extreme{vals[lo], Position{r.Group, r.First + int64(lo), r.Grids[lo]}}
	}
	if a.n == 0 || vals[hi] > a.max.Value {
		a.max = Extreme{vals[hi], Position{r.Group, r.First + int64(hi), r.Grids[hi]}}
	}
	a.n += int64(len(vals))
}

// stat sets s's histogram and extremes from the accumulator.
func (a *accumulator) stat(s *Stat) {
	s.Hist = map[int]int64{}
	for v, c := range a.dense {
		if c > 0 {
			s.Hist[v] = c
		}
	}
	for v, c := range a.sparse {
		s.Hist[v] = c
	}
	if a.n > 0 {
		s.Min, s.Max = a.min, a.max
	} else {
		s.Min, s.Max = Extreme{}, Extreme{}
	}
}
