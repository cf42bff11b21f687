package main

import (
	"fmt"

	"edgrid/canon"
	"edgrid/cells"
)

// Grids and puzzles of 81 cells are read by package cells, the one reader
// every command and the web service share. The n x n puzzles of solve
// --size are read here, with the same separators and the same empty cells.

// parseSized reads a one-line n x n puzzle: a cell is 1-9, then A for 10,
// B for 11 and so on (up to n), or empty; separators as cells.Read.
func parseSized(t string, n int) ([]uint8, error) {
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
					count+1, count/n+1, count%n+1, []rune(t[i:])[0], numberChar(n), cells.EmptyChars)}
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
