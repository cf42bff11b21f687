package enumerate

import (
	"edgrid/band"
	"math/bits"
)

// The descending search (Searcher.RunDesc): search with the largest digit
// tried first, so the completions come largest first (band 3 walks its
// list of rows 7 and their completions backwards).
// These are copies of the ascending loops rather than one loop with a
// direction flag: a flag tested at every placement made the whole
// enumeration 6-12% slower (benchstat, BenchmarkGroup). TestSearcherRunDesc
// checks that they give exactly the ascending order reversed.

// searchDesc is search, largest digits first.
func (s *bitSearch) searchDesc(start int) {
	var avail [band.OpenCells]uint16
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
