package query

import (
	"context"
	"strconv"
	"sync"

	"edgrid/canon"
	"edgrid/scan"
)

// The invariants that package scan computes: the minimal unavoidable sets
// of each size up to 12 (one collection a grid serves all the sizes), and
// the number of 16- and 17-clue puzzles (a full hitting-set search a grid,
// by far the most expensive invariants; docs/guide/scan.md and
// docs/benchmarks.md give the cost). They are not among the built-ins a
// query computes by default or that tests of every invariant run;
// Builtins and Lookup know them.

// uaSizes are the sizes of the ua<n> invariants: every size a minimal
// unavoidable set up to 12 can have except 4 (ua4, computed directly).
var uaSizes = []int{6, 8, 9, 10, 11, 12}

// UA6, UA8, UA9, UA10, UA11 and UA12 are the numbers of minimal unavoidable
// sets of 6, 8, 9, 10, 11 and 12 cells (scan.Unavoidable; none has 5 or 7).
var (
	UA6  RunInvariant = uaSizeInv{6}
	UA8  RunInvariant = uaSizeInv{8}
	UA9  RunInvariant = uaSizeInv{9}
	UA10 RunInvariant = uaSizeInv{10}
	UA11 RunInvariant = uaSizeInv{11}
	UA12 RunInvariant = uaSizeInv{12}
)

// P16 and P17 are the numbers of 16- and 17-clue puzzles of a grid (every
// one is minimal): each value is a full scan of the grid, so a query of
// them over a group costs that scan times its grids. No grid has a 16, so
// P16 is 0 on every grid; computing it is the proof.
var (
	P16 Invariant = puzzlesInv{16}
	P17 Invariant = puzzlesInv{17}
)

// scanInvariants are the invariants of this file, in the order Builtins
// lists them.
var scanInvariants = []Invariant{UA6, UA8, UA9, UA10, UA11, UA12, P16, P17}

type uaSizeInv struct{ size int }

func (u uaSizeInv) Name() string { return "ua" + strconv.Itoa(u.size) }
func (u uaSizeInv) Definition() string {
	return "minimal unavoidable sets of " + strconv.Itoa(u.size) + " cells (edgrid scan --ua)"
}

// Value counts g's minimal unavoidable sets of u.size cells, or is -1 for
// an invalid grid. A set is minimal when no unavoidable set lies inside
// it, which only smaller sets can do, so collecting up to u.size is enough.
func (u uaSizeInv) Value(g *canon.Grid) int {
	sets, err := scan.Unavoidable(g, u.size)
	if err != nil {
		return -1
	}
	return countSize(sets, u.size)
}

func countSize(sets []canon.Mask, size int) int {
	n := 0
	for _, m := range sets {
		if m.Count() == size {
			n++
		}
	}
	return n
}

// NewRunner returns a Runner that collects each grid's sets once for all
// the ua<n> invariants of a query's worker (runCache.ua).
func (u uaSizeInv) NewRunner() Runner { return &uaSizeRunner{size: u.size} }

type uaSizeRunner struct {
	size int
	own  runCache
}

func (x *uaSizeRunner) Values(r *Run, out []int) {
	c := r.cache
	if c == nil {
		c = &x.own
		c.uaValid = false
	}
	if !c.uaValid {
		c.ua = c.ua[:0]
		for i := range r.Grids {
			var counts [13]int
			sets, err := scan.Unavoidable(&r.Grids[i], 12)
			if err != nil {
				counts = [13]int{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}
			}
			for _, m := range sets {
				counts[m.Count()]++
			}
			c.ua = append(c.ua, counts)
		}
		c.uaValid = true
	}
	for i := range out {
		out[i] = c.ua[i][x.size]
	}
}

type puzzlesInv struct{ clues int }

func (p puzzlesInv) Name() string { return "p" + strconv.Itoa(p.clues) }
func (p puzzlesInv) Definition() string {
	return strconv.Itoa(p.clues) + "-clue puzzles (edgrid scan --clues " + strconv.Itoa(p.clues) + "; a full scan of each grid: expensive)"
}

// scanners keeps Scanners between calls of puzzlesInv.Value.
var scanners = sync.Pool{New: func() any { return scan.NewScanner() }}

// Value counts g's puzzles of p.clues clues, or is -1 for an invalid grid.
func (p puzzlesInv) Value(g *canon.Grid) int {
	sc := scanners.Get().(*scan.Scanner)
	defer scanners.Put(sc)
	st, err := sc.Scan(context.Background(), g, scan.Options{Clues: p.clues}, func(canon.Mask) error { return nil })
	if err != nil {
		return -1
	}
	return int(st.Puzzles)
}
