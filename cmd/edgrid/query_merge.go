package main

import (
	"bufio"
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"edgrid/query"
)

// queryMergeOptions are the flags of edgrid query merge.
type queryMergeOptions struct {
	json, partial bool
	dirs          []string
}

func newQueryMergeCmd(s streams) *cobra.Command {
	var o queryMergeOptions
	c := &cobra.Command{
		Use:   "merge [--json] [--partial] DIR...",
		Short: "print the result of the parts in directories of query --out",
		RunE: func(cmd *cobra.Command, args []string) error {
			o.dirs = args
			return runQueryMerge(cmd.Context(), o, s)
		},
	}
	jsonFlag(c.Flags(), &o.json, "print the statistics as one JSON object on one line")
	c.Flags().BoolVar(&o.partial, "partial", false, "print what the parts hold even when groups of their runs are missing or damaged (and report those groups as an error)")
	return c
}

// runQueryMerge prints the merged result of the parts in o.dirs.
func runQueryMerge(_ context.Context, o queryMergeOptions, s streams) error {
	if err := mergeDirs("query", o.dirs); err != nil {
		return err
	}
	return mergeAndPrint(o.json, o.dirs, nil, o.partial, s)
}

// mergeAndPrint merges the parts in dirs and prints the result exactly as
// one run over their groups prints it, reading one group's part at a time.
// With only set, only those groups are merged, all of them must be there,
// and problems of other groups are not this merge's. Groups of the recorded
// runs that are missing or damaged are an error (exit 1), after printing
// what there is with partial.
func mergeAndPrint(asJSON bool, dirs []string, only []int, partial bool, s streams) error {
	var lines bool
	m, problems, err := surveyMerge(queryParts, "query", dirs, only, partial, func(label string) (err error) {
		lines, err = labelLines(label)
		return err
	}, s)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(s.out, 1<<20)
	var total *query.Result
	err = m.Each(func(_ int, p *query.Part) error {
		if total == nil {
			total = p.Result
		} else if err := total.Merge(p.Result); err != nil {
			return err
		}
		if lines {
			w.Write(p.Lines)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if total == nil {
		return fmt.Errorf("no parts to merge")
	}
	if err := printResult(total, lines, asJSON, w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return mergeIncomplete(s, "query", m.Groups, problems)
}
