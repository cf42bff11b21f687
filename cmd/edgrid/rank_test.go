package main

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
)

// docs/design/method.md's lexicographically smallest minlex grid, and its grid 1.
const (
	lexSmallest = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	paperGrid1  = "123456789456789123789123456214835697367291845598647312632918574845372961971564238"
)

func TestRankUnrankCommands(t *testing.T) {
	var first canon.Grid
	grp, _ := band.ByNumber(1)
	if _, err := enumerate.Group(context.Background(), grp.Key, enumerate.Options{FirstOnly: true}, func(g *canon.Grid, _ int) error {
		first = *g
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "unrank", "1", "5472730538")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 || lines[0] != paperGrid1 {
		t.Fatalf("unrank 1 N: exit %d, %q, %s; want the paper's grid 1 first", code, out, errs)
	}
	last := lines[1]
	if code, out, _ := run(t, "", "rank", paperGrid1); code != 0 || out != "1\n" {
		t.Fatalf("rank of the paper's grid 1: exit %d, %q", code, out)
	}
	if code, out, _ := run(t, "", "unrank", "--order", "groups", "1"); code != 0 || strings.TrimSpace(out) != first.String() {
		t.Fatalf("unrank --order groups 1: exit %d, %q; want group 1's smallest grid", code, out)
	}
	if code, out, _ := run(t, "", "unrank", "--order", "lex", "5472730538"); code != 0 || strings.TrimSpace(out) != last {
		t.Fatalf("unrank --order lex of the last number: %q, want %s", out, last)
	}
	// A transformed grid of class n ranks as n, with its minlex form.
	g, _ := canon.Parse(last)
	tr := canon.Transform{Transpose: true, Rows: [9]uint8{2, 1, 0, 3, 4, 5, 8, 7, 6}, Cols: [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8},
		Digits: [10]uint8{0, 9, 8, 7, 6, 5, 4, 3, 2, 1}}
	h := tr.Apply(&g)
	code, out, errs = run(t, h.String()+"\n", "rank", "--canonical")
	if code != 0 || out != "5472730538 "+last+"\n" {
		t.Fatalf("rank --canonical of a transform of the last grid: exit %d, %q, %s", code, out, errs)
	}
	if code, out, _ := run(t, "", "rank", "--order", "lex", lexSmallest); code != 0 || out != "1\n" {
		t.Fatalf("rank --order lex of docs/design/method.md's smallest minlex grid: exit %d, %q", code, out)
	}
	if code, out, _ := run(t, "", "rank", lexSmallest); code != 0 || out == "1\n" {
		t.Fatalf("rank of the lex-smallest grid in the paper's order: exit %d, %q; it is not 1", code, out)
	}
}

// Bad inputs are named and the others still answered; exit status 1.
func TestRankUnrankBadInput(t *testing.T) {
	bad := strings.Replace(strings.Repeat("123456789", 9), "12", "11", 1)
	in := "1\nabc\n0\n5472730539\n2\n10,00\n+3\n"
	code, out, errs := run(t, in, "unrank")
	if code != 1 || strings.Count(out, "\n") != 2 {
		t.Fatalf("unrank with bad lines: exit %d, %d answers, want 1 and 2: %s", code, strings.Count(out, "\n"), errs)
	}
	for _, want := range []string{`line 2: "abc": not a number`, `line 3: "0": out of range`, `line 4: "5472730539": out of range`,
		`line 6: "10,00": not a number`, `line 7: "+3": not a number`} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr %q lacks %q", errs, want)
		}
	}
	code, out, errs = run(t, "", "rank", "12345", bad, "123456789456789123789123456214365897365897214897214365531642978642978531978531642")
	if code != 1 || out != "" && strings.Count(out, "\n") != 1 {
		t.Fatalf("rank with bad arguments: exit %d, %q", code, out)
	}
	if !strings.Contains(errs, "argument 1") || !strings.Contains(errs, "argument 2") || !strings.Contains(errs, "row 1") {
		t.Errorf("stderr %q should name both bad arguments and the unit that repeats", errs)
	}
	for _, args := range [][]string{{"rank", "--order", "random"}, {"unrank", "--order", "Paper", "1"}, {"unrank", "--catalog", t.TempDir(), "1"}} {
		if code, _, _ := run(t, "", args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

func TestGroupsCounts(t *testing.T) {
	code, out, _ := run(t, "", "groups", "--counts")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 3541 {
		t.Fatalf("groups --counts: exit %d, %d lines", code, len(lines))
	}
	var sum int64
	for i, l := range lines {
		f := strings.Fields(l)
		n, _ := strconv.ParseInt(f[2], 10, 64)
		first, _ := strconv.ParseInt(f[3], 10, 64)
		if len(f) != 4 || n <= 0 || first != sum+1 {
			t.Fatalf("line %d %q: want <n> <key> <grids> <first> with first = %d", i+1, l, sum+1)
		}
		sum += n
	}
	if sum != 5472730538 {
		t.Fatalf("groups add up to %d grids", sum)
	}
}

// rank words a bad character as canon, id and catalog find do: the cell
// and the character after the line, the input not in front of them; in
// text and in the JSON error, one at a time and in bulk.
func TestRankBadCharacterWording(t *testing.T) {
	bad := "?" + grid1[1:]
	in := grid1 + "\n" + bad + "\n"
	const want = `line 2: cell 1 (r1c1): '?' is not a digit 1-9 or an empty cell (. 0 - * _ x)`
	for _, args := range [][]string{{"canon"}, {"id"}, {"rank"}, {"rank", "--bulk"}} {
		code, _, errs := run(t, in, args...)
		if code != exitFailed || !strings.Contains(errs, "edgrid "+args[0]+": "+want+"\n") {
			t.Errorf("%q: exit %d, stderr %q; want exit 1 and %q", args, code, errs, want)
		}
	}
	for _, args := range [][]string{{"rank", "--json"}, {"rank", "--json", "--bulk"}} {
		_, out, _ := run(t, in, args...)
		if !strings.Contains(out, `"error":"cell 1 (r1c1): '?' is not a digit 1-9 or an empty cell (. 0 - * _ x)"`) {
			t.Errorf("%q: %q; want the cell's error alone", args, out)
		}
	}
}
