package scan

import (
	"math/rand/v2"
	"testing"
)

// TestOutside checks outside on small random cases against brute force:
// every choice of m open cells that hits each unhit deep set and holds at
// least m-1 cells of each untouched family (as a puzzle's last clues must)
// lies in the cells outside leaves, and outside never ends a node that has
// one. It also checks the result against the rule taken family by family
// (outsideRef), so that a rule weaker than the one documented fails too.
func TestOutside(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	outcomes := map[string]int{}
	for trial := range 4000 {
		m := 2 + r.IntN(3)
		// Few open cells, so that the choices can be listed.
		open := randomCells(r, 8+r.IntN(10))
		dead := open.complement()
		var members []int
		for c := range 81 {
			if open.has(c) {
				members = append(members, c)
			}
		}
		// Sets and families mostly of open cells, as the search's are.
		draw := func(n int) cells {
			var u cells
			for range n {
				if r.IntN(4) == 0 {
					u.set(r.IntN(81))
				} else {
					u.set(members[r.IntN(len(members))])
				}
			}
			return u
		}
		d := new(deepSets)
		d.n = 1 + r.IntN(deepMax)
		for i := range d.n {
			d.sets[i] = draw(2 + r.IntN(5))
		}
		d.index()
		unhit := randomUnhit(r, d, 4+r.IntN(20))
		fams := make([]cells, 64*(1+r.IntN(2)))
		for i := range fams {
			fams[i] = draw(3 + r.IntN(10))
		}
		var us [famWords * 64]cells
		copy(us[:], fams)
		var alive famBits
		var nz uint64
		for range 1 + r.IntN(6) {
			i := r.IntN(len(fams))
			alive[i>>6] |= 1 << (i & 63)
			nz |= 1 << (i >> 6)
		}
		nz |= 1 << r.IntN(len(fams)/64) // a word without families
		for w := range alive {
			if nz>>w&1 == 0 {
				alive[w] = r.Uint64() // garbage outside nz
			}
		}
		first := r.IntN(len(fams))

		g0, g1, ok, last := outside(&us, &alive, nz, dead[0], dead[1], d, &unhit, first)
		got := cells{g0, g1}
		w0, w1, wok, wlast := outsideRef(fams, &alive, nz, dead, d, unhit, first)
		if ok != wok || last != wlast || ok && got != (cells{w0, w1}) {
			t.Fatalf("trial %d: outside gives %v %v %d, the rule %v %v %d", trial, got, ok, last, cells{w0, w1}, wok, wlast)
		}
		if !ok && got != dead {
			t.Fatalf("trial %d: an ended node changed the dead cells", trial)
		}
		found := 0
		var pick []int
		var choose func(from int)
		choose = func(from int) {
			if len(pick) == m {
				var cs cells
				for _, c := range pick {
					cs.set(c)
				}
				if !fits(cs, fams, &alive, nz, d, unhit, m) {
					return
				}
				found++
				if !ok {
					t.Fatalf("trial %d: outside ended a node whose clues %v fit", trial, pick)
				}
				if !cs.subsetOf(got.complement()) {
					t.Fatalf("trial %d: clues %v fit but are not all in the cells left %v", trial, pick, got.complement())
				}
				return
			}
			for i := from; i < len(members); i++ {
				pick = append(pick, members[i])
				choose(i + 1)
				pick = pick[:len(pick)-1]
			}
		}
		choose(0)
		switch {
		case !ok:
			outcomes["ended"]++
		case got != dead:
			outcomes["narrowed"]++
		default:
			outcomes["unchanged"]++
		}
		if found > 0 {
			outcomes["with clues that fit"]++
		}
	}
	for _, k := range []string{"ended", "narrowed", "unchanged", "with clues that fit"} {
		if outcomes[k] < 200 {
			t.Errorf("outcomes %v: too few %q to test it", outcomes, k)
		}
	}
	if testing.Verbose() {
		t.Logf("outcomes %v", outcomes)
	}
}

// fits reports whether the m clues cs hit every unhit deep set and hold
// at least m-1 cells of every untouched family.
func fits(cs cells, fams []cells, alive *famBits, nz uint64, d *deepSets, unhit [2]uint64, m int) bool {
	for i := range d.n {
		if unhit[i>>6]>>(i&63)&1 == 1 && !d.sets[i].meets(cs) {
			return false
		}
	}
	for i, u := range fams {
		if nz>>(i>>6)&1 == 1 && alive[i>>6]>>(i&63)&1 == 1 && cs.and(u).count() < m-1 {
			return false
		}
	}
	return true
}

// outsideRef is outside's rule written out with cells and one set at a
// time: family first when untouched, then the other untouched families in
// order.
func outsideRef(fams []cells, alive *famBits, nz uint64, dead cells, d *deepSets, unhit [2]uint64, first int) (uint64, uint64, bool, int) {
	left := dead.complement()
	take := func(i int) bool {
		in := left.and(fams[i])
		shared := left
		some := false
		for k := range d.n {
			if unhit[k>>6]>>(k&63)&1 == 1 && !d.sets[k].meets(in) {
				shared = shared.and(d.sets[k])
				some = true
			}
		}
		if !some {
			return true
		}
		if shared.empty() {
			return false
		}
		left = in.or(shared)
		return true
	}
	untouched := func(i int) bool {
		return nz>>(i>>6)&1 == 1 && alive[i>>6]>>(i&63)&1 == 1
	}
	if first < len(fams) && untouched(first) && !take(first) {
		return dead[0], dead[1], false, first
	}
	for i := range fams {
		if i != first && untouched(i) && !take(i) {
			return dead[0], dead[1], false, i
		}
	}
	out := left.complement()
	return out[0], out[1], true, first
}
