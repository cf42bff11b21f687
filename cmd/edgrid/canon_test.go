package main

import (
	"bytes"
	"context"
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
		if code, _, _ := run(t, "", tc.args...); code != tc.code {
			t.Errorf("edgrid %v: exit %d; want %d", tc.args, code, tc.code)
		}
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
