package main

import (
	"errors"
	"fmt"
	"strings"

	"edgrid/canon"
	"edgrid/solve"
)

// Status codes, as edgrid.h's enum.
const (
	statusOK          = 0
	statusBadInput    = 1
	statusBadArgument = 2
	statusInternal    = 3
)

// rowError reports a bad row of a batch: its 0-based index, the 0-based
// cell at fault or -1 when the fault is not one cell's, and the cause.
// An internal rowError is a failure of the library on that row (a panic),
// not of the input.
type rowError struct {
	Row      int
	Cell     int
	Err      error
	internal bool
}

func (e *rowError) Error() string { return fmt.Sprintf("row %d: %v", e.Row, e.Err) }

func (e *rowError) Unwrap() error { return e.Err }

// argError reports a bad argument other than the rows (an order, a group
// number, an invariant name); it fills no row or cell.
type argError struct{ msg string }

func (e *argError) Error() string { return e.msg }

// newRowError wraps err, the failure of row i, with the cell it names when
// it is one of the library's errors that carry a cell.
func newRowError(i int, err error) *rowError {
	return &rowError{Row: i, Cell: cellOf(err), Err: err}
}

// cellOf returns the 0-based cell an error of canon or solve names, or -1.
// A digit repeated in a unit names its second cell, the one a reader
// scanning the row finds wrong.
func cellOf(err error) int {
	var (
		pe *canon.ParseError
		ve *canon.ValueError
		ue *canon.UnitError
		ge *solve.GivenError
		fe *solve.FastValueError
		ce *cellError
	)
	switch {
	case errors.As(err, &ce):
		return ce.Cell
	case errors.As(err, &pe) && pe.Cell > 0:
		return pe.Cell - 1
	case errors.As(err, &ve):
		return ve.Cell
	case errors.As(err, &ue):
		return ue.Cells[1]
	case errors.As(err, &ge) && ge.Cell:
		return ge.Pos
	case errors.As(err, &fe):
		return fe.Cell
	}
	return -1
}

// cellError reports a cell value the C API itself refuses.
type cellError struct {
	Cell  int // 0-based
	Value uint8
	Want  string // "0-9" or "1-9"
}

func (e *cellError) Error() string {
	return fmt.Sprintf("cell %d (%s) holds %d, want %s", e.Cell+1, canon.CellName(e.Cell), e.Value, e.Want)
}

// message returns err's text for the C API's callers, who know nothing of
// edgrid's Go packages: the library's error as it was wrapped, without its
// outermost part when that names the package it came from ("row 2: canon:
// cell 41 ..." is "row 2: cell 41 ...").
func message(err error) string {
	var re *rowError
	if errors.As(err, &re) && err.Error() == re.Error() {
		return fmt.Sprintf("row %d: %s", re.Row, trimPackage(re.Err.Error()))
	}
	return trimPackage(err.Error())
}

// trimPackage drops the first part of an error's text, up to its first
// ": ", when it has a Go package name's shape (lowercase letters and
// digits, a letter first), as the library's errors begin.
func trimPackage(s string) string {
	k := strings.Index(s, ": ")
	if k <= 0 || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	for i := range k {
		if c := s[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return s
		}
	}
	return s[k+2:]
}

// status returns the status code of err (nil is statusOK).
func status(err error) int {
	var re *rowError
	var ae *argError
	switch {
	case err == nil:
		return statusOK
	case errors.As(err, &re) && !re.internal:
		return statusBadInput
	case errors.As(err, &ae):
		return statusBadArgument
	}
	return statusInternal
}

// checkPuzzle reports a cell of p outside 0-9.
func checkPuzzle(p *canon.Grid) error {
	for i, d := range p {
		if d > 9 {
			return &cellError{Cell: i, Value: d, Want: "0-9 (0 for an empty cell)"}
		}
	}
	return nil
}
