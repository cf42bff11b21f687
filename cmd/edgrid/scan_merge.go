package main

import (
	"bufio"
	"context"
	"fmt"
	"slices"
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

// scanTotals is what a merge found over its parts.
type scanTotals struct {
	groups      []int
	grids       int64
	withPuzzles int64
	perGrid     map[int]int64 // puzzles -> grids
	puzzles     []string
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
	t := scanTotals{groups: m.Groups, perGrid: map[int]int64{}}
	if err := m.Each(func(_ int, p *scan.Part) error { t.add(p, !o.count); return nil }); err != nil {
		return err
	}
	slices.Sort(t.puzzles)
	t.puzzles = slices.Compact(t.puzzles)
	w := bufio.NewWriterSize(s.out, 1<<20)
	if o.json {
		t.writeJSON(w, m.Label, !o.count)
	} else {
		t.writeText(w, m.Label, !o.count)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return mergeIncomplete(s, "scan", m.Groups, problems)
}

// add counts part p, and keeps its puzzles with list.
func (t *scanTotals) add(p *scan.Part, list bool) {
	t.grids += p.Grids
	t.withPuzzles += int64(len(p.Found))
	if n := p.Grids - int64(len(p.Found)); n > 0 {
		t.perGrid[0] += n
	}
	for i := range p.Found {
		f := &p.Found[i]
		t.perGrid[len(f.Puzzles)]++
		if list {
			for _, m := range f.Puzzles {
				t.puzzles = append(t.puzzles, string(scan.AppendPuzzle(nil, &f.Grid, m)))
			}
		}
	}
}

// total is the number of puzzles counted.
func (t *scanTotals) total() int64 {
	var n int64
	for k, c := range t.perGrid {
		n += int64(k) * c
	}
	return n
}

func (t *scanTotals) histogram() []int {
	ks := make([]int, 0, len(t.perGrid))
	for k := range t.perGrid {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func (t *scanTotals) writeText(w *bufio.Writer, kind string, list bool) {
	fmt.Fprintf(w, "# %s (puzzles in the frame of their group's minlex grid)\n", kind)
	if list {
		for _, p := range t.puzzles {
			w.WriteString(p)
			w.WriteByte('\n')
		}
	}
	fmt.Fprintf(w, "# groups %s grids %d with-puzzles %d puzzles %d\n", query.GroupSpan(t.groups), t.grids, t.withPuzzles, t.total())
	for _, k := range t.histogram() {
		fmt.Fprintf(w, "# per-grid %d %d\n", k, t.perGrid[k])
	}
}

func (t *scanTotals) writeJSON(w *bufio.Writer, kind string, list bool) {
	j := beginJSON(nil)
	j.str("scan", kind)
	j.str("groups", query.GroupSpan(t.groups))
	j.int("grids", t.grids)
	j.int("with_puzzles", t.withPuzzles)
	j.int("puzzles", t.total())
	h := beginJSON(nil)
	for _, k := range t.histogram() {
		h.int(strconv.Itoa(k), t.perGrid[k])
	}
	j.raw("per_grid", append(h.b, '}'))
	if list {
		arr := []byte{'['}
		for i, p := range t.puzzles {
			if i > 0 {
				arr = append(arr, ',')
			}
			arr = appendJSONString(arr, p)
		}
		j.raw("list", append(arr, ']'))
	}
	w.Write(j.end())
}
