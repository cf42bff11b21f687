package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"edgrid/band"
	"edgrid/internal/progress"
	"edgrid/internal/ranges"
	"edgrid/jobs"
	"edgrid/rank"
	"edgrid/storage"
)

func init() { register(newRunCmd) }

// runOptions are the flags of edgrid run.
type runOptions struct {
	catalog, groups, codecName, compressName string
	workers                                  int
}

func newRunCmd(s streams) *cobra.Command {
	var o runOptions
	c := &cobra.Command{
		Use:   "run --catalog DIR [--groups A-B] [--workers K] [--codec C] [--compress fast|small]",
		Short: "enumerate groups into a catalog directory, resumably",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opt, err := o.validate(changed(cmd, "codec"))
			if err != nil {
				return err
			}
			return runRun(cmd.Context(), opt, s)
		},
	}
	f := c.Flags()
	catalogFlag(f, &o.catalog, "catalog directory (created if needed); run again with the same flags to resume")
	outIsCatalog(f, &o.catalog)
	groupsFlag(f, &o.groups, "groups to have done: N or A-B (default: all)")
	workersFlag(f, &o.workers, "goroutines searching")
	f.StringVar(&o.codecName, "codec", storage.DefaultCodec.String(), "record codec of new group files: sorted or packed (default: the directory's, sorted for a new one)")
	f.StringVar(&o.compressName, "compress", storage.CompressFast.String(), "zstd level of new group files: fast (the default: least CPU) or small (6% smaller files, ~15% more CPU in dense groups)")
	quietFlag(c.Flags(), &s)
	return c
}

// validate checks the flags and returns the run they ask for; without
// --codec (codecGiven false) the run takes the directory's.
func (o *runOptions) validate(codecGiven bool) (jobs.Options, error) {
	if o.catalog == "" {
		return jobs.Options{}, usagef("give --catalog DIR, the catalog directory")
	}
	a, b := 1, band.NumGroups
	if o.groups != "" {
		var err error
		if a, b, err = ranges.ParseRange(o.groups, band.NumGroups); err != nil {
			return jobs.Options{}, usagef("--groups %s: %v", o.groups, err)
		}
	}
	if err := checkWorkers(o.workers); err != nil {
		return jobs.Options{}, err
	}
	codec, err := storage.ParseCodec(o.codecName)
	if err != nil {
		return jobs.Options{}, usagef("--codec %s: want sorted or packed", o.codecName)
	}
	if !codecGiven {
		codec = 0 // the directory's
	}
	compress, err := storage.ParseCompression(o.compressName)
	if err != nil {
		return jobs.Options{}, usagef("--compress %s: want fast or small", o.compressName)
	}
	return jobs.Options{Dir: o.catalog, First: a, Last: b, Workers: o.workers, Codec: codec, Compression: compress}, nil
}

// runRun runs jobs.Run with a progress line and prints a one-line summary.
func runRun(ctx context.Context, opt jobs.Options, s streams) error {
	var line *progress.Line
	if s.progressOn() {
		// The line counts work, the completions each group's enumeration
		// checks (from the rank tables), so that its share done holds
		// although groups differ in cost by a factor of a thousand; the
		// text counts groups too.
		if t, err := rank.Embedded(); err == nil {
			opt.Weight = t.GroupWork
		}
		var last atomic.Pointer[jobs.Progress]
		last.Store(&jobs.Progress{})
		opt.Progress = func(p jobs.Progress) { last.Store(&p) }
		line = s.startProgress(func(elapsed time.Duration) string { return runProgressText(*last.Load(), opt, elapsed) })
	}
	opt.Notify = func(msg string) { line.Println(s.err, "edgrid run: "+msg) }
	sum, err := jobs.Run(ctx, opt)
	line.Stop()
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

// runProgressText is run's progress line: the groups done, the rate and
// the share of the work done.
func runProgressText(p jobs.Progress, opt jobs.Options, elapsed time.Duration) string {
	t := fmt.Sprintf("edgrid run: groups %d-%d: %d of %d done", opt.First, opt.Last, p.Done, p.Total)
	if secs := p.Elapsed.Seconds(); p.Grids > 0 && secs > 0 {
		t += fmt.Sprintf(", %s grids/s", humanRate(float64(p.Grids)/secs))
	}
	if p.WorkTotal > 0 {
		t += fmt.Sprintf(", %.1f%% of the work", 100*float64(p.WorkDone)/float64(p.WorkTotal))
	}
	return t + ", " + elapsed.Round(time.Second).String()
}

// isTerminal reports whether w is a terminal (progress lines go only there):
// a file the terminal driver answers for, not any character device
// (/dev/null is one too).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
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
