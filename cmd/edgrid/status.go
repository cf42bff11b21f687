package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"edgrid/band"
	"edgrid/internal/ranges"
	"edgrid/jobs"
)

func init() { register(newStatusCmd) }

// statusOptions are the flags of edgrid status.
type statusOptions struct {
	catalog, groups string
	json, short     bool
}

func newStatusCmd(s streams) *cobra.Command {
	var o statusOptions
	c := &cobra.Command{
		Use:   "status --catalog DIR [--groups A-B] [--json | --short]",
		Short: "print what a catalog directory holds: done, pending and damaged groups",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runStatus(cmd.Context(), o, s)
		},
	}
	f := c.Flags()
	catalogFlag(f, &o.catalog, "the run's catalog directory")
	outIsCatalog(f, &o.catalog)
	groupsFlag(f, &o.groups, "groups to report: N or A-B (default: every group the directory concerns: all runs' ranges, every group recorded or with a file)")
	jsonFlag(f, &o.json, "print one JSON object on one line")
	f.BoolVarP(&o.short, "short", "s", false, "print one line: groups, grids, bits per grid, seconds")
	return c
}

// runStatus reports on a run's directory; damage fails it (exit 1).
func runStatus(_ context.Context, o statusOptions, s streams) error {
	if o.catalog == "" {
		return usagef("give --catalog DIR, the run's catalog directory")
	}
	a, b := 0, 0
	if o.groups != "" {
		var err error
		if a, b, err = ranges.ParseRange(o.groups, band.NumGroups); err != nil {
			return usagef("--groups %s: %v", o.groups, err)
		}
	}
	if o.json && o.short {
		return usagef("give --json or --short, not both")
	}
	if fi, err := os.Stat(o.catalog); errors.Is(err, os.ErrNotExist) {
		return usagef("--catalog %s: no such directory", o.catalog)
	} else if err != nil {
		return usagef("--catalog %v", err)
	} else if !fi.IsDir() {
		return usagef("--catalog %s: not a directory", o.catalog)
	}
	rep, err := jobs.Status(o.catalog, a, b)
	if err != nil {
		return err
	}
	switch {
	case o.json:
		b, err := json.Marshal(rep)
		if err != nil {
			return err
		}
		if _, err := s.out.Write(tidyJSON(b)); err != nil {
			return err
		}
	case o.short:
		fmt.Fprintf(s.out, "%s: groups %s: %d done, %d pending%s, %d damaged; %d grids, %.2f bits/grid, %.1f s of enumeration\n",
			rep.Dir, groupsText(rep), rep.Done, rep.Pending, toAdopt(rep), len(rep.Damaged), rep.Grids, rep.BitsPerGrid, rep.Seconds)
	default:
		printStatus(s, rep)
	}
	return statusError(rep)
}

// groupsText is the report's groups as ranges, or "none" for a directory
// that holds nothing yet.
func groupsText(r *jobs.Report) string {
	if r.Groups == "" {
		return "none"
	}
	return r.Groups
}

// toAdopt says how many pending groups have a whole file that edgrid run
// adopts, as " (N to adopt)", or "".
func toAdopt(r *jobs.Report) string {
	if len(r.Adoptable) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d to adopt)", len(r.Adoptable))
}

func printStatus(s streams, r *jobs.Report) {
	fmt.Fprintf(s.out, "%s: groups %s\n", r.Dir, groupsText(r))
	fmt.Fprintf(s.out, "  done     %d\n  pending  %d%s\n  damaged  %d\n", r.Done, r.Pending, toAdopt(r), len(r.Damaged))
	fmt.Fprintf(s.out, "  grids    %d in done groups, %s, %.2f bits/grid, %s of enumeration\n",
		r.Grids, humanBytes(r.Bytes), r.BitsPerGrid, (time.Duration(r.Seconds * float64(time.Second))).Round(time.Second))
	if r.IndexProblem != "" {
		fmt.Fprintf(s.out, "  index    %s\n", r.IndexProblem)
	}
	for _, p := range r.Damaged {
		fmt.Fprintf(s.out, "  group %d: %s\n", p.Group, p.Reason)
	}
	if len(r.Adoptable) > 0 {
		fmt.Fprintf(s.out, "  to adopt %s: whole files the manifest does not record (cluster jobs, or a run stopped before recording them); edgrid run verifies every grid and records them\n",
			ranges.Format(r.Adoptable))
	}
	for _, p := range r.ManifestProblems {
		fmt.Fprintf(s.out, "  manifest %s (ignored)\n", p)
	}
}

// statusError is the outcome of status: damaged groups or a bad catalog
// index fail it (exit 1).
func statusError(r *jobs.Report) error {
	var what []string
	if n := len(r.Damaged); n == 1 {
		what = append(what, "1 damaged group")
	} else if n > 1 {
		what = append(what, fmt.Sprintf("%d damaged groups", n))
	}
	if r.IndexProblem != "" {
		what = append(what, "a bad catalog index")
	}
	if len(what) == 0 {
		return nil
	}
	them := "them"
	if len(r.Damaged)+len(what)-1 == 1 {
		them = "it"
	}
	return &exitError{code: exitFailed, err: fmt.Errorf("%s (edgrid run repairs %s)", strings.Join(what, " and "), them)}
}
