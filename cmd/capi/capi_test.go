package main

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"edgrid/canon"
	"edgrid/internal/testkit/gridkit"
	"edgrid/rank"
	"edgrid/solve"
)

func TestForRowsLowestFailure(t *testing.T) {
	const n = 10_000
	bad := map[int]bool{9_999: true, 6_000: true, 4_321: true}
	for _, workers := range []int{0, 1, 2, 3, 16} {
		var seen [n]bool
		err := forRows(n, workers, nil, func(_ struct{}, i int) error {
			seen[i] = true
			if bad[i] {
				return errors.New("bad")
			}
			return nil
		})
		var re *rowError
		if !errors.As(err, &re) || re.Row != 4_321 {
			t.Fatalf("workers %d: got %v; want row 4321's error", workers, err)
		}
		for i := range 4_321 {
			if !seen[i] {
				t.Fatalf("workers %d: row %d before the failure was skipped", workers, i)
			}
		}
		if status(err) != statusBadInput {
			t.Errorf("workers %d: status %d; want %d", workers, status(err), statusBadInput)
		}
	}
}

func TestForRowsRecoversPanics(t *testing.T) {
	for _, workers := range []int{1, 4} {
		err := forRows(1000, workers, nil, func(_ struct{}, i int) error {
			if i == 700 {
				var m map[int]int
				m[0]++ // panics: a nil map
			}
			return nil
		})
		var re *rowError
		if !errors.As(err, &re) || re.Row != 700 || !re.internal {
			t.Fatalf("workers %d: got %v; want an internal error of row 700", workers, err)
		}
		if status(err) != statusInternal {
			t.Errorf("workers %d: status %d; want %d", workers, status(err), statusInternal)
		}
	}
}

func TestForRowsStatePerWorker(t *testing.T) {
	// Each worker's state is its own: a counter no other worker touches.
	const n = 5000
	var (
		mu     sync.Mutex
		states []*int
		total  int
	)
	pool := newStatePool(func() *int {
		p := new(int)
		mu.Lock()
		states = append(states, p)
		mu.Unlock()
		return p
	})
	err := forRows(n, 4, pool, func(s *int, i int) error {
		*s++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range states {
		total += *s
	}
	if total != n {
		t.Errorf("rows done: got %d; want %d", total, n)
	}
}

// A batch of no rows takes no state; one of at most blockRows rows runs in
// order on the caller's goroutine with one state, which the next call reuses.
func TestForRowsSmallBatches(t *testing.T) {
	var made int
	pool := newStatePool(func() *[]int { made++; return new([]int) })
	if err := forRows(0, 0, pool, func(s *[]int, i int) error { t.Fatal("a row of an empty batch"); return nil }); err != nil {
		t.Fatal(err)
	}
	if made != 0 {
		t.Fatalf("an empty batch made %d states; want none", made)
	}
	for _, n := range []int{1, 2, blockRows} {
		var used *[]int
		caller := goroutineID()
		err := forRows(n, 0, pool, func(s *[]int, i int) error {
			if used != nil && s != used {
				t.Fatalf("%d rows: two states", n)
			}
			if id := goroutineID(); id != caller {
				t.Fatalf("%d rows: row %d on goroutine %s, not the caller's %s", n, i, id, caller)
			}
			used = s
			*s = append(*s, i)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := (*used)[len(*used)-n:]; !slices.Equal(got, rowsUpTo(n)) {
			t.Fatalf("%d rows: done in the order %v", n, got)
		}
	}
	// sync.Pool may drop states (at a garbage collection), never pile them up.
	if made > 2 {
		t.Errorf("three small calls made %d states; want them reused", made)
	}
}

// rowsUpTo returns 0..n-1.
func rowsUpTo(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// goroutineID returns the id of the calling goroutine, from its stack header.
func goroutineID() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	return strings.Fields(string(buf))[1]
}

// A call on one row or none allocates no worker state: solvers, puzzle
// canonicalizers and namers (a solver each) come from their pools. A fresh
// solver is kilobytes; what is left is a few small objects.
func TestSmallCallsAllocateLittle(t *testing.T) {
	puzzle, err := canon.ParsePuzzle(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...")
	if err != nil {
		t.Fatal(err)
	}
	p := []canon.Grid{puzzle}
	counts, sols := make([]int64, 1), make([]canon.Grid, 1)
	forms, autos := make([]canon.Grid, 1), make([]int32, 1)
	calls := map[string]func(){
		"solve none":   func() { _ = solveRows(nil, 2, nil, nil, 0) },
		"solve one":    func() { _ = solveRows(p, 2, counts, sols, 0) },
		"canon one":    func() { _ = canonRows(p, canon.PlainOrder, forms, autos, 0) },
		"pattern one":  func() { _ = patternRows(p, forms, autos, 0) },
		"from_id none": func() { _ = fromIDRows(nil, 32, nil, 0) },
		"id none":      func() { _ = idRows(nil, nil, 32, 0) },
	}
	const runs = 200
	for name, f := range calls {
		f()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range runs {
			f()
		}
		runtime.ReadMemStats(&after)
		got := (after.TotalAlloc - before.TotalAlloc) / runs
		if got > 512 {
			t.Errorf("%s: %d bytes allocated a call; want under 512", name, got)
		}
	}
}

func TestMinlexRows(t *testing.T) {
	gs := gridkit.RandomGrids(500, 1, 29)
	forms := make([]canon.Grid, len(gs))
	autos := make([]int32, len(gs))
	if err := minlexRows(gs, forms, autos, 0); err != nil {
		t.Fatal(err)
	}
	for i := range gs {
		m, a, _ := canon.Minlex(&gs[i])
		if forms[i] != m || int(autos[i]) != a {
			t.Fatalf("grid %d: got %v %d; want %v %d", i, forms[i], autos[i], m, a)
		}
	}
	gs[321][40] = gs[321][41]
	gs[400][3] = 0
	err := minlexRows(gs, forms, autos, 0)
	var re *rowError
	if !errors.As(err, &re) || re.Row != 321 || re.Cell < 36 || re.Cell > 44 {
		t.Fatalf("got %v; want an error of row 321 naming a cell of row 5", err)
	}
}

func TestRankRowsRoundTrip(t *testing.T) {
	gs := gridkit.RandomGrids(8, 2, 29)
	for _, o := range []rank.Order{rank.Paper, rank.Groups, rank.Lex} {
		numbers := make([]int64, len(gs))
		if err := rankRows(gs, o, numbers, 0); err != nil {
			t.Fatal(err)
		}
		back := make([]canon.Grid, len(gs))
		if err := unrankRows(numbers, o, back, 0); err != nil {
			t.Fatal(err)
		}
		for i := range gs {
			if m, _, _ := canon.Minlex(&gs[i]); back[i] != m {
				t.Errorf("%v: unrank(rank(grid %d)) = %v; want %v", o, i, back[i], m)
			}
		}
	}
	err := unrankRows([]int64{1, 0}, rank.Lex, make([]canon.Grid, 2), 1)
	var re *rowError
	if !errors.As(err, &re) || re.Row != 1 || re.Cell != -1 {
		t.Errorf("unrank of 0: got %v; want an error of row 1 without a cell", err)
	}
}

func TestSolveRows(t *testing.T) {
	p, err := solve.ParsePuzzle(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...")
	if err != nil {
		t.Fatal(err)
	}
	several := p
	several[17] = 0
	puzzles := []canon.Grid{canon.Grid(p), canon.Grid(several), {}}
	f := solve.NewFast()
	for _, limit := range []int64{1, 2, 5} {
		counts := make([]int64, len(puzzles))
		sols := make([]canon.Grid, len(puzzles))
		if err := solveRows(puzzles, limit, counts, sols, 0); err != nil {
			t.Fatal(err)
		}
		for i := range puzzles {
			p := (*[81]uint8)(&puzzles[i])
			want, _ := f.Count(t.Context(), p, limit)
			var first [81]uint8
			f.First(t.Context(), p, &first)
			if counts[i] != want || sols[i] != canon.Grid(first) {
				t.Errorf("limit %d, puzzle %d: %d, %v; want %d and the first solution, %v", limit, i, counts[i], sols[i], want, first)
			}
		}
	}
	// Cell 1 (r1c2) repeats the 1 of cell 0: a bad puzzle, not one without
	// solutions, as for edgrid solve.
	bad := canon.Grid(p)
	bad[0], bad[1] = 1, 1
	err = solveRows([]canon.Grid{canon.Grid(p), bad}, 2, make([]int64, 2), make([]canon.Grid, 2), 1)
	var re *rowError
	if !errors.As(err, &re) || re.Row != 1 || re.Cell != 1 {
		t.Errorf("repeated givens: got %v; want an error of row 1, cell 1", err)
	}
}

func TestIDRowsWidth(t *testing.T) {
	err := idRows(nil, nil, idWidth-1, 1)
	var ae *argError
	if !errors.As(err, &ae) || status(err) != statusBadArgument {
		t.Errorf("narrow ID rows: got %v; want an argument error", err)
	}
}

func TestInvariantList(t *testing.T) {
	invs, err := invariantList("autos,ua4,intercalates")
	if err != nil || len(invs) != 3 || invs[1].Name() != "ua4" {
		t.Fatalf("got %v, %v", invs, err)
	}
	if _, err := invariantList("autos,nope"); status(err) != statusBadArgument || !strings.Contains(err.Error(), "ua4") {
		t.Errorf("unknown name: got %v; want an argument error listing the known names", err)
	}
}

func TestGroupRows(t *testing.T) {
	size, err := groupSize(3541)
	if err != nil || size != 1 {
		t.Fatalf("group 3541: size %d, %v; want 1", size, err)
	}
	grids := make([]canon.Grid, size)
	if err := groupRows(3541, grids, 0); err != nil {
		t.Fatal(err)
	}
	if !canon.IsMinlex(&grids[0]) {
		t.Errorf("group 3541's grid %v is not minlex", grids[0])
	}
	if err := groupRows(3541, make([]canon.Grid, 2), 0); status(err) != statusBadArgument {
		t.Errorf("room for 2: got %v; want an argument error", err)
	}
	if _, err := groupSize(0); status(err) != statusBadArgument {
		t.Errorf("group 0: got %v; want an argument error", err)
	}
}

// The messages drop the outermost part of the library's error when it
// names a Go package, and keep the rest as it was wrapped: "row 2: canon:
// cell 41 ..." reaches the caller as "row 2: cell 41 ...".
func TestMessageDropsThePackagePrefix(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"package", "canon: cell 41 (r5c5) holds 12, not 0-9", "cell 41 (r5c5) holds 12, not 0-9"},
		{"outermost only", "rank: group 5: enumerate: canceled", "group 5: enumerate: canceled"},
		{"quoted", "puzzleid: \"1-zz\": want NUMBER-MASK", "\"1-zz\": want NUMBER-MASK"},
		{"digits", "ua4: x", "x"},
		{"words", "no prefix: canonical: scanned", "no prefix: canonical: scanned"},
		{"capital", "Canon: x", "Canon: x"},
		{"digit first", "4x: y", "4x: y"},
		{"no colon", "canon", "canon"},
		{"internal", "internal error: panic: solve: index out of range", "internal error: panic: solve: index out of range"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := message(errors.New(c.in)); got != c.want {
				t.Errorf("message(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
	re := &rowError{Row: 2, Cell: -1, Err: errors.New("query: canon: x")}
	if got, want := message(re), "row 2: canon: x"; got != want {
		t.Errorf("message of a row error: %q, want %q", got, want)
	}
	if got, want := message(fmt.Errorf("internal error: %w", re)), "internal error: row 2: query: canon: x"; got != want {
		t.Errorf("message of a wrapped row error: %q, want %q", got, want)
	}
	p := make([]canon.Grid, 3)
	p[2][40] = 12
	err := canonRows(p, canon.PlainOrder, make([]canon.Grid, 3), make([]int32, 3), 1)
	if got, want := message(err), "row 2: cell 41 (r5c5) holds 12, not 0-9"; got != want {
		t.Errorf("canonRows of a bad row: %q, want %q", got, want)
	}
}

// A scan whose cells are fewer than its clues is an error, as edgrid scan
// --cells makes it, not 0 puzzles.
func TestScanFewerCellsThanClues(t *testing.T) {
	g := gridkit.RandomGrids(1, 3, 29)[0]
	allowed := make([]uint8, 81)
	for c := range 17 {
		allowed[c] = 1
	}
	out := make([]canon.Grid, 4)
	if _, err := scanGrid(g, 18, 0, true, allowed, out); err == nil || !strings.Contains(err.Error(), "fewer than clues 18") {
		t.Errorf("17 cells, 18 clues: %v; want an error", err)
	}
}
