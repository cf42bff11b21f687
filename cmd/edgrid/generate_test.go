package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"edgrid/canon"
	"edgrid/solve"
)

// TestGenerateLines checks generate's lines: N of them, each a puzzle with
// a unique solution, its clue count, guesses and grade, rated as edgrid
// rate rates it; the same with --workers 1 and 2; --json the same puzzles.
func TestGenerateLines(t *testing.T) {
	code, out, errs := run(t, "", "generate", "-n", "30", "--over", "backtrack", "--seed", "3", "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 30 {
		t.Fatalf("%d lines; want 30", len(lines))
	}
	f := solve.NewFast()
	var puzzles []string
	for i, l := range lines {
		fs := strings.Fields(l)
		if len(fs) != 4 {
			t.Fatalf("line %d: %q; want <puzzle> <clues> <guesses> <grade>", i+1, l)
		}
		p, err := solve.ParsePuzzle(fs[0])
		if err != nil {
			t.Fatal(err)
		}
		var sol [81]uint8
		if n, _ := f.Unique(t.Context(), &p, &sol); n != 1 {
			t.Fatalf("line %d: %d solutions", i+1, n)
		}
		if c, _ := strconv.Atoi(fs[1]); c != strings.Count(fs[0], ".")*-1+81 {
			t.Fatalf("line %d: %s clues printed for %d", i+1, fs[1], 81-strings.Count(fs[0], "."))
		}
		puzzles = append(puzzles, fs[0])
	}
	_, one, _ := run(t, "", "generate", "-n", "30", "--over", "backtrack", "--seed", "3", "--workers", "1")
	if one != out {
		t.Errorf("--workers 1 and 2 differ:\n%s\n%s", one, out)
	}
	_, rated, _ := run(t, strings.Join(puzzles, "\n")+"\n", "rate")
	if rated != out {
		t.Errorf("edgrid rate of the puzzles:\n%s\nwant generate's lines:\n%s", rated, out)
	}
	_, js, _ := run(t, "", "generate", "-n", "30", "--over", "backtrack", "--seed", "3", "--json")
	for i, l := range strings.Split(strings.TrimSuffix(js, "\n"), "\n") {
		var v struct {
			Puzzle, Grade, Technique, Solution string
			Clues, Guesses                     int
		}
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("--json line %d: %v: %s", i+1, err, l)
		}
		fs := strings.Fields(lines[i])
		if v.Puzzle != fs[0] || strconv.Itoa(v.Clues) != fs[1] || strconv.Itoa(v.Guesses) != fs[2] || v.Grade != fs[3] {
			t.Fatalf("--json line %d: %s; text %s", i+1, l, lines[i])
		}
		if (v.Guesses == 0) != (v.Technique != "guess") || len(v.Solution) != 81 {
			t.Fatalf("--json line %d: %s", i+1, l)
		}
	}
}

// TestGenerateOptions checks --clues, --rating, --unique-classes and
// --given.
func TestGenerateOptions(t *testing.T) {
	code, out, errs := run(t, "", "generate", "-n", "8", "--over", "backtrack", "--clues", "28-29", "--rating", "easy..intermediate")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		fs := strings.Fields(l)
		if fs[1] != "28" && fs[1] != "29" || fs[3] != "easy" && fs[3] != "intermediate" || fs[2] != "0" {
			t.Fatalf("--clues 28-29 --rating easy..intermediate: %q", l)
		}
	}
	code, out, _ = run(t, "", "generate", "-n", "40", "--over", "backtrack", "--unique-classes", "--clues", "70")
	forms := map[canon.Grid]bool{}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		p, err := canon.ParsePuzzle(strings.Fields(l)[0])
		if err != nil {
			t.Fatal(err)
		}
		f, _, _, _ := canon.PuzzleMinlex(&p, canon.PlainOrder)
		if forms[f] {
			t.Fatalf("--unique-classes: two puzzles of form %v", f)
		}
		forms[f] = true
	}
	if code != 0 || len(forms) != 40 {
		t.Fatalf("--unique-classes: exit %d, %d forms", code, len(forms))
	}
	code, out, errs = run(t, grid1+"\n"+grid1[:80]+"\n"+grid648+"\n", "generate", "--given", "--json")
	ls := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(ls) != 3 || !strings.Contains(errs, "line 2") || !strings.Contains(ls[1], `"error"`) {
		t.Fatalf("--given with a bad line 2: exit %d, %q, %q", code, out, errs)
	}
	for i, g := range []string{grid1, grid648} {
		l := ls[2*i]
		if !strings.Contains(l, `"solution":"`+g+`"`) {
			t.Fatalf("--given: %s; want a puzzle of %s", l, g)
		}
	}
}

// TestGenerateStats checks --stats on a few controlled-bias puzzles: the
// shares add up to 1 and every one has its error.
func TestGenerateStats(t *testing.T) {
	if testing.Short() {
		t.Skip("controlled-bias puzzles take seconds each")
	}
	code, out, errs := run(t, "", "generate", "--stats", "-n", "3", "--method", "controlled-bias", "--json")
	var v struct {
		N, Attempts    int64
		Shares, Errors map[string]float64
	}
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil {
		t.Fatalf("exit %d: %q %s", code, out, errs)
	}
	sum := 0.0
	for k, s := range v.Shares {
		sum += s
		if _, ok := v.Errors[k]; !ok {
			t.Errorf("no error for %s clues", k)
		}
	}
	if v.N != 3 || v.Attempts < 3 || sum < 0.999999 || sum > 1.000001 {
		t.Fatalf("--stats: %+v (shares add up to %v)", v, sum)
	}
}

// TestGenerateBad checks the usage errors: bounds and flags that exclude
// each other.
func TestGenerateBad(t *testing.T) {
	for _, args := range [][]string{
		{"-n", "0"}, {"-n", "1000000001"}, {"-n", "10000001", "--unique-classes"}, {"--method", "bottom-up"},
		{"--over", "bands"}, {"--clues", "16"}, {"--clues", "30-25"}, {"--clues", "x"}, {"--rating", "medium"},
		{"--rating", "expert..easy"}, {"--minimal"}, {"--stats"}, {"--stats", "--method", "controlled-bias", "--clues", "25"},
		{"--stats", "--method", "controlled-bias", "--over", "backtrack"}, {"--workers", "2000"}, {grid1},
		{"--given", "-n", "3", grid1}, {"--merge"}, {"--merge", "--seed", "3", "a.json"}, {"--merge", "--stats", "a.json"},
	} {
		code, _, errs := run(t, "", append([]string{"generate"}, args...)...)
		if code != 2 || !strings.HasPrefix(errs, "edgrid generate: ") {
			t.Errorf("generate %v: exit %d, %q; want 2 and a message", args, code, errs)
		}
	}
}

// TestRateLines checks rate's line contract: bad lines reported with their
// place (not a puzzle, no solution, several), the others answered.
func TestRateLines(t *testing.T) {
	hard := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	in := hard + " name\n" + hard[:80] + "\n" + "11" + hard[2:] + "\n" + strings.Repeat(".", 81) + "\n"
	code, out, errs := run(t, in, "rate")
	ls := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(ls) != 1 || !strings.HasPrefix(ls[0], hard+" 18 ") || !strings.HasSuffix(ls[0], " expert name") {
		t.Fatalf("rate: exit %d, %q", code, out)
	}
	for _, want := range []string{"line 2:", "line 3: no solution", "line 4: more than one solution"} {
		if !strings.Contains(errs, want) {
			t.Errorf("rate: stderr %q lacks %q", errs, want)
		}
	}
}

// TestGenerateStatsStopped checks that --stats stopped by a signal prints
// the estimate of the puzzles made so far, exactly what a run asking for
// that many gives, and says so with exit status 1.
func TestGenerateStatsStopped(t *testing.T) {
	args := []string{"generate", "--stats", "--method", "controlled-bias", "--seed", "5", "--json"}
	ctx, cancel := context.WithCancelCause(t.Context())
	defer cancel(nil)
	generateEmitted = func(made int) {
		if made == 2 {
			cancel(signalStop{os.Interrupt})
		}
	}
	defer func() { generateEmitted = func(int) {} }()
	var out, errb bytes.Buffer
	code := runMain(ctx, append(args, "-n", "1000"), streams{in: strings.NewReader(""), out: &out, err: &errb})
	generateEmitted = func(int) {}
	if code != exitFailed || !strings.Contains(errb.String(), "stopped by SIGINT: the estimate printed is of the first 2 of 1000 puzzles") {
		t.Fatalf("exit %d, %q; want %d and the stop's message", code, errb.String(), exitFailed)
	}
	code, want, errs := run(t, "", append(args, "-n", "2")...)
	if code != 0 {
		t.Fatalf("-n 2: exit %d: %s", code, errs)
	}
	if out.String() != want {
		t.Errorf("stopped after 2 puzzles:\n%s\n-n 2:\n%s", out.String(), want)
	}
	var v struct{ N int }
	if err := json.Unmarshal(out.Bytes(), &v); err != nil || v.N != 2 {
		t.Errorf("%q: n %d, %v; want 2", out.String(), v.N, err)
	}
}

// TestGenerateProgressText checks the progress line's text, with and
// without --stats.
func TestGenerateProgressText(t *testing.T) {
	var p generateProgress
	p.made.Store(250)
	p.attempts.Store(61_234_567)
	if got, want := p.text(generateOptions{n: 1000}), "generate: 250 of 1,000 puzzles (25.0%)"; got != want {
		t.Errorf("%q; want %q", got, want)
	}
	if got, want := p.text(generateOptions{n: 1000, stats: true}), "generate: 250 of 1,000 puzzles (25.0%), 61,234,567 attempts"; got != want {
		t.Errorf("--stats: %q; want %q", got, want)
	}
}
