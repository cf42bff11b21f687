package main

import (
	"bufio"
	"context"
	"fmt"

	"edgrid/band"
)

func init() {
	register(command{name: "groups", summary: "print the 3,541 groups: <n> <33 digits>", run: func(ctx context.Context, args []string, s streams) error {
		var o groupsOptions
		fs := newFlagSet("groups", "edgrid groups [--band N]", s)
		fs.IntVar(&o.band, "band", 0, "only the groups of first band N (1..401)")
		if err := fs.parse(args); err != nil {
			return err
		}
		if fs.NArg() > 0 {
			return usagef("unexpected argument %q", fs.Arg(0))
		}
		if err := o.validate(fs); err != nil {
			return err
		}
		return runGroups(ctx, o, s)
	}})
}

// groupsOptions are the flags of edgrid groups.
type groupsOptions struct {
	band int // 0: all
}

func (o *groupsOptions) validate(fs *flagSet) error {
	if flagGiven(fs, "band") && (o.band < 1 || o.band > band.NumFirstBands) {
		return usagef("--band %d: want a first band 1..%d, as in --band 1", o.band, band.NumFirstBands)
	}
	return nil
}

// runGroups prints `<n> <33 digits>` for each group, the digits in the
// comparison order (band 1, then cells 28, 37, 46, 55, 64, 73).
func runGroups(_ context.Context, o groupsOptions, s streams) error {
	gs := band.Groups()
	if o.band != 0 {
		var err error
		if gs, err = band.GroupsOfBand(o.band); err != nil {
			return usagef("%v", err)
		}
	}
	w := bufio.NewWriter(s.out)
	for _, g := range gs {
		fmt.Fprintf(w, "%d %s\n", g.Number, g.Key)
	}
	return w.Flush()
}
