package main

import (
	"context"
	"sync"

	"github.com/spf13/cobra"

	"edgrid/canon"
	"edgrid/cells"
	"edgrid/puzzleid"
)

func init() {
	register(newIDCmd)
	register(newPuzzleCmd)
}

// idOptions are the flags of edgrid id and edgrid puzzle.
type idOptions struct {
	catalog string
	dots    bool // puzzle
	json    bool
}

func newIDCmd(s streams) *cobra.Command {
	var o idOptions
	c := &cobra.Command{
		Use:   "id [--catalog DIR] [--json] [PUZZLE...]",
		Short: "print the compact ID of each puzzle with one solution",
		Long: `A puzzle with exactly one solution gets NUMBER-MASK: the lexicographic number of its
solution's class (as rank --order lex) and its clue cells in that class's minlex grid,
smallest over the grid's automorphisms, as 21 hexadecimal digits. Equivalent puzzles get
the same ID; edgrid puzzle turns it back into a puzzle.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runID(cmd.Context(), o, args, s)
		},
	}
	catalogFlag(c.Flags(), &o.catalog, "number solution grids by reading this catalog directory instead of regenerating them (about twice as fast)")
	jsonFlag(c.Flags(), &o.json, `print JSON Lines: {"input","id"} a line, or {"input","error"}`)
	return c
}

func newPuzzleCmd(s streams) *cobra.Command {
	var o idOptions
	c := &cobra.Command{
		Use:   "puzzle [--dots] [--catalog DIR] [--json] [ID...]",
		Short: "print the puzzle each ID names (see edgrid id)",
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPuzzle(cmd.Context(), o, args, s)
		},
	}
	c.Flags().BoolVarP(&o.dots, "dots", "d", false, "write empty cells as '.' rather than '0'")
	catalogFlag(c.Flags(), &o.catalog, "number solution grids by reading this catalog directory instead of regenerating them (about twice as fast)")
	jsonFlag(c.Flags(), &o.json, `print JSON Lines: {"input","puzzle"} a line, or {"input","error"}`)
	return c
}

// runID prints the ID of each puzzle.
func runID(ctx context.Context, o idOptions, args []string, s streams) error {
	return runIDs(ctx, answerer{cmd: "id", json: o.json}, o.catalog, true, args, s, func(ctx context.Context, n *puzzleid.Namer, l *inputLine, out []byte) ([]byte, error) {
		p, err := cells.ReadPuzzle(l.text)
		if err != nil {
			return out, err
		}
		id, err := n.ID(ctx, &p)
		if err != nil {
			return out, err
		}
		if o.json {
			return append(append(append(out, `,"id":"`...), id.String()...), '"'), nil
		}
		return append(out, id.String()...), nil
	})
}

// runPuzzle prints the puzzle of each ID.
func runPuzzle(ctx context.Context, o idOptions, args []string, s streams) error {
	empty := byte('0')
	if o.dots {
		empty = '.'
	}
	return runIDs(ctx, answerer{cmd: "puzzle", json: o.json}, o.catalog, false, args, s, func(ctx context.Context, n *puzzleid.Namer, l *inputLine, out []byte) ([]byte, error) {
		id, err := puzzleid.Parse(l.text)
		if err != nil {
			return out, err
		}
		p, err := n.Puzzle(ctx, id)
		if err != nil {
			return out, err
		}
		if o.json {
			return append(canon.AppendPuzzle(append(out, `,"puzzle":"`...), &p, empty), '"'), nil
		}
		return canon.AppendPuzzle(out, &p, empty), nil
	})
}

// runIDs answers each input with answer on all cores (one Namer per
// worker), numbering grids from the catalog in directory catalog unless it
// is "", following the line contract: bad lines reported, exit 1.
func runIDs(ctx context.Context, a answerer, catalog string, cells bool, args []string, s streams,
	answer func(ctx context.Context, n *puzzleid.Namer, l *inputLine, out []byte) ([]byte, error)) error {
	r, err := newRanker(catalog)
	if err != nil {
		return err
	}
	defer r.Close()
	go canon.Prepare()
	namers := sync.Pool{New: func() any { return puzzleid.New(r) }}
	return a.run(ctx, args, s, cells, func(b []inputLine, res *batchResult) {
		n := namers.Get().(*puzzleid.Namer)
		defer namers.Put(n)
		a.answerEach(b, res, func(l *inputLine, out []byte) ([]byte, error) {
			return answer(ctx, n, l, out)
		})
	})
}
