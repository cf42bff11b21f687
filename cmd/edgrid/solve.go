package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/spf13/cobra"

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
(4, 6, 8, 9, 12, 16, 25: digits 1-9, then A, B, ...); --rules FILE solves the board of a
rules file (docs/rules.md), printing the first solution the search meets.`,
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
	f.BoolVarP(&o.unique, "unique", "u", false, "print unique, none or multiple; exit 3 if some puzzle has several solutions")
	f.Int64VarP(&o.limit, "limit", "l", 0, "with --all or --count: stop after `N` solutions (0: no limit)")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "show the search: each placement, backtrack and dead end, one a line")
	f.StringVar(&o.rules, "rules", "", "solve the board of rules `FILE` (sizes, board, regions; docs/rules.md)")
	f.StringVar(&o.engine, "engine", "", "9x9 puzzles: `ENGINE` fast (bit-parallel, the default) or dlx (dancing links, as rules files and -v use)")
	jsonFlag(f, &o.json, `print JSON Lines: {"input","solution"|"count"|"answer"|"solutions"} a line, or {"input","error"}`)
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
	case o.engine == "fast" && (o.verbose || o.rules != ""):
		return usagef("--engine fast solves 9x9 puzzles without a trace: -v and --rules use dlx")
	}
	return nil
}

// engine answers puzzles of one board: the three questions edgrid solve
// asks, whatever the search behind them.
type engine interface {
	count(ctx context.Context, givens []uint8, limit int64) (int64, error)
	first(ctx context.Context, givens, sol []uint8) (bool, error)
	all(ctx context.Context, givens []uint8, limit int64, fn func(v []uint8)) (int64, error)
}

// dlxEngine is the dancing-links solver of any board.
type dlxEngine struct{ sv *solve.Solver }

func (e dlxEngine) count(ctx context.Context, givens []uint8, limit int64) (int64, error) {
	return e.sv.Solve(ctx, givens, limit, nil)
}

func (e dlxEngine) first(ctx context.Context, givens, sol []uint8) (bool, error) {
	return e.sv.First(ctx, givens, sol)
}

func (e dlxEngine) all(ctx context.Context, givens []uint8, limit int64, fn func(v []uint8)) (int64, error) {
	return e.sv.Solve(ctx, givens, limit, func(v []uint8) bool { fn(v); return true })
}

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
// line (not 81 good characters, givens that clash) is reported with its
// place and the others are answered; then the exit status is 1. A bad rules
// file is a bad argument (2). Otherwise the exit status says 3 if --unique
// found a puzzle with several solutions, else 1 if some puzzle has none
// (--count answers 0 and exits 0).
func runSolve(ctx context.Context, opts solveOptions, args []string, s streams) error {
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
		return &exitError{code: exitFailed, err: fmt.Errorf("%d bad puzzle(s)", out.bad)}
	case out.multiple > 0 && opts.unique:
		return &exitError{code: exitMultiple, err: out.describe(out.multiple, "more than one solution")}
	case out.none > 0 && !opts.count:
		return &exitError{code: exitFailed, err: out.describe(out.none, "no solution")}
	}
	return nil
}

// solvePuzzles answers each 9x9 puzzle of args or of the lines of s.in
// with one reused solver, in input order, following the line contract
// (lines.go): a bad line is reported with its place and the others are
// still answered; the bad ones are counted in the outcome.
func solvePuzzles(ctx context.Context, opts solveOptions, args []string, s streams, w *bufio.Writer) (solveOutcome, error) {
	var out solveOutcome
	var sol [81]uint8
	var eng engine = fastEngine{solve.NewFast()}
	if opts.engine == "dlx" || opts.verbose {
		sv := solve.NewSudoku()
		if opts.verbose {
			sv.SetTrace(s.err)
		}
		eng = dlxEngine{sv}
	}
	show := func(v []uint8, rest string) {
		for _, d := range v {
			w.WriteByte('0' + d)
		}
		if rest != "" {
			w.WriteByte(' ')
			w.WriteString(rest)
		}
		w.WriteByte('\n')
	}
	err := readInputs(args, s.in, 256, func(b []inputLine) error {
		for _, l := range b {
			if err := ctx.Err(); err != nil {
				return err
			}
			err := l.err
			var g [81]uint8
			if err == nil {
				if g, err = solve.ParsePuzzle(l.text); err == nil {
					err = solve.CheckGivens(&g)
				}
			}
			if err != nil {
				w.Flush()
				fmt.Fprintln(s.err, lineError("solve", l, err))
				out.bad++
				continue
			}
			if opts.verbose || (opts.all && (len(args) != 1 || l.rest != "")) {
				fmt.Fprintf(w, "# %s: %s", l.where, solve.FormatGrid(&g))
				if l.rest != "" {
					fmt.Fprintf(w, " %s", l.rest)
				}
				w.WriteByte('\n')
			}
			rest := l.rest
			if opts.all {
				rest = "" // on the header line
			}
			o, err := answer(ctx, opts, eng, g[:], sol[:], rest, w, show)
			if err != nil {
				return fmt.Errorf("%s: %w", l.where, err)
			}
			out.add(o)
		}
		return nil
	})
	if err == nil && out.puzzles == 0 && out.bad == 0 {
		err = usagef("no puzzle: give puzzles as arguments or on standard input, or --rules FILE")
	}
	return out, err
}

// solveRules answers the board of a rules file.
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
	first := true
	show := func(v []uint8, _ string) {
		if !first {
			w.WriteByte('\n') // a blank line between boards
		}
		first = false
		w.WriteString(rules.Format(v))
	}
	givens := rules.Givens()
	o, err := answer(ctx, opts, dlxEngine{sv}, givens, make([]uint8, len(givens)), "", w, show)
	if err != nil {
		var ge *solve.GivenError
		if errors.As(err, &ge) {
			return o, usagef("%s: %v", opts.rules, err)
		}
		return o, err
	}
	return o, nil
}

// answer solves one puzzle in the mode opts ask for and writes the answer,
// with rest (the input line's trailing fields) at the end of a one-line
// answer; sol is room for a solution, as long as givens.
func answer(ctx context.Context, opts solveOptions, eng engine, givens, sol []uint8, rest string, w io.Writer, show func([]uint8, string)) (solveOutcome, error) {
	out := solveOutcome{puzzles: 1}
	line := func(a string) {
		if rest != "" {
			a += " " + rest
		}
		fmt.Fprintln(w, a)
	}
	switch {
	case opts.count:
		n, err := eng.count(ctx, givens, opts.limit)
		if err != nil {
			return out, err
		}
		line(strconv.FormatInt(n, 10))
	case opts.unique:
		n, err := eng.count(ctx, givens, 2)
		if err != nil {
			return out, err
		}
		line([3]string{"none", "unique", "multiple"}[n])
		out.none, out.multiple = b2i(n == 0), b2i(n > 1)
	case opts.all:
		n, err := eng.all(ctx, givens, opts.limit, func(v []uint8) { show(v, "") })
		if err != nil {
			return out, err
		}
		if n == 0 {
			line("no solution")
		}
		out.none = b2i(n == 0)
	default:
		// The first solution in lexicographic order, whatever the engine.
		ok, err := eng.first(ctx, givens, sol)
		if err != nil {
			return out, err
		}
		if ok {
			show(sol, rest)
		} else {
			line("no solution")
		}
		out.none = b2i(!ok)
	}
	return out, nil
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
