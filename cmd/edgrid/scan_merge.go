package main

import (
	"bufio"
	"context"
	"fmt"
	"hash/crc64"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"edgrid/jobs"
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
	if len(o.dirs) == 0 {
		return usagef("give the directories of edgrid scan --out")
	}
	for _, d := range o.dirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return usagef("%s is not a directory", d)
		}
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
	sv, err := surveyParts(o.dirs, scanPartFile, only, "scan")
	if err != nil {
		return err
	}
	parts, kind, missing, problems := sv.parts, sv.kind, sv.missing, sv.problems
	clues, err := scanLabelClues(kind)
	if err != nil {
		return err
	}
	if only != nil {
		missing = slices.Clone(only)
	}
	slices.Sort(missing)
	var really []int
	for i, g := range missing {
		if _, ok := parts[g]; !ok && (i == 0 || g != missing[i-1]) {
			really = append(really, g)
		}
	}
	if len(really) > 0 {
		problems = append(problems, fmt.Sprintf("groups %s not done", query.GroupSpan(really)))
	}
	report := func() {
		for _, p := range problems {
			fmt.Fprintf(s.err, "edgrid scan merge: %s\n", p)
		}
	}
	if len(problems) > 0 && !o.partial {
		report()
		return &exitError{code: exitFailed, err: fmt.Errorf("the parts are incomplete: nothing printed (run the scan again to finish them, or merge --partial)")}
	}
	t := scanTotals{perGrid: map[int]int64{}}
	for g := range parts {
		t.groups = append(t.groups, g)
	}
	if len(t.groups) == 0 {
		return fmt.Errorf("no parts to merge")
	}
	slices.Sort(t.groups)
	for _, g := range t.groups {
		p, err := readScanPart(filepath.Join(parts[g].dir, scanPartFile(g)), parts[g].rec, kind, g, clues)
		if err != nil {
			return err
		}
		t.add(p, !o.count)
	}
	slices.Sort(t.puzzles)
	t.puzzles = slices.Compact(t.puzzles)
	w := bufio.NewWriterSize(s.out, 1<<20)
	if o.json {
		t.writeJSON(w, kind, !o.count)
	} else {
		t.writeText(w, kind, !o.count)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if len(problems) > 0 {
		report()
		return &exitError{code: exitFailed, err: fmt.Errorf("printed only groups %s: the parts are incomplete", query.GroupSpan(t.groups))}
	}
	return nil
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

// readScanPart reads group g's part at path, which must still be the file
// rec records, a part of the scan kind describes, of group g, with puzzles
// of the label's number of clues.
func readScanPart(path string, rec jobs.PartRecord, kind string, g, clues int) (*scan.Part, error) {
	data, err := readPartFile(path)
	if err != nil {
		return nil, err
	}
	if int64(len(data)) != rec.Size || crc64.Checksum(data, crc64.MakeTable(crc64.ECMA)) != rec.Sum {
		return nil, fmt.Errorf("%s changed while it was merged (run the merge again)", path)
	}
	p, err := scan.ReadPart(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if p.Label != kind || p.Group != g || p.Grids != rec.Count {
		return nil, fmt.Errorf("%s: a part of another scan or group (%q, group %d, %d grids)", path, p.Label, p.Group, p.Grids)
	}
	if why := groupGrids(g, p.Grids); why != "" {
		return nil, fmt.Errorf("%s: %s", path, why)
	}
	for _, f := range p.Found {
		for _, m := range f.Puzzles {
			if m.Count() != clues {
				return nil, fmt.Errorf("%s: grid %d has a puzzle of %d clues in a scan for %d", path, f.Ordinal, m.Count(), clues)
			}
		}
	}
	return p, nil
}

// scanLabelClues reads the number of clues back from a scan's label.
func scanLabelClues(label string) (int, error) {
	rest, ok := strings.CutPrefix(label, "edgrid scan clues=")
	if !ok {
		return 0, fmt.Errorf("%q is not an edgrid scan", label)
	}
	num, _, _ := strings.Cut(rest, " ")
	k, err := strconv.Atoi(num)
	if err != nil || k < 1 || k > 81 {
		return 0, fmt.Errorf("%q is not an edgrid scan", label)
	}
	return k, nil
}
