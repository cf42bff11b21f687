package storage

import "edgrid/band"

// The open cells of a group (band.OpenCells) are rows 4-9 without column 1;
// the 33 others are the group's key (band.KeyCells). Band 2's open cells
// (rows 4-6) are the first 24, in row-major order: position q is cell
// (3+q/8)*9 + 1 + q%8.
const (
	numBand2  = 24
	allDigits = 0x3FE // bits 1..9
)

// openCell maps an open-cell position (0..47, row-major) to its grid cell.
var openCell = func() [band.OpenCells]int {
	var c [band.OpenCells]int
	for q := range band.OpenCells {
		c[q] = (3+q/8)*9 + 1 + q%8
	}
	return c
}()

// band2Pos is the position in rows 4-6 (cells 27..53 less 27) of each band-2
// open cell.
var band2Pos = func() (p [numBand2]uint8) {
	for q := range numBand2 {
		p[q] = uint8(openCell[q] - 27)
	}
	return
}()

// boxOf is the box (0..8) of each cell.
var boxOf = func() [81]uint8 {
	var b [81]uint8
	for i := range 81 {
		b[i] = uint8(i/27*3 + i%9/3)
	}
	return b
}()

// units are the digit masks (bit d for digit d) already used in each row,
// column and box of a partly filled grid.
type units struct {
	row, col, box [9]uint16
}

// place marks digit d as used in cell i's row, column and box.
func (u *units) place(i int, d uint8) {
	m := uint16(1) << d
	u.row[i/9] |= m
	u.col[i%9] |= m
	u.box[boxOf[i]] |= m
}

// band2Units are the row, column and box of each band-2 open cell.
var band2Units = func() (t [numBand2]struct{ r, c, b uint8 }) {
	for q := range numBand2 {
		i := openCell[q]
		t[q].r, t[q].c, t[q].b = uint8(i/9), uint8(i%9), boxOf[i]
	}
	return
}()

// placeQ is place for band-2 open cell q (cell openCell[q]).
func (u *units) placeQ(q int, d uint8) {
	x, m := &band2Units[q], uint16(1)<<d
	u.row[x.r] |= m
	u.col[x.c] |= m
	u.box[x.b] |= m
}

// removeQ undoes placeQ.
func (u *units) removeQ(q int, d uint8) {
	x, m := &band2Units[q], uint16(1)<<d
	u.row[x.r] &^= m
	u.col[x.c] &^= m
	u.box[x.b] &^= m
}

// candQ returns the digits band-2 open cell q can still take.
func (u *units) candQ(q int) uint16 {
	x := &band2Units[q]
	return allDigits &^ (u.row[x.r] | u.col[x.c] | u.box[x.b])
}
