package solve

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// PuzzleError reports a puzzle line that is not 81 cells of 1-9, '.' or 0.
type PuzzleError struct {
	Line  int    // 1-based line of the input, 0 when unknown
	Cell  int    // 0-80, or -1 when the length is wrong
	Char  rune   // the bad character
	Count int    // the number of characters, when the length is wrong
	Msg   string // set instead for other faults (clashing givens)
}

// Error implements error.
func (e *PuzzleError) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	switch {
	case e.Msg != "":
		b.WriteString(e.Msg)
	case e.Cell < 0:
		fmt.Fprintf(&b, "%d characters; want 81 (1-9 for givens, . or 0 for empty cells)", e.Count)
	default:
		fmt.Fprintf(&b, "cell %d (r%dc%d): %q is not a digit 1-9 or . or 0", e.Cell+1, e.Cell/9+1, e.Cell%9+1, e.Char)
	}
	return b.String()
}

// ParsePuzzle reads a puzzle of 81 characters, row by row: '1'-'9' for a
// given, '.' or '0' for an empty cell (0 in the grid). Surrounding white
// space (a trailing \r too) is ignored. It fails with a *PuzzleError naming
// the first bad cell, or the length; Line is left 0 for the caller to set.
func ParsePuzzle(s string) ([81]uint8, error) {
	var g [81]uint8
	s = strings.TrimSpace(s)
	if n := utf8.RuneCountInString(s); n != 81 {
		return g, &PuzzleError{Cell: -1, Count: n}
	}
	cell := 0
	for _, c := range s {
		switch {
		case c == '.' || c == '0':
		case c >= '1' && c <= '9':
			g[cell] = uint8(c - '0')
		default:
			return g, &PuzzleError{Cell: cell, Char: c}
		}
		cell++
	}
	return g, nil
}

// FormatGrid writes a grid as 81 characters, '.' for an empty cell.
func FormatGrid(g *[81]uint8) string {
	var b [81]byte
	for i, d := range g {
		b[i] = '.'
		if d >= 1 && d <= 9 {
			b[i] = '0' + d
		}
	}
	return string(b[:])
}
