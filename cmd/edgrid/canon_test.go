package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"edgrid/canon"
)

// run calls runMain as main would and returns exit code, stdout and stderr.
func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := runMain(context.Background(), args, streams{in: strings.NewReader(stdin), out: &out, err: &errb})
	return code, out.String(), errb.String()
}

const (
	grid1   = "123456789456789123789123456214835697367291845598647312632918574845372961971564238"
	grid648 = "123456789456789123789123456231564897564897231897231564312645978645978312978312645"
)

func TestCanonLines(t *testing.T) {
	// A relabelled, transposed copy of grid 1 must come back as grid 1.
	g, _ := canon.Parse(grid1)
	tr := canon.Identity()
	tr.Transpose = true
	tr.Digits = [10]uint8{0, 9, 8, 7, 6, 5, 4, 3, 2, 1}
	moved := tr.Apply(&g)
	in := moved.String() + "\n" + grid1[:80] + "\n\n" + grid648 + "\n"
	code, out, errs := run(t, in, "canon", "--autos")
	if code != exitFailed {
		t.Errorf("exit code %d; want %d", code, exitFailed)
	}
	want := grid1 + " 1\n" + grid648 + " 648\n"
	if out != want {
		t.Errorf("stdout = %q; want %q", out, want)
	}
	if !strings.Contains(errs, "line 2: 80 cells, want 81") {
		t.Errorf("stderr = %q; want the bad line named", errs)
	}
}

func TestCanonOrderKeptAcrossBatches(t *testing.T) {
	code, grids, _ := run(t, "", "random", "-n", "9000", "--seed", "7")
	if code != 0 {
		t.Fatalf("random: exit %d", code)
	}
	code, out, errs := run(t, grids, "canon")
	if code != 0 || errs != "" {
		t.Fatalf("canon: exit %d, stderr %q", code, errs)
	}
	in := strings.Split(strings.TrimSpace(grids), "\n")
	got := strings.Split(strings.TrimSpace(out), "\n")
	if len(got) != len(in) {
		t.Fatalf("%d output lines for %d grids", len(got), len(in))
	}
	for _, i := range []int{0, 4095, 4096, 8999} {
		g, _ := canon.Parse(in[i])
		m, _, _ := canon.Minlex(&g)
		if got[i] != m.String() {
			t.Fatalf("line %d: got %s; want %s", i+1, got[i], m.String())
		}
	}
}

func TestExitCodes(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
	}{
		{nil, exitUsage},
		{[]string{"--help"}, exitOK},
		{[]string{"nosuch"}, exitUsage},
		{[]string{"canon", "-h"}, exitOK},
		{[]string{"canon", "--nosuch"}, exitUsage},
		{[]string{"canon", grid1}, exitOK},
		{[]string{"random", "-n", "0"}, exitUsage},
		{[]string{"random", "extra"}, exitUsage},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			if code, _, _ := run(t, "", tc.args...); code != tc.code {
				t.Errorf("edgrid %v: exit %d; want %d", tc.args, code, tc.code)
			}
		})
	}
}

func TestHelpListsExitCodes(t *testing.T) {
	_, out, _ := run(t, "", "--help")
	for _, w := range []string{"canon", "Exit codes", "2  bad flags"} {
		if !strings.Contains(out, w) {
			t.Errorf("--help lacks %q", w)
		}
	}
}

func TestCanonPuzzles(t *testing.T) {
	const (
		// A puzzle from the 17-clue set, moved and relabelled below.
		p17 = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
		// Two 1s in row 1: not valid, still a puzzle with a form.
		bad = "11......................................................................2........"
	)
	p, err := canon.ParsePuzzle(p17)
	if err != nil {
		t.Fatal(err)
	}
	tr := canon.Identity()
	tr.Transpose = true
	tr.Rows = [9]uint8{3, 4, 5, 0, 1, 2, 8, 7, 6}
	tr.Digits = [10]uint8{0, 9, 8, 7, 6, 5, 4, 3, 2, 1}
	moved := tr.Apply(&p)
	movedZeros := string(canon.AppendPuzzle(nil, &moved, '0'))
	b, _ := canon.ParsePuzzle(bad)
	for _, tc := range []struct {
		flags []string
		order canon.PuzzleOrder
	}{
		{nil, canon.PlainOrder},
		{[]string{"--pattern-first"}, canon.PatternFirst},
	} {
		t.Run(strings.Join(tc.flags, " "), func(t *testing.T) {
			in := p17 + "\n" + movedZeros + "\n" + grid1 + "\n" + bad + "\n"
			code, out, errs := run(t, in, append([]string{"canon", "--autos"}, tc.flags...)...)
			if code != 0 || errs != "" {
				t.Fatalf("%v: exit %d, stderr %q", tc.flags, code, errs)
			}
			f, a, _, _ := canon.PuzzleMinlex(&p, tc.order)
			fb, ab, _, _ := canon.PuzzleMinlex(&b, tc.order)
			form := string(canon.AppendPuzzle(nil, &f, '0')) + " " + strconv.Itoa(a) + "\n"
			want := form + form + grid1 + " 1\n" + string(canon.AppendPuzzle(nil, &fb, '0')) + " " + strconv.Itoa(ab) + "\n"
			if out != want {
				t.Errorf("canon --autos %v:\n got %q\nwant %q", tc.flags, out, want)
			}
		})
	}
	// --dots writes '.' for empty cells, as the input may.
	_, out, _ := run(t, "", "canon", "--dots", movedZeros)
	f, _, _, _ := canon.PuzzleMinlex(&p, canon.PlainOrder)
	if want := string(canon.AppendPuzzle(nil, &f, '.')) + "\n"; out != want {
		t.Errorf("canon --dots = %q; want %q", out, want)
	}
	// --pattern prints the pattern's form.
	_, out, _ = run(t, "", "canon", "--pattern", "--autos", movedZeros, grid1)
	m, pa, _ := canon.PatternMinlex(canon.MaskOf(&p))
	if want := m.String() + " " + strconv.Itoa(pa) + "\n" + strings.Repeat("1", 81) + " 3359232\n"; out != want {
		t.Errorf("canon --pattern = %q; want %q", out, want)
	}
}

func TestCanonBadLines(t *testing.T) {
	const p = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
	in := p[:80] + "\n" + p[:10] + "?" + p[11:] + "\n" + p + "\n" + grid1[:40] + "2" + grid1[41:] + "\n" + p + "9\n"
	code, out, errs := run(t, in, "canon")
	if code != exitFailed {
		t.Errorf("exit %d; want %d", code, exitFailed)
	}
	if n := strings.Count(out, "\n"); n != 1 {
		t.Errorf("%d lines answered; want 1 (line 3): %q", n, out)
	}
	for _, w := range []string{
		"edgrid canon: line 1: 80 cells, want 81",
		"edgrid canon: line 2: cell 11 (r2c2): '?' is not a digit 1-9 or an empty cell (. 0 - * _ x)",
		"edgrid canon: line 4: row 5 has two 2s",
		"edgrid canon: line 5: 82 cells, want 81",
		"4 bad line(s)",
	} {
		if !strings.Contains(errs, w) {
			t.Errorf("stderr lacks %q:\n%s", w, errs)
		}
	}
	if code, _, _ := run(t, "", "canon", "--pattern", "--pattern-first", p); code != exitUsage {
		t.Errorf("--pattern with --pattern-first: exit %d; want %d", code, exitUsage)
	}
}

// appendPattern writes a cell for each cell of the mask as Mask.Has reads it.
func TestAppendPattern(t *testing.T) {
	for _, empty := range []byte{'.', '0'} {
		for _, m := range []canon.Mask{{}, {^uint64(0), 1<<17 - 1}, {0x8000000000000001, 0x10001}, {0x0123456789abcdef, 0x1a5a5}, {0xfedcba9876543210, 0x0f0f0}} {
			got := appendPattern([]byte("#"), m, empty)
			if len(got) != 82 || got[0] != '#' {
				t.Fatalf("%x: %q", m, got)
			}
			for i := range 81 {
				want := empty
				if m.Has(i) {
					want = '1'
				}
				if got[1+i] != want {
					t.Fatalf("%x: cell %d is %q, want %q", m, i, got[1+i], want)
				}
			}
		}
	}
}
