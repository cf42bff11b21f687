package scan

import "math/bits"

// Families of pairwise disjoint deep sets. A family of j disjoint
// unavoidable sets needs j clues, one in each; so a node with m clues left
// dies when a family of m+1 has no set hit, and its child that places
// cell c is worth making only when c lies in every family of m with no set
// hit (the child's m-1 clues could not cover it otherwise). The families
// are listed when the deep sets are gathered, smallest sets first, up to
// famMax of each size; which of them no clue has touched is a bit vector
// per level, updated with one word operation per word and clue.
const (
	famDeg   = 5  // families of 2..famDeg sets
	famWords = 32 // words of a bit vector of families
	famMax   = famWords * 64
)

type famBits [famWords]uint64

type families struct {
	n       [famDeg + 1]int         // families of each size
	words   [famDeg + 1]int         // words in use for each size
	cell    [famDeg + 1][81]famBits // cell[j][c]: families of size j that c touches
	alive   [82][famDeg + 1]famBits // alive[n][j]: families of size j the first n clues miss
	some    [82][famDeg + 1]bool    // some[n][j]: alive[n][j] is not empty
	ofSet   [deepMax]famBits        // scratch: the families of one size that hold each set
	members [famDeg]int32           // scratch: the sets of the family being built
}

// buildFamilies lists the families of the deep sets, and marks them all
// untouched at level n0.
func (d *deepSets) buildFamilies(n0 int) {
	f := &d.fam
	for j := 2; j <= famDeg; j++ {
		for i := range d.n {
			f.ofSet[i] = famBits{}
		}
		f.n[j] = 0
		d.listFamilies(j)
		nw := (f.n[j] + 63) / 64
		f.words[j] = nw
		// A cell touches the families of every set that holds it.
		for c := range 81 {
			f.cell[j][c] = famBits{}
		}
		for i := range d.n {
			fs := &f.ofSet[i]
			for x := d.sets[i]; !x.empty(); {
				c := x.first()
				x.clear(c)
				fc := &f.cell[j][c]
				for w := range nw {
					fc[w] |= fs[w]
				}
			}
		}
		f.alive[n0][j] = famBits{}
		for k := range f.n[j] {
			f.alive[n0][j][k>>6] |= 1 << (k & 63)
		}
		f.some[n0][j] = f.n[j] > 0
	}
}

// listFamilies adds the families of size j until there are famMax, in
// the order of their largest set, so that the first families listed are
// all those among the smallest sets rather than many around one set.
func (d *deepSets) listFamilies(j int) {
	f := &d.fam
	for i := 0; i < d.n && f.n[j] < famMax; i++ {
		below := [2]uint64{}
		if i < 64 {
			below[0] = 1<<i - 1
		} else {
			below = [2]uint64{^uint64(0), 1<<(i-64) - 1}
		}
		p := [2]uint64{d.disj[i][0] & below[0], d.disj[i][1] & below[1]}
		f.members[j-1] = int32(i)
		d.extendFamily(p, j, j-1)
	}
}

// extendFamily chooses need more sets from p, each smaller in index than
// the one before, to a family of size j (f.members[need:j] chosen).
func (d *deepSets) extendFamily(p [2]uint64, j, need int) {
	f := &d.fam
	if need == 1 {
		// Each set left completes a family.
		for w := range 2 {
			for x := p[w]; x != 0 && f.n[j] < famMax; x &= x - 1 {
				k := f.n[j]
				f.n[j]++
				fw, b := k>>6, uint64(1)<<(k&63)
				f.ofSet[w<<6|bits.TrailingZeros64(x)][fw] |= b
				for _, i := range f.members[1:j] {
					f.ofSet[i][fw] |= b
				}
			}
		}
		return
	}
	for p[0]|p[1] != 0 && f.n[j] < famMax {
		if bits.OnesCount64(p[0])+bits.OnesCount64(p[1]) < need {
			return
		}
		var i int
		if p[1] != 0 {
			i = 127 - bits.LeadingZeros64(p[1])
		} else {
			i = 63 - bits.LeadingZeros64(p[0])
		}
		p[i>>6] &^= 1 << (i & 63)
		q := [2]uint64{p[0] & d.disj[i][0], p[1] & d.disj[i][1]}
		if bits.OnesCount64(q[0])+bits.OnesCount64(q[1]) < need-1 {
			continue
		}
		f.members[need-1] = int32(i)
		d.extendFamily(q, j, need-1)
	}
}

// next sets the families untouched at level n+1, after cell c, for
// sizes up to top.
func (f *families) next(n, c, top int) {
	for j := 2; j <= min(top, famDeg); j++ {
		a, b, cc := &f.alive[n][j], &f.alive[n+1][j], &f.cell[j][c]
		var or uint64
		for w := range f.words[j] {
			b[w] = a[w] &^ cc[w]
			or |= b[w]
		}
		f.some[n+1][j] = or != 0
	}
}

// any reports whether some family of size j is untouched at level n.
func (f *families) any(n, j int) bool {
	return f.some[n][j]
}

// touchesAll reports whether cell c touches every family of size j
// untouched at level n.
func (f *families) touchesAll(n, j, c int) bool {
	a, cc := &f.alive[n][j], &f.cell[j][c]
	var x uint64
	for w := range f.words[j] {
		x |= a[w] &^ cc[w]
	}
	return x == 0
}
