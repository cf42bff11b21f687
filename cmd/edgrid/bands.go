package main

import (
	"bufio"
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"edgrid/band"
)

func init() { register(newBandsCmd) }

func newBandsCmd(s streams) *cobra.Command {
	var o bandsOptions
	c := &cobra.Command{
		Use:   "bands [--all]",
		Short: "print the 401 first bands (--all: the 416 band forms)",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runBands(cmd.Context(), o, s)
		},
	}
	c.Flags().BoolVarP(&o.all, "all", "a", false, "print all 416 band forms: <n> <27 digits> <can start a minlex grid: yes/no>")
	return c
}

// bandsOptions are the flags of edgrid bands.
type bandsOptions struct {
	all bool
}

// runBands prints `<n> <27 digits>` for the first bands, n = 1..401, or with
// o.all every band form n = 1..416 with a third column yes/no.
func runBands(_ context.Context, o bandsOptions, s streams) error {
	w := bufio.NewWriter(s.out)
	if o.all {
		for f, form := range band.Forms() {
			yes := "no"
			if band.CanStart(f) {
				yes = "yes"
			}
			fmt.Fprintf(w, "%d %s %s\n", f+1, digits(form[:]), yes)
		}
	} else {
		for i, form := range band.FirstBands() {
			fmt.Fprintf(w, "%d %s\n", i+1, digits(form[:]))
		}
	}
	return w.Flush()
}

func digits(ds []uint8) string {
	b := make([]byte, len(ds))
	for i, d := range ds {
		b[i] = '0' + d
	}
	return string(b)
}
