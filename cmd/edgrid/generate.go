package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"edgrid/canon"
	"edgrid/cells"
	"edgrid/generate"
	"edgrid/internal/lines"
	"edgrid/rate"
)

func init() { register(newGenerateCmd) }

// Bounds of generate's counts: a run holds nothing per puzzle but, with
// --unique-classes, each puzzle's form.
const (
	maxGenerate       = 1_000_000_000
	maxGenerateUnique = 10_000_000
)

func newGenerateCmd(s streams) *cobra.Command {
	var o generateOptions
	c := &cobra.Command{
		Use: "generate [-n N] [--method top-down|controlled-bias] [--over grids|classes|backtrack] [--clues K|A-B [--minimal]] [--rating A..B] [--unique-classes] [--seed S] [--workers W] [--json]\n" +
			"  edgrid generate --given [--method M] [--clues K|A-B [--minimal]] [--rating A..B] [--seed S] [--json] [GRID...]\n" +
			"  edgrid generate --stats -n N --method controlled-bias [--over grids|classes] [--seed S] [--workers W] [--json]\n" +
			"  edgrid generate --merge [--json] FILE...",
		Short: "print random puzzles, minimal and rated, or the distribution of minimal puzzles by clue count",
		Long: `Print N puzzles, one a line: '<puzzle> <clues> <guesses> <grade>' (as edgrid rate rates them).
Each comes from a solution grid drawn uniformly among all grids (--over grids, the default),
among the essentially different grids (--over classes: the minlex grid of a class drawn
uniformly), or by randomized backtracking (--over backtrack: fast, not uniform); with --given,
from each grid of the arguments or standard input in turn. --method top-down (the default)
empties the cells in a random order, each unless the solution would stop being unique: a
minimal puzzle, biased towards few clues. --method controlled-bias is Berthier's generator,
whose bias is known (a minimal n-clue puzzle comes out in proportion to 1/C(81,n)); it is
slow (about 260,000 attempts a puzzle). --clues K or A-B keeps puzzles of those clue counts:
top-down stops at a count drawn from the range, or with --minimal keeps minimal puzzles of
the range; up to 20 clues the scan finds each grid's first puzzle instead (edgrid scan
--first), which can take minutes a puzzle. --stats prints the distribution of minimal
puzzles by clue count that N controlled-bias puzzles estimate, corrected for the bias:
'<clues> <share> <error>' a line; stopped by a signal, it prints the estimate of the puzzles
made so far, the same as a run of -n that many with the same seed would. --merge prints the
estimate of the --stats --json outputs named, runs of other seeds (on other machines, or
stopped and followed by another seed) counted as one run. The same --seed gives the same
puzzles on every machine, whatever --workers (docs/guide/generate.md).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.validate(cmd, args); err != nil {
				return err
			}
			if o.merge {
				return runStatsMerge(o, args, s)
			}
			return runGenerate(cmd.Context(), o, args, s)
		},
	}
	f := c.Flags()
	f.IntVarP(&o.n, "count", "n", 10, fmt.Sprintf("number of puzzles, 1..%d (%d with --unique-classes)", maxGenerate, maxGenerateUnique))
	f.StringVar(&o.methodText, "method", "top-down", "`METHOD`: top-down or controlled-bias")
	f.StringVar(&o.overText, "over", "grids", "where the grids come from, `WHERE`: grids (uniform over all grids), classes (uniform over essentially different grids) or backtrack (fast, not uniform)")
	f.StringVar(&o.cluesText, "clues", "", "keep puzzles of `K` or A-B clues (17..81)")
	f.BoolVar(&o.minimal, "minimal", false, "with --clues: minimal puzzles only (top-down and controlled-bias are always minimal without --clues)")
	f.StringVar(&o.ratingText, "rating", "", "keep puzzles whose grade is in `A..B` (simple, easy, intermediate, hard, expert), or one grade")
	f.BoolVar(&o.uniqueClasses, "unique-classes", false, "no two puzzles equivalent under the symmetry group (their minlex forms differ)")
	f.BoolVar(&o.given, "given", false, "make one puzzle of each grid of the arguments or standard input")
	f.BoolVar(&o.stats, "stats", false, "print the estimated distribution of minimal puzzles by clue count (with --method controlled-bias)")
	f.BoolVar(&o.merge, "merge", false, "print the estimate of the --stats --json files named, their runs counted as one (each of its own seed)")
	f.Uint64Var(&o.seed, "seed", 1, "random seed; the same seed gives the same puzzles")
	workersFlag(f, &o.workers, "puzzles made at once")
	jsonFlag(f, &o.json, `print JSON Lines: {"puzzle","clues","guesses","grade","technique","solution"} a line; --stats: one object {"n","attempts","over","seeds","counts","shares","errors"}`)
	quietFlag(f, &s)
	return c
}

// generateOptions are the flags of edgrid generate.
type generateOptions struct {
	n                      int
	methodText, overText   string
	cluesText, ratingText  string
	minimal, uniqueClasses bool
	given, stats, json     bool
	merge                  bool
	seed                   uint64
	workers                int
	opt                    generate.Options // set by validate
}

// validate checks the flags against each other and reads them into o.opt.
func (o *generateOptions) validate(cmd *cobra.Command, args []string) error {
	if o.merge {
		if len(args) == 0 {
			return usagef("--merge: name the --stats --json files to merge")
		}
		for _, name := range []string{"count", "method", "over", "clues", "minimal", "rating", "unique-classes", "given", "stats", "seed", "workers"} {
			if changed(cmd, name) {
				return usagef("--merge adds up runs made already: --%s does not apply (only --json)", name)
			}
		}
		return nil
	}
	var err error
	if o.opt.Method, err = generate.ParseMethod(o.methodText); err != nil {
		return usagef("--method %s: want top-down or controlled-bias", o.methodText)
	}
	if o.opt.Over, err = generate.ParseOver(o.overText); err != nil {
		return usagef("--over %s: want grids, classes or backtrack", o.overText)
	}
	if o.cluesText != "" {
		if o.opt.MinClues, o.opt.MaxClues, err = parseClueRange(o.cluesText); err != nil {
			return err
		}
	}
	if o.ratingText != "" {
		if o.opt.MinGrade, o.opt.MaxGrade, err = parseGradeRange(o.ratingText); err != nil {
			return err
		}
	}
	o.opt.Minimal, o.opt.Seed = o.minimal, o.seed
	limit := maxGenerate
	if o.uniqueClasses {
		limit = maxGenerateUnique
	}
	switch {
	case o.n < 1 || o.n > limit:
		return usagef("-n %d: want a count of 1..%d, as in -n 1000", o.n, limit)
	case o.minimal && o.cluesText == "":
		return usagef("--minimal goes with --clues (top-down and controlled-bias puzzles are minimal already)")
	case len(args) > 0 && !o.given:
		return usagef("unexpected argument %q (give --given to make puzzles of the grids given)", args[0])
	case o.given && (changed(cmd, "count") || o.uniqueClasses || changed(cmd, "over") || o.stats):
		return usagef("--given makes one puzzle of each grid given: -n, --over, --unique-classes and --stats do not apply")
	case o.stats && o.opt.Method != generate.ControlledBias:
		return usagef("--stats estimates from controlled-bias puzzles: give --method controlled-bias")
	case o.stats && (o.cluesText != "" || o.ratingText != "" || o.uniqueClasses):
		return usagef("--stats counts every controlled-bias puzzle: --clues, --rating and --unique-classes do not apply")
	case o.stats && o.opt.Over == generate.OverBacktrack:
		return usagef("--stats needs uniform grids: --over grids or classes, not backtrack")
	}
	return checkWorkers(o.workers)
}

// parseSpan reads N or A-B (N as N-N); ok is false when either is not a
// number.
func parseSpan(t string) (a, b int, ok bool) {
	x, y, isRange := strings.Cut(t, "-")
	a, err1 := strconv.Atoi(x)
	b, err2 := a, error(nil)
	if isRange {
		b, err2 = strconv.Atoi(y)
	}
	return a, b, err1 == nil && err2 == nil
}

// parseClueRange reads --clues: K or A-B, inside 17..81.
func parseClueRange(t string) (lo, hi int, err error) {
	lo, hi, ok := parseSpan(t)
	if !ok || lo < 17 || hi > 81 || lo > hi {
		return 0, 0, usagef("--clues %s: want K or A-B inside 17-81, as in --clues 24 or --clues 22-25", t)
	}
	return lo, hi, nil
}

// parseGradeRange reads --rating: a grade or A..B.
func parseGradeRange(t string) (lo, hi rate.Grade, err error) {
	a, b, isRange := strings.Cut(t, "..")
	lo, err1 := rate.ParseGrade(a)
	hi, err2 := lo, error(nil)
	if isRange {
		hi, err2 = rate.ParseGrade(b)
	}
	if err1 != nil || err2 != nil || lo > hi {
		return 0, 0, usagef("--rating %s: want a grade or A..B of simple, easy, intermediate, hard, expert (easiest first), as in --rating intermediate..expert", t)
	}
	return lo, hi, nil
}

// runGenerate prints the puzzles, or with --stats the estimate, that o
// asks for.
func runGenerate(ctx context.Context, o generateOptions, args []string, s streams) error {
	if o.given {
		return generateGiven(ctx, o, args, s)
	}
	var prog generateProgress
	line := s.startProgress(func(time.Duration) string { return prog.text(o) })
	defer line.Stop()
	w := bufio.NewWriterSize(line.Writer(s.out), 1<<16)
	defer w.Flush()
	var tally generate.Tally
	seen := map[canon.Grid]struct{}{}
	var pc canon.PuzzleCanon
	var out []byte
	made := 0
	err := generate.Run(ctx, o.opt, nil, o.workers, func(p *generate.Puzzle) (bool, error) {
		if o.stats {
			tally.Add(p)
			made++
			prog.made.Store(int64(made))
			prog.attempts.Store(tally.Attempts)
			generateEmitted(made)
			return made < o.n, nil
		}
		if o.uniqueClasses {
			g := canon.Grid(p.Givens)
			form, _, _, _ := pc.Minlex(&g, canon.PlainOrder) // givens are 0-9: no error
			if _, dup := seen[form]; dup {
				return true, nil
			}
			seen[form] = struct{}{}
		}
		out = appendGenerated(out[:0], p, o.json)
		if _, err := w.Write(out); err != nil {
			return false, err
		}
		made++
		prog.made.Store(int64(made))
		generateEmitted(made)
		return made < o.n, nil
	})
	switch {
	case err != nil && ctx.Err() != nil && o.stats:
		line.Stop()
		if made == 0 {
			return stoppedWith(ctx, "no controlled-bias puzzle yet, so no estimate")
		}
		writeStats(w, &statsRun{tally, o.opt.Over, []uint64{o.seed}}, o.json)
		w.Flush()
		return stoppedWith(ctx, fmt.Sprintf("the estimate printed is of the first %d of %d puzzles", made, o.n))
	case err != nil && ctx.Err() != nil:
		w.Flush()
		return stoppedWith(ctx, fmt.Sprintf("the first %d of %d puzzles are printed", made, o.n))
	case errors.Is(err, generate.ErrTries):
		return fmt.Errorf("%w; %d puzzles printed", err, made)
	case err != nil:
		return err
	}
	if o.stats {
		line.Stop()
		writeStats(w, &statsRun{tally, o.opt.Over, []uint64{o.seed}}, o.json)
	}
	return w.Flush()
}

// generateEmitted is called with the number of puzzles made so far after
// each (a variable for the tests).
var generateEmitted = func(made int) {}

// generateProgress is what a generate run's progress line shows: the
// puzzles made (and with --stats the attempts they took), updated by the
// emitting goroutine and read by the line's ticker.
type generateProgress struct {
	made, attempts atomic.Int64
}

// text is the progress line of a run of o.
func (p *generateProgress) text(o generateOptions) string {
	made := p.made.Load()
	s := fmt.Sprintf("generate: %s of %s puzzles (%.1f%%)", progressGroup(made), progressGroup(int64(o.n)), 100*float64(made)/float64(o.n))
	if o.stats {
		s += fmt.Sprintf(", %s attempts", progressGroup(p.attempts.Load()))
	}
	return s
}

// appendGenerated appends one puzzle's line: the rated puzzle as rate
// prints it, or its JSON object with the solution.
func appendGenerated(out []byte, p *generate.Puzzle, json bool) []byte {
	if !json {
		return append(appendRated(out, &p.Givens, p.Clues, p.Rating, false), '\n')
	}
	out = appendSolved(appendRated(append(out, '{'), &p.Givens, p.Clues, p.Rating, true), p)
	return append(out, '}', '\n')
}

// appendSolved appends the JSON member of p's solution, after a comma.
func appendSolved(out []byte, p *generate.Puzzle) []byte {
	sol := canon.Grid(p.Solution)
	return append(sol.AppendText(append(out, `,"solution":"`...)), '"')
}

// generateGiven makes one puzzle of each grid of args or s.in, in input
// order on all cores; the puzzle of the grid on line (or argument) k
// comes from the stream of index k, so that the output does not depend on
// the workers. A bad grid is reported with its place and the others are
// still answered.
func generateGiven(ctx context.Context, o generateOptions, args []string, s streams) error {
	pool := sync.Pool{New: func() any {
		g, err := generate.New(o.opt, nil)
		if err != nil {
			return err
		}
		return g
	}}
	if _, err := generate.New(o.opt, nil); err != nil {
		return err
	}
	a := answerer{cmd: "generate", json: o.json}
	return a.run(ctx, args, s, true, func(b []lines.Input, r *lines.Result) {
		g := pool.Get().(*generate.Generator)
		defer pool.Put(g)
		a.answerEach(b, r, func(l *lines.Input, out []byte) ([]byte, error) {
			grid, err := cells.ReadGrid(l.Text)
			if err != nil {
				return out, err
			}
			p, err := g.FromGrid(ctx, &grid, uint64(l.Num))
			if err != nil {
				return out, err
			}
			if o.json {
				return appendSolved(appendRated(append(out, ','), &p.Givens, p.Clues, p.Rating, true), &p), nil
			}
			return appendRated(out, &p.Givens, p.Clues, p.Rating, false), nil
		})
	})
}
