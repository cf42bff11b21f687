package main

import (
	"context"
	"encoding/binary"
	"slices"
	"strconv"

	"github.com/spf13/cobra"

	"edgrid/canon"
	"edgrid/cells"
	"edgrid/internal/lines"
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
	retireShorthand(f.Lookup("autos")) // -a is --all (solve, bands)
	f.BoolVarP(&o.dots, "dots", "d", false, "write empty cells as '.' rather than '0'")
	f.BoolVar(&o.patternFirst, "pattern-first", false, "compare puzzles by clue pattern first, then digits (sudoku-minlexing-tool's order)")
	f.BoolVar(&o.pattern, "pattern", false, "print the minlex form of the clue pattern (1 for a clue, 0 or '.' for an empty cell)")
	jsonFlag(f, &o.json, `print JSON Lines: {"input","form","autos"} a line, or {"input","error"}`)
	quietFlag(c.Flags(), &s)
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

// runCanon prints each input's minlex form in input order. An input of 81
// digits 1-9 is a solution grid and gets the grid's form; one with an empty
// cell is a puzzle and gets the puzzle's form (see canon.PuzzleCanon), valid
// or not. A bad input is reported on stderr with its place and the others
// are still answered; the command then fails with exit status 1.
func runCanon(ctx context.Context, o canonOptions, args []string, s streams) error {
	// Build the band tables while the first input is read and parsed; the
	// workers wait for them at their first Minlex. Clue patterns need none.
	if !o.pattern {
		go canon.Prepare()
	}
	order := canon.PlainOrder
	if o.patternFirst {
		order = canon.PatternFirst
	}
	empty := byte('0')
	if o.dots {
		empty = '.'
	}
	// Answers and messages copy what they show of an input: the batch's
	// memory is free once they are written.
	a := answerer{cmd: "canon", json: o.json, recycle: true}
	return a.run(ctx, args, s, true, func(b []lines.Input, r *lines.Result) {
		var pc canon.PuzzleCanon
		var p canon.Grid // one a batch: Minlex's argument escapes
		a.answerEach(b, r, func(l *lines.Input, out []byte) ([]byte, error) {
			if o.pattern {
				// The usual line's pattern straight from its text; a
				// full grid (to be checked) and any other text are read
				// below.
				if m, clues, ok := cells.ReadMask(l.Text); ok && clues < 81 {
					return appendPatternAnswer(out, &pc, m, empty, o), nil
				}
			}
			var n int
			var err error
			if p, n, err = cells.Read(l.Text); err != nil {
				return out, err
			}
			if o.pattern {
				if n == 0 {
					if err := p.Validate(); err != nil {
						return out, err
					}
				}
				return appendPatternAnswer(out, &pc, canon.MaskOf(&p), empty, o), nil
			}
			var m canon.Grid
			var autos int
			if n == 0 {
				// Checked and canonicalized in one call: a bad grid's
				// error before anything is written.
				if m, autos, _, err = canon.TryMinlex(&p); err != nil {
					return out, err
				}
			}
			if o.json {
				out = append(out, `,"form":"`...)
			}
			switch {
			case n == 0:
				out = m.AppendText(out)
			default:
				// The cells are 0..9 by parsing, so Minlex cannot fail.
				f, a, _, _ := pc.Minlex(&p, order)
				autos = a
				out = canon.AppendPuzzle(out, &f, empty)
			}
			if o.json {
				out = append(out, `","autos":`...)
				return strconv.AppendInt(out, int64(autos), 10), nil
			}
			if o.autos {
				out = strconv.AppendInt(append(out, ' '), int64(autos), 10)
			}
			return out, nil
		})
	})
}

// appendPatternAnswer appends the answer of canon --pattern for the clue
// pattern m: its form, and its automorphisms with --autos or --json.
func appendPatternAnswer(out []byte, pc *canon.PuzzleCanon, m canon.Mask, empty byte, o canonOptions) []byte {
	f, autos, _ := pc.Pattern(m)
	switch {
	case o.json:
		out = appendPattern(append(out, `,"pattern":"`...), f, empty)
		out = append(out, `","autos":`...)
		return strconv.AppendInt(out, int64(autos), 10)
	case o.autos:
		return strconv.AppendInt(append(appendPattern(out, f, empty), ' '), int64(autos), 10)
	}
	return appendPattern(out, f, empty)
}

// appendPattern appends the 81 cells of pattern m: '1' for a cell in it,
// empty for the others (as Mask.Has reads it: cells 0-63 from bit 63 of
// m[0] down, cells 64-80 from bit 16 of m[1] down), eight cells at a time.
func appendPattern(out []byte, m canon.Mask, empty byte) []byte {
	n := len(out)
	out = slices.Grow(out, 88)[:n+88]
	o := out[n : n+88]
	base := uint64(empty) * 0x0101010101010101
	step := uint64('1' - empty)
	for i := range 8 {
		binary.LittleEndian.PutUint64(o[i*8:], base+patternBytes[m[0]>>(56-8*i)&0xff]*step)
	}
	binary.LittleEndian.PutUint64(o[64:], base+patternBytes[m[1]>>9&0xff]*step)
	binary.LittleEndian.PutUint64(o[72:], base+patternBytes[m[1]>>1&0xff]*step)
	o[80] = empty + byte(m[1]&1)*byte(step)
	return out[:n+81]
}

// patternBytes[v] has byte k (the k-th lowest, written k-th) 1 when bit
// 7-k of v is set and 0 otherwise: eight cells of a mask, first cell in
// the high bit, as eight bytes to scale and add to a line.
var patternBytes = func() (t [256]uint64) {
	for v := range t {
		for k := range 8 {
			t[v] |= uint64(v>>(7-k)&1) << (8 * k)
		}
	}
	return t
}()
