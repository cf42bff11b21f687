package cells

import (
	"encoding/binary"
	"strings"
)

// The fields of a line, as the command line's line contract reads them:
// the first whitespace-separated field is the input and the fields after
// it are extra (ratings, names), except that a grid or puzzle written with
// white space between its cells takes the fields up to its 81st cell. The
// command line and the web service both cut their inputs here.

// Input cuts one input given whole (a command-line argument, the input of
// a request) into the input and the extra fields after it, as SplitInput
// does a line; with cells set, a text of several lines shorter than 81
// bytes in its first field is a grid or puzzle written as 9 lines, taken
// whole.
func Input(a string, cells bool) (input, rest string) {
	in, r, _ := SplitInput(Trim([]byte(a)), cells)
	if cells && len(in) < 81 && strings.Contains(a, "\n") {
		return strings.TrimSpace(a), "" // a grid of 9 lines in one text
	}
	return string(in), string(r)
}

// IsSpace reports whether c separates the fields of a line: space, tab,
// carriage return or newline.
func IsSpace(c byte) bool { return spaces[c] }

// spaces marks the bytes IsSpace accepts: one load a byte in the loops
// that look for the end of an input.
var spaces = [256]bool{' ': true, '\t': true, '\r': true, '\n': true}

// Trim removes the white space (IsSpace) around t.
func Trim(t []byte) []byte {
	i, j := 0, len(t)
	for i < j && IsSpace(t[i]) {
		i++
	}
	for j > i && IsSpace(t[j-1]) {
		j--
	}
	return t[i:j]
}

// FirstSpace returns the index of t's first separator (IsSpace), or
// len(t): eight bytes at a time while none of them is below '!' (every
// separator is), then byte by byte.
func FirstSpace(t []byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(t); i += 8 {
		x := binary.LittleEndian.Uint64(t[i:])
		if (x-ones*'!')&^x&highs != 0 {
			break
		}
	}
	for ; i < len(t) && !IsSpace(t[i]); i++ {
	}
	return i
}

// SplitInput cuts a trimmed line into its input and the rest. With cells
// set, a first field of fewer than 81 bytes takes the following fields
// while they hold only cells and separators, up to exactly 81 cells; rowCells
// is then the number of cells the line holds when they are not 81 (9 for a
// row of a grid written as 9 lines), else -1.
func SplitInput(t []byte, cells bool) (input, rest []byte, rowCells int) {
	end := FirstSpace(t)
	rowCells = -1
	if cells && end < 81 {
		n, j := 0, 0
		for j < len(t) {
			k := j
			for k < len(t) && !IsSpace(t[k]) {
				k++
			}
			c, ok := fieldCells(t[j:k])
			if !ok {
				break
			}
			n += c
			if n == 81 {
				return t[:k], Trim(t[k:]), -1
			}
			if n > 81 {
				break
			}
			for k < len(t) && IsSpace(t[k]) {
				k++
			}
			j = k
		}
		if j >= len(t) {
			rowCells = n // the whole line is cells
		}
	}
	return t[:end], Trim(t[end:]), rowCells
}

// fieldCells counts the cells of one field; ok is false when it holds
// something else.
func fieldCells(f []byte) (n int, ok bool) {
	if IsRule(f) {
		return 0, true
	}
	for _, c := range f {
		switch v := Class(c); v {
		case Bad:
			return 0, false
		case Sep:
		default:
			n++
		}
	}
	return n, true
}
