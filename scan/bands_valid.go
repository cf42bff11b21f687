package scan

import (
	"math/bits"
	"slices"
)

// A clue set X of a band is valid when it fixes the band given its
// gangster: X hits every unavoidable set inside the band (bandUAs). Every
// puzzle's clues in a band are valid there, since another band of the same
// gangster agreeing with them would give a second solution.

// validSets appends to out every set of lo..hi cells of allowed (27-bit
// local masks) that hits each set of uas, and returns it. Each set is
// produced once: the search branches on the unhit set with the fewest open
// cells, each open cell in turn a clue and then dead for its later
// siblings; once every set is hit, any open cells may be added.
func validSets(uas []uint32, allowed uint32, lo, hi int, out []uint32) []uint32 {
	// The same search, counting only, sizes out first: the lists reach
	// millions of sets, and growing them a step at a time would copy
	// each several times over fresh memory.
	c := validSearch{uas: uas, lo: lo, hi: hi, counting: true}
	c.node(0, ^allowed&(1<<27-1))
	v := validSearch{uas: uas, lo: lo, hi: hi, out: slices.Grow(out[:0], c.count)}
	v.node(0, ^allowed&(1<<27-1))
	return v.out
}

// validSearch is the state of validSets: when counting, it adds the
// number of sets it would list to count and lists none.
type validSearch struct {
	uas      []uint32
	lo, hi   int
	out      []uint32
	counting bool
	count    int
}

// node extends the clues in chosen. At its top, chosen has at most hi
// cells, dead holds the cells no clue below may take (outside allowed, or
// tried by an earlier sibling), and chosen and dead are disjoint.
func (v *validSearch) node(chosen, dead uint32) {
	best, bestN := uint32(0), 28
	for _, u := range v.uas {
		if u&chosen != 0 {
			continue
		}
		open := u &^ dead
		n := bits.OnesCount32(open)
		if n == 0 {
			return
		}
		if n < bestN {
			best, bestN = open, n
		}
	}
	k := bits.OnesCount32(chosen)
	if bestN == 28 {
		// Every set is hit: chosen plus any r open cells, r up to hi-k.
		free := (1<<27 - 1) &^ dead &^ chosen
		if v.counting {
			v.count += extensions(bits.OnesCount32(free), k, v.lo, v.hi)
			return
		}
		v.extend(chosen, free, k)
		return
	}
	if k == v.hi {
		return
	}
	for best != 0 {
		c := best & -best
		best &^= c
		v.node(chosen|c, dead)
		dead |= c
	}
}

// extend emits chosen (k cells) and every set made by adding cells of
// free to it, up to hi cells in all, when they have at least lo.
func (v *validSearch) extend(chosen, free uint32, k int) {
	if k >= v.lo {
		v.out = append(v.out, chosen)
	}
	if k == v.hi {
		return
	}
	for free != 0 {
		c := free & -free
		free &^= c
		v.extend(chosen|c, free, k+1)
	}
}

// extensions is the number of sets extend makes from a set of k cells and
// f free cells: those of r more cells, k+r in lo..hi.
func extensions(f, k, lo, hi int) int {
	n := 0
	for r := max(0, lo-k); r <= min(f, hi-k); r++ {
		n += binomial[f][r]
	}
	return n
}

// binomial[n][r] is C(n, r) for n up to 27.
var binomial = func() (t [28][28]int) {
	for n := range 28 {
		t[n][0] = 1
		for r := 1; r <= n; r++ {
			t[n][r] = t[n-1][r-1] + t[n-1][r]
		}
	}
	return
}()
