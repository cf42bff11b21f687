package main

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"edgrid/canon"
	"edgrid/puzzleid"
)

func init() {
	register(command{name: "id", summary: "print the compact ID of each puzzle with one solution", run: func(ctx context.Context, args []string, s streams) error {
		fs := newFlagSet("id", "edgrid id [--catalog DIR] [PUZZLE...]   (puzzles on stdin when none are given)\n\n"+
			"A puzzle with exactly one solution gets NUMBER-MASK: the lexicographic number of its\n"+
			"solution's class (as rank --order lex) and its clue cells in that class's minlex grid,\n"+
			"smallest over the grid's automorphisms, as 21 hexadecimal digits. Equivalent puzzles get\n"+
			"the same ID; edgrid puzzle turns it back into a puzzle.", s)
		catalog := catalogFlag(fs)
		if err := fs.parse(args); err != nil {
			return err
		}
		return runIDs(ctx, "id", *catalog, fs.Args(), s, func(ctx context.Context, n *puzzleid.Namer, l inputLine, out []byte) ([]byte, error) {
			p, err := canon.ParsePuzzle(l.text)
			if err != nil {
				return out, err
			}
			id, err := n.ID(ctx, &p)
			if err != nil {
				return out, err
			}
			return append(l.appendRest(append(out, id.String()...)), '\n'), nil
		})
	}})
	register(command{name: "puzzle", summary: "print the puzzle each ID names (see edgrid id)", run: func(ctx context.Context, args []string, s streams) error {
		var dots bool
		fs := newFlagSet("puzzle", "edgrid puzzle [--dots] [--catalog DIR] [ID...]   (IDs on stdin when none are given)", s)
		fs.BoolVar(&dots, "dots", false, "write empty cells as '.' rather than '0'")
		catalog := catalogFlag(fs)
		if err := fs.parse(args); err != nil {
			return err
		}
		empty := byte('0')
		if dots {
			empty = '.'
		}
		return runIDs(ctx, "puzzle", *catalog, fs.Args(), s, func(ctx context.Context, n *puzzleid.Namer, l inputLine, out []byte) ([]byte, error) {
			id, err := puzzleid.Parse(l.text)
			if err != nil {
				return out, err
			}
			p, err := n.Puzzle(ctx, id)
			if err != nil {
				return out, err
			}
			return append(l.appendRest(canon.AppendPuzzle(out, &p, empty)), '\n'), nil
		})
	}})
}

// catalogFlag adds id's and puzzle's --catalog flag to fs.
func catalogFlag(fs *flagSet) *string {
	return fs.String("catalog", "", "number solution grids by reading this catalog directory instead of regenerating them (about twice as fast)")
}

// runIDs answers each input line with answer on all cores (one Namer per
// worker), numbering grids from the catalog in directory catalog unless it
// is "", following the line contract: bad lines reported, exit 1.
func runIDs(ctx context.Context, name, catalog string, args []string, s streams,
	answer func(ctx context.Context, n *puzzleid.Namer, l inputLine, out []byte) ([]byte, error)) error {
	r, err := newRanker(catalog)
	if err != nil {
		return err
	}
	defer r.Close()
	go canon.Prepare()
	namers := sync.Pool{New: func() any { return puzzleid.New(r) }}
	failed, err := orderedMap(ctx, name, args, s, func(b []inputLine, res *batchResult) {
		n := namers.Get().(*puzzleid.Namer)
		defer namers.Put(n)
		for _, l := range b {
			var qerr error
			res.out, qerr = answer(ctx, n, l, res.out)
			if qerr != nil {
				if errors.Is(qerr, context.Canceled) {
					return
				}
				res.errs = append(res.errs, lineError(name, l, qerr))
			}
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
