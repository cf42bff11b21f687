package main

import (
	"bufio"
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"edgrid/band"
	"edgrid/canon"
)

func init() { register(newBandsCmd) }

func newBandsCmd(s streams) *cobra.Command {
	var o bandsOptions
	c := &cobra.Command{
		Use:   "bands [--all | --pairs [--forms N|A-B] [--workers N] [--json]]",
		Short: "print the 401 first bands (--all: the 416 band forms; --pairs: the essentially different bands 1+2)",
		Long: `Print the 401 first bands, '<n> <27 digits>', or with --all the 416 band forms with whether
each can start a minlex grid. --pairs counts the essentially different bands 1+2 (rows 1-6 up
to relabelling, row orders within the bands, the swap of the bands and the column maps that
keep stacks together; the band method's entries) by the class of their lesser band: a line
'<n> <automorphisms> <completions> <pairs>' for each band form n = 1..416, then the total
(the band method's authors give 983,959,110). It fills rows 4-6 under each form every way,
about a second a form on one core (docs/results/pairs.md); --forms counts some forms only,
their total then a part of the whole.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch {
			case o.all && o.pairs:
				return usagef("--all and --pairs exclude each other: give one")
			case !o.pairs && changed(cmd, "workers", "json", "forms"):
				return usagef("--forms, --workers and --json go with --pairs")
			}
			if o.pairs {
				var err error
				if o.lo, o.hi, err = parseFormRange(o.forms); err != nil {
					return err
				}
			}
			if err := checkWorkers(o.workers); err != nil {
				return err
			}
			if o.pairs {
				return runBandsPairs(cmd.Context(), o, s)
			}
			return runBands(cmd.Context(), o, s)
		},
	}
	c.Flags().BoolVarP(&o.all, "all", "a", false, "print all 416 band forms: <n> <27 digits> <can start a minlex grid: yes/no>")
	c.Flags().BoolVar(&o.pairs, "pairs", false, "count the essentially different bands 1+2 by the class of their lesser band")
	c.Flags().StringVar(&o.forms, "forms", "1-416", "with --pairs, count the band forms `N or A-B` only (1..416, as edgrid bands --all numbers them)")
	workersFlag(c.Flags(), &o.workers, "band forms counted at once")
	jsonFlag(c.Flags(), &o.json, `with --pairs, print one JSON object: {"classes":[{"class","automorphisms","completions","pairs"}],"pairs","rectangles"}`)
	quietFlag(c.Flags(), &s)
	return c
}

// bandsOptions are the flags of edgrid bands.
type bandsOptions struct {
	all, pairs, json bool
	workers          int
	forms            string
	lo, hi           int // --forms, 0-based, hi excluded
}

// parseFormRange reads --forms: N or A-B inside 1..416, as 0-based lo and
// hi with hi excluded.
func parseFormRange(t string) (lo, hi int, err error) {
	first, last, ok := parseSpan(t)
	if !ok || first < 1 || last > canon.NumBandForms || first > last {
		return 0, 0, usagef("--forms %s: want N or A-B inside 1-%d, as in --forms 7 or --forms 1-100", t, canon.NumBandForms)
	}
	return first - 1, last, nil
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
