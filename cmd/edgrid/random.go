package main

import (
	"bufio"
	"context"
	"math/rand/v2"

	"github.com/spf13/cobra"

	"edgrid/canon"
)

func init() { register(newRandomCmd) }

func newRandomCmd(s streams) *cobra.Command {
	var o randomOptions
	c := &cobra.Command{
		Use:   "random [-n N] [--seed S]",
		Short: "print random valid grids (test and benchmark input)",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q (use -n N)", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.n < 1 {
				return usagef("-n %d: want a count of 1 or more, as in -n 1000", o.n)
			}
			return runRandom(cmd.Context(), o, s)
		},
	}
	c.Flags().IntVarP(&o.n, "count", "n", 10, "number of grids, 1 or more")
	// The flag's earlier name, kept for scripts: -n means --count in
	// every command.
	c.Flags().IntVar(&o.n, "grids", 10, "number of grids (the name of --count before)")
	_ = c.Flags().MarkHidden("grids")
	c.Flags().Uint64Var(&o.seed, "seed", 1, "random seed; the same seed gives the same grids")
	return c
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
