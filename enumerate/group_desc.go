package enumerate

import "math/bits"

// The descending search (Searcher.RunDesc): search and band 3's row 7 with
// the largest digit tried first, so the completions come largest first.
// These are copies of the ascending loops rather than one loop with a
// direction flag: a flag tested at every placement made the whole
// enumeration 6-12% slower (benchstat, BenchmarkGroup). TestSearcherRunDesc
// checks that they give exactly the ascending order reversed.

// searchDesc is search, largest digits first.
func (s *bitSearch) searchDesc(start int) {
	var avail [48]uint16
	depth := start
	avail[depth] = s.avail(depth)
	for depth >= start {
		a := avail[depth]
		if a == 0 || s.stopped {
			depth--
			if depth >= start {
				s.unplace(depth)
			}
			continue
		}
		d := uint8(bits.Len16(a) - 1)
		avail[depth] = a &^ (1 << d)
		s.place(depth, d)
		if depth == band2End-1 {
			if e, ok := s.check.Band2((*[27]uint8)(s.g[27:54])); ok {
				s.band2Kept++
				s.band2 = e
				s.band3()
			} else {
				s.band2Pruned++
			}
			s.unplace(depth)
			continue
		}
		depth++
		avail[depth] = s.avail(depth)
	}
}

// row7Desc is band3's row 7 loop, largest digits first.
func (s *bitSearch) row7Desc(tri *[9]uint16) {
	g := &s.g
	var avail [9]uint16
	used := uint16(1) << g[54]
	c := 1
	avail[1] = tri[1] &^ used & s.allow[row7At+1]
	for c >= 1 {
		a := avail[c]
		if a == 0 || s.stopped {
			c--
			if c >= 1 {
				used &^= 1 << g[54+c]
			}
			continue
		}
		d := uint8(bits.Len16(a) - 1)
		avail[c] = a &^ (1 << d)
		g[54+c] = d
		if c == 8 {
			s.rows89(tri)
			continue
		}
		used |= 1 << d
		c++
		avail[c] = tri[c] &^ used & s.allow[row7At+c]
	}
}
