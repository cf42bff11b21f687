package scan

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"edgrid/canon"
)

// TestFreshListed checks a fresh list made from random sets against every
// choice of four of them: the unhit sets' open cells, smallest first (the
// sets of one size in the order of their index), the first freshSkip left
// out, pairwise disjoint, in the order of their largest set and then of
// the others from the largest down, up to famCap; each cell's index marks
// exactly the families holding it, all are untouched at the level, and
// the levels above take families of that size anew.
func TestFreshListed(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{20, 60, 300, 600} {
		s := NewScanner()
		s.fam.sets, s.fam.unhit, s.fam.deadAt = &s.sets, &s.unhit, &s.deadAt
		for i, u := range randomSets(r, n, 5, 10) {
			s.sets[i] = u
		}
		const lvl = 3
		var open []cells
		for i := range n {
			if r.IntN(4) != 0 {
				s.unhit[lvl][i>>6] |= 1 << (i & 63)
			}
		}
		s.deadAt[lvl] = randomCells(r, 12)
		for l := range lvl {
			s.fam.known[l] = 0xff
		}
		for i := range n {
			if s.unhit[lvl][i>>6]>>(i&63)&1 == 1 {
				if u := s.sets[i].andNot(s.deadAt[lvl]); !u.empty() {
					open = append(open, u)
				}
			}
		}
		slices.SortStableFunc(open, func(a, b cells) int { return cmp.Compare(a.count(), b.count()) })
		open = open[:min(len(open), freshMax)]
		type four struct {
			i, a, b, c int
			u          cells
		}
		var want []four
		for i := freshSkip; i < len(open) && len(want) < famCap[freshSize]; i++ {
			for a := freshSkip; a < i; a++ {
				for b := freshSkip; b < a; b++ {
					for c := freshSkip; c < b; c++ {
						q := []cells{open[i], open[a], open[b], open[c]}
						ok := true
						for x := range q {
							for y := range x {
								ok = ok && !q[x].meets(q[y])
							}
						}
						if ok {
							want = append(want, four{i, a, b, c, open[i].or(open[a]).or(open[b]).or(open[c])})
						}
					}
				}
			}
		}
		want = want[:min(len(want), famCap[freshSize])]

		s.fam.listFresh(lvl)
		f := &s.fam
		if f.words[freshSize] != (len(want)+63)/64 {
			t.Fatalf("%d sets: %d words for %d families", n, f.words[freshSize], len(want))
		}
		alive, nz := f.untouched(lvl, freshSize, &s.clues)
		for k, w := range want {
			if f.union[freshSize][k] != w.u {
				t.Fatalf("%d sets: family %d is %v, want sets %d %d %d %d: %v", n, k, f.union[freshSize][k], w.i, w.a, w.b, w.c, w.u)
			}
			if nz>>(k>>6)&1 == 0 || alive[k>>6]>>(k&63)&1 == 0 {
				t.Fatalf("%d sets: family %d not untouched at its level", n, k)
			}
			for c := range 81 {
				if got := f.cell[freshSize][c][k>>6]>>(k&63)&1 == 1; got != w.u.has(c) {
					t.Fatalf("%d sets: index of cell %d, family %d: %v, want %v", n, c, k, got, !got)
				}
			}
		}
		for k := len(want); k < f.words[freshSize]*64; k++ {
			if alive[k>>6]>>(k&63)&1 == 1 {
				t.Fatalf("%d sets: family %d untouched, but only %d listed", n, k, len(want))
			}
		}
		for l := range lvl {
			if f.known[l]>>freshSize&1 == 1 {
				t.Fatalf("%d sets: level %d still marked known for families of %d sets", n, l, freshSize)
			}
		}
		t.Logf("%d sets: %d unhit with open cells, %d families", n, len(open), len(want))
	}
}

// TestFreshModes scans with fresh lists never, always, on every second
// node with freshLeft clues left (so that lists are listed and the
// compacted ones taken again after them), and as the scan chooses: fresh
// lists only prune, so the puzzles must be the same.
func TestFreshModes(t *testing.T) {
	list := load17(t)
	r := rand.New(rand.NewPCG(10, 11))
	cases := 3
	if testing.Short() {
		cases = 2
	}
	for range cases {
		_, g, mask := listCase(t, list, r, 42)
		opt := Options{Clues: 19, Cells: &mask, Minimal: MinimalAny}
		var want []canon.Mask
		for _, mode := range []int{freshNever, freshAlways, freshAlternate, freshAuto} {
			s := NewScanner()
			s.famAfter = 0
			s.fam.fresh.mode = mode
			got, st := scanWith(t, s, &g, opt)
			if mode == freshNever {
				want = got
				continue
			}
			if lists := s.fam.fresh.lists; (mode == freshAlways || mode == freshAlternate) && lists == 0 {
				t.Fatalf("%v: mode %d listed no fresh families (%d nodes)", g, mode, st.Nodes)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%v, mode %d: %d puzzles, without fresh lists %d", g, mode, len(got), len(want))
			}
			t.Logf("%v, mode %d: %d puzzles, %d nodes, %d fresh lists", g, mode, len(got), st.Nodes, s.fam.fresh.lists)
		}
	}
}
