package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"edgrid/canon"
)

func init() { register(newCanonCmd) }

func newCanonCmd(s streams) *cobra.Command {
	var o canonOptions
	c := &cobra.Command{
		Use:   "canon [--autos] [--dots] [--pattern-first | --pattern] [--json] [GRID|PUZZLE...]",
		Short: "print the minlex form of each grid or puzzle",
		Long: `Print the minlex form of each grid or puzzle: the arguments, or else the lines of standard
input. A line of 81 digits 1-9 is a solution grid; a line with an empty cell is a puzzle, and
need not be valid.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.validate(); err != nil {
				return err
			}
			return runCanon(cmd.Context(), o, args, s)
		},
	}
	f := c.Flags()
	f.BoolVarP(&o.autos, "autos", "a", false, "also print the number of automorphisms: <form> <automorphisms>")
	f.BoolVarP(&o.dots, "dots", "d", false, "write empty cells as '.' rather than '0'")
	f.BoolVar(&o.patternFirst, "pattern-first", false, "compare puzzles by clue pattern first, then digits (sudoku-minlexing-tool's order)")
	f.BoolVar(&o.pattern, "pattern", false, "print the minlex form of the clue pattern (1 for a clue, 0 or '.' for an empty cell)")
	jsonFlag(f, &o.json, `print JSON Lines: {"input","form","autos"} a line, or {"input","error"}`)
	return c
}

// canonOptions are the flags of edgrid canon.
type canonOptions struct {
	autos        bool
	dots         bool
	patternFirst bool
	pattern      bool
	json         bool
}

func (o canonOptions) validate() error {
	if o.pattern && o.patternFirst {
		return usagef("--pattern and --pattern-first exclude each other: --pattern prints the pattern's form, --pattern-first the puzzle's")
	}
	return nil
}

// runCanon prints each input line's minlex form in input order. A line of 81
// digits 1-9 is a solution grid and gets the grid's form; a line with an
// empty cell ('.' or '0') is a puzzle and gets the puzzle's form (see
// canon.PuzzleCanon), valid or not. A bad line is reported on stderr with
// its line number and the others are still answered; the command then fails
// with exit status 1.
func runCanon(ctx context.Context, o canonOptions, args []string, s streams) error {
	// Build the band tables while the first input is read and parsed; the
	// workers wait for them at their first Minlex.
	go canon.Prepare()
	order := canon.PlainOrder
	if o.patternFirst {
		order = canon.PatternFirst
	}
	empty := byte('0')
	if o.dots {
		empty = '.'
	}
	failed, err := orderedMap(ctx, "canon", args, s, func(b []inputLine, r *batchResult) {
		var pc canon.PuzzleCanon
		for _, l := range b {
			p, grid, err := parseCanonLine(l)
			if err != nil {
				r.errs = append(r.errs, lineError("canon", l, err))
				continue
			}
			var autos int
			switch {
			case o.pattern:
				var m canon.Mask
				m, autos, _ = pc.Pattern(canon.MaskOf(&p))
				for i := range 81 {
					c := empty
					if m.Has(i) {
						c = '1'
					}
					r.out = append(r.out, c)
				}
			case grid:
				var m canon.Grid
				m, autos, _ = canon.Minlex(&p)
				r.out = m.AppendText(r.out)
			default:
				// The cells are 0..9 by parsing, so Minlex cannot fail.
				f, a, _, _ := pc.Minlex(&p, order)
				autos = a
				r.out = canon.AppendPuzzle(r.out, &f, empty)
			}
			if o.autos {
				r.out = append(r.out, ' ')
				r.out = strconv.AppendInt(r.out, int64(autos), 10)
			}
			r.out = append(l.appendRest(r.out), '\n')
		}
	})
	if err != nil {
		return err
	}
	if failed > 0 {
		return &exitError{code: exitFailed, err: fmt.Errorf("%d bad line(s)", failed)}
	}
	return nil
}

// parseCanonLine reads a line as a puzzle when it has an empty cell ('.' or
// '0') and as a solution grid, which must be valid, otherwise.
func parseCanonLine(l inputLine) (p canon.Grid, grid bool, err error) {
	if strings.ContainsAny(l.text, ".0") {
		p, err = canon.ParsePuzzle(l.text)
		return p, false, err
	}
	p, err = canon.Parse(l.text)
	return p, true, err
}
