package canon

import (
	"fmt"
	"strings"
)

// ParsePuzzle reads a puzzle from 81 characters: '1'-'9' for a clue, '.' or
// '0' for an empty cell (0 in the Grid); surrounding white space is ignored.
// The puzzle need not be valid.
func ParsePuzzle(s string) (Grid, error) { return ParsePuzzleLine(0, s) }

// ParsePuzzleLine is ParsePuzzle for line number line of some input; errors
// are *ParseError values naming the line and the first bad cell, or the
// length.
func ParsePuzzleLine(line int, s string) (Grid, error) {
	var p Grid
	s = strings.TrimSpace(s)
	n := 0
	for _, r := range s {
		if n < 81 {
			switch {
			case r == '.' || r == '0':
			case r >= '1' && r <= '9':
				p[n] = uint8(r - '0')
			default:
				return p, &ParseError{Line: line, Cell: n + 1, Msg: fmt.Sprintf("%q is not a digit 1-9, '.' or '0'", r)}
			}
		}
		n++
	}
	if n != 81 {
		return p, &ParseError{Line: line, Msg: fmt.Sprintf("%d cells, want 81", n)}
	}
	return p, nil
}

// AppendPuzzle appends the 81 cells of p to dst, digits as themselves and
// empty cells as empty (normally '0' or '.'), without allocating.
func AppendPuzzle(dst []byte, p *Grid, empty byte) []byte {
	for _, d := range p {
		c := empty
		if d != 0 {
			c = '0' + d
		}
		dst = append(dst, c)
	}
	return dst
}
