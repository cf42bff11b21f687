package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// AI Escargot and its solution.
const (
	escargot         = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
	escargotSolution = "162857493534129678789643521475312986913586742628794135356478219241935867897261354"
)

// runSolveCmd runs edgrid solve through runMain, as the binary would.
func runSolveCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runMain(context.Background(), append([]string{"solve"}, args...), streams{in: strings.NewReader(stdin), out: &out, err: &errb})
	return code, out.String(), errb.String()
}

// holes returns the full grid with the given 1-based cells emptied.
func holes(grid string, cells ...int) string {
	b := []byte(grid)
	for _, c := range cells {
		b[c-1] = '.'
	}
	return string(b)
}

func TestSolveOne(t *testing.T) {
	code, out, errs := runSolveCmd(t, "", escargot)
	if code != exitOK || out != escargotSolution+"\n" || errs != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestSolveStdin(t *testing.T) {
	in := "# a comment\n" + escargot + "\r\n\n" + strings.ReplaceAll(escargot, ".", "0") + "\n"
	code, out, _ := runSolveCmd(t, in)
	if code != exitOK || out != escargotSolution+"\n"+escargotSolution+"\n" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
}

func TestSolveModes(t *testing.T) {
	multi := twoSolutionPuzzle(t)
	empty := strings.Repeat(".", 81)
	unsolvable := "12345678........9" + strings.Repeat(".", 64) // r1c9 needs 9; column 9 has it
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout string
	}{
		{"count unique", []string{"--count", escargot}, exitOK, "1\n"},
		{"count two", []string{"--count", multi}, exitOK, "2\n"},
		{"count limit", []string{"--count", "--limit", "1000", empty}, exitOK, "at least 1000\n"},
		{"unique", []string{"--unique", escargot}, exitOK, "unique\n"},
		{"multiple", []string{"--unique", multi}, exitMultiple, "multiple\n"},
		{"none", []string{"--unique", unsolvable}, exitFailed, "none\n"},
		{"no solution", []string{unsolvable}, exitFailed, "no solution\n"},
		{"count none", []string{"--count", unsolvable}, exitOK, "0\n"},
		{"all", []string{"--all", multi}, exitOK, ""},
		{"all limit", []string{"--all", "--limit", "3", empty}, exitOK, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runSolveCmd(t, "", tc.args...)
			if code != tc.code || (tc.stdout != "" && out != tc.stdout) {
				t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d, stdout %q", tc.name, code, out, errs, tc.code, tc.stdout)
			}
			if strings.HasPrefix(tc.name, "all") {
				lines := strings.Fields(out)
				want := map[string]int{"all": 2, "all limit": 3}[tc.name]
				if len(lines) != want {
					t.Errorf("%s: %d solutions printed; want %d:\n%s", tc.name, len(lines), want, out)
				}
				for _, l := range lines {
					if !validSolution(l) {
						t.Errorf("%s: bad solution %s", tc.name, l)
					}
				}
			}
		})
	}
}

// validSolution checks an 81-digit grid with plain row, column, box tests.
func validSolution(s string) bool {
	if len(s) != 81 {
		return false
	}
	for k := 0; k < 9; k++ {
		var row, col, box [10]bool
		for j := 0; j < 9; j++ {
			for _, x := range []struct {
				seen *[10]bool
				c    byte
			}{{&row, s[k*9+j]}, {&col, s[j*9+k]}, {&box, s[(k/3*3+j/3)*9+k%3*3+j%3]}} {
				if x.c < '1' || x.c > '9' || x.seen[x.c-'0'] {
					return false
				}
				x.seen[x.c-'0'] = true
			}
		}
	}
	return true
}

// twoSolutionPuzzle empties four cells of escargot's solution that hold
// a, b / b, a in two rows of one band: with the rest of the grid given,
// exactly the two ways to fill them remain (checked by --count below).
func twoSolutionPuzzle(t *testing.T) string {
	g := escargotSolution
	for r1 := 0; r1 < 9; r1++ {
		for r2 := r1 + 1; r2 < 9 && r2/3 == r1/3; r2++ {
			for c1 := 0; c1 < 9; c1++ {
				for c2 := c1 + 1; c2 < 9; c2++ {
					a, b := g[r1*9+c1], g[r1*9+c2]
					if g[r2*9+c1] == b && g[r2*9+c2] == a {
						return holes(g, r1*9+c1+1, r1*9+c2+1, r2*9+c1+1, r2*9+c2+1)
					}
				}
			}
		}
	}
	t.Fatal("no unavoidable rectangle in the grid")
	return ""
}

// A bad puzzle line is reported with its place, the others are answered,
// and the exit status is 1; bad flags answer nothing and exit 2.
func TestSolveBadInput(t *testing.T) {
	bad := escargot[:40] + "?" + escargot[41:]
	clash := "5...5" + strings.Repeat(".", 76)
	for _, tc := range []struct {
		name, stdin string
		args        []string
		stdout      string
		stderr      string
	}{
		{"bad char", "# c\n" + escargot + "\n" + bad + "\n", nil, escargotSolution + "\n", "edgrid solve: line 3: cell 41 (r5c5): '?' is not a digit 1-9 or an empty cell (. 0 - * _ x)\n"},
		{"short", "", []string{escargot, "123"}, escargotSolution + "\n", "edgrid solve: argument 2: 3 cells, want 81"},
		{"clash", clash + "\n", nil, "", "edgrid solve: line 1: cell 5 (r1c5): 5 is already in row 1\n"},
		{"two bad", bad + "\n" + escargot + " 9.9 rating\n" + clash + "\n", nil, escargotSolution + " 9.9 rating\n", "line 3: cell 5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runSolveCmd(t, tc.stdin, tc.args...)
			if code != exitFailed || out != tc.stdout || !strings.Contains(errs, tc.stderr) {
				t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1, stdout %q, stderr with %q", tc.name, code, out, errs, tc.stdout, tc.stderr)
			}
		})
	}
	for _, tc := range []struct {
		name, stdin string
		args        []string
		stderr      string
	}{
		{"flags", "", []string{"--all", "--count", escargot}, "exclude each other"},
		{"limit alone", "", []string{"--limit", "3", escargot}, "--limit goes with --all or --count"},
		{"negative limit", "", []string{"--count", "--limit", "-1", escargot}, "--limit -1"},
		{"rules and args", "", []string{"--rules", "x.dat", escargot}, "takes no puzzle arguments"},
		{"unknown flag", "", []string{"--bogus"}, "bogus"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runSolveCmd(t, tc.stdin, tc.args...)
			if code != exitUsage || out != "" || !strings.Contains(errs, tc.stderr) {
				t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2, nothing solved, stderr with %q", tc.name, code, out, errs, tc.stderr)
			}
		})
	}
}

// -v writes the search to stderr; stdout has only the answer.
func TestSolveVerbose(t *testing.T) {
	code, out, errs := runSolveCmd(t, "", "-v", escargot)
	if code != exitOK || !strings.Contains(errs, "place r") || !strings.Contains(errs, "undo  r") || !strings.HasSuffix(out, escargotSolution+"\n") || strings.Contains(out, "place r") {
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

func TestSolveRules(t *testing.T) {
	files, _ := filepath.Glob("../../examples/*.dat")
	if len(files) < 5 {
		t.Fatalf("%d example files", len(files))
	}
	for _, f := range files {
		code, out, errs := runSolveCmd(t, "", "--rules", f)
		if code != exitOK || strings.Contains(out, ".") || errs != "" {
			t.Errorf("%s: exit %d, stderr %q, stdout:\n%s", f, code, errs, out)
		}
		if code, out, _ := runSolveCmd(t, "", "--unique", "--rules", f); code != exitOK || out != "unique\n" {
			t.Errorf("%s --unique: exit %d, %q", f, code, out)
		}
	}
	code, out, _ := runSolveCmd(t, "", "--rules", "../../examples/classic9x9.dat")
	want := strings.Join([]string{escargotSolution[0:9], escargotSolution[9:18], escargotSolution[18:27], escargotSolution[27:36],
		escargotSolution[36:45], escargotSolution[45:54], escargotSolution[54:63], escargotSolution[63:72], escargotSolution[72:81]}, "\n") + "\n"
	if code != exitOK || out != want {
		t.Errorf("classic9x9.dat: exit %d, got\n%s\nwant\n%s", code, out, want)
	}

	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.dat")
	os.WriteFile(bad, []byte("# x\n2 2 2 4\n1.\n.?\n"), 0o644)
	code, _, errs := runSolveCmd(t, "", "--rules", bad)
	if code != exitUsage || !strings.Contains(errs, bad+":4: board row 2 column 2") {
		t.Errorf("bad rules: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runSolveCmd(t, "", "--rules", filepath.Join(dir, "missing.dat"))
	if code != exitUsage || !strings.Contains(errs, "missing.dat") {
		t.Errorf("missing rules: exit %d, stderr %q", code, errs)
	}
}

// TestRunSolveDirect calls runSolve as other tests of the package do.
func TestRunSolveDirect(t *testing.T) {
	var out, errb bytes.Buffer
	err := runSolve(context.Background(), solveOptions{count: true}, []string{escargot}, streams{in: strings.NewReader(""), out: &out, err: &errb})
	if err != nil || out.String() != "1\n" {
		t.Fatalf("%v, %q", err, out.String())
	}
	err = runSolve(context.Background(), solveOptions{unique: true}, []string{twoSolutionPuzzle(t)}, streams{in: strings.NewReader(""), out: &out, err: &errb})
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != exitMultiple {
		t.Fatalf("multiple: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = runSolve(ctx, solveOptions{count: true}, []string{strings.Repeat(".", 81)}, streams{in: strings.NewReader(""), out: &out, err: &errb})
	if !errors.Is(err, context.Canceled) || exitCode(err) != exitFailed {
		t.Fatalf("cancelled: %v", err)
	}
}

// Both engines give the same answers in every mode, and the engine flag is
// checked.
func TestSolveEngines(t *testing.T) {
	multi := twoSolutionPuzzle(t)
	empty := strings.Repeat(".", 81)
	for _, args := range [][]string{
		{escargot}, {multi}, {empty}, {"--unique", escargot}, {"--unique", multi},
		{"--count", multi}, {"--count", "--limit", "500", empty}, {"--all", multi}, {"--all", "--limit", "5", empty},
	} {
		var outs [2]string
		var codes [2]int
		for i, e := range []string{"fast", "dlx"} {
			codes[i], outs[i], _ = runSolveCmd(t, "", append([]string{"--engine", e}, args...)...)
		}
		if args[0] == "--all" {
			// --all lists the same solutions, in lexicographic order with
			// fast; with a limit, as many (not the same ones).
			a, b := strings.Fields(outs[0]), strings.Fields(outs[1])
			sort.Strings(b)
			same := strings.Join(a, " ") == strings.Join(b, " ")
			if args[1] == "--limit" {
				same = len(a) == 5 && len(b) == 5 && sort.StringsAreSorted(a)
			}
			if codes[0] != codes[1] || !same {
				t.Errorf("%q: fast %d %q, dlx %d %q", args, codes[0], outs[0], codes[1], outs[1])
			}
			continue
		}
		if codes[0] != codes[1] || outs[0] != outs[1] || outs[0] == "" {
			t.Errorf("%q: fast %d %q, dlx %d %q", args, codes[0], outs[0], codes[1], outs[1])
		}
	}
	for _, args := range [][]string{{"--engine", "bogus", escargot}, {"--engine", "fast", "-v", escargot}, {"--engine", "fast", "--rules", "x.dat"}} {
		if code, _, _ := runSolveCmd(t, "", args...); code != exitUsage {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}
