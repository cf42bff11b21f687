package solve

import "fmt"

// classic is the shape of a 9x9 board, for the messages of CheckGivens.
var classic = &Rules{Rows: 9, Cols: 9, Max: 9}

// CheckGivens reports the first given of a 9x9 grid that repeats a digit of
// its row, column or box (in that order of checking), as a *GivenError that
// names the unit: the same fault Solve would find, found without a search.
func CheckGivens(g *[81]uint8) error {
	var seen [3][9]uint16
	for c, d := range g {
		if d == 0 {
			continue
		}
		if d > 9 {
			return givenError(classic, c, int(d), true, "")
		}
		r, col, b := c/9, c%9, c/27*3+c%9/3
		bit := uint16(1) << d
		for k, u := range [3]struct {
			i    int
			name string
		}{{r, "row"}, {col, "column"}, {b, "box"}} {
			if seen[k][u.i]&bit != 0 {
				return givenError(classic, c, int(d), true, fmt.Sprintf("%s %d", u.name, u.i+1))
			}
		}
		seen[0][r] |= bit
		seen[1][col] |= bit
		seen[2][b] |= bit
	}
	return nil
}
