package main

import (
	"bufio"
	"context"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"edgrid/query"
	"edgrid/scan"
)

// scanMergeOptions are the flags of edgrid scan merge.
type scanMergeOptions struct {
	count, json, partial bool
	dirs                 []string
}

func newScanMergeCmd(s streams) *cobra.Command {
	var o scanMergeOptions
	c := &cobra.Command{
		Use:   "merge [--count] [--json] [--partial] DIR...",
		Short: "print the puzzles of the parts in directories of scan --out, sorted, with the grids scanned",
		Long: `Print every puzzle the parts in the directories of edgrid scan --groups --out hold, sorted
and without repeats, in the frame of its group's minlex grid (the catalog's grids), after the line
'# <what was scanned>'; then '# groups <range> grids <n> with-puzzles <m> puzzles <p>' and the
histogram of puzzles per grid, '# per-grid <puzzles> <grids>' a line. Every part is checked
(manifest size and CRC-64, its own CRC-32C, grids, order, clue counts) before anything is printed.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.dirs = args
			return runScanMerge(cmd.Context(), o, s)
		},
	}
	c.Flags().BoolVar(&o.count, "count", false, "print only the summary and the histogram, not the puzzles")
	jsonFlag(c.Flags(), &o.json, `print one JSON object: {"scan","groups","grids","with_puzzles","puzzles","per_grid","list"}`)
	c.Flags().BoolVar(&o.partial, "partial", false, "print what the parts hold even when groups of their runs are missing or damaged (and report those groups as an error)")
	return c
}

// runScanMerge prints the merge of the parts in o.dirs.
func runScanMerge(_ context.Context, o scanMergeOptions, s streams) error {
	if err := mergeDirs("scan", o.dirs); err != nil {
		return err
	}
	return mergeScanParts(o, nil, s)
}

// mergeScanParts merges the parts in o.dirs and prints them. With only
// set, only those groups are merged and all of them must be there;
// problems of other groups are not this merge's. Groups of the recorded
// runs that are missing or damaged are an error (exit 1), after printing
// what there is with o.partial.
func mergeScanParts(o scanMergeOptions, only []int, s streams) error {
	m, problems, err := surveyMerge(scanParts(), "scan", o.dirs, only, o.partial, func(label string) error {
		_, err := scan.LabelClues(label)
		return err
	}, s)
	if err != nil {
		return err
	}
	if len(m.Groups) == 0 {
		return fmt.Errorf("no parts to merge")
	}
	t := scan.NewTotals(!o.count)
	if err := m.Each(func(_ int, p *scan.Part) error { t.Add(p); return nil }); err != nil {
		return err
	}
	t.Sort()
	w := bufio.NewWriterSize(s.out, 1<<20)
	if o.json {
		writeScanJSON(w, t, m.Groups, m.Label, !o.count)
	} else {
		writeScanText(w, t, m.Groups, m.Label, !o.count)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return mergeIncomplete(s, "scan", m.Groups, problems)
}

// writeScanText prints the totals t of a merge of groups as text.
func writeScanText(w *bufio.Writer, t *scan.Totals, groups []int, kind string, list bool) {
	fmt.Fprintf(w, "# %s (puzzles in the frame of their group's minlex grid)\n", kind)
	if list {
		for _, p := range t.List {
			w.WriteString(p)
			w.WriteByte('\n')
		}
	}
	fmt.Fprintf(w, "# groups %s grids %d with-puzzles %d puzzles %d\n", query.GroupSpan(groups), t.Grids, t.WithPuzzles, t.Puzzles())
	for _, k := range t.Counts() {
		fmt.Fprintf(w, "# per-grid %d %d\n", k, t.PerGrid[k])
	}
}

// writeScanJSON prints the totals t of a merge of groups as one JSON
// object.
func writeScanJSON(w *bufio.Writer, t *scan.Totals, groups []int, kind string, list bool) {
	j := beginJSON(nil)
	j.str("scan", kind)
	j.str("groups", query.GroupSpan(groups))
	j.int("grids", t.Grids)
	j.int("with_puzzles", t.WithPuzzles)
	j.int("puzzles", t.Puzzles())
	h := beginJSON(nil)
	for _, k := range t.Counts() {
		h.int(strconv.Itoa(k), t.PerGrid[k])
	}
	j.raw("per_grid", append(h.b, '}'))
	if list {
		arr := []byte{'['}
		for i, p := range t.List {
			if i > 0 {
				arr = append(arr, ',')
			}
			arr = appendJSONString(arr, p)
		}
		j.raw("list", append(arr, ']'))
	}
	w.Write(j.end())
}
