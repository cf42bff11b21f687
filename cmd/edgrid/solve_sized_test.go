package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"edgrid/solve"
)

// solvedBoxed returns a solved n x n board of h-row boxes (n = h*w),
// shuffled with rng: digits relabelled, rows within bands, bands, columns
// within stacks and stacks permuted.
func solvedBoxed(n, h int, rng *rand.Rand) []uint8 {
	w := n / h
	base := func(r, c int) int { return (w*(r%h) + r/h + c) % n }
	perm := func(groups, size int) []int {
		var p []int
		for _, g := range rng.Perm(groups) {
			for _, i := range rng.Perm(size) {
				p = append(p, g*size+i)
			}
		}
		return p
	}
	rows, cols, digits := perm(w, h), perm(h, w), rng.Perm(n)
	b := make([]uint8, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			b[r*n+c] = uint8(digits[base(rows[r], cols[c])] + 1)
		}
	}
	return b
}

// checkBoxed fails t unless sol is a solution of the n x n puzzle p.
func checkBoxed(t *testing.T, n int, p, sol string) {
	t.Helper()
	rules, err := solve.Boxed(n)
	if err != nil {
		t.Fatal(err)
	}
	if len(sol) != n*n {
		t.Fatalf("solution of %d cells, want %d: %q", len(sol), n*n, sol)
	}
	for i := range p {
		if p[i] != '.' && p[i] != sol[i] {
			t.Fatalf("cell %d: given %c, solution %c", i+1, p[i], sol[i])
		}
	}
	for _, reg := range rules.Regions {
		seen := map[byte]bool{}
		for _, c := range reg.Cells {
			if seen[sol[c]] {
				t.Fatalf("%s repeats %c in %q", reg.Name, sol[c], sol)
			}
			seen[sol[c]] = true
		}
	}
}

// A 25x25 puzzle with 35% givens, whose lexicographically first solution
// can take a search per open cell, is solved in a bounded time: --size
// boards above 9x9 print the first solution the search meets.
func TestSolveSize25Bounded(t *testing.T) {
	rng := rand.New(rand.NewSource(25))
	board := solvedBoxed(25, 5, rng)
	p := []byte(formatGivens(board))
	for _, i := range rng.Perm(len(p))[:len(p)*65/100] {
		p[i] = '.'
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	code := runMain(ctx, []string{"solve", "--size", "25", string(p)}, streams{in: strings.NewReader(""), out: &out, err: &errb})
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	checkBoxed(t, 25, string(p), strings.TrimSpace(out.String()))
}

// boxedRulesFile writes the rules file of the empty n x n board of h-row
// boxes into dir.
func boxedRulesFile(t *testing.T, dir string, n int) string {
	rules, err := solve.Boxed(n)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString(fmt.Sprintf("%d %d %d %d", n, n, n, len(rules.Regions)) + "\n")
	for r := 0; r < n; r++ {
		b.WriteString(strings.Repeat(".", n) + "\n")
	}
	for _, reg := range rules.Regions {
		mask := bytes.Repeat([]byte{'.'}, n*n)
		for _, c := range reg.Cells {
			mask[c] = '+'
		}
		for r := 0; r < n; r++ {
			b.Write(mask[r*n : r*n+n])
			b.WriteByte('\n')
		}
	}
	f := filepath.Join(dir, "boxed.dat")
	if err := os.WriteFile(f, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// A signal during a dancing-links search (--size, --rules, --engine dlx)
// stops it with the message of the other paths, not "context canceled".
func TestSolveDLXStopped(t *testing.T) {
	rules := boxedRulesFile(t, t.TempDir(), 16)
	for _, args := range [][]string{
		{"--size", "25", "--count", strings.Repeat(".", 625)},
		{"--size", "16", "--all", strings.Repeat(".", 256)},
		{"--engine", "dlx", "--all", strings.Repeat(".", 81)},
		{"--rules", rules, "--count"},
		{"--rules", rules, "--all"},
	} {
		ctx, cancel := context.WithCancelCause(context.Background())
		time.AfterFunc(200*time.Millisecond, func() { cancel(signalStop{os.Interrupt}) })
		var out, errb bytes.Buffer
		code := runMain(ctx, append([]string{"solve"}, args...), streams{in: strings.NewReader(""), out: &out, err: &errb})
		msg := errb.String()
		if code != exitFailed || !strings.Contains(msg, "stopped by SIGINT") || strings.Contains(msg, "context canceled") {
			t.Errorf("%.40q: exit %d, stderr %q", args, code, msg)
		}
		cancel(nil)
	}
}

// --size N reads cells with spaces, | or + between them, as the 9x9
// reader does, one character a cell; a two-digit value is named.
func TestSolveSizeSeparators(t *testing.T) {
	for _, in := range []string{
		"1 . . . . . . . . . . . 4 . . .",
		"1... | .... + .... | 4...",
		"1 . . .\t. . . .  . . . .  4 . . .",
	} {
		code, out, errs := run(t, "", "solve", "--size", "4", in)
		if code != exitOK || out != "1234341221434321\n" {
			t.Errorf("%q: exit %d, %q, %q", in, code, out, errs)
		}
		code, out, _ = run(t, in+" tail\n", "solve", "--size", "4")
		if code != exitOK || out != "1234341221434321 tail\n" {
			t.Errorf("%q on stdin: exit %d, %q", in, code, out)
		}
	}
	board := formatGivens(solvedBoxed(16, 4, rand.New(rand.NewSource(16))))
	spaced := strings.Join(strings.Split(board[:len(board)-1], ""), " ") + " ."
	code, out, errs := run(t, "", "solve", "--size", "16", spaced)
	if code != exitOK || out != board+"\n" {
		t.Errorf("16x16 with spaces: exit %d, %q, %q", code, out, errs)
	}
	code, _, errs = run(t, "", "solve", "--size", "16", "10 "+strings.Repeat(". ", 255))
	if code != exitFailed || !strings.Contains(errs, `cell 1 (r1c1): "10" would be two cells`) || !strings.Contains(errs, "one letter (A=10 ... G=16)") {
		t.Errorf("16x16 with 10: exit %d, %q", code, errs)
	}
}

// --count --json stopped by a signal prints the count so far as a number,
// with "complete":false; the text says "at least N".
func TestSolveCountStoppedJSON(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--count", "--json"}, `"complete":false`},
		{[]string{"--count"}, "at least "},
		{[]string{"--count", "--json", "--engine", "dlx"}, `"complete":false`},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			time.AfterFunc(200*time.Millisecond, func() { cancel(signalStop{os.Interrupt}) })
			var out, errb bytes.Buffer
			code := runMain(ctx, append(append([]string{"solve"}, tc.args...), strings.Repeat(".", 81)), streams{in: strings.NewReader(""), out: &out, err: &errb})
			cancel(nil)
			if code != exitFailed || !strings.Contains(out.String(), tc.want) {
				t.Errorf("%q: exit %d, stdout %q", tc.args, code, out.String())
				return
			}
			if len(tc.args) < 2 || tc.args[1] != "--json" {
				return
			}
			var v struct {
				Input    string
				Count    *int64
				Complete *bool
			}
			if err := json.Unmarshal(out.Bytes(), &v); err != nil || v.Count == nil || *v.Count <= 0 || v.Complete == nil || *v.Complete {
				t.Errorf("%q: %v, %q", tc.args, err, out.String())
			}
		})
	}
}
