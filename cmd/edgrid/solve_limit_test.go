package main

import (
	"strings"
	"testing"
)

// A count that --limit cut is marked as one a signal cut is: "at least N",
// in JSON "complete":false; a count that reaches the limit exactly is not.
func TestSolveCountCutByLimit(t *testing.T) {
	empty := strings.Repeat(".", 81)
	code, out, errs := run(t, "", "solve", "--count", "--limit", "1000", empty)
	if code != 0 || out != "at least 1000\n" {
		t.Errorf("--count --limit 1000, empty grid: exit %d, %q, stderr %q; want 'at least 1000'", code, out, errs)
	}
	code, out, errs = run(t, "", "solve", "--count", "--limit", "1000", "--json", empty)
	if code != 0 || out != `{"input":"`+empty+`","count":1000,"complete":false}`+"\n" {
		t.Errorf("--json: exit %d, %q, stderr %q; want count 1000 and complete false", code, out, errs)
	}
	// grid1 less a cell has 1 solution: a limit of 1 is reached exactly,
	// not cut.
	p := "." + grid1[1:]
	code, out, errs = run(t, "", "solve", "--count", "--limit", "1", p)
	if code != 0 || out != "1\n" {
		t.Errorf("--limit 1 on a unique puzzle: exit %d, %q, stderr %q; want 1", code, out, errs)
	}
}

// A one-line puzzle of another size, given without --size, is told the
// --size that reads it.
func TestSolveSuggestsSize(t *testing.T) {
	p16 := "1" + strings.Repeat(".", 14) + "D" + strings.Repeat(".", 240)
	code, _, errs := run(t, "", "solve", p16)
	if code != exitFailed || !strings.Contains(errs, "give --size 16") {
		t.Errorf("a 16x16 puzzle without --size: exit %d, stderr %q; want the hint --size 16", code, errs)
	}
	code, _, errs = run(t, "", "solve", strings.Repeat("x", 80))
	if code != exitFailed || strings.Contains(errs, "--size") {
		t.Errorf("an 80-character line: exit %d, stderr %q; want no --size hint", code, errs)
	}
}
