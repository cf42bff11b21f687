package scan

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// bruteFamilies lists the unions of j pairwise disjoint sets, none of the
// first skip, that hold none of the first skip entirely, by trying every
// choice of indices.
func bruteFamilies(sets []cells, skip, j int) []cells {
	var out []cells
	var rec func(start, need int, u cells)
	rec = func(start, need int, u cells) {
		if need == 0 {
			if !covers(u, sets[:skip]) {
				out = append(out, u)
			}
			return
		}
		for i := start; i < len(sets); i++ {
			if !sets[i].meets(u) {
				rec(i+1, need-1, u.or(sets[i]))
			}
		}
	}
	rec(skip, j, cells{})
	return out
}

// randomSets returns n sets of random cells, each of lo to lo+spread-1
// draws (fewer cells where draws repeat).
func randomSets(r *rand.Rand, n, lo, spread int) []cells {
	sets := make([]cells, n)
	for i := range sets {
		for range lo + r.IntN(spread) {
			sets[i].set(r.IntN(81))
		}
	}
	return sets
}

// TestFamiliesListed checks the families listed from random sets against
// every choice of sets, for each size whose families fit the list, and
// that each cell's index marks exactly the families holding it.
func TestFamiliesListed(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var compared [famDeg + 1]int
	for _, n := range []int{30, 60, 90} {
		sets := randomSets(r, n, 6, 8)
		var g globalFamilies
		g.build(sets, 0)
		for j := 2; j <= famDeg; j++ {
			want := bruteFamilies(sets, min(familySkip[j], len(sets)), j)
			got := slices.Clone(g.sets[j])
			if len(want) > globalCap[j] {
				if len(got) != globalCap[j] {
					t.Errorf("%d sets, size %d: %d families listed; want the cap %d", n, j, len(got), globalCap[j])
				}
				continue
			}
			compared[j] += len(want)
			slices.SortFunc(got, cells.compare)
			slices.SortFunc(want, cells.compare)
			if !slices.Equal(got, want) {
				t.Errorf("%d sets, size %d: %d families listed; want %d", n, j, len(got), len(want))
			}
			for i, u := range g.sets[j] {
				for c := range 81 {
					if in := g.cell[j][c][i>>6]>>(i&63)&1 == 1; in != u.has(c) {
						t.Fatalf("%d sets, size %d: family %d, cell %d: indexed %v, holds %v", n, j, i, c, in, u.has(c))
					}
				}
			}
		}
	}
	for j := 2; j <= famDeg; j++ {
		if compared[j] == 0 {
			t.Errorf("no family of size %d was compared", j)
		}
	}
}

// TestFamiliesCompacted follows random clues down the global families,
// compacts them with random dead cells, and checks the compacted index,
// touches and the families untouched one clue further against the
// families' cells. The lists of sets differ in length, so that the
// compacted families fill their last block of 64 or not, and their blocks
// leave 0, 1 or 2 of the three that share a matrix of last cells
// (compact).
func TestFamiliesCompacted(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var partial bool    // a compaction ended in a partial block
	var residue [3]bool // the numbers of blocks modulo 3 seen
	for _, nsets := range []int{200, 24, 40, 60} {
		sets := randomSets(r, nsets, 4, 6)
		checkCompacted(t, r, sets, &partial, &residue)
	}
	if !partial || residue != [3]bool{true, true, true} {
		t.Fatalf("compactions tried: a partial block %v, blocks modulo 3 %v; want all", partial, residue)
	}
}

// checkCompacted is TestFamiliesCompacted on the families of sets; it
// records whether a compaction ended in a partial block and each number
// of blocks modulo 3.
func checkCompacted(t *testing.T, r *rand.Rand, sets []cells, partial *bool, residue *[3]bool) {
	t.Helper()
	var g globalFamilies
	const depth = 3
	g.build(sets, depth)
	var f families
	for trial := range 20 {
		var clues, dead cells
		for range 6 {
			dead.set(r.IntN(81))
		}
		for n := range depth {
			c := r.IntN(81)
			clues.set(c)
			for j := 2; j <= famDeg; j++ {
				g.touch(n, j, c)
			}
		}
		dead = dead.andNot(clues)
		for j := 2; j <= famDeg; j++ {
			var want []cells // the untouched families, in order, up to the cap
			for _, u := range g.sets[j] {
				if !u.meets(clues) && len(want) < famCap[j] {
					want = append(want, u.andNot(dead))
				}
			}
			f.compact(&g, depth, j, dead)
			var path [81]int8
			alive, nz := f.untouched(depth, j, &path)
			*partial = *partial || len(want)%64 != 0
			residue[f.words[j]%3] = true
			if got := famCount(alive, nz, &noFamilies); got != len(want) {
				t.Fatalf("trial %d, size %d: %d families compacted, want %d", trial, j, got, len(want))
			}
			for k, u := range want {
				if f.union[j][k] != u {
					t.Fatalf("trial %d, size %d, family %d: union %v, want %v", trial, j, k, f.union[j][k], u)
				}
			}
			open := dead.or(clues).complement()
			for c := range 81 {
				if !open.has(c) {
					continue
				}
				for k, u := range want {
					if in := f.cell[j][c][k>>6]>>(k&63)&1 == 1; in != u.has(c) {
						t.Fatalf("trial %d, size %d, family %d, cell %d: indexed %v, holds %v", trial, j, k, c, in, u.has(c))
					}
				}
			}
			c := open.first()
			if c == 81 {
				continue
			}
			path[depth] = int8(c)
			f.known[depth+1] = 0
			left := 0
			for _, u := range want {
				if !u.has(c) {
					left++
				}
			}
			alive, nz, touched := f.parent(depth+1, j, &path)
			if got := famCount(alive, nz, touched); got != left {
				t.Fatalf("trial %d, size %d: %d families untouched after cell %d as parent gives them, want %d", trial, j, got, c, left)
			}
			alive, nz = f.untouched(depth+1, j, &path)
			if got := famCount(alive, nz, &noFamilies); got != left {
				t.Fatalf("trial %d, size %d: %d families untouched after cell %d, want %d", trial, j, got, c, left)
			}
		}
	}
}

// famCount is the number of families in alive and not in touched, on the
// words of alive that nz marks non-zero only: a mask that leaves out a
// word with families counts too few.
func famCount(alive *famBits, nz uint64, touched *famBits) int {
	n := 0
	for w := range alive {
		if nz>>w&1 == 1 {
			n += bits.OnesCount64(alive[w] &^ touched[w])
		}
	}
	return n
}
