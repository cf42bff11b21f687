package band

import (
	"fmt"

	"edgrid/canon"
)

// OpenCells is the number of cells a group leaves open, 81 less its 33 key
// cells: rows 4-9 without column 1, in row-major order r4c2..r4c9,
// r5c2..r5c9, ..., r9c2..r9c9 wherever the enumeration and the catalog
// number them.
const OpenCells = 48

// KeyCells are the grid cells (0-based) a group fixes, in the order groups are
// compared: band 1 (cells 1-27 of docs/design/method.md), then cells 28, 37, 46, 55, 64, 73.
var KeyCells = func() [33]int {
	var k [33]int
	for i := range 27 {
		k[i] = i
	}
	for i := range 6 {
		k[27+i] = (3 + i) * 9
	}
	return k
}()

// Key is the 33 fixed cells of a group, in KeyCells order.
type Key [33]uint8

// String formats k as 33 digits.
func (k Key) String() string {
	b := make([]byte, 33)
	for i, d := range k {
		b[i] = '0' + d
	}
	return string(b)
}

// ParseKey reads 33 digits.
func ParseKey(s string) (Key, error) {
	var k Key
	if len(s) != 33 {
		return k, fmt.Errorf("band: group key %q has %d digits, want 33", s, len(s))
	}
	for i := range 33 {
		if s[i] < '1' || s[i] > '9' {
			return k, fmt.Errorf("band: group key %q: position %d: %q is not a digit 1-9", s, i+1, s[i])
		}
		k[i] = s[i] - '0'
	}
	return k, nil
}

// Compare orders keys the paper's way: digit by digit in KeyCells order.
func (k Key) Compare(o Key) int {
	for i := range k {
		if k[i] != o[i] {
			if k[i] < o[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// KeyOf returns the 33 cells of g that a group fixes.
func KeyOf(g *canon.Grid) Key {
	var k Key
	for i, c := range KeyCells {
		k[i] = g[c]
	}
	return k
}

// Band1 returns the first band of the key as 27 digits.
func (k Key) Band1() [27]uint8 { return [27]uint8(k[:27]) }

// Column1 returns the column-1 digits of rows 4-9.
func (k Key) Column1() [6]uint8 { return [6]uint8(k[27:]) }

// Partial returns the grid with the key's 33 cells filled and the others empty (0).
func (k Key) Partial() canon.Grid {
	var g canon.Grid
	for i, c := range KeyCells {
		g[c] = k[i]
	}
	return g
}
