package lines

import (
	"fmt"
	"strconv"
	"strings"

	"edgrid/canon"
	"edgrid/cells"
)

// Grids and puzzles of 81 cells are read by package cells, the one reader
// every command and the web service share. The n x n puzzles of solve
// --size are read here, with the same separators and the same empty cells.

// ParseSized reads a one-line n x n puzzle: a cell is one character, 1-9,
// then A for 10, B for 11 and so on (up to n), or empty; separators (spaces,
// |, +) as cells.Read.
func ParseSized(t string, n int) ([]uint8, error) {
	g := make([]uint8, 0, n*n)
	count := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		v := cells.Class(c)
		switch {
		case v == cells.Sep:
			continue
		case c >= 'A' && c <= 'Z' && int(c-'A')+10 <= n:
			v = c - 'A' + 10
		case v > 9 || int(v) > n:
			if count < n*n {
				return nil, &canon.ParseError{Msg: fmt.Sprintf("cell %d (r%dc%d): %q is not a number 1-%c or an empty cell (%s)",
					count+1, count/n+1, count%n+1, []rune(t[i:])[0], NumberChar(n), cells.EmptyChars)}
			}
		}
		if count < n*n {
			g = append(g, v)
		}
		count++
	}
	if count != n*n {
		return nil, &canon.ParseError{Msg: fmt.Sprintf("%d cells, want %d (%d x %d)", count, n*n, n, n)}
	}
	return g, nil
}

// SplitSized gathers an n x n puzzle written with spaces between its cells
// into l.Text: the line reader of other sizes than 9x9 cuts the input at
// the first space. The fields after l.Text join it while they hold only
// cells and separators and the cells stay at most n*n; the fields after
// them stay in l.Rest. Between spaced cells, a field of two digits 10..n
// is an error: it would read as two cells.
func SplitSized(l *Input, n int) error {
	if l.Rest == "" {
		return nil
	}
	t := l.Text + " " + l.Rest
	count, end := 0, 0
	for j := 0; j < len(t); {
		k := j
		for k < len(t) && !cells.IsSpace(t[k]) {
			k++
		}
		f := t[j:k]
		c, ok := sizedFieldCells(f, n)
		if !ok || count+c > n*n {
			break
		}
		if v, err := strconv.Atoi(f); err == nil && len(f) == 2 && v >= 10 && v <= n {
			return &canon.ParseError{Msg: fmt.Sprintf("cell %d (r%dc%d): %q would be two cells: write a value above 9 as one letter (A=10 ... %c=%d)",
				count+1, count/n+1, count%n+1, f, NumberChar(n), n)}
		}
		count, end = count+c, k
		for k < len(t) && cells.IsSpace(t[k]) {
			k++
		}
		j = k
		if count == n*n {
			break
		}
	}
	if end > len(l.Text) {
		l.Text, l.Rest = t[:end], strings.TrimSpace(t[end:])
	}
	return nil
}

// sizedFieldCells counts the cells of one field of an n x n puzzle; ok is
// false when it holds something else.
func sizedFieldCells(f string, n int) (count int, ok bool) {
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch v := cells.Class(c); {
		case v == cells.Sep:
		case c >= 'A' && c <= 'Z' && int(c-'A')+10 <= n, v <= 9 && int(v) <= n:
			count++
		default:
			return 0, false
		}
	}
	return count, true
}

// NumberChar writes a value as puzzles and rules files do: 1-9, then A=10.
func NumberChar(v int) byte {
	if v <= 9 {
		return byte('0' + v)
	}
	return byte('A' + v - 10)
}
