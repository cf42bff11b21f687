package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"edgrid/canon"
	"edgrid/query"
)

// The grid with exactly one 17-clue puzzle (docs/guide/scan.md, the shared list).
const (
	one17Grid   = "286537941541982736379614258917358624452176893863429517625743189194865372738291465"
	one17Puzzle = "000000041500900000070600000000350600402000000800000000000040080090000300030000000"
)

// one17Cells is a --cells mask: the clues of one17Puzzle and the cells in
// extra, so that the scan is quick and must find that puzzle alone.
func one17Cells(extra ...int) string {
	b := []byte(strings.Repeat("0", 81))
	for i := range 81 {
		if one17Puzzle[i] != '0' {
			b[i] = '1'
		}
	}
	for _, c := range extra {
		b[c] = '1'
	}
	return string(b)
}

func dotted(p string) string { return strings.ReplaceAll(p, "0", ".") }

func TestScanLines(t *testing.T) {
	cells := one17Cells(0, 40, 80)
	code, out, errs := run(t, "", "scan", "--clues", "17", "--cells", cells, one17Grid)
	want := dotted(one17Puzzle) + "\n# " + one17Grid + " puzzles 1\n"
	if code != 0 || out != want {
		t.Fatalf("scan --cells: exit %d, %q, stdout\n%s\nwant\n%s", code, errs, out, want)
	}
	// Trailing fields stay with the grid's last line; --count is one line.
	code, out, _ = run(t, one17Grid+" name\n", "scan", "--clues", "17", "--cells", cells, "--count")
	if code != 0 || out != one17Grid+" 1 name\n" {
		t.Errorf("--count: exit %d, %q", code, out)
	}
	// --canon prints what edgrid canon prints for the puzzle.
	_, form, _ := run(t, "", "canon", "--dots", one17Puzzle)
	code, out, _ = run(t, "", "scan", "--clues", "17", "--cells", cells, "--canon", one17Grid)
	if want := form + "# " + one17Grid + " puzzles 1 classes 1\n"; code != 0 || out != want {
		t.Errorf("--canon: exit %d, %q; want %q", code, out, want)
	}
	code, out, _ = run(t, "", "scan", "--clues", "17", "--cells", cells, "--json", one17Grid)
	var js struct {
		Input   string
		Clues   int
		Count   int
		Puzzles []string
	}
	if err := json.Unmarshal([]byte(out), &js); code != 0 || err != nil || js.Input != one17Grid || js.Clues != 17 || js.Count != 1 ||
		len(js.Puzzles) != 1 || js.Puzzles[0] != dotted(one17Puzzle) {
		t.Errorf("--json: exit %d, %v, %q", code, err, out)
	}
	// A clue fewer in the mask: no 17 fits; 18 clues with --all gives the
	// 17 plus each other cell of the mask, and none by default (not minimal).
	clue := strings.IndexFunc(one17Puzzle, func(r rune) bool { return r != '0' })
	less := []byte(cells)
	less[clue] = '0'
	if code, out, _ := run(t, "", "scan", "--clues", "16", "--cells", string(less), "--count", one17Grid); code != 0 || out != one17Grid+" 0\n" {
		t.Errorf("16 clues in a 19-cell mask: exit %d, %q", code, out)
	}
	if code, out, _ := run(t, "", "scan", "--clues", "18", "--all", "--cells", cells, "--count", one17Grid); code != 0 || out != one17Grid+" 3\n" {
		t.Errorf("--clues 18 --all: exit %d, %q; want 3 (the 17 and each extra cell)", code, out)
	}
	if code, out, _ := run(t, "", "scan", "--clues", "18", "--cells", cells, "--count", one17Grid); code != 0 || out != one17Grid+" 0\n" {
		t.Errorf("--clues 18 (minimal by default): exit %d, %q; want 0", code, out)
	}
}

// Grids in parallel come out in input order, each line answered, bad lines
// reported with their number while the others are answered.
func TestScanLinesOrderAndErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 1))
	var in strings.Builder
	var grids []string
	for i := range 12 {
		g := canon.RandomGrid(r)
		grids = append(grids, g.String())
		in.WriteString(g.String() + "\n")
		if i == 4 {
			in.WriteString(strings.Repeat("1", 81) + "\n") // line 6: not a grid
		}
	}
	code, out, errs := run(t, in.String(), "scan", "--clues", "25", "--all", "--first", "--workers", "3")
	if code != exitFailed || !strings.Contains(errs, "edgrid scan: line 6:") || strings.Count(errs, "\n") != 2 {
		t.Fatalf("a bad line among 12 grids: exit %d, stderr %q; want 1 and line 6 named", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 24 {
		t.Fatalf("%d lines; want a puzzle and a count line for each of 12 grids:\n%s", len(lines), out)
	}
	for i, g := range grids {
		p, c := lines[2*i], lines[2*i+1]
		if c != "# "+g+" puzzles 1" || strings.Count(p, ".") != 81-25 {
			t.Fatalf("grid %d: %q, %q", i+1, p, c)
		}
		for j := range 81 {
			if p[j] != '.' && p[j] != g[j] {
				t.Fatalf("grid %d: puzzle %s is not of the grid", i+1, p)
			}
		}
	}
	_, one, _ := run(t, in.String(), "scan", "--clues", "25", "--all", "--first", "--workers", "1")
	if one != out {
		t.Errorf("--workers 1 and 3 differ")
	}
}

func TestScanUsageErrors(t *testing.T) {
	bad := []byte(one17Cells())
	bad[10] = '2'
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--clues", "0", one17Grid}, "--clues 0: want a number of clues 1..81"},
		{[]string{"--clues", "82", one17Grid}, "--clues 82"},
		{[]string{one17Grid}, "give --clues K"},
		{[]string{"--clues", "17", "--cells", "0101", one17Grid}, "--cells: 4 characters; want 81"},
		{[]string{"--clues", "17", "--cells", string(bad), one17Grid}, "--cells: character 11 (r2c2) is '2'; want 0 or 1"},
		{[]string{"--clues", "18", "--cells", one17Cells(), one17Grid}, "--cells holds 17 cells, fewer than --clues 18"},
		{[]string{"--clues", "17", "--minimal", "--all", one17Grid}, "exclude each other"},
		{[]string{"--ua", "--clues", "17", one17Grid}, "--ua"},
		{[]string{"--ua", "--max-size", "3", one17Grid}, "--max-size 3: want 4..16"},
		{[]string{"--clues", "17", "--groups", "3541"}, "need --out DIR"},
		{[]string{"--clues", "17", "--groups", "3541", "--out", t.TempDir(), one17Grid}, "no GRID arguments"},
		{[]string{"--clues", "17", "--groups", "3542", "--out", t.TempDir()}, "--groups 3542"},
		{[]string{"--clues", "17", "--band", "402", "--out", t.TempDir()}, "--band 402"},
		{[]string{"--clues", "17", "--out", t.TempDir(), one17Grid}, "--out and --catalog go with --groups or --band"},
		{[]string{"--clues", "17", "--method", "blue", one17Grid}, `--method "blue": want auto, bands or hitting`},
		{[]string{"--clues", "19", "--method", "bands", one17Grid}, "--method bands scans for at most 18 clues"},
		{[]string{"--ua", "--method", "bands", one17Grid}, "--method chooses how puzzles are searched"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, errs := run(t, "", append([]string{"scan"}, tc.args...)...)
			if code != exitUsage || !strings.Contains(errs, tc.want) {
				t.Errorf("scan %v: exit %d, %q; want 2 and %q", tc.args, code, errs, tc.want)
			}
		})
	}
}

// Every --method prints the same lines: the one-17 grid's puzzles in a mask
// of its 17 and eight more cells, at 16, 17 and 18 clues.
func TestScanMethodsAgree(t *testing.T) {
	mask := []byte(one17Cells())
	for i, n := 0, 0; n < 8; i += 10 {
		if mask[i%81] == '0' {
			mask[i%81] = '1'
			n++
		}
	}
	for _, k := range []string{"16", "17", "18"} {
		var want string
		for _, m := range []string{"hitting", "bands", "auto"} {
			code, out, errs := run(t, "", "scan", "--clues", k, "--method", m, "--cells", string(mask), one17Grid)
			if code != 0 {
				t.Fatalf("--clues %s --method %s: exit %d, %s", k, m, code, errs)
			}
			if m == "hitting" {
				want = out
			} else if out != want {
				t.Errorf("--clues %s --method %s printed\n%s\nwant (hitting)\n%s", k, m, out, want)
			}
		}
		if k == "17" && !strings.Contains(want, "puzzles 1\n") {
			t.Errorf("--clues 17 in the mask: %q; want the grid's one 17", want)
		}
	}
}

// --ua lists sets of the grid's digits, smallest first, and counts them by
// size; the size-4 count is query's ua4.
func TestScanUA(t *testing.T) {
	g, _ := canon.Parse(one17Grid)
	code, out, errs := run(t, "", "scan", "--ua", one17Grid)
	if code != 0 {
		t.Fatal(errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	last := lines[len(lines)-1]
	if want := fmt.Sprintf("# %s sets %d 4:%d ", one17Grid, len(lines)-1, query.UA4.Value(&g)); !strings.HasPrefix(last, want) {
		t.Fatalf("last line %q; want it to start %q", last, want)
	}
	prev := 0
	for _, l := range lines[:len(lines)-1] {
		n := 0
		for j := range 81 {
			if l[j] != '.' {
				n++
				if l[j] != one17Grid[j] {
					t.Fatalf("set %s is not of the grid", l)
				}
			}
		}
		if n < prev || n > 12 || n == 5 || n == 7 {
			t.Fatalf("set %s of %d cells after one of %d", l, n, prev)
		}
		prev = n
	}
	_, count, _ := run(t, "", "scan", "--ua", "--count", one17Grid)
	if want := one17Grid + " " + strings.TrimPrefix(last, "# "+one17Grid+" sets ") + "\n"; count != want {
		t.Errorf("--ua --count: %q; want %q", count, want)
	}
	_, small, _ := run(t, "", "scan", "--ua", "--max-size", "6", "--count", one17Grid)
	if !strings.HasPrefix(small, one17Grid+" 25 4:13 6:12\n") {
		t.Errorf("--ua --max-size 6: %q", small)
	}
}
