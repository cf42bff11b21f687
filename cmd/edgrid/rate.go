package main

import (
	"context"
	"errors"
	"strconv"

	"github.com/spf13/cobra"

	"edgrid/canon"
	"edgrid/cells"
	"edgrid/internal/lines"
	"edgrid/rate"
)

func init() { register(newRateCmd) }

func newRateCmd(s streams) *cobra.Command {
	var o rateOptions
	c := &cobra.Command{
		Use:   "rate [--json] [PUZZLE...]",
		Short: "print the rating of each puzzle: its guesses and the grade of the hardest technique it needs",
		Long: `Rate each puzzle (the arguments, or else the lines of standard input) and print
'<puzzle> <clues> <guesses> <grade>', as edgrid generate does. The grade is the level of the
hardest technique of a fixed ladder (naked and hidden singles, locked candidates, naked and
hidden pairs, x-wing, triples, swordfish, quads, jellyfish) that solving easiest-first needs:
simple (naked singles), easy (hidden singles), intermediate (locked candidates and pairs) as
qqwing names them, hard (the rest of the ladder) and expert (the ladder is stuck: guessing).
The guesses are the branchings of the search that starts where the whole ladder is stuck,
applies naked and hidden singles at every node below and branches on the open cell with the
fewest candidates, over its whole tree: 0 exactly when the ladder solves the puzzle
(docs/guide/generate.md). A puzzle without a unique solution is a bad line.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runRate(cmd.Context(), o, args, s)
		},
	}
	jsonFlag(c.Flags(), &o.json, `print JSON Lines: {"input","puzzle","clues","guesses","grade","technique"} a line, or {"input","error"}`)
	return c
}

// rateOptions are the flags of edgrid rate.
type rateOptions struct {
	json bool
}

// runRate prints the rating of each puzzle in input order. A line that is
// not a puzzle, or one without a unique solution, is reported on stderr
// with its place and the others are still answered; the command then
// fails with exit status 1.
func runRate(ctx context.Context, o rateOptions, args []string, s streams) error {
	a := answerer{cmd: "rate", json: o.json, recycle: true}
	return a.run(ctx, args, s, true, func(b []lines.Input, r *lines.Result) {
		rt := rate.New()
		a.answerEach(b, r, func(l *lines.Input, out []byte) ([]byte, error) {
			p, err := cells.ReadPuzzle(l.Text)
			if err != nil {
				return out, err
			}
			g := [81]uint8(p)
			rating, err := rt.Rate(ctx, &g)
			switch {
			case errors.Is(err, rate.ErrNoSolution):
				return out, errors.New("no solution")
			case errors.Is(err, rate.ErrMultiple):
				return out, errors.New("more than one solution")
			case err != nil:
				return out, err
			}
			if o.json {
				out = append(out, ',')
			}
			return appendRated(out, &g, clueCount(&g), rating, o.json), nil
		})
	})
}

// clueCount is the number of givens of p.
func clueCount(p *[81]uint8) int {
	n := 0
	for _, v := range p {
		if v != 0 {
			n++
		}
	}
	return n
}

// appendRated appends a rated puzzle as generate and rate print it:
// '<puzzle> <clues> <guesses> <grade>', or its JSON members
// ("puzzle":...,"technique":...).
func appendRated(out []byte, p *[81]uint8, clues int, r rate.Rating, json bool) []byte {
	g := canon.Grid(*p)
	if json {
		out = append(out, `"puzzle":"`...)
		out = canon.AppendPuzzle(out, &g, '.')
		out = strconv.AppendInt(append(out, `","clues":`...), int64(clues), 10)
		out = strconv.AppendInt(append(out, `,"guesses":`...), r.Guesses, 10)
		out = append(append(append(out, `,"grade":"`...), r.Grade().String()...), '"')
		return append(append(append(out, `,"technique":"`...), r.Hardest.String()...), '"')
	}
	out = canon.AppendPuzzle(out, &g, '.')
	out = strconv.AppendInt(append(out, ' '), int64(clues), 10)
	out = strconv.AppendInt(append(out, ' '), r.Guesses, 10)
	return append(append(out, ' '), r.Grade().String()...)
}
