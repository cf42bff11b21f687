package main

import (
	"context"
	"encoding/binary"
	"sync"

	"github.com/spf13/cobra"

	"edgrid/canon"
	"edgrid/cells"
	"edgrid/internal/bulk"
	"edgrid/internal/lines"
	"edgrid/puzzleid"
	"edgrid/rank"
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
	bulk    bulkOptions // id
}

func newIDCmd(s streams) *cobra.Command {
	var o idOptions
	c := &cobra.Command{
		Use:   "id [--catalog DIR] [--json] [--bulk] [--mem SIZE] [PUZZLE...]",
		Short: "print the compact ID of each puzzle with one solution",
		Long: `A puzzle with exactly one solution gets NUMBER-MASK: the lexicographic number of its
solution's class (as rank --order lex) and its clue cells in that class's minlex grid,
smallest over the grid's automorphisms, as 21 hexadecimal digits. Equivalent puzzles get
the same ID; edgrid puzzle turns it back into a puzzle.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.bulk.validate(cmd); err != nil {
				return err
			}
			return runID(cmd.Context(), o, args, s)
		},
	}
	catalogFlag(c.Flags(), &o.catalog, "number solution grids by reading this catalog directory instead of regenerating them (about twice as fast)")
	jsonFlag(c.Flags(), &o.json, `print JSON Lines: {"input","id"} a line, or {"input","error"}`)
	o.bulk.addFlags(c)
	quietFlag(c.Flags(), &s)
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
	quietFlag(c.Flags(), &s)
	return c
}

// runID prints the ID of each puzzle, one at a time or, for a large
// input, all the numbers together (runBulk).
func runID(ctx context.Context, o idOptions, args []string, s streams) error {
	a := answerer{cmd: "id", json: o.json}
	bulk := func(ctx context.Context, r *rank.Ranker, bs *lines.Source) (bool, error) {
		return answerBulk(ctx, &o.bulk, idJob(r, o, a), bs, s)
	}
	return runIDs(ctx, a, o.catalog, true, args, s, bulk, func(ctx context.Context, n *puzzleid.Namer, l *lines.Input, out []byte) ([]byte, error) {
		p, err := cells.ReadPuzzle(l.Text)
		if err != nil {
			return out, err
		}
		id, err := n.ID(ctx, &p)
		if err != nil {
			return out, err
		}
		return appendID(out, o, id), nil
	})
}

// appendID appends an ID as text or as JSON's member.
func appendID(out []byte, o idOptions, id puzzleid.ID) []byte {
	if o.json {
		return append(append(append(out, `,"id":"`...), id.String()...), '"')
	}
	return append(out, id.String()...)
}

// idJob is id's bulk answering: the query is the minlex form of the
// puzzle's solution, the payload the mask.
func idJob(r *rank.Ranker, o idOptions, a answerer) bulkJob[*puzzleid.Namer] {
	return bulkJob[*puzzleid.Namer]{
		Job: bulk.Job[*puzzleid.Namer]{
			DamagePerLine: true,
			NewState:      func() *puzzleid.Namer { return puzzleid.New(r) },
			Prepare: func(ctx context.Context, n *puzzleid.Namer, l *lines.Input) (canon.Grid, []byte, error) {
				p, err := cells.ReadPuzzle(l.Text)
				if err != nil {
					return canon.Grid{}, nil, err
				}
				m, mask, err := n.Key(ctx, &p)
				if err != nil {
					return canon.Grid{}, nil, err
				}
				return m, binary.BigEndian.AppendUint64(binary.BigEndian.AppendUint64(nil, mask[0]), mask[1]), nil
			},
			Answer: rankSorted(r, rank.Lex),
		},
		a:     a,
		cells: true,
		format: func(out []byte, payload []byte, ans bulk.Answer) ([]byte, error) {
			mask := canon.Mask{binary.BigEndian.Uint64(payload), binary.BigEndian.Uint64(payload[8:])}
			return appendID(out, o, puzzleid.ID{Number: ans.V[0], Mask: mask}), nil
		},
	}
}

// runPuzzle prints the puzzle of each ID.
func runPuzzle(ctx context.Context, o idOptions, args []string, s streams) error {
	empty := byte('0')
	if o.dots {
		empty = '.'
	}
	return runIDs(ctx, answerer{cmd: "puzzle", json: o.json}, o.catalog, false, args, s, nil, func(ctx context.Context, n *puzzleid.Namer, l *lines.Input, out []byte) ([]byte, error) {
		id, err := puzzleid.Parse(l.Text)
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
// bulk, when not nil, may answer all the inputs itself instead.
func runIDs(ctx context.Context, a answerer, catalog string, cells bool, args []string, s streams,
	bulk func(ctx context.Context, r *rank.Ranker, bs *lines.Source) (bool, error),
	answer func(ctx context.Context, n *puzzleid.Namer, l *lines.Input, out []byte) ([]byte, error)) error {
	r, err := newRanker(catalog)
	if err != nil {
		return err
	}
	defer r.Close()
	go canon.Prepare()
	bs := openBatches(args, s.in, cells)
	defer bs.Close()
	if bulk != nil {
		if done, err := bulk(ctx, r, bs); done || err != nil {
			return err
		}
	}
	namers := sync.Pool{New: func() any { return puzzleid.New(r) }}
	return a.runFrom(ctx, bs, s, func(b []lines.Input, res *lines.Result) {
		n := namers.Get().(*puzzleid.Namer)
		defer namers.Put(n)
		a.answerEach(b, res, func(l *lines.Input, out []byte) ([]byte, error) {
			return answer(ctx, n, l, out)
		})
	})
}
