package band

import "edgrid/canon"

// Forms returns the 416 minimal band forms, ascending (derived by canon).
func Forms() [][27]uint8 { return canon.BandForms() }

// CandidateKeys returns the column-1 settings of docs/design/method.md's second cut (column 1) for a
// first band, ascending: cell 28 is the smallest digit not in column 1 of band
// 1, two of the other five go to cells 37 < 46 and the remaining three to
// 55 < 64 < 73, which puts (28) < (55) too. There are always 10.
func CandidateKeys(first [27]uint8) []Key {
	var free []uint8
	for d := uint8(1); d <= 9; d++ {
		if d != first[0] && d != first[9] && d != first[18] {
			free = append(free, d)
		}
	}
	// free is ascending, so free[0] is the smallest and must sit in cell 28.
	var keys []Key
	for a := 1; a < 6; a++ {
		for b := a + 1; b < 6; b++ {
			var k Key
			copy(k[:27], first[:])
			k[27], k[28], k[29] = free[0], free[a], free[b]
			n := 30
			for i := 1; i < 6; i++ {
				if i != a && i != b {
					k[n] = free[i]
					n++
				}
			}
			keys = append(keys, k)
		}
	}
	return keys
}
