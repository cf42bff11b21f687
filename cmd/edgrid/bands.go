package main

import (
	"bufio"
	"context"
	"fmt"

	"edgrid/band"
)

func init() {
	register(command{name: "bands", summary: "print the 401 first bands (--all: the 416 band forms)", run: func(ctx context.Context, args []string, s streams) error {
		var o bandsOptions
		fs := newFlagSet("bands", "edgrid bands [--all]", s)
		fs.BoolVar(&o.all, "all", false, "print all 416 band forms: <n> <27 digits> <can start a minlex grid: yes/no>")
		if err := fs.parse(args); err != nil {
			return err
		}
		if fs.NArg() > 0 {
			return usagef("unexpected argument %q", fs.Arg(0))
		}
		return runBands(ctx, o, s)
	}})
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
