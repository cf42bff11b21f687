package scan

import (
	"math/rand/v2"
	"testing"
)

// TestWithin checks within on random families, deep sets and dead cells
// against its definition: the cells left are the open cells that every
// untouched family holds (alive on the words nz marks, not touched, and
// nothing from the words nz leaves out), and the node lives when
// there is no such family or every unhit deep set holds one of them.
func TestWithin(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	outcomes := map[bool]int{}
	for trial := range 3000 {
		fams := randomSets(r, 64*(1+r.IntN(3)), 40, 60)
		var us [famWords * 64]cells
		copy(us[:], fams)
		var alive, touched famBits
		var nz uint64 // the words of alive in use; the others hold garbage
		for range 1 + r.IntN(10) {
			i := r.IntN(len(fams))
			alive[i>>6] |= 1 << (i & 63)
			nz |= 1 << (i >> 6)
			if r.IntN(4) == 0 {
				touched[i>>6] |= 1 << (i & 63)
			}
		}
		nz |= 1 << r.IntN(len(fams)/64) // a word without families
		for w := range alive {
			if nz>>w&1 == 0 {
				alive[w] = r.Uint64()
			}
		}
		d := randomDeep(r)
		unhit := randomUnhit(r, d, 16)
		var dead cells
		for range r.IntN(40) {
			dead.set(r.IntN(81))
		}

		left := dead.complement()
		untouched := 0
		for i, u := range fams {
			if nz>>(i>>6)&1 == 1 && (alive[i>>6]&^touched[i>>6])>>(i&63)&1 == 1 {
				left = left.and(u)
				untouched++
			}
		}
		// With no untouched family nothing narrows the cells or is checked.
		live := untouched == 0 || coveredBy(d, unhit, left)
		g0, g1, ok := within(&us, &alive, nz, &touched, dead[0], dead[1], d, &unhit, 81)
		got := cells{g0, g1}
		if ok != live {
			t.Fatalf("trial %d: within reports %v, want %v", trial, ok, live)
		}
		outcomes[ok]++
		if ok && got.complement() != left {
			t.Fatalf("trial %d: cells left %v, want %v", trial, got.complement(), left)
		}
		if !ok && got != dead {
			t.Fatalf("trial %d: a dead node changed the dead cells to %v", trial, got)
		}
	}
	if outcomes[true] < 300 || outcomes[false] < 300 {
		t.Errorf("outcomes %v: too few of one kind to test it", outcomes)
	}
	if testing.Verbose() {
		t.Logf("outcomes %v", outcomes)
	}
}

// TestCovers checks covers against its definition over a run of calls on
// one set of deep sets, so that the set it tries first (the one that
// failed last) is sometimes one that fails again, sometimes one that
// passes or is not unhit.
func TestCovers(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	outcomes := map[bool]int{}
	hinted := 0
	for range 20 {
		d := randomDeep(r)
		for trial := range 500 {
			unhit := randomUnhit(r, d, 8)
			open := randomCells(r, 5+r.IntN(30))
			want := coveredBy(d, unhit, open)
			if i := d.miss; unhit[i>>6]>>(i&63)&1 == 1 && !d.sets[i].meets(open) {
				hinted++
			}
			if got := d.covers(open[0], open[1], &unhit); got != want {
				t.Fatalf("trial %d: covers %v, want %v", trial, got, want)
			}
			if !want && (unhit[d.miss>>6]>>(d.miss&63)&1 == 0 || d.sets[d.miss].meets(open)) {
				t.Fatalf("trial %d: covers failed on set %d, which has an open cell or is hit", trial, d.miss)
			}
			outcomes[want]++
		}
	}
	if outcomes[true] < 1000 || outcomes[false] < 1000 || hinted < 100 {
		t.Errorf("outcomes %v, %d failed on the set tried first: too few of a kind to test it", outcomes, hinted)
	}
}

// randomDeep returns 1 to deepMax deep sets of 2 to 9 random draws each,
// indexed by cell.
func randomDeep(r *rand.Rand) *deepSets {
	d := new(deepSets)
	d.n = 1 + r.IntN(deepMax)
	for i := range d.n {
		for range 2 + r.IntN(8) {
			d.sets[i].set(r.IntN(81))
		}
	}
	d.index()
	return d
}

// randomUnhit marks each of d's sets unhit with chance 1 in oneIn.
func randomUnhit(r *rand.Rand, d *deepSets, oneIn int) [2]uint64 {
	var unhit [2]uint64
	for i := range d.n {
		if r.IntN(oneIn) == 0 {
			unhit[i>>6] |= 1 << (i & 63)
		}
	}
	return unhit
}

// coveredBy reports, set by set, whether every deep set in unhit holds a
// cell of open.
func coveredBy(d *deepSets, unhit [2]uint64, open cells) bool {
	for i := range d.n {
		if unhit[i>>6]>>(i&63)&1 == 1 && !d.sets[i].meets(open) {
			return false
		}
	}
	return true
}

// TestCoversUnit checks coversUnit against the definition of covers
// (with clues enough for its bound never to apply) and, when it passes,
// its choice of set against a count of each unhit set's open cells.
func TestCoversUnit(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	chosen := map[int]int{} // open cells of the chosen set; 0 for none
	for range 20 {
		d := randomDeep(r)
		for trial := range 500 {
			unhit := randomUnhit(r, d, 4)
			open := randomCells(r, 5+r.IntN(40))
			want := coveredBy(d, unhit, open)
			if got := d.coversUnit(open[0], open[1], &unhit, 81); got != want {
				t.Fatalf("trial %d: coversUnit %v, want %v", trial, got, want)
			}
			if !want {
				continue
			}
			wantUnit, wantCnt := -1, 4
			for i := range d.n {
				if cnt := d.sets[i].and(open).count(); unhit[i>>6]>>(i&63)&1 == 1 && cnt < wantCnt {
					wantUnit, wantCnt = i, cnt
				}
			}
			if d.unit != wantUnit {
				t.Fatalf("trial %d: unit %d, want %d (%d open cells)", trial, d.unit, wantUnit, wantCnt)
			}
			if wantUnit < 0 {
				wantCnt = 0
			}
			chosen[wantCnt]++
		}
	}
	for cnt := range 4 {
		if chosen[cnt] < 25 {
			t.Errorf("chosen sets by open cells %v: too few of %d to test it", chosen, cnt)
		}
	}
}

// TestCoversUnitBound checks the bound coversUnit puts on the clues left:
// when it reports a node dead, no m of the open cells hit every unhit
// set (by brute force over few open cells), and it does so on nodes whose
// every set holds an open cell too (the cells that the sets with one
// open cell force are more than m, or leave sets that no one more cell
// hits).
func TestCoversUnitBound(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	bounded := 0
	for trial := range 20000 {
		d := new(deepSets)
		d.n = 1 + r.IntN(24)
		var open cells
		var openList []int
		for len(openList) < 4+r.IntN(9) {
			if c := r.IntN(81); !open.has(c) {
				open.set(c)
				openList = append(openList, c)
			}
		}
		for i := range d.n {
			// A few cells anywhere, and an open one in most sets.
			for range r.IntN(4) {
				d.sets[i].set(r.IntN(81))
			}
			if r.IntN(8) != 0 {
				d.sets[i].set(openList[r.IntN(len(openList))])
			}
			if d.sets[i].empty() {
				d.sets[i].set(r.IntN(81))
			}
		}
		d.index()
		unhit := randomUnhit(r, d, 1)
		m := 1 + r.IntN(4)
		if d.coversUnit(open[0], open[1], &unhit, m) {
			continue
		}
		if coveredBy(d, unhit, open) {
			bounded++
		}
		if c, ok := hitWithin(d, unhit, open, m); ok {
			t.Fatalf("trial %d: coversUnit reports dead with %d clues left, but cells %v of the open ones hit every set", trial, m, c)
		}
	}
	if bounded < 500 {
		t.Errorf("%d nodes reported dead by the bound alone: too few to test it", bounded)
	}
	if testing.Verbose() {
		t.Logf("%d nodes reported dead by the bound alone", bounded)
	}
}

// hitWithin finds at most m cells of open that hit every set of unhit,
// by brute force.
func hitWithin(d *deepSets, unhit [2]uint64, open cells, m int) (cells, bool) {
	var pick func(from cells, chosen cells, left int) (cells, bool)
	pick = func(from cells, chosen cells, left int) (cells, bool) {
		hit := true
		for i := range d.n {
			if unhit[i>>6]>>(i&63)&1 == 1 && !d.sets[i].meets(chosen) {
				hit = false
				break
			}
		}
		if hit {
			return chosen, true
		}
		if left == 0 {
			return cells{}, false
		}
		for !from.empty() {
			c := from.first()
			from.clear(c)
			next := chosen
			next.set(c)
			if got, ok := pick(from, next, left-1); ok {
				return got, true
			}
		}
		return cells{}, false
	}
	return pick(open, cells{}, m)
}

// randomCells is the set of n random draws of a cell.
func randomCells(r *rand.Rand, n int) cells {
	var c cells
	for range n {
		c.set(r.IntN(81))
	}
	return c
}
