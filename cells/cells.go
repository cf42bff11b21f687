package cells

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"edgrid/canon"
)

// EmptyChars are the characters read as an empty cell, as messages list them.
const EmptyChars = ". 0 - * _ x"

// Classes of bytes that Class returns besides the digits 1-9.
const (
	Empty = 0    // an empty cell
	Sep   = 0xFE // between cells: skipped
	Bad   = 0xFF // not a cell
)

// classes maps a byte to its digit, Empty, Sep or Bad.
var classes = func() (t [256]uint8) {
	for i := range t {
		t[i] = Bad
	}
	for d := byte('1'); d <= '9'; d++ {
		t[d] = d - '0'
	}
	for _, c := range []byte(".0-*_x") {
		t[c] = Empty
	}
	for _, c := range []byte(" \t\r\n|+=") {
		t[c] = Sep
	}
	return t
}()

// Class returns what byte c is in a grid: its digit 1-9, Empty, Sep or Bad.
func Class(c byte) uint8 { return classes[c] }

// Read reads the 81 cells of t and reports how many are empty. Its errors
// are *canon.ParseError values naming the first bad cell, or the number of
// cells when it is not 81.
func Read(t string) (g canon.Grid, empty int, err error) {
	if len(t) == 81 {
		if n, ok := readCells(t, &g); ok {
			return g, n, nil
		}
	}
	if len(t) == 81 {
		// The usual line: 81 bytes, no separators. A class above 9 (Sep,
		// Bad) has high bits that digits and Empty lack.
		t := t[:81]
		var high uint8
		for i := range g {
			v := classes[t[i]]
			high |= v
			g[i] = v
			if v == 0 {
				empty++
			}
		}
		if high&0xF0 == 0 {
			return g, empty, nil
		}
		empty = 0
	}
	n := 0
	for i := 0; i < len(t); i++ {
		switch v := classes[t[i]]; {
		case v == Sep:
		case v == Bad || isRuleAt(t, i):
			if v == Bad {
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

// Bytes of a word, for readCells.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// readCells reads t, 81 bytes, into g when every byte is a digit 0-9 or
// '.' (the usual line of a grid or a puzzle), eight bytes at a time, and
// returns the number of empty cells ('0' and '.'); ok is false, g
// unspecified, when some byte is anything else.
func readCells(t string, g *canon.Grid) (empty int, ok bool) {
	t = t[:81]
	const low = 0x7f7f7f7f7f7f7f7f
	for i := 0; i < 80; i += 8 {
		x := uint64(t[i]) | uint64(t[i+1])<<8 | uint64(t[i+2])<<16 | uint64(t[i+3])<<24 |
			uint64(t[i+4])<<32 | uint64(t[i+5])<<40 | uint64(t[i+6])<<48 | uint64(t[i+7])<<56
		// The high bit of each byte that is '.', exactly; then all its
		// bits. Those bytes become '0'.
		d := x ^ ones*'.'
		dots := ^((d&low + low) | d | low)
		x = x&^((dots>>7)*0xff) | (dots>>7)*'0'
		// Every byte is now to be a digit 0-9.
		below := (x - ones*'0') &^ x & highs
		above := (x + ones*(127-'9') | x) & highs
		if below|above != 0 {
			return 0, false
		}
		v := x - ones*'0'
		binary.LittleEndian.PutUint64(g[i:i+8], v)
		z := ^((v&low + low) | v | low)
		empty += bits.OnesCount64(z)
	}
	switch c := t[80]; {
	case c == '.' || c == '0':
		g[80] = 0
		empty++
	case c >= '1' && c <= '9':
		g[80] = c - '0'
	default:
		return 0, false
	}
	return empty, true
}

// badCell words the fault of the character at t[i], the same everywhere.
func badCell(t string, i int) string {
	r := []rune(t[i:])[0]
	return fmt.Sprintf("%q is not a digit 1-9 or an empty cell (%s)", r, EmptyChars)
}

// ReadGrid reads a solution grid: 81 digits 1-9 (separators allowed) that
// make a valid grid. An empty cell is a *canon.ParseError naming it, a
// digit twice in a unit a *canon.UnitError.
func ReadGrid(t string) (canon.Grid, error) {
	g, empty, err := Read(t)
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

// ReadPuzzle reads a puzzle: 81 cells, digits or empty (0 in the Grid). It
// need not be valid.
func ReadPuzzle(t string) (canon.Grid, error) {
	g, _, err := Read(t)
	return g, err
}

// IsRule reports whether line is a box rule: only '-', '=', '+', '|' and
// white space, with a '+' or more than nine dashes (a row of nine empty
// cells written '-' is not a rule).
func IsRule[T string | []byte](line T) bool {
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
	return IsRule(t[i:j])
}
