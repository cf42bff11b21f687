package main

import (
	"bufio"
	"context"
	"fmt"
	"hash/crc64"
	"os"
	"path/filepath"
	"sort"

	"github.com/spf13/cobra"

	"edgrid/jobs"
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
	if len(o.dirs) == 0 {
		return usagef("give the directories of edgrid query --out")
	}
	for _, d := range o.dirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return usagef("%s is not a directory", d)
		}
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
	sv, err := surveyParts(dirs, partFile, only, "query")
	if err != nil {
		return err
	}
	parts, kind, missing, problems := sv.parts, sv.kind, sv.missing, sv.problems
	lines, err := parseDescription(kind)
	if err != nil {
		return err
	}
	if only != nil {
		missing = missing[:0]
		for _, g := range only {
			if _, ok := parts[g]; !ok {
				missing = append(missing, g)
			}
		}
	}
	// A group missing from one directory's runs may be done in another.
	sort.Ints(missing)
	var really []int
	for i, g := range missing {
		if _, ok := parts[g]; !ok && (i == 0 || g != missing[i-1]) {
			really = append(really, g)
		}
	}
	if len(really) > 0 {
		problems = append(problems, fmt.Sprintf("groups %s not done", query.GroupSpan(really)))
	}
	if len(problems) > 0 && !partial {
		for _, p := range problems {
			fmt.Fprintf(s.err, "edgrid query merge: %s\n", p)
		}
		return &exitError{code: exitFailed, err: fmt.Errorf("the parts are incomplete: nothing printed (run the query again to finish them, or merge --partial)")}
	}
	groups := make([]int, 0, len(parts))
	for g := range parts {
		groups = append(groups, g)
	}
	sort.Ints(groups)
	w := bufio.NewWriterSize(s.out, 1<<20)
	var total *query.Result
	for _, g := range groups {
		path := filepath.Join(parts[g].dir, partFile(g))
		res, out, err := readPart(path, parts[g].rec, kind, g)
		if err != nil {
			return err
		}
		if total == nil {
			total = res
		} else if err := total.Merge(res); err != nil {
			return err
		}
		if lines {
			w.Write(out)
		}
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
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintf(s.err, "edgrid query merge: %s\n", p)
		}
		return &exitError{code: exitFailed, err: fmt.Errorf("printed only groups %s: the parts are incomplete", query.GroupSpan(groups))}
	}
	return nil
}

// readPart reads group g's part at path, which must still be the file rec
// records and a part of the query kind describes.
func readPart(path string, rec jobs.PartRecord, kind string, g int) (*query.Result, []byte, error) {
	data, err := readPartFile(path)
	if err != nil {
		return nil, nil, err
	}
	if int64(len(data)) != rec.Size || crc64.Checksum(data, crc64.MakeTable(crc64.ECMA)) != rec.Sum {
		return nil, nil, fmt.Errorf("%s changed while it was merged (run the merge again)", path)
	}
	desc, res, out, err := query.ReadPart(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if desc != kind || len(res.Groups) != 1 || res.Groups[0] != g {
		return nil, nil, fmt.Errorf("%s: a part of another query or group (%q, groups %v)", path, desc, res.Groups)
	}
	return res, out, nil
}
