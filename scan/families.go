package scan

import "math/bits"

// Families are unions of 2 to famDeg pairwise disjoint unavoidable sets.
// A family of j sets needs j clues, one in each (the higher-degree bound
// of McGuire, Tugemann and Civario), so with m clues left every one of
// them lies in each family of m sets that no clue has touched yet: the
// cells outside those families are dead below the node, and a node whose
// unhit sets cannot all be hit from the cells left dies (within.go).
//
// The families are listed once per grid from the collected sets (global
// families, up to globalCap of each size), and followed down the first
// levels of the search as bit vectors of the families no clue has touched.
// At a fixed number of clues left (compactAt), the untouched families of
// a size, with the cells dead at that node taken out, are copied into a
// short list (up to famCap), whose bit vectors the deep levels update with
// a few word operations per clue.
const famDeg = 6

var (
	// globalCap is the most global families of each size.
	globalCap = [famDeg + 1]int{2: 10240, 3: 32768, 4: 65536, 5: 40960, 6: 32768}
	// famCap is the most families of each size after compaction; a
	// multiple of 64.
	famCap = [famDeg + 1]int{2: 2048, 3: 4096, 4: 4096, 5: 4096, 6: 4096}
	// compactAt is the number of clues left at which the families of
	// each size are compacted.
	compactAt = [famDeg + 1]int{2: 11, 3: 11, 4: 11, 5: 11, 6: 12}
	// familySkip is, for each size, how many of the smallest sets the
	// families leave out: the first clues hit those, so a family holding
	// one would rarely survive to be checked.
	familySkip = [famDeg + 1]int{2: 43, 3: 28, 4: 24, 5: 17, 6: 14}
)

// famWords is the words of the largest compacted bit vector.
const famWords = 4096 / 64

type famBits [famWords]uint64

// globalFamilies are the families of one grid, listed from its sets.
type globalFamilies struct {
	sets  [famDeg + 1][]cells      // sets[j]: the families of j sets, as unions
	cell  [famDeg + 1][81][]uint64 // cell[j][c]: the families of j sets that hold c
	alive [][famDeg + 1][]uint64   // alive[n][j]: those no clue of the first n touches
	disj  [maxSets]setBits         // disj[i]: the sets disjoint from set i
	cand  [famDeg + 1]setBits      // scratch: the sets that may join a family
	nw    int                      // the words of a set of sets in use
}

// families are the compacted families the deep levels use.
type families struct {
	known [82]uint8                        // known[n]: bit j set when alive[n][j] is computed for the node at level n
	words [famDeg + 1]int                  // words[j]: the words of the bit vectors of size j in use
	cell  [famDeg + 1][81]famBits          // cell[j][c]: families of size j that c touches
	alive [82][famDeg + 1]famBits          // alive[n][j]: families of size j the first n clues miss
	union [famDeg + 1][famWords * 64]cells // union[j][i]: the cells of family i of size j, without those dead at compaction
	nz    [82][famDeg + 1]uint64           // nz[n][j]: bit w set when word w of alive[n][j] is non-zero; the other words are stale

	// The source of the compaction, done when a node first asks for the
	// families of a size (untouched): many subtrees die before any node
	// in them does.
	global *globalFamilies // the grid's families
	deadAt *[82]cells      // deadAt[n]: the dead cells of the search's node at level n
	at     [famDeg + 1]int // at[j]: the level at which families of j sets are compacted
	adder  famAdder        // the list being written

	// The source of fresh lists (fresh.go): the scan's sets, and the
	// sets the clues of each level miss.
	fresh freshFamilies
	sets  *[maxSets]cells
	unhit *[82]setBits
}

// build lists the families of sets (the collected sets, smallest first)
// and marks them all untouched at level 0, keeping levels for up to
// depth clues.
func (g *globalFamilies) build(sets []cells, depth int) {
	for len(g.alive) <= depth {
		g.alive = append(g.alive, [famDeg + 1][]uint64{})
	}
	g.nw = (len(sets) + 63) / 64
	g.disjointness(sets)
	for j := 2; j <= famDeg; j++ {
		g.sets[j] = g.sets[j][:0]
		skip := min(familySkip[j], len(sets))
		var all setBits // the sets not skipped
		for i := skip; i < len(sets); i++ {
			all[i>>6] |= 1 << (i & 63)
		}
		g.extend(sets, skip, j, j, &all, cells{})
		nw := (len(g.sets[j]) + 63) / 64
		for c := range 81 {
			g.cell[j][c] = resize(g.cell[j][c], nw)
		}
		// The index 64 families at a time: their cells as the rows of a
		// bit matrix, transposed, are the cells' words.
		fs := g.sets[j]
		for w := range nw {
			var lo, hi [64]uint64
			for k, u := range fs[w*64 : min(len(fs), w*64+64)] {
				lo[k], hi[k] = u[0], u[1]
			}
			transpose64(&lo)
			transpose64(&hi)
			for c := range 64 {
				g.cell[j][c][w] = lo[c]
			}
			for c := 64; c < 81; c++ {
				g.cell[j][c][w] = hi[c-64]
			}
		}
		for l := 0; l <= depth; l++ {
			g.alive[l][j] = resize(g.alive[l][j], nw)
		}
		a := g.alive[0][j]
		for i := range len(fs) {
			a[i>>6] |= 1 << (i & 63)
		}
	}
}

// extend chooses need more sets from cand (indices of sets disjoint from
// those chosen so far, whose union is u), each of smaller index than the
// one before, to families of j sets. The first set chosen is the largest
// index, so families come in the order of their largest set and those
// among the smallest sets come first; a family holding one of the skipped
// sets is left out. It reports false once the families of j are full.
func (g *globalFamilies) extend(sets []cells, skip, j, need int, cand *setBits, u cells) bool {
	for w := range g.nw {
		for x := cand[w]; x != 0; x &= x - 1 {
			i := w<<6 | bits.TrailingZeros64(x)
			v := u.or(sets[i])
			if need == 1 {
				if covers(v, sets[:skip]) {
					continue
				}
				g.sets[j] = append(g.sets[j], v)
				if len(g.sets[j]) == globalCap[j] {
					return false
				}
				continue
			}
			if i < skip+need-1 {
				continue // too few indices left below i
			}
			// The next sets: disjoint from set i too, below i.
			next := &g.cand[need-1]
			cnt := 0
			for k := range g.nw {
				next[k] = cand[k] & g.disj[i][k] & below(i, k) &^ below(skip, k)
				cnt += bits.OnesCount64(next[k])
			}
			if cnt < need-1 {
				continue
			}
			if !g.extend(sets, skip, j, need-1, next, v) {
				return false
			}
		}
	}
	return true
}

// below is word k of the set of indices below i.
func below(i, k int) uint64 {
	switch {
	case k < i>>6:
		return ^uint64(0)
	case k == i>>6:
		return 1<<(i&63) - 1
	}
	return 0
}

// disjointness sets g.disj: for each set, the sets that share no cell
// with it.
func (g *globalFamilies) disjointness(sets []cells) {
	for i := range sets {
		g.disj[i] = setBits{}
	}
	for i := range sets {
		for k := range i {
			if !sets[i].meets(sets[k]) {
				g.disj[i][k>>6] |= 1 << (k & 63)
				g.disj[k][i>>6] |= 1 << (i & 63)
			}
		}
	}
}

// covers reports whether u holds one of sets entirely.
func covers(u cells, sets []cells) bool {
	for _, s := range sets {
		if s.subsetOf(u) {
			return true
		}
	}
	return false
}

// resize returns b with n words, all zero.
func resize(b []uint64, n int) []uint64 {
	if cap(b) < n {
		return make([]uint64, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// touch sets the families of size j untouched at level n+1, after cell c.
func (g *globalFamilies) touch(n, j, c int) {
	a, b, cc := g.alive[n][j], g.alive[n+1][j], g.cell[j][c]
	b = b[:len(a)]
	cc = cc[:len(a)]
	for w := range a {
		b[w] = a[w] &^ cc[w]
	}
}

// compact copies the families of size j that the first n clues miss into
// f, up to famCap[j] of them, and marks them untouched at level n. Dead
// cells stay dead below this node and are never looked up, so they are
// left out.
func (f *families) compact(g *globalFamilies, n, j int, dead cells) {
	a := &f.adder
	*a = famAdder{}
	for w, x := range g.alive[n][j] {
		for ; x != 0; x &= x - 1 {
			if !f.addFamily(a, j, g.sets[j][w<<6|bits.TrailingZeros64(x)].andNot(dead)) {
				f.endList(a, n, j)
				return
			}
		}
	}
	f.endList(a, n, j)
}

// famAdder is the state of a compacted list being written (addFamily,
// endList, from a zero famAdder): families are indexed 64 at a time, their cells as
// the rows of a bit matrix, transposed, giving the 81 cells' words of the
// index. The last 17 cells of three such blocks share one matrix
// (hiRows).
type famAdder struct {
	cnt   int        // families in flushed blocks
	k     int        // families in the block being filled
	slot  int        // blocks whose last cells are in hi
	first int        // the word of the first of them
	lo    [64]uint64 // the block's cells 0 to 63, a row a family
	hi    [64]uint64 // cells 64 to 80 of up to hiRows blocks
}

// addFamily appends a family of size j with cells u to the list being
// written with a; it reports false once the list is full (famCap[j]).
func (f *families) addFamily(a *famAdder, j int, u cells) bool {
	f.union[j][a.cnt+a.k] = u
	a.lo[a.k] = u[0]
	a.hi[a.k] |= u[1] << (a.slot * hiBits)
	if a.k++; a.k == 64 {
		f.flushLo(a, j)
		return a.cnt < famCap[j]
	}
	return true
}

// flushLo indexes the block of 64 families being filled.
func (f *families) flushLo(a *famAdder, j int) {
	cellBits := &f.cell[j]
	transpose64(&a.lo)
	fw := a.cnt >> 6
	for c := range 64 {
		cellBits[c][fw] = a.lo[c]
	}
	a.lo = [64]uint64{}
	if a.slot == 0 {
		a.first = fw
	}
	if a.slot++; a.slot == hiRows {
		f.flushHi(a, j)
	}
	a.cnt += a.k
	a.k = 0
}

// flushHi indexes the last 17 cells of the blocks gathered in a.hi.
func (f *families) flushHi(a *famAdder, j int) {
	cellBits := &f.cell[j]
	transpose64(&a.hi)
	for b := range a.slot {
		for c := 64; c < 81; c++ {
			cellBits[c][a.first+b] = a.hi[b*hiBits+c-64]
		}
	}
	a.hi = [64]uint64{}
	a.slot = 0
}

// endList finishes the list of size j written with a and marks its
// families untouched at level n.
func (f *families) endList(a *famAdder, n, j int) {
	if a.k > 0 {
		f.flushLo(a, j)
	}
	if a.slot > 0 {
		f.flushHi(a, j)
	}
	cnt := a.cnt
	f.words[j] = (cnt + 63) / 64
	f.known[n] |= 1 << j
	f.nz[n][j] = 1<<f.words[j] - 1 // all ones for 64 words
	al := &f.alive[n][j]
	for w := range al {
		switch {
		case (w+1)<<6 <= cnt:
			al[w] = ^uint64(0)
		case w<<6 < cnt:
			al[w] = 1<<(cnt&63) - 1
		default:
			al[w] = 0
		}
	}
}

// hiBits is the number of cells in the second word of a set (64 to 80),
// and hiRows how many blocks' second words fit in one word.
const (
	hiBits = 81 - 64
	hiRows = 64 / hiBits
)

// next1 sets the families of size j untouched at level n+1, after cell c,
// from the non-zero words of level n (andNotWords).
func (f *families) next1(n, j, c int) {
	f.nz[n+1][j] = andNotWords(&f.alive[n+1][j], &f.alive[n][j], &f.cell[j][c], f.nz[n][j])
}

// untouched is the bit vector of the families of size j untouched by the
// n clues, and the mask of its non-zero words (word w at bit w; the other
// words are not kept up to date). The levels below the node's are
// computed when first asked for (a node that dies early never needs its
// families of the smaller sizes), from the nearest level above that is,
// or from the fresh list of the level fresh.at, or the compaction at level
// at[j], which is done then.
func (f *families) untouched(n, j int, clues *[81]int8) (*famBits, uint64) {
	bit := uint8(1) << j
	l := n
	for f.known[l]&bit == 0 {
		if l == f.fresh.at && j == freshSize {
			f.listFresh(l)
			break
		}
		if l == f.at[j] {
			f.compact(f.global, l, j, f.deadAt[l])
			break
		}
		l--
	}
	for ; l < n; l++ {
		f.next1(l, j, int(clues[l]))
		f.known[l+1] |= bit
	}
	return &f.alive[n][j], f.nz[n][j]
}

// noFamilies is the families' bit vector of no family.
var noFamilies famBits

// parent is the bit vector of the families of size j that the first n-1
// clues miss, with the mask of its non-zero words (as untouched gives them
// for n-1 clues), and the bit vector of those that clue n touches: the
// families the n clues miss are the first without the third. A node uses
// the families of one size, its children those of the next smaller, so
// its own level's vector is never stored.
func (f *families) parent(n, j int, clues *[81]int8) (alive *famBits, nz uint64, touched *famBits) {
	if n == 0 {
		alive, nz = f.untouched(0, j, clues)
		return alive, nz, &noFamilies
	}
	alive, nz = f.untouched(n-1, j, clues)
	return alive, nz, &f.cell[j][clues[n-1]]
}
