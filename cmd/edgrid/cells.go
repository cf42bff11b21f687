package main

import (
	"fmt"

	"edgrid/canon"
)

// The one reader of grids and puzzles for every command, so that the same
// input is read, and the same fault worded, the same way everywhere. A grid
// or puzzle is 81 cells, row by row: a digit 1-9, or an empty cell written
// any of the ways other tools print it (emptyCells). Spaces, tabs, line
// breaks, '|' and '+' between cells are skipped, and so are box-rule lines
// (------+-------+------).

// emptyCells are the characters read as an empty cell.
const emptyCells = ". 0 - * _ x"

// Cell classes of cellClass.
const (
	cellBad   = 0xFF // not a cell
	cellSep   = 0xFE // between cells: skipped
	cellEmpty = 0    // an empty cell; 1-9 are the digits
)

// cellClass maps a byte to its digit, cellEmpty, cellSep or cellBad.
var cellClass = func() (t [256]uint8) {
	for i := range t {
		t[i] = cellBad
	}
	for d := byte('1'); d <= '9'; d++ {
		t[d] = d - '0'
	}
	for _, c := range []byte(".0-*_x") {
		t[c] = cellEmpty
	}
	for _, c := range []byte(" \t\r\n|+=") {
		t[c] = cellSep
	}
	return t
}()

// parseCells reads the 81 cells of t and reports how many are empty. Its
// errors are *canon.ParseError values naming the first bad cell, or the
// number of cells when it is not 81.
func parseCells(t string) (g canon.Grid, empty int, err error) {
	if len(t) == 81 {
		// The usual line: 81 bytes, no separators.
		bad := false
		for i := 0; i < 81; i++ {
			v := cellClass[t[i]]
			bad = bad || v > 9
			g[i] = v
		}
		if !bad {
			for i := range g {
				if g[i] == 0 {
					empty++
				}
			}
			return g, empty, nil
		}
	}
	n := 0
	for i := 0; i < len(t); i++ {
		switch v := cellClass[t[i]]; {
		case v == cellSep:
		case v == cellBad || isRuleAt(t, i):
			if v == cellBad {
				if n < 81 {
					return g, 0, &canon.ParseError{Cell: n + 1, Msg: badCell(t, i)}
				}
				n++ // the length is the fault
				continue
			}
			// A box rule: skip to its end.
			for i < len(t) && t[i] != '\n' {
				i++
			}
		default:
			if n < 81 {
				g[n] = v
				if v == 0 {
					empty++
				}
			}
			n++
		}
	}
	if n != 81 {
		return g, 0, &canon.ParseError{Msg: fmt.Sprintf("%d cells, want 81", n)}
	}
	return g, empty, nil
}

// badCell words the fault of the character at t[i], the same in every command.
func badCell(t string, i int) string {
	r := []rune(t[i:])[0]
	return fmt.Sprintf("%q is not a digit 1-9 or an empty cell (%s)", r, emptyCells)
}

// parseGrid reads a solution grid: 81 digits 1-9 (separators allowed), valid.
func parseGrid(t string) (canon.Grid, error) {
	g, empty, err := parseCells(t)
	if err != nil {
		return g, err
	}
	if empty > 0 {
		for i, v := range g {
			if v == 0 {
				return g, &canon.ParseError{Cell: i + 1, Msg: "an empty cell: want a solution grid, 81 digits 1-9"}
			}
		}
	}
	return g, g.Validate()
}

// parsePuzzle reads a puzzle: 81 cells, digits or empty; it need not be valid.
func parsePuzzle(t string) (canon.Grid, error) {
	g, _, err := parseCells(t)
	return g, err
}

// isRule reports whether line is a box rule: only '-', '=', '+', '|' and
// white space, with a '+' or more than nine dashes (a row of nine empty
// cells written '-' is not a rule).
func isRule[T string | []byte](line T) bool {
	dashes, plus := 0, false
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '-', '=':
			dashes++
		case '+':
			plus = true
		case '|', ' ', '\t', '\r', '\n':
		default:
			return false
		}
	}
	return dashes > 0 && (plus || dashes > 9)
}

// isRuleAt reports whether a box rule starts at t[i], at the start of a
// line of t: rules are skipped only where they stand on a line of their own.
func isRuleAt(t string, i int) bool {
	if t[i] != '-' && t[i] != '=' || i > 0 && t[i-1] != '\n' {
		return false
	}
	j := i
	for j < len(t) && t[j] != '\n' {
		j++
	}
	return isRule(t[i:j])
}

// parseSized reads a one-line n x n puzzle: a cell is 1-9, then A for 10,
// B for 11 and so on (up to n), or empty; separators as parseCells.
func parseSized(t string, n int) ([]uint8, error) {
	g := make([]uint8, 0, n*n)
	count := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		v := cellClass[c]
		switch {
		case v == cellSep:
			continue
		case c >= 'A' && c <= 'Z' && int(c-'A')+10 <= n:
			v = c - 'A' + 10
		case v > 9 || int(v) > n:
			if count < n*n {
				return nil, &canon.ParseError{Msg: fmt.Sprintf("cell %d (r%dc%d): %q is not a number 1-%c or an empty cell (%s)",
					count+1, count/n+1, count%n+1, []rune(t[i:])[0], numberChar(n), emptyCells)}
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
