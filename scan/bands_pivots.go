package scan

import "math/bits"

// A pair of clue sets dies on a set of bands 1+2 that both miss. Before the
// pair loop tests a pair of lists, it picks a few *pivots* among the sets of
// the first word, those that the most pairs miss together, and groups each
// list by the pivots its clue sets miss: a group of band 1's sets is paired
// only with the groups of band 2's that miss none of the same pivots, and the
// pairs of the other groups, which a pivot ends, are never read. On random
// classes 2, 3 and 5 at 17 clues six pivots leave 10-14% of the pairs.

const (
	// maxPivots is the most pivots a pair of lists is grouped by.
	maxPivots = 6
	// pivotPairs is the fewest pairs a pair of lists must have to be
	// grouped: choosing pivots costs about as much as a loop over that
	// many pairs.
	pivotPairs = 1 << 22
	// pivotSample is how many clue sets of each list, evenly spaced, the
	// choice of pivots reads.
	pivotSample = 256
	// pivotGroup is the fewest clue sets a group should hold on average:
	// a pivot is added only while the groups stay that large.
	pivotGroup = 64
)

// pairGroups is a pair of lists grouped by their pivots: the clue sets of
// group a of the streamed list are xIdx[xAt[a]:xAt[a+1]] and those of the
// kept list yIdx[yAt[a]:yAt[a+1]], in list order within a group; yV0 holds
// the first words of the kept list's sets in that order, so that the pair
// loop reads them straight.
type pairGroups struct {
	n      int // the groups: 1 << the pivots
	xIdx   []int32
	yIdx   []int32
	yV0    []uint64 // yBuf, or the kept list's v0 when not grouped
	yBuf   []uint64
	own    bool // yV0 is yBuf, a copy in group order
	xAt    [1<<maxPivots + 1]int32
	yAt    [1<<maxPivots + 1]int32
	xFirst []uint64 // scratch: the first word of each streamed set
	pivot  [maxPivots]uint8
}

// group chooses the pivots for the pairs of xs (streamed, frame band jx)
// and ys (kept) and groups both lists by them. A pair of lists too short to
// be grouped is one group in list order, yV0 the kept list's own words.
func (g *pairGroups) group(p *bandPass, xs, ys *bandList, jx int) {
	nx, ny := len(xs.sets), len(ys.sets)
	g.xIdx = resized(g.xIdx, nx)
	g.yIdx = resized(g.yIdx, ny)
	if nx*ny < pivotPairs {
		g.n, g.own = 1, false
		g.xAt[0], g.xAt[1] = 0, int32(nx)
		g.yAt[0], g.yAt[1] = 0, int32(ny)
		for i := range g.xIdx {
			g.xIdx[i] = int32(i)
		}
		for i := range g.yIdx {
			g.yIdx[i] = int32(i)
		}
		g.yV0 = ys.v0
		return
	}
	g.xFirst = resized(g.xFirst, nx)
	var all uint64
	if n := len(p.cross); n >= 64 {
		all = ^uint64(0)
	} else {
		all = 1<<n - 1
	}
	hit := &p.hitCross[jx]
	for i, x := range xs.sets {
		v := all
		for ; x != 0; x &= x - 1 {
			v &^= hit[bits.TrailingZeros32(x)][0]
		}
		g.xFirst[i] = v
	}
	k := g.choose(g.xFirst, ys.v0, min(nx, ny))
	g.n = 1 << k
	g.sort(g.xFirst, g.xIdx, &g.xAt, k)
	g.sort(ys.v0, g.yIdx, &g.yAt, k)
	g.yBuf = resized(g.yBuf, ny)
	g.yV0, g.own = g.yBuf, true
	g.refresh(ys)
}

// refresh copies the kept list's first words into yV0, after they change
// (when yV0 is a copy).
func (g *pairGroups) refresh(ys *bandList) {
	if !g.own {
		return
	}
	for i, j := range g.yIdx {
		g.yV0[i] = ys.v0[j]
	}
}

// pattern is the pivots first word v misses, one bit each.
func (g *pairGroups) pattern(v uint64, k int) int {
	a := 0
	for t := range k {
		a |= int(v>>g.pivot[t]&1) << t
	}
	return a
}

// sort fills idx with the indices of words grouped by pattern (a counting
// sort, stable) and at with the groups' starts.
func (g *pairGroups) sort(words []uint64, idx []int32, at *[1<<maxPivots + 1]int32, k int) {
	*at = [1<<maxPivots + 1]int32{}
	for _, v := range words {
		at[g.pattern(v, k)+1]++
	}
	for a := range g.n {
		at[a+1] += at[a]
	}
	var next [1 << maxPivots]int32
	copy(next[:], at[:g.n])
	for i, v := range words {
		a := g.pattern(v, k)
		idx[next[a]] = int32(i)
		next[a]++
	}
}

// choose picks the pivots greedily on samples of both lists' first words,
// each the set that, with those chosen before, leaves the fewest pairs, and
// returns how many it took: at most maxPivots, and only while each group
// keeps pivotGroup sets of the shorter list (of length short) on average.
func (g *pairGroups) choose(xw, yw []uint64, short int) int {
	var xs, ys [pivotSample]uint64
	sx := sample(xw, xs[:])
	sy := sample(yw, ys[:])
	var px, py [pivotSample]uint8 // each sample's pattern so far
	var used uint64
	k := 0
	best := float64(len(sx) * len(sy))
	for k < maxPivots && short>>(k+1) >= pivotGroup {
		pick, pickLeft := -1, best
		for c := range 64 {
			if used>>c&1 != 0 {
				continue
			}
			left := leftPairs(sx, sy, px[:len(sx)], py[:len(sy)], uint(c), k+1)
			if left < pickLeft {
				pick, pickLeft = c, left
			}
		}
		// A pivot that ends fewer than a tenth of the pairs left is
		// not worth its groups.
		if pick < 0 || pickLeft > 0.9*best {
			break
		}
		g.pivot[k] = uint8(pick)
		used |= 1 << pick
		for i, v := range sx {
			px[i] |= uint8(v>>pick&1) << k
		}
		for i, v := range sy {
			py[i] |= uint8(v>>pick&1) << k
		}
		best = pickLeft
		k++
	}
	return k
}

// sample copies len(out) words of w, evenly spaced (all of them if fewer),
// and returns them.
func sample(w []uint64, out []uint64) []uint64 {
	if len(w) <= len(out) {
		return out[:copy(out, w)]
	}
	for i := range out {
		out[i] = w[i*len(w)/len(out)]
	}
	return out
}

// leftPairs counts the pairs of samples sx and sy that miss none of the
// same pivots, when the pivots so far (patterns px, py) are joined by set
// c as pivot k-1: the sum over the patterns a of sx of the samples of sy
// whose pattern is inside the complement of a (a sum over subsets).
func leftPairs(sx, sy []uint64, px, py []uint8, c uint, k int) float64 {
	var cx, z [1 << maxPivots]int32
	top := k - 1
	for i, v := range sx {
		cx[int(px[i])|int(v>>c&1)<<top]++
	}
	for i, v := range sy {
		z[int(py[i])|int(v>>c&1)<<top]++
	}
	n := 1 << k
	for b := range k {
		for m := range n {
			if m>>b&1 != 0 {
				z[m] += z[m^1<<b]
			}
		}
	}
	left := 0
	for a := range n {
		left += int(cx[a]) * int(z[(n-1)&^a])
	}
	return float64(left)
}
