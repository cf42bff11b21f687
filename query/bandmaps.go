package query

// A band map rearranges a band (three rows, or three columns read as rows):
// a row order and a column map that keeps stacks together, 6 * 1296 = 7,776
// of them. With the relabelling that follows from row 1 they are the
// transforms that need nothing outside the band (docs/design/method.md, "Cutting the search down, first: band 1").
type bandMap struct {
	rows [3]uint8
	cols [9]uint8
}

// rowOrders lists the orders of three rows.
var rowOrders = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// colMaps lists the 1,296 column maps that keep stacks together: the
// stacks in one of 6 orders, the columns of each in one of 6.
var colMaps = func() [][9]uint8 {
	out := make([][9]uint8, 0, 1296)
	for _, sp := range rowOrders {
		for _, p0 := range rowOrders {
			for _, p1 := range rowOrders {
				for _, p2 := range rowOrders {
					var c [9]uint8
					for k, p := range [3][3]uint8{p0, p1, p2} {
						for j := range 3 {
							c[k*3+j] = sp[k]*3 + p[j]
						}
					}
					out = append(out, c)
				}
			}
		}
	}
	return out
}()

// apply returns band b with the map applied: row i, column j of the result
// is row rows[i], column cols[j] of b.
func (m *bandMap) apply(b *[27]uint8) [27]uint8 {
	var y [27]uint8
	for i := range 3 {
		r := int(m.rows[i]) * 9
		for j := range 9 {
			y[i*9+j] = b[r+int(m.cols[j])]
		}
	}
	return y
}

// stabilizer returns the band maps, other than the identity, that map band
// b to itself once relabelled so that row 1 reads as b's row 1, each with
// that relabelling (digits[d] is d's new digit; digits[0] = 0).
func stabilizer(b *[27]uint8) []stabMap {
	var out []stabMap
	for ri, ro := range rowOrders {
		for ci := range colMaps {
			if ri == 0 && ci == 0 {
				continue // the identity
			}
			m := bandMap{rows: ro, cols: colMaps[ci]}
			y := m.apply(b)
			var d [10]uint8
			for j := range 9 {
				d[y[j]] = b[j]
			}
			same := true
			for k := 9; k < 27 && same; k++ {
				same = d[y[k]] == b[k]
			}
			if same {
				out = append(out, stabMap{bandMap: m, digits: d})
			}
		}
	}
	return out
}

// stabMap is a band map with its relabelling.
type stabMap struct {
	bandMap
	digits [10]uint8
}
