package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"edgrid/band"
	"edgrid/internal/ranges"
	"edgrid/jobs"
	"edgrid/rank"
	"edgrid/storage"
)

func init() {
	register(command{name: "run", summary: "enumerate groups into a catalog directory, resumably", run: func(ctx context.Context, args []string, s streams) error {
		fs := newFlagSet("run", "edgrid run --out DIR [--groups A-B] [--workers K] [--codec C] [--compress fast|small]", s)
		dir := fs.String("out", "", "catalog directory (created if needed); run again with the same flags to resume")
		groups := fs.String("groups", fmt.Sprintf("1-%d", band.NumGroups), "groups to have done: N or A-B")
		workers := fs.Int("workers", 0, "goroutines searching (default: one per core)")
		codecName := fs.String("codec", storage.DefaultCodec.String(), "record codec of new group files: sorted or packed (default: the directory's, sorted for a new one)")
		compressName := fs.String("compress", storage.CompressFast.String(), "zstd level of new group files: fast (the default: least CPU) or small (6% smaller files, ~15% more CPU in dense groups)")
		if err := fs.parse(args); err != nil {
			return err
		}
		if fs.NArg() > 0 {
			return usagef("unexpected argument %q", fs.Arg(0))
		}
		if *dir == "" {
			return usagef("give --out DIR, the catalog directory")
		}
		a, b, err := parseRange(*groups, band.NumGroups)
		if err != nil {
			return usagef("--groups %s: %v", *groups, err)
		}
		if *workers < 0 {
			return usagef("--workers %d: want 1 or more (0 or absent: one per core)", *workers)
		}
		codec, err := storage.ParseCodec(*codecName)
		if err != nil {
			return usagef("--codec %s: want sorted or packed", *codecName)
		}
		if !flagGiven(fs, "codec") {
			codec = 0 // the directory's
		}
		compress, err := storage.ParseCompression(*compressName)
		if err != nil {
			return usagef("--compress %s: want fast or small", *compressName)
		}
		return runRun(ctx, jobs.Options{Dir: *dir, First: a, Last: b, Workers: *workers, Codec: codec, Compression: compress}, s)
	}})
}

// runRun runs jobs.Run with a progress bar and prints a one-line summary.
func runRun(ctx context.Context, opt jobs.Options, s streams) error {
	var bar *progressbar.ProgressBar
	if isTerminal(s.err) {
		// The bar counts work, the completions each group's enumeration
		// checks (from the rank tables), so that its estimate holds
		// although groups differ in cost by a factor of a thousand; the
		// text counts groups.
		if t, err := rank.Embedded(); err == nil {
			opt.Weight = t.GroupWork
		}
		bar = progressbar.NewOptions64(1, progressbar.OptionSetWriter(s.err),
			progressbar.OptionSetDescription(fmt.Sprintf("groups %d-%d", opt.First, opt.Last)),
			progressbar.OptionSetElapsedTime(true), progressbar.OptionSetPredictTime(true), progressbar.OptionFullWidth())
		opt.Progress = func(p jobs.Progress) {
			desc := fmt.Sprintf("%d/%d groups", p.Done, p.Total)
			if secs := p.Elapsed.Seconds(); p.Grids > 0 && secs > 0 {
				desc += fmt.Sprintf(", %s grids/s", humanRate(float64(p.Grids)/secs))
			}
			bar.Describe(desc)
			bar.ChangeMax64(p.WorkTotal)
			_ = bar.Set64(p.WorkDone)
		}
	}
	opt.Notify = func(msg string) { fmt.Fprintf(s.err, "edgrid run: %s\n", msg) }
	sum, err := jobs.Run(ctx, opt)
	if bar != nil {
		_ = bar.Exit()
		fmt.Fprintln(s.err)
	}
	var ce *jobs.CodecError
	if errors.As(err, &ce) && opt.Codec == 0 {
		return fmt.Errorf("%s holds group files of two codecs, %v and %v (group %d): a catalog keeps one; move one kind away", ce.Dir, ce.Want, ce.Have, ce.Group)
	}
	if errors.As(err, &ce) {
		return usagef("--codec %v: %s holds group files written with codec %v (group %d); give --codec %v or another directory",
			ce.Want, ce.Dir, ce.Have, ce.Group, ce.Have)
	}
	if err != nil {
		if errors.Is(err, jobs.ErrLocked) {
			return err
		}
		if sum != nil && sum.Written > 0 {
			fmt.Fprintf(s.err, "edgrid run: %d groups written before stopping\n", sum.Written)
		}
		return err
	}
	bits := 0.0
	if sum.Grids > 0 {
		bits = float64(sum.Bytes) * 8 / float64(sum.Grids)
	}
	now := fmt.Sprintf("%d now", sum.Written)
	if sum.Adopted > 0 {
		now += fmt.Sprintf(", %d adopted", sum.Adopted)
	}
	fmt.Fprintf(s.out, "groups %d-%d: %d done (%s), %d grids, %.2f bits/grid, %s, %.1f s\n",
		sum.First, sum.Last, sum.Done, now, sum.Grids, bits, humanBytes(sum.Bytes), sum.Seconds)
	return nil
}

// isTerminal reports whether w is a terminal (progress bars go only there).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func humanRate(x float64) string {
	switch {
	case x >= 1e6:
		return fmt.Sprintf("%.2fM", x/1e6)
	case x >= 1e3:
		return fmt.Sprintf("%.1fk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

func init() {
	register(command{name: "status", summary: "what a run directory holds: done, pending, damaged groups", run: func(ctx context.Context, args []string, s streams) error {
		fs := newFlagSet("status", "edgrid status --out DIR [--groups A-B] [--json | --short]", s)
		dir := fs.String("out", "", "the run's catalog directory")
		groups := fs.String("groups", "", "groups to report: N or A-B (default: every group the directory concerns: all runs' ranges, every group recorded or with a file)")
		asJSON := fs.Bool("json", false, "print JSON")
		short := fs.Bool("short", false, "print one line: groups, grids, bits per grid, seconds")
		if err := fs.parse(args); err != nil {
			return err
		}
		if fs.NArg() > 0 {
			return usagef("unexpected argument %q", fs.Arg(0))
		}
		if *dir == "" {
			return usagef("give --out DIR, the run's catalog directory")
		}
		a, b := 0, 0
		if *groups != "" {
			var err error
			if a, b, err = parseRange(*groups, band.NumGroups); err != nil {
				return usagef("--groups %s: %v", *groups, err)
			}
		}
		if *asJSON && *short {
			return usagef("give --json or --short, not both")
		}
		if fi, err := os.Stat(*dir); errors.Is(err, os.ErrNotExist) {
			return usagef("--out %s: no such directory", *dir)
		} else if err != nil {
			return usagef("--out %v", err)
		} else if !fi.IsDir() {
			return usagef("--out %s: not a directory", *dir)
		}
		rep, err := jobs.Status(*dir, a, b)
		if err != nil {
			return err
		}
		if *asJSON {
			enc := json.NewEncoder(s.out)
			enc.SetIndent("", "  ")
			if err := enc.Encode(rep); err != nil {
				return err
			}
		} else if *short {
			fmt.Fprintf(s.out, "%s: groups %s: %d done, %d pending%s, %d damaged; %d grids, %.2f bits/grid, %.1f s of enumeration\n",
				rep.Dir, groupsText(rep), rep.Done, rep.Pending, toAdopt(rep), len(rep.Damaged), rep.Grids, rep.BitsPerGrid, rep.Seconds)
		} else {
			printStatus(s, rep)
		}
		return statusError(rep)
	}})
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
