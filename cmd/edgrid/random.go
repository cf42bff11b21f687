package main

import (
	"bufio"
	"context"
	"math/rand/v2"

	"edgrid/canon"
)

func init() {
	register(command{name: "random", summary: "print random valid grids (test and benchmark input)", run: func(ctx context.Context, args []string, s streams) error {
		var o randomOptions
		fs := newFlagSet("random", "edgrid random [-n N] [--seed S]", s)
		fs.IntVar(&o.n, "n", 10, "number of grids, 1 or more")
		fs.Uint64Var(&o.seed, "seed", 1, "random seed; the same seed gives the same grids")
		if err := fs.parse(args); err != nil {
			return err
		}
		if fs.NArg() > 0 {
			return usagef("unexpected argument %q (use -n N)", fs.Arg(0))
		}
		if o.n < 1 {
			return usagef("-n %d: want a count of 1 or more, as in -n 1000", o.n)
		}
		return runRandom(ctx, o, s)
	}})
}

// randomOptions are the flags of edgrid random.
type randomOptions struct {
	n    int
	seed uint64
}

// runRandom prints o.n random valid grids drawn by canon.RandomGrid. They are
// not uniformly distributed; they are for tests and benchmarks.
func runRandom(ctx context.Context, o randomOptions, s streams) error {
	r := rand.New(rand.NewPCG(o.seed, o.seed^0x9E3779B97F4A7C15))
	w := bufio.NewWriterSize(s.out, 1<<16)
	buf := make([]byte, 0, 82)
	for i := 0; i < o.n; i++ {
		if i&1023 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		g := canon.RandomGrid(r)
		buf = append(g.AppendText(buf[:0]), '\n')
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return w.Flush()
}
