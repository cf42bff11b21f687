package scan

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"edgrid/canon"
)

// TestFamiliesStartAnyTime lists the families at the root, after a few
// nodes, in the middle of the search (in its first levels or among its
// last clues) and never: the families only prune, and brought to the
// node where they start as if followed from the root, they must leave
// every scan's puzzles as they are.
func TestFamiliesStartAnyTime(t *testing.T) {
	list := load17(t)
	r := rand.New(rand.NewPCG(8, 9))
	cases := 4
	if testing.Short() {
		cases = 2
	}
	for range cases {
		_, g, mask := listCase(t, list, r, 40)
		for _, opt := range []Options{{Clues: 18, Cells: &mask, Minimal: MinimalAny}, {Clues: 19, Cells: &mask, Minimal: MinimalAny}} {
			var want []canon.Mask
			var nodes int64
			for _, after := range []int64{0, 1, 40, 300, 1500, math.MaxInt64} {
				s := NewScanner()
				s.famAfter = after
				s.fam.fresh.mode = freshNever // checkStarted checks the compacted lists
				s.started = func(n int) { checkStarted(t, s, n) }
				got, st := scanWith(t, s, &g, opt)
				if after == 0 {
					want, nodes = got, st.Nodes
					if nodes < 1500 {
						t.Fatalf("%v, %d clues: %d nodes; the test wants families to start in the middle", g, opt.Clues, nodes)
					}
					continue
				}
				if !slices.Equal(got, want) {
					t.Errorf("%v, %d clues, families after %d nodes: %d puzzles; from the root %d", g, opt.Clues, after, len(got), len(want))
				}
			}
		}
	}
}

// checkStarted checks the families startFamilies brought to level n
// against their definition: a global family of j sets is untouched at
// level l (up to its level of compaction) when no clue of the first l is
// in it, and a compacted one is a global family untouched at the level of
// compaction, less the cells dead there, in the order of the global list,
// untouched at n when no later clue is in it.
func checkStarted(t *testing.T, s *Scanner, n int) {
	t.Helper()
	has := func(bits []uint64, i int) bool { return bits[i>>6]>>(i&63)&1 != 0 }
	for j := 2; j <= famDeg; j++ {
		d := s.fam.at[j]
		for l := 0; l <= min(n, d); l++ {
			for i, f := range s.gfam.sets[j] {
				want := true
				for _, c := range s.clues[:l] {
					want = want && !f.has(int(c))
				}
				if has(s.gfam.alive[l][j], i) != want {
					t.Fatalf("families started at level %d: global family %d of %d sets untouched at level %d: %v, want %v", n, i, j, l, !want, want)
				}
			}
		}
		if d >= n {
			continue
		}
		k := 0
		alive, nz := s.fam.untouched(n, j, &s.clues)
		for i, f := range s.gfam.sets[j] {
			if !has(s.gfam.alive[d][j], i) {
				continue
			}
			if k == famCap[j] {
				break
			}
			u := f.andNot(s.deadAt[d])
			for c := range 81 {
				if got := has(s.fam.cell[j][c][:], k); got != u.has(c) {
					t.Fatalf("families started at level %d: compacted family %d of %d sets holds cell %d: %v, want %v", n, k, j, c, got, !got)
				}
			}
			want := true
			for _, c := range s.clues[d:n] {
				want = want && !u.has(int(c))
			}
			if got := nz>>(k>>6)&1 == 1 && has(alive[:], k); got != want {
				t.Fatalf("families started at level %d: compacted family %d of %d sets untouched: %v, want %v", n, k, j, !want, want)
			}
			k++
		}
		if s.fam.words[j] != (k+63)/64 {
			t.Fatalf("families started at level %d: %d words of compacted families of %d sets for %d families", n, s.fam.words[j], j, k)
		}
	}
}
