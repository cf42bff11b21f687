package main

import (
	"bufio"
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"edgrid/band"
	"edgrid/rank"
)

func init() { register(newGroupsCmd) }

func newGroupsCmd(s streams) *cobra.Command {
	var o groupsOptions
	c := &cobra.Command{
		Use:   "groups [--band N] [--counts]",
		Short: "print the 3,541 groups: <n> <33 digits>",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.validate(changed(cmd, "band")); err != nil {
				return err
			}
			return runGroups(cmd.Context(), o, s)
		},
	}
	c.Flags().IntVarP(&o.band, "band", "b", 0, "only the groups of first band N (1..401)")
	c.Flags().BoolVar(&o.counts, "counts", false, "add the number of minlex grids and the number of the group's first grid: <n> <33 digits> <grids> <first>")
	return c
}

// groupsOptions are the flags of edgrid groups.
type groupsOptions struct {
	band   int // 0: all
	counts bool
}

// validate checks --band when it was given.
func (o *groupsOptions) validate(bandGiven bool) error {
	if bandGiven && (o.band < 1 || o.band > band.NumFirstBands) {
		return usagef("--band %d: want a first band 1..%d, as in --band 1", o.band, band.NumFirstBands)
	}
	return nil
}

// runGroups prints `<n> <33 digits>` for each group, the digits in the
// comparison order (band 1, then cells 28, 37, 46, 55, 64, 73), and with
// counts its grids and the number of its first grid.
func runGroups(_ context.Context, o groupsOptions, s streams) error {
	gs := band.Groups()
	if o.band != 0 {
		var err error
		if gs, err = band.GroupsOfBand(o.band); err != nil {
			return usagef("%v", err)
		}
	}
	var t *rank.Tables
	if o.counts {
		var err error
		if t, err = rank.Embedded(); err != nil {
			return err
		}
	}
	w := bufio.NewWriter(s.out)
	for _, g := range gs {
		if t != nil {
			fmt.Fprintf(w, "%d %s %d %d\n", g.Number, g.Key, t.GroupCount(g.Number), t.GroupFirst(g.Number)+1)
			continue
		}
		fmt.Fprintf(w, "%d %s\n", g.Number, g.Key)
	}
	return w.Flush()
}
