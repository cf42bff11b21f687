package scan

import "slices"

// The passes of the band method. A puzzle of k clues has a band or stack of
// at least ceil(k/3) clues. Each puzzle is found in exactly one pass, its
// owner (owner):
//
//   - high passes, when some band or stack holds more than lowMax clues:
//     band 3 is the first of bands 1-3, stacks 1-3 (in that order) that
//     holds the most clues, n3 of them. The bands before it in its
//     direction hold fewer than n3, those after at most n3; in the other
//     direction, stacks (after the bands) hold at most n3, bands (before
//     the stacks) fewer than n3.
//   - low passes, when no band or stack holds more than lowMax: only the
//     bands of one direction, lowDir (the rows' bands or the stacks), serve
//     as band 3, in the order lowBand (lowOrder: the direction and order
//     that test the fewest pairs, so that the costly pairs of bands 1+2 come
//     up in one pass only); band 3 is the first of them in that order with
//     the most clues, and every band and stack holds at most lowMax.
//
// A pass fixes the frame, n3 and the most clues each band of bands 1+2 and
// each stack may hold.

// bandPass is one pass and its working state.
type bandPass struct {
	id       int       // the pass, as owner numbers it
	fr       bandFrame // the frame
	dir      int       // 0: band 3 is a band of the grid, 1: of its transpose
	hband    [3]int    // the bands of the frame's grid at frame bands 0-2
	n3       int       // the clues of band 3
	most     [2]int    // the most clues frame bands 0 and 1 may hold
	stackMax int       // the most clues a stack of the frame may hold

	allowed3            uint32   // the cells of band 3 clues may take
	cross               []cross  // sets of bands 1+2 that meet both bands
	third               []third  // sets that meet band 3 and bands 1+2
	pure3               []uint32 // sets inside band 3
	xy12                []cross  // learned sets inside bands 1+2
	extra               []third  // sets that meet band 3 beyond the vectors: learned in the pass, or past maxThird
	xy12Next, extraNext int      // the replacements in xy12 and extra (ring)
	local               []uint32 // the band-3 cells of the sets learned for the band 1+2 in progress
	lists               [2][]bandList
	hitCross            [2][27][crossWords]uint64
	hitThird            [2][27][thirdWords]uint64
	prefix              prefixStack // buildLists' and xBlock's scratch
	xb                  xVectors    // the vectors of the block of band 1's sets in the pair loop
	groups              pairGroups  // the pair loop's lists grouped by their pivots
	z                   thirdSearch
	nMini               int              // p.third[:nMini] meet band 3 in one minirow
	partBit             [maxThird]uint64 // the minirow part of each of them, bit 7*minirow+places-1
	runs                []runWord        // the runs of sets with the same part, a word of p.third[:nMini] each
	others              []uint32         // scratch: the sets a critical band 3 must hit beyond its minirows
	byLast              []uint32         // scratch: others by the last minirow they meet
	lastAt              [10]int          // byLast[lastAt[mr]:lastAt[mr+1]] meet minirow mr last
	share               []*bandScanner   // the grids that take this pass's pairs too (bands_share.go)
	lead                *bandPass        // the pass whose pairs this one takes, or nil
	thirdOnly           bool             // its lists need no vectors of the sets of bands 1+2 (lead's test them)
}

// cross is an unavoidable set inside bands 1+2, by band.
type cross struct{ p0, p1 uint32 }

// third is an unavoidable set that meets band 3: its cells in bands 1+2
// and in band 3.
type third struct{ p0, p1, p3 uint32 }

// passID numbers the passes: a high pass by its band 3 (t = 3*dir + band)
// and n3, a low pass by its place a in lowBand and n3.
func passID(high bool, t, n3 int) int {
	if high {
		return t*32 + n3
	}
	return 1024 + t*32 + n3
}

// owner is the pass that finds the puzzle with clues p.
func (s *bandScanner) owner(p cells) int {
	var v [6]int
	for x := p; !x.empty(); {
		c := x.first()
		x.clear(c)
		v[c/27]++
		v[3+c%9/3]++
	}
	mx, t := 0, 0
	for i, n := range v {
		if n > mx {
			mx, t = n, i
		}
	}
	if mx > lowMax {
		return passID(true, t, mx)
	}
	bm, a := -1, 0
	for i, b := range s.lowBand {
		if v[3*s.lowDir+b] > bm {
			bm, a = v[3*s.lowDir+b], i
		}
	}
	return passID(false, a, bm)
}

// passSpec is one pass of a frame: its id, n3, the most clues frame bands
// 0 and 1 may hold and the most a stack may hold.
type passSpec struct {
	id, n3   int
	most     [2]int
	stackMax int
}

// passes runs every pass that can hold a puzzle of s.k clues, frame by
// frame: the passes that share a band 3 share its lists. In the shared
// frame (bands_share.go) the grids of s.share come along, and the passes
// done with another grid's (s.doneSpecs) are left out.
func (s *bandScanner) passes() error {
	for t := range 6 {
		dir, hb, specs := s.frameSpecs(t)
		var share []*bandScanner
		if t == sharedFrame {
			share = s.share
			specs = slices.DeleteFunc(specs, func(sp passSpec) bool { return slices.Contains(s.doneSpecs, sp) })
		}
		if err := s.frame(dir, hb, specs, share); err != nil {
			return err
		}
	}
	return nil
}

// frameSpecs is frame t's direction, its bands of the grid (band 3, the
// t%3-th band of direction t/3, last) and the passes it runs.
func (s *bandScanner) frameSpecs(t int) (int, [3]int, []passSpec) {
	lo := (s.k + 2) / 3
	dir, b := t/3, t%3
	others := [2]int{(b + 1) % 3, (b + 2) % 3}
	if others[0] > others[1] {
		others[0], others[1] = others[1], others[0]
	}
	var specs []passSpec
	for n3 := max(lo, lowMax+1); n3 <= s.k; n3++ {
		var most [2]int
		for j, o := range others {
			most[j] = n3
			if o < b {
				most[j] = n3 - 1
			}
		}
		stackMax := n3
		if dir == 1 {
			stackMax = n3 - 1
		}
		specs = append(specs, passSpec{passID(true, t, n3), n3, most, stackMax})
	}
	if dir == s.lowDir {
		// The low passes with band b as band 3: the bands before
		// it in lowBand hold fewer clues than it.
		a := 0
		for i, o := range s.lowBand {
			if o == b {
				a = i
			}
		}
		for n3 := lo; n3 <= lowMax; n3++ {
			var most [2]int
			for j, o := range others {
				most[j] = n3
				for i := range a {
					if s.lowBand[i] == o {
						most[j] = n3 - 1
					}
				}
			}
			specs = append(specs, passSpec{passID(false, a, n3), n3, most, lowMax})
		}
	}
	return dir, [3]int{others[0], others[1], b}, specs
}
