package main

import (
	"context"
	"fmt"
	"strconv"

	"edgrid/canon"
)

func init() {
	register(command{name: "canon", summary: "print the minlex form of each grid", run: func(ctx context.Context, args []string, s streams) error {
		var o canonOptions
		fs := newFlagSet("canon", "edgrid canon [--autos] [GRID...]   (grids on stdin when none are given)", s)
		fs.BoolVar(&o.autos, "autos", false, "also print the number of automorphisms: <minlex> <automorphisms>")
		if err := fs.parse(args); err != nil {
			return err
		}
		return runCanon(ctx, o, fs.Args(), s)
	}})
}

// canonOptions are the flags of edgrid canon.
type canonOptions struct {
	autos bool
}

// runCanon prints each input grid's minlex form in input order. A bad grid is
// reported on stderr with its line and the others are still answered; the
// command then fails with exit status 1.
func runCanon(ctx context.Context, o canonOptions, args []string, s streams) error {
	// Build the band tables while the first input is read and parsed; the
	// workers wait for them at their first Minlex.
	go canon.Prepare()
	failed, err := orderedMap(ctx, "canon", args, s, func(b []inputLine, r *batchResult) {
		for _, l := range b {
			g, err := canon.Parse(l.text)
			if err != nil {
				r.errs = append(r.errs, lineError("canon", l, err))
				continue
			}
			m, autos, _ := canon.Minlex(&g)
			r.out = m.AppendText(r.out)
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
		return &exitError{code: exitFailed, err: fmt.Errorf("%d bad grid(s)", failed)}
	}
	return nil
}
