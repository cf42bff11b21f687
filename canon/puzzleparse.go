package canon

import (
	"encoding/binary"
	"fmt"
	"slices"
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
	n := len(dst)
	dst = slices.Grow(dst, 81)[:n+81]
	out := dst[n : n+81]
	// Eight cells at a time: '0'+d in each byte modulo 256 (as AppendText),
	// then the empty character in the bytes that were 0.
	const low, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	fill := uint64(empty) * 0x0101010101010101
	for i := 0; i < 80; i += 8 {
		x := binary.LittleEndian.Uint64(p[i:])
		text := (x&^high + 0x3030303030303030) ^ (x & high)
		// The high bit of each byte that is 0, exactly; then all its bits.
		zero := ^((x&low + low) | x | low)
		zero = (zero >> 7) * 0xff
		binary.LittleEndian.PutUint64(out[i:], text&^zero|fill&zero)
	}
	out[80] = empty
	if d := p[80]; d != 0 {
		out[80] = '0' + d
	}
	return dst
}
