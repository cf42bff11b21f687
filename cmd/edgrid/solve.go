package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"edgrid/cells"
	"edgrid/internal/lines"
	"edgrid/internal/progress"
	"edgrid/solve"
)

func init() { register(newSolveCmd) }

func newSolveCmd(s streams) *cobra.Command {
	var o solveOptions
	c := &cobra.Command{
		Use:   "solve [--all [--limit N] | --count [--limit N] | --unique] [-v] [--json] [PUZZLE... | --rules FILE | --size N]",
		Short: "solve Sudoku puzzles (81 characters a line) or a rules-file variant",
		Long: `Puzzles come as arguments or on standard input, one a line: 81 cells, 1-9 for givens and
any of . 0 - * _ x for empty cells. The first solution in lexicographic order prints as 81
digits, or 'no solution'. --size N reads one-line N x N puzzles of the standard box shapes
(4, 6, 8, 9, 12, 16, 25: one character a cell, 1-9, then A=10, B=11, ...; spaces, | or +
may stand between cells); --rules FILE solves the board of a rules file (docs/guide/rules.md).
Boards above 9x9 (--size 12, 16, 25) and rules boards print the first solution the search
meets, not the lexicographically first, which can cost a search per open cell without bound.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.validate(args); err != nil {
				return err
			}
			return runSolve(cmd.Context(), o, args, s)
		},
	}
	f := c.Flags()
	f.BoolVarP(&o.all, "all", "a", false, "print every solution (see --limit)")
	f.BoolVar(&o.count, "count", false, "print the number of solutions (see --limit)")
	f.BoolVarP(&o.unique, "unique", "u", false, "print unique, none or multiple for each puzzle")
	f.Int64VarP(&o.limit, "limit", "l", 0, "with --all or --count: stop after `N` solutions (0: no limit); a count the limit cut is printed 'at least N'")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "show the search: each placement, backtrack and dead end, one a line")
	f.StringVar(&o.rules, "rules", "", "solve the board of rules `FILE` (sizes, board, regions; docs/guide/rules.md)")
	f.StringVar(&o.engine, "engine", "", "9x9 puzzles: `ENGINE` fast (bit-parallel, the default) or dlx (dancing links, as rules files and -v use)")
	f.IntVarP(&o.size, "size", "n", 0, "read one-line `N` x N puzzles of the standard box shape (4, 6 = 2x3, 8 = 2x4, 9, 12 = 3x4, 16, 25)")
	retireShorthand(f.Lookup("size")) // -n is a count (random -n)
	jsonFlag(f, &o.json, `print JSON Lines: {"input","solution"|"count"|"answer"|"solutions"} a line, or {"input","error"}; a count a signal or --limit cut is {"input","count","complete":false}, count then the solutions so far`)
	quietFlag(c.Flags(), &s)
	return c
}

// solveOptions are the flags of edgrid solve.
type solveOptions struct {
	all, count, unique bool
	limit              int64
	verbose            bool
	rules              string
	engine             string // "", "fast" or "dlx"
	json               bool
	size               int          // --size N, or 0
	sized              *solve.Rules // the rules of --size, set by validate
	terminal           bool         // standard error is a terminal (progress), set once a run
}

// validate checks the flags against each other and the arguments.
func (o *solveOptions) validate(args []string) error {
	modes := 0
	for _, on := range []bool{o.all, o.count, o.unique} {
		if on {
			modes++
		}
	}
	switch {
	case modes > 1:
		return usagef("--all, --count and --unique exclude each other; give one")
	case o.limit < 0:
		return usagef("--limit %d: want N >= 0 (0: no limit)", o.limit)
	case o.limit > 0 && !o.all && !o.count:
		return usagef("--limit goes with --all or --count (as --all --limit N)")
	case o.rules != "" && len(args) > 0:
		return usagef("--rules %s takes no puzzle arguments: the givens are on the file's board", o.rules)
	case o.engine != "" && o.engine != "fast" && o.engine != "dlx":
		return usagef("--engine %s: want fast or dlx", o.engine)
	case o.engine == "fast" && (o.verbose || o.rules != "" || o.size != 0 && o.size != 9):
		return usagef("--engine fast solves 9x9 puzzles without a trace: -v, --rules and --size use dlx")
	case o.size != 0 && o.rules != "":
		return usagef("give --size N or --rules FILE, not both")
	case o.json && o.verbose:
		return usagef("--json and -v exclude each other")
	}
	if o.size != 0 {
		var err error
		if o.sized, err = solve.Boxed(o.size); err != nil {
			return usagef("--size %d: want one of %v", o.size, solve.BoxedSizes)
		}
	}
	return nil
}

// engine answers puzzles of one board: the three questions edgrid solve
// asks, whatever the search behind them, and the board's layout.
type engine interface {
	count(ctx context.Context, givens []uint8, limit int64) (int64, error)
	first(ctx context.Context, givens, sol []uint8) (bool, error)
	all(ctx context.Context, givens []uint8, limit int64, fn func(v []uint8)) (int64, error)
	// format writes a solution: one line, or a rules file's board.
	format(v []uint8) string
	multiline() bool
}

// dlxEngine is the dancing-links solver of any board. A rules file's board
// (rules set) prints in the file's layout, and with anyFirst its first
// solution is the first the search meets, not the lexicographically first:
// that one can cost a search per open cell, without bound on big boards.
type dlxEngine struct {
	sv       *solve.Solver
	rules    *solve.Rules
	anyFirst bool
}

func (e dlxEngine) count(ctx context.Context, givens []uint8, limit int64) (int64, error) {
	return e.sv.Solve(ctx, givens, limit, nil)
}

func (e dlxEngine) first(ctx context.Context, givens, sol []uint8) (bool, error) {
	if e.anyFirst {
		n, err := e.sv.Solve(ctx, givens, 1, func(v []uint8) bool { copy(sol, v); return true })
		return n == 1, err
	}
	return e.sv.First(ctx, givens, sol)
}

func (e dlxEngine) all(ctx context.Context, givens []uint8, limit int64, fn func(v []uint8)) (int64, error) {
	return e.sv.Solve(ctx, givens, limit, func(v []uint8) bool { fn(v); return true })
}

func (e dlxEngine) format(v []uint8) string {
	if e.rules != nil {
		return e.rules.Format(v)
	}
	return formatGivens(v)
}

func (e dlxEngine) multiline() bool { return e.rules != nil }

// fastEngine is the bit-parallel 9x9 solver; givens are 81 checked values.
type fastEngine struct{ f *solve.Fast }

func (e fastEngine) count(ctx context.Context, givens []uint8, limit int64) (int64, error) {
	return e.f.Count(ctx, (*[81]uint8)(givens), limit)
}

func (e fastEngine) first(ctx context.Context, givens, sol []uint8) (bool, error) {
	return e.f.First(ctx, (*[81]uint8)(givens), (*[81]uint8)(sol))
}

func (e fastEngine) all(ctx context.Context, givens []uint8, limit int64, fn func(v []uint8)) (int64, error) {
	return e.f.All(ctx, (*[81]uint8)(givens), limit, func(sol *[81]uint8) error { fn(sol[:]); return nil })
}

func (e fastEngine) format(v []uint8) string { return formatGivens(v) }

func (e fastEngine) multiline() bool { return false }

// solveOutcome counts what the puzzles came to, for the exit status.
type solveOutcome struct{ puzzles, none, multiple, bad int }

// add counts the outcome o of one more puzzle.
func (s *solveOutcome) add(o solveOutcome) {
	s.puzzles += o.puzzles
	s.none += o.none
	s.multiple += o.multiple
	s.bad += o.bad
}

// describe says how many of the puzzles had what: "no solution" for one
// puzzle, "3 of 10 puzzles have no solution" for several.
func (s *solveOutcome) describe(n int, what string) error {
	if s.puzzles == 1 {
		return errors.New(what)
	}
	return fmt.Errorf("%d of %d puzzles have %s", n, s.puzzles, what)
}

// runSolve solves the puzzles of args (or of s.in when there are none), or
// the board of opts.rules, and prints the answers to s.out. A bad puzzle
// line (not a puzzle of the right size, givens that clash) is reported with
// its place and the others are answered; then the exit status is 1. A bad
// rules file is a bad argument (2). Otherwise the exit status says 3 if
// --unique found a puzzle with several solutions, else 1 if some puzzle has
// none (--count answers 0 and exits 0).
func runSolve(ctx context.Context, opts solveOptions, args []string, s streams) error {
	opts.terminal = s.progressOn() // once, not a system call a puzzle
	w := bufio.NewWriter(s.out)
	defer w.Flush()
	var out solveOutcome
	var err error
	if opts.rules != "" {
		out, err = solveRules(ctx, opts, s, w)
	} else {
		out, err = solvePuzzles(ctx, opts, args, s, w)
	}
	if ferr := w.Flush(); err == nil && ferr != nil {
		err = ferr
	}
	switch {
	case err != nil:
		return err
	case out.bad > 0:
		return &exitError{code: exitFailed, err: fmt.Errorf("%d bad line(s)", out.bad)}
	case out.multiple > 0 && opts.unique:
		return &exitError{code: exitMultiple, err: out.describe(out.multiple, "more than one solution")}
	case out.none > 0 && !opts.count:
		return &exitError{code: exitFailed, err: out.describe(out.none, "no solution")}
	}
	return nil
}

// solvePuzzles answers each puzzle of args or of the lines of s.in with one
// reused solver, in input order, following the line contract (package lines): a
// bad line is reported with its place and the others are still answered;
// the bad ones are counted in the outcome.
func solvePuzzles(ctx context.Context, opts solveOptions, args []string, s streams, w *bufio.Writer) (solveOutcome, error) {
	var out solveOutcome
	var eng engine
	rules := opts.sized
	switch {
	case rules != nil && opts.size != 9 || opts.engine == "dlx" || opts.verbose:
		if rules == nil {
			rules = solve.Classic()
		}
		sv, err := solve.NewSolver(rules)
		if err != nil {
			return out, err
		}
		if opts.verbose {
			sv.SetTrace(s.err)
		}
		// Boards above 9x9 print the first solution the search meets, as
		// rules boards do: the lexicographically first is unbounded there.
		eng = dlxEngine{sv: sv, anyFirst: len(rules.Board) > 81}
	default:
		f := solve.NewFast()
		f.SetProgress(&progressCount)
		eng = fastEngine{f}
	}
	cells := 81
	if rules != nil {
		cells = len(rules.Board)
	}
	sol := make([]uint8, cells)
	var grid [81]uint8 // a 9x9 puzzle's givens, one line at a time
	a := answerer{cmd: "solve", json: opts.json}
	err := forEachBatch(ctx, args, s.in, opts.size == 0 || opts.size == 9, func(b []lines.Input, idle bool) error {
		for i := range b {
			l := &b[i]
			givens, err := solveGivens(l, opts, rules, &grid)
			if err != nil {
				var r lines.Result
				a.answerEach(b[i:i+1], &r, func(*lines.Input, []byte) ([]byte, error) { return nil, err })
				w.Flush()
				fmt.Fprintln(s.err, r.Errs[0])
				w.Write(r.Out)
				out.bad++
				continue
			}
			if opts.verbose || (opts.all && !opts.json && (len(args) != 1 || l.Rest != "")) {
				fmt.Fprintf(w, "# %s: %s", l.Where(), formatGivens(givens))
				if l.Rest != "" {
					fmt.Fprintf(w, " %s", l.Rest)
				}
				w.WriteByte('\n')
			}
			o, err := answer(ctx, opts, eng, givens, sol, l, w, s)
			if err != nil && ctx.Err() != nil {
				return stopped(ctx)
			}
			if err != nil {
				return fmt.Errorf("%s: %w", l.Where(), err)
			}
			out.add(o)
		}
		if idle {
			return w.Flush()
		}
		return nil
	})
	return out, err
}

// solveGivens reads the puzzle of l: 9x9 through the shared cell reader
// into g9, checked for givens that clash; other sizes one character a cell.
func solveGivens(l *lines.Input, opts solveOptions, rules *solve.Rules, g9 *[81]uint8) ([]uint8, error) {
	if l.Err != nil {
		return nil, l.Err
	}
	if rules == nil || opts.size == 9 {
		g, err := cells.ReadPuzzle(l.Text)
		if err != nil {
			return nil, sizeHint(l.Text, opts.size, err)
		}
		*g9 = [81]uint8(g)
		if err := solve.CheckGivens(g9); err != nil {
			return nil, err
		}
		return g9[:], nil
	}
	if err := lines.SplitSized(l, rules.Rows); err != nil {
		return nil, err
	}
	return lines.ParseSized(l.Text, rules.Rows)
}

// sizeHint adds to err, the error of reading text as a 9x9 puzzle without
// --size, the --size that reads it when its length is the number of cells
// of another board solve knows (256 characters: --size 16).
func sizeHint(text string, size int, err error) error {
	if size != 0 {
		return err
	}
	for _, n := range solve.BoxedSizes {
		if n != 9 && len(text) == n*n {
			return fmt.Errorf("%w (%d characters: a %dx%d puzzle? give --size %d)", err, len(text), n, n, n)
		}
	}
	return err
}

// formatGivens writes givens as a puzzle line: '.' for an empty cell.
func formatGivens(g []uint8) string {
	return string(appendGivens(make([]byte, 0, len(g)), g))
}

// appendGivens appends g written as formatGivens writes it.
func appendGivens(b []byte, g []uint8) []byte {
	for _, v := range g {
		b = append(b, givenChars[v])
	}
	return b
}

// givenChars are the characters of the values 0 ('.') to 35 (Z), as
// lines.NumberChar writes them; values beyond are never given.
var givenChars = func() (t [256]byte) {
	for v := range t {
		t[v] = '?'
	}
	t[0] = '.'
	for v := 1; v <= 35; v++ {
		t[v] = lines.NumberChar(v)
	}
	return t
}()

// progressCount is where the fast engine publishes its count while
// counting, for the progress line.
var progressCount atomic.Int64

// solveRules answers the board of a rules file. Without --all, --count or
// --unique it prints the first solution the search meets: the
// lexicographically first can take a search per open cell, without bound
// on big boards.
func solveRules(ctx context.Context, opts solveOptions, s streams, w *bufio.Writer) (solveOutcome, error) {
	f, err := os.Open(opts.rules)
	if err != nil {
		return solveOutcome{}, usagef("--rules: %v", err)
	}
	defer f.Close()
	rules, err := solve.ParseRules(opts.rules, f)
	if err != nil {
		return solveOutcome{}, usagef("%v", err)
	}
	sv, err := solve.NewSolver(rules)
	if err != nil {
		return solveOutcome{}, usagef("%s: %v", opts.rules, err)
	}
	if opts.verbose {
		sv.SetTrace(s.err)
	}
	givens := rules.Givens()
	l := &lines.Input{Text: opts.rules, Num: 1, Arg: true}
	o, err := answer(ctx, opts, dlxEngine{sv: sv, rules: rules, anyFirst: true}, givens, make([]uint8, len(givens)), l, w, s)
	if err != nil {
		var ge *solve.GivenError
		if errors.As(err, &ge) {
			return o, usagef("%s: %v", opts.rules, err)
		}
		if ctx.Err() != nil {
			return o, stopped(ctx)
		}
		return o, err
	}
	return o, nil
}

// answer solves one puzzle in the mode opts ask for and writes the answer,
// with l's trailing fields at the end of a one-line answer, as text or as
// one JSON line; sol is room for a solution, as long as givens. A signal
// during --count prints the count so far as "at least N" (in JSON the
// number with "complete":false), and so does a count --limit cut.
func answer(ctx context.Context, opts solveOptions, eng engine, givens, sol []uint8, l *lines.Input, w *bufio.Writer, s streams) (solveOutcome, error) {
	out := solveOutcome{puzzles: 1}
	j := jsonLine{}
	if opts.json {
		j = beginJSON(nil)
		j.str("input", l.Text)
	}
	line := func(key, text string) {
		if opts.json {
			j.raw(key, []byte(text))
			if l.Rest != "" {
				j.str("rest", l.Rest)
			}
			w.Write(j.end())
			return
		}
		w.WriteString(strings.Trim(text, `"`))
		if l.Rest != "" && !opts.all {
			w.WriteByte(' ')
			w.WriteString(l.Rest)
		}
		w.WriteByte('\n')
	}
	stop := startProgress(s.err, opts, eng)
	defer stop()
	switch {
	case opts.count:
		return out, answerCount(ctx, opts, eng, givens, &j, line, stop)
	case opts.unique:
		n, err := eng.count(ctx, givens, 2)
		if err != nil {
			return out, err
		}
		line("answer", uniqueAnswers[n])
		out.none, out.multiple = b2i(n == 0), b2i(n > 1)
	case opts.all:
		var sols []byte
		first := true
		n, err := eng.all(ctx, givens, opts.limit, func(v []uint8) {
			if opts.json {
				if !first {
					sols = append(sols, ',')
				}
				sols = appendJSONString(sols, eng.format(v))
			} else {
				if !first && eng.multiline() {
					w.WriteByte('\n') // a blank line between boards
				}
				w.WriteString(eng.format(v))
				if !eng.multiline() {
					w.WriteByte('\n')
				}
			}
			first = false
		})
		if err != nil {
			return out, err
		}
		switch {
		case opts.json:
			line("solutions", "["+string(sols)+"]")
		case n == 0:
			line("solution", "no solution")
		}
		out.none = b2i(n == 0)
	default:
		ok, err := eng.first(ctx, givens, sol)
		if err != nil {
			return out, err
		}
		switch {
		case !ok && opts.json:
			line("solution", "null")
		case !ok:
			line("solution", "no solution")
		case opts.json:
			line("solution", string(appendJSONString(nil, eng.format(sol))))
		case eng.multiline():
			w.WriteString(eng.format(sol))
		default:
			// The solution's cells straight into the writer's buffer.
			w.Write(appendGivens(w.AvailableBuffer(), sol))
			if l.Rest != "" {
				w.WriteByte(' ')
				w.WriteString(l.Rest)
			}
			w.WriteByte('\n')
		}
		out.none = b2i(!ok)
	}
	return out, nil
}

// answerCount answers --count: the number of solutions, or, cut by --limit
// or a signal, "at least N" (in JSON the number with "complete":false). j
// and line are answer's JSON line and line writer, stop its progress line's.
func answerCount(ctx context.Context, opts solveOptions, eng engine, givens []uint8, j *jsonLine, line func(key, text string), stop func()) error {
	progressCount.Store(0)
	// One solution past the limit tells a count the limit cut from
	// one that reached it exactly.
	limit := opts.limit
	if limit > 0 && limit < math.MaxInt64 {
		limit++
	}
	n, err := eng.count(ctx, givens, limit)
	if err == nil && opts.limit > 0 && n > opts.limit {
		// Cut by --limit: marked as a count a signal cut is.
		if opts.json {
			j.raw("count", strconv.AppendInt(nil, opts.limit, 10))
			line("complete", "false")
		} else {
			line("count", fmt.Sprintf("at least %d", opts.limit))
		}
		return nil
	}
	if err != nil && ctx.Err() != nil {
		stop()
		if opts.json {
			// A number as always, and a lower bound.
			j.raw("count", strconv.AppendInt(nil, n, 10))
			line("complete", "false")
		} else {
			line("count", fmt.Sprintf("at least %d", n))
		}
		return stopped(ctx)
	}
	if err != nil {
		return err
	}
	line("count", strconv.FormatInt(n, 10))
	return nil
}

// uniqueAnswers are --unique's answers for 0, 1 and 2 solutions, quoted
// for JSON (the text drops the quotes).
var uniqueAnswers = [3]string{`"none"`, `"unique"`, `"multiple"`}

// startProgress shows, on a terminal, how long a search has run (and with
// --count on the fast engine the solutions counted so far), once a second
// after the first; the returned function clears the line.
func startProgress(w io.Writer, opts solveOptions, eng engine) func() {
	if !opts.terminal || opts.json {
		return func() {}
	}
	_, fast := eng.(fastEngine)
	line := progress.Start(w, time.Second, time.Second, func(elapsed time.Duration) string {
		msg := fmt.Sprintf("edgrid solve: searching, %s", elapsed.Round(time.Second))
		if opts.count && fast {
			msg += fmt.Sprintf(", %d solutions so far", progressCount.Load())
		}
		return msg + " (Ctrl-C stops)"
	})
	return line.Stop
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
