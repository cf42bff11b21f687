package generate

import (
	"context"
	"runtime"

	"edgrid/internal/ordered"
	"edgrid/rank"
)

// chunk is how many consecutive top-down units a worker makes at a time;
// a controlled-bias unit (a grid's attempts) is a chunk of its own.
const chunk = 16

// Run makes the puzzles of units 0, 1, 2, ... under opt on workers
// goroutines (0: one per core) and calls emit with each in index order,
// so that the output does not depend on workers (a unit's error comes
// after the puzzles of the units before it), until emit returns
// false or an error (returned). The ranker, used over classes, is shared by
// the workers (nil: one is made). A cancelled ctx stops the run with
// ctx.Err().
func Run(ctx context.Context, opt Options, ranker *rank.Ranker, workers int, emit func(p *Puzzle) (bool, error)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if ranker == nil && opt.Over == OverClasses {
		var err error
		if ranker, err = rank.New(nil, nil); err != nil {
			return err
		}
	}
	gens := make([]*Generator, workers)
	for i := range gens {
		var err error
		if gens[i], err = New(opt, ranker); err != nil {
			return err
		}
	}
	size := uint64(chunk)
	if opt.Method == ControlledBias {
		size = 1
	}
	// A chunk's puzzles, and the error that ended it: it comes after its
	// puzzles, where a lone worker would meet it.
	type result struct {
		ps  []Puzzle
		err error
	}
	job := ordered.Job[uint64, result, *Generator]{
		Workers:  workers,
		NewState: func(w int) *Generator { return gens[w] },
		Work: func(ctx context.Context, g *Generator, k uint64) (result, error) {
			var r result
			for i := k * size; i < (k+1)*size && r.err == nil; i++ {
				r.ps, r.err = g.Unit(ctx, i, r.ps)
			}
			return r, nil
		},
		Emit: func(_ uint64, r result, _ bool) error {
			for i := range r.ps {
				more, err := emit(&r.ps[i])
				if err != nil {
					return err
				}
				if !more {
					return ordered.ErrStop
				}
			}
			return r.err
		},
	}
	// The chunks k*size ...: as many as emit takes.
	return job.Run(ctx, func(send func(uint64) bool) error {
		for k := uint64(0); ; k++ {
			if !send(k) {
				return nil
			}
		}
	})
}
