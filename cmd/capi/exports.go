package main

// #include "edgrid.h"
import "C"

import (
	"errors"
	"fmt"
	"unsafe"

	"edgrid/canon"
	"edgrid/scan"
)

// The exported functions turn C arguments into Go slices over the caller's
// memory (no copy; nothing keeps them after the return), call the Go
// function of the same name, and report through boundary. Their C
// signatures are in libedgrid.h; doc.go describes the conventions.

// edgrid_minlex writes the minlex form of each of the n solution grids to
// forms (n rows of 81) and its automorphism count (1..648) to autos.
//
//export edgrid_minlex
func edgrid_minlex(grids *C.uint8_t, n C.int64_t, forms *C.uint8_t, autos *C.int32_t, workers C.int32_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		if err := checkRows(n, unsafe.Pointer(grids), unsafe.Pointer(forms), unsafe.Pointer(autos)); err != nil {
			return err
		}
		return minlexRows(rows(grids, n), rows(forms, n), int32s(autos, n), int(workers))
	})
}

// edgrid_rank writes the number (1..5,472,730,538) of each grid's class in
// order (0 paper, 1 groups, 2 lex) to numbers.
//
//export edgrid_rank
func edgrid_rank(grids *C.uint8_t, n C.int64_t, order C.int32_t, numbers *C.int64_t, workers C.int32_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		o, err := orderOf(int(order))
		if err != nil {
			return err
		}
		if err := checkRows(n, unsafe.Pointer(grids), unsafe.Pointer(numbers)); err != nil {
			return err
		}
		return rankRows(rows(grids, n), o, int64s(numbers, n), int(workers))
	})
}

// edgrid_unrank writes the minlex grid of each of the n numbers in order
// (0 paper, 1 groups, 2 lex) to grids (n rows of 81).
//
//export edgrid_unrank
func edgrid_unrank(numbers *C.int64_t, n C.int64_t, order C.int32_t, grids *C.uint8_t, workers C.int32_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		o, err := orderOf(int(order))
		if err != nil {
			return err
		}
		if err := checkRows(n, unsafe.Pointer(numbers), unsafe.Pointer(grids)); err != nil {
			return err
		}
		return unrankRows(int64s(numbers, n), o, rows(grids, n), int(workers))
	})
}

// edgrid_canon_puzzles writes the minlex form of each puzzle (valid or not;
// cells 0-9) to forms and its automorphism count to autos, in plain order,
// or clue pattern first when patternFirst is not 0.
//
//export edgrid_canon_puzzles
func edgrid_canon_puzzles(puzzles *C.uint8_t, n C.int64_t, patternFirst C.int32_t, forms *C.uint8_t, autos *C.int32_t, workers C.int32_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		if err := checkRows(n, unsafe.Pointer(puzzles), unsafe.Pointer(forms), unsafe.Pointer(autos)); err != nil {
			return err
		}
		o := canon.PlainOrder
		if patternFirst != 0 {
			o = canon.PatternFirst
		}
		return canonRows(rows(puzzles, n), o, rows(forms, n), int32s(autos, n), int(workers))
	})
}

// edgrid_pattern writes the minlex form of each puzzle's clue pattern (1 a
// clue, 0 an empty cell) to forms and its automorphism count to autos.
//
//export edgrid_pattern
func edgrid_pattern(puzzles *C.uint8_t, n C.int64_t, forms *C.uint8_t, autos *C.int32_t, workers C.int32_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		if err := checkRows(n, unsafe.Pointer(puzzles), unsafe.Pointer(forms), unsafe.Pointer(autos)); err != nil {
			return err
		}
		return patternRows(rows(puzzles, n), rows(forms, n), int32s(autos, n), int(workers))
	})
}

// edgrid_solve writes the number of solutions of each puzzle, counted up to
// limit (0 or less: all), to counts, and its lexicographically smallest
// solution to solutions (81 zeros when it has none). Givens that repeat a
// digit in a unit are bad input.
//
//export edgrid_solve
func edgrid_solve(puzzles *C.uint8_t, n C.int64_t, limit C.int64_t, counts *C.int64_t, solutions *C.uint8_t, workers C.int32_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		if err := checkRows(n, unsafe.Pointer(puzzles), unsafe.Pointer(counts), unsafe.Pointer(solutions)); err != nil {
			return err
		}
		return solveRows(rows(puzzles, n), int64(limit), int64s(counts, n), rows(solutions, n), int(workers))
	})
}

// edgrid_rate writes each puzzle's guess count to guesses and its grade
// code (1 simple, 2 easy, 3 intermediate, 4 hard, 5 expert) to grades (see
// edgrid rate). A puzzle without a unique solution is bad input.
//
//export edgrid_rate
func edgrid_rate(puzzles *C.uint8_t, n C.int64_t, guesses *C.int64_t, grades *C.int32_t, workers C.int32_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		if err := checkRows(n, unsafe.Pointer(puzzles), unsafe.Pointer(guesses), unsafe.Pointer(grades)); err != nil {
			return err
		}
		return rateRows(rows(puzzles, n), int64s(guesses, n), int32s(grades, n), int(workers))
	})
}

// edgrid_generate makes n puzzles (0..10,000,000) as edgrid generate does:
// method 0 top-down or 1 controlled-bias; over 0 all grids, 1 classes, 2
// backtrack; clues minClues..maxClues (0, 0: any), minimal with a range;
// grades minGrade..maxGrade (0, 0: any); seed. It writes each puzzle's
// givens, solution, clue count, guesses and grade code.
//
//export edgrid_generate
func edgrid_generate(n C.int64_t, method, over, minClues, maxClues, minimal, minGrade, maxGrade C.int32_t, seed C.uint64_t,
	puzzles, solutions *C.uint8_t, clues *C.int32_t, guesses *C.int64_t, grades *C.int32_t, workers C.int32_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		if err := checkRows(n, unsafe.Pointer(puzzles), unsafe.Pointer(solutions), unsafe.Pointer(clues), unsafe.Pointer(guesses), unsafe.Pointer(grades)); err != nil {
			return err
		}
		o, err := generateOptions(int(method), int(over), int(minClues), int(maxClues), int(minimal), int(minGrade), int(maxGrade), uint64(seed))
		if err != nil {
			return err
		}
		return generateRows(o, int(n), rows(puzzles, n), rows(solutions, n), int32s(clues, n), int64s(guesses, n), int32s(grades, n), int(workers))
	})
}

// edgrid_puzzle_id writes the ID of each puzzle (exactly one solution) to
// ids, n rows of stride >= 32 bytes, each padded with NUL bytes.
//
//export edgrid_puzzle_id
func edgrid_puzzle_id(puzzles *C.uint8_t, n C.int64_t, ids *C.char, stride C.int64_t, workers C.int32_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		if err := checkRows(n, unsafe.Pointer(puzzles), unsafe.Pointer(ids)); err != nil {
			return err
		}
		return idRows(rows(puzzles, n), text(ids, n, stride), int(stride), int(workers))
	})
}

// edgrid_from_id writes the puzzle each ID names to puzzles; the IDs are n
// rows of stride bytes, each ending at its first NUL byte or the row's end.
//
//export edgrid_from_id
func edgrid_from_id(ids *C.char, n C.int64_t, stride C.int64_t, puzzles *C.uint8_t, workers C.int32_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		if stride < 1 {
			return &argError{msg: fmt.Sprintf("ID rows of %d bytes: want at least 1", stride)}
		}
		if err := checkRows(n, unsafe.Pointer(ids), unsafe.Pointer(puzzles)); err != nil {
			return err
		}
		return fromIDRows(text(ids, n, stride), int(stride), rows(puzzles, n), int(workers))
	})
}

// edgrid_invariants writes the invariants that names (namesLen bytes,
// comma-separated, as edgrid query --inv) lists for each grid to values, one
// invariant after the other: values[k*n+i] is invariant k of grid i. It needs
// room for n times the names' count (edgrid_invariant_count).
//
//export edgrid_invariants
func edgrid_invariants(grids *C.uint8_t, n C.int64_t, names *C.char, namesLen C.int64_t, values *C.int64_t, workers C.int32_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		if names == nil || namesLen < 0 {
			return &argError{msg: "no invariant names"}
		}
		invs, err := invariantList(unsafe.String((*byte)(unsafe.Pointer(names)), int(namesLen)))
		if err != nil {
			return err
		}
		if err := checkRows(n, unsafe.Pointer(grids), unsafe.Pointer(values)); err != nil {
			return err
		}
		return invariantRows(rows(grids, n), invs, int64s(values, n*C.int64_t(len(invs))), int(workers))
	})
}

// edgrid_invariant_count writes the number of invariants names lists to
// count; an unknown name is EDGRID_BAD_ARGUMENT, listing the known ones.
//
//export edgrid_invariant_count
func edgrid_invariant_count(names *C.char, namesLen C.int64_t, count *C.int64_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		if names == nil || namesLen < 0 || count == nil {
			return &argError{msg: "no invariant names or no count"}
		}
		invs, err := invariantList(unsafe.String((*byte)(unsafe.Pointer(names)), int(namesLen)))
		*count = C.int64_t(len(invs))
		return err
	})
}

// edgrid_group_size writes the number of minlex grids of group (1..3541) to
// size: the rows edgrid_group needs.
//
//export edgrid_group_size
func edgrid_group_size(group C.int32_t, size *C.int64_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		if size == nil {
			return &argError{msg: "no size"}
		}
		s, err := groupSize(int(group))
		*size = C.int64_t(s)
		return err
	})
}

// edgrid_group writes the minlex grids of group, ascending, to grids, which
// has room for exactly n rows of 81, n being edgrid_group_size's answer.
//
//export edgrid_group
func edgrid_group(group C.int32_t, grids *C.uint8_t, n C.int64_t, workers C.int32_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		if err := checkRows(n, unsafe.Pointer(grids)); err != nil {
			return err
		}
		return groupRows(int(group), rows(grids, n), int(workers))
	})
}

// boundary runs f, recovers a panic as an internal error, describes the
// error in e (when e is not NULL) and returns its status code.
func boundary(e *C.edgrid_error, f func() error) (code C.int) {
	defer func() {
		if p := recover(); p != nil {
			err := fmt.Errorf("internal error: panic: %v", p)
			describe(e, err)
			code = statusInternal
		}
	}()
	err := f()
	describe(e, err)
	return C.int(status(err))
}

// describe fills e with err's row, cell and message (row and cell -1, the
// message empty, for nil).
func describe(e *C.edgrid_error, err error) {
	if e == nil {
		return
	}
	e.row, e.cell = -1, -1
	msg := unsafe.Slice((*byte)(unsafe.Pointer(&e.message[0])), len(e.message))
	msg[0] = 0
	if err == nil {
		return
	}
	var re *rowError
	if errors.As(err, &re) {
		e.row, e.cell = C.int64_t(re.Row), C.int32_t(re.Cell)
	}
	if status(err) == statusInternal && (re == nil || !re.internal) {
		err = fmt.Errorf("internal error: %w", err)
	}
	msg[copy(msg[:len(msg)-1], message(err))] = 0
}

// checkRows reports a negative row count, or a NULL buffer when there are rows.
func checkRows(n C.int64_t, bufs ...unsafe.Pointer) error {
	if n < 0 {
		return &argError{msg: fmt.Sprintf("%d rows: want n >= 0", n)}
	}
	if n == 0 {
		return nil
	}
	for _, b := range bufs {
		if b == nil {
			return &argError{msg: "a NULL buffer for a batch of rows"}
		}
	}
	return nil
}

// rows returns the n rows of 81 cells at p, or nil for n = 0.
func rows(p *C.uint8_t, n C.int64_t) []canon.Grid {
	if n <= 0 {
		return nil
	}
	return unsafe.Slice((*canon.Grid)(unsafe.Pointer(p)), int(n))
}

// int32s returns the n int32 values at p, or nil for n = 0.
func int32s(p *C.int32_t, n C.int64_t) []int32 {
	if n <= 0 {
		return nil
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(p)), int(n))
}

// int64s returns the n int64 values at p, or nil for n = 0.
func int64s(p *C.int64_t, n C.int64_t) []int64 {
	if n <= 0 {
		return nil
	}
	return unsafe.Slice((*int64)(unsafe.Pointer(p)), int(n))
}

// text returns the n rows of stride bytes at p, or nil for n = 0.
func text(p *C.char, n, stride C.int64_t) []byte {
	if n <= 0 || stride <= 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(p)), int(n*stride))
}

// edgrid_scan writes the puzzles of clues clues (1..81) of the solution grid
// (81 values) to puzzles (room for capacity rows of 81: the grid's digits in
// the clue cells, 0 elsewhere, sorted) and their number to count. minimal
// is 0 for the default (minimal puzzles only from 18 clues), 1 for minimal
// only, 2 for every puzzle; first stops at the first puzzle; cells, when
// not NULL, holds 81 values, nonzero where clues may go, at least clues of
// them (fewer is EDGRID_BAD_ARGUMENT, as edgrid scan --cells refuses them).
//
//export edgrid_scan
func edgrid_scan(grid *C.uint8_t, clues C.int32_t, minimal C.int32_t, first C.int32_t, cells *C.uint8_t, puzzles *C.uint8_t, capacity C.int64_t, count *C.int64_t, e *C.edgrid_error) C.int {
	return boundary(e, func() error {
		if grid == nil || count == nil {
			return &argError{msg: "no grid or count"}
		}
		if err := checkRows(capacity, unsafe.Pointer(puzzles)); err != nil {
			return err
		}
		if minimal < 0 || minimal > 2 {
			return &argError{msg: fmt.Sprintf("minimal %d: want 0 (default), 1 (minimal only) or 2 (all)", minimal)}
		}
		var allowed []uint8
		if cells != nil {
			allowed = unsafe.Slice((*uint8)(unsafe.Pointer(cells)), 81)
		}
		g := rows(grid, 1)[0]
		n, err := scanGrid(g, int(clues), scan.Minimality(minimal), first != 0, allowed, rows(puzzles, capacity))
		*count = C.int64_t(n)
		return err
	})
}
