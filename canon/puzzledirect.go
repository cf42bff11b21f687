package canon

import "math/bits"

// maxDirect is the most group elements for which the pattern-first digit
// comparison applies each one to the puzzle rather than running digitSearch.
// Most puzzles leave one or two after the pattern search.
const maxDirect = 8

// direct applies each group element of the pattern candidates in s.cur to
// the puzzle, relabelling as it goes, and keeps the smallest result: the
// pattern-first form, the number of elements giving it, and one of them. It
// reports false, doing nothing, when there are more than maxDirect elements
// (digitSearch does those).
func (s *puzzleScan) direct(form *Grid) (autos int, t Transform, ok bool) {
	if s.autos() > maxDirect {
		return 0, Transform{}, false
	}
	have := false
	for ci := range s.cur {
		c := &s.cur[ci]
		for sx := c.stks; sx != 0; sx &= sx - 1 {
			sp := &perm3[bits.TrailingZeros8(sx)]
			for x0 := c.cols[0]; x0 != 0; x0 &= x0 - 1 {
				for x1 := c.cols[1]; x1 != 0; x1 &= x1 - 1 {
					for x2 := c.cols[2]; x2 != 0; x2 &= x2 - 1 {
						cp := [3]uint8{uint8(bits.TrailingZeros8(x0)), uint8(bits.TrailingZeros8(x1)), uint8(bits.TrailingZeros8(x2))}
						switch s.applyElement(c, sp, &cp, form, !have) {
						case -1:
							autos = 1
							e := *c
							e.stks = uint8(1) << bits.TrailingZeros8(sx)
							for ss := range 3 {
								e.cols[ss] = 1 << cp[ss]
							}
							t = e.transform()
							t.Digits = s.digits
							have = true
						case 0:
							autos++
						}
					}
				}
			}
		}
	}
	return autos, t, true
}

// applyElement applies to the puzzle the element of candidate c with stack
// order sp and column orders perm3[cp[ss]] in source stack ss, relabels the
// digits in order of first appearance, and compares the result with best:
// -1 when smaller (it is then in best, and its relabelling in s.digits), 0
// when equal, 1 when larger. With first set it just writes best.
func (s *puzzleScan) applyElement(c *pcand, sp *[3]uint8, cp *[3]uint8, best *Grid, first bool) int {
	// Target column j reads source column col[j] of a line.
	var col [9]uint8
	for t, ss := range sp {
		for k, w := range perm3[cp[ss]] {
			col[3*t+k] = 3*ss + w
		}
	}
	var lab [10]uint8
	next := uint8(1)
	cmp := 0
	if first {
		cmp = -1
	}
	for i := range 9 {
		base, step := lineAt(c.tr, int(c.rows[i]))
		for j := range 9 {
			d := s.p[base+step*int(col[j])]
			if d != 0 {
				if lab[d] == 0 {
					lab[d] = next
					next++
				}
				d = lab[d]
			}
			// Invariant: cells before 9i+j equal best's while cmp is 0;
			// once cmp is -1, best takes the new cells.
			switch {
			case cmp < 0:
				best[9*i+j] = d
			case d != best[9*i+j]:
				if d > best[9*i+j] {
					return 1
				}
				cmp = -1
				best[9*i+j] = d
			}
		}
	}
	if cmp < 0 {
		for d := 1; d <= 9; d++ {
			if lab[d] == 0 {
				lab[d] = next
				next++
			}
		}
		s.digits = lab
	}
	return cmp
}
