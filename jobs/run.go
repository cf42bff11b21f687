package jobs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"edgrid/band"
	"edgrid/enumerate"
	"edgrid/internal/ranges"
	"edgrid/storage"
)

// Options describe a run.
type Options struct {
	Dir         string              // the catalog directory, created if needed
	First, Last int                 // the groups to have done, 1..3541; 0, 0 means all
	Workers     int                 // goroutines per group; 0 means one per core
	Codec       storage.Codec       // of new files; 0 means the directory's, or storage.DefaultCodec
	Compression storage.Compression // how hard zstd works on new files
	// Progress, if set, is called before the first group and after each.
	Progress func(Progress)
	// Weight, if set, gives each group's expected work, which Progress
	// adds up for estimates; nil counts every group as 1.
	Weight func(group int) int64
	// Notify, if set, is told at the start what the run found and will
	// repair: each damaged or unrecorded group, stray temporary files.
	Notify func(msg string)
}

// Progress is the state of a run as it goes.
type Progress struct {
	Done    int   // groups of the range finished, including earlier runs'
	Total   int   // groups in the range
	Grids   int64 // grids written by this run
	Group   int   // the group just finished (0 at the start)
	Elapsed time.Duration
	// WorkDone and WorkTotal add up Options.Weight over the finished
	// groups of the range and over all of it.
	WorkDone, WorkTotal int64
}

// Summary describes a finished (or stopped) run.
type Summary struct {
	First, Last int
	Groups      int // in the range
	Done        int // finished now, by this run or before
	Written     int // groups this run enumerated
	Adopted     int // unrecorded whole files this run verified and recorded
	Redone      []Problem
	TempsGone   int   // stray temporary files removed
	Grids       int64 // in the whole range's files
	Bytes       int64
	Seconds     float64 // wall time of this run
}

// groupWriter is what a run needs of a storage.Writer.
type groupWriter interface {
	AddBatch(b enumerate.Batch) error
	Close() error
	Abort()
}

// newWriter creates a group file's writer; tests replace it to inject
// failures such as a full disk.
var newWriter = func(path string, group int, opt storage.WriterOptions) (groupWriter, error) {
	return storage.Create(path, group, opt)
}

// Run enumerates every group of the range that is not already done in
// opt.Dir (see the package comment). Group files of the range that the
// manifest does not record but that are whole (a cluster job's, or a
// stopped run's) are verified grid by grid and adopted instead of being
// enumerated again. A directory whose group files have another codec than
// opt.Codec is refused with a *CodecError; opt.Codec = 0 takes the
// directory's codec, or DefaultCodec for a new one. Cancelling ctx stops
// it cleanly between or inside groups; what was finished stays finished.
func Run(ctx context.Context, opt Options) (sum *Summary, err error) {
	start := time.Now()
	if opt.First == 0 && opt.Last == 0 {
		opt.First, opt.Last = 1, band.NumGroups
	}
	groups, err := span(opt.First, opt.Last)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(opt.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	lock, err := lockDir(opt.Dir)
	if err != nil {
		return nil, err
	}
	defer lock.unlock()

	sum = &Summary{First: opt.First, Last: opt.Last, Groups: opt.Last - opt.First + 1}
	if sum.TempsGone, err = removeTemps(opt.Dir); err != nil {
		return sum, err
	}
	m, err := ReadManifest(opt.Dir)
	if err != nil {
		return sum, err
	}
	present, err := groupFiles(opt.Dir)
	if err != nil {
		return sum, err
	}
	rep, err := survey(opt.Dir, m, groups, present)
	if err != nil {
		return sum, err
	}
	if opt.Codec, err = pickCodec(opt.Dir, opt.Codec, m, rep); err != nil {
		return sum, err
	}
	notify := func(format string, a ...any) {
		if opt.Notify != nil {
			opt.Notify(fmt.Sprintf(format, a...))
		}
	}
	if sum.TempsGone > 0 {
		notify("removed %d temporary files of a stopped run", sum.TempsGone)
	}
	for _, p := range m.Damaged {
		notify("manifest %s: ignored", p)
	}
	for _, p := range rep.Damaged {
		notify("redoing group %d: %s", p.Group, p.Reason)
		if err := os.Remove(filepath.Join(opt.Dir, storage.FileName(p.Group))); err != nil && !errors.Is(err, os.ErrNotExist) {
			return sum, fmt.Errorf("jobs: removing damaged group %d: %w", p.Group, err)
		}
	}
	sum.Redone = rep.Damaged
	mw, err := openManifest(opt.Dir, m)
	if err != nil {
		return sum, err
	}
	defer mw.close()
	// From here on the group files change: the catalog index follows them
	// even when the run stops early (a run that ends normally writes it
	// below and reports its error).
	defer func() {
		if err != nil {
			storage.BuildIndex(opt.Dir)
		}
	}()
	if err := mw.appendRun(opt.First, opt.Last, opt.Codec); err != nil {
		return sum, err
	}

	sum.Done = rep.Done
	sum.Grids, sum.Bytes = rep.Grids, rep.Bytes
	if n := len(rep.Adoptable); n == 1 {
		notify("verifying group %d's file, which the manifest does not record, to adopt it", rep.Adoptable[0])
	} else if n > 1 {
		notify("verifying %d group files the manifest does not record (groups %s), to adopt them", n, ranges.Format(rep.Adoptable))
	}
	for _, g := range rep.Adoptable {
		if err := ctx.Err(); err != nil {
			return sum, fmt.Errorf("stopped while checking unrecorded files (%d of %d groups done; run the same command again to resume): %w",
				sum.Done, sum.Groups, err)
		}
		rec, why, err := adopt(opt, g)
		if err != nil {
			return sum, err
		}
		if why != "" {
			notify("redoing group %d: file not in the manifest, and %s", g, why)
			sum.Redone = append(sum.Redone, Problem{g, why})
			continue
		}
		if err := mw.append(rec.line()); err != nil {
			return sum, err
		}
		rep.done[g] = true
		sum.Done++
		sum.Adopted++
		sum.Grids += rec.Count
		sum.Bytes += rec.Size
	}
	weight := opt.Weight
	if weight == nil {
		weight = func(int) int64 { return 1 }
	}
	var workDone, workTotal int64
	for g := opt.First; g <= opt.Last; g++ {
		workTotal += weight(g)
		if rep.done[g] {
			workDone += weight(g)
		}
	}
	report := func(group int, grids int64) {
		if group != 0 {
			workDone += weight(group)
		}
		if opt.Progress != nil {
			opt.Progress(Progress{Done: sum.Done, Total: sum.Groups, Grids: grids, Group: group, Elapsed: time.Since(start),
				WorkDone: workDone, WorkTotal: workTotal})
		}
	}
	var written int64
	report(0, 0)
	all := band.Groups()
	for g := opt.First; g <= opt.Last; g++ {
		if rep.done[g] {
			continue
		}
		rec, err := runGroup(ctx, opt, all[g-1])
		if err != nil {
			sum.Seconds = time.Since(start).Seconds()
			if ctx.Err() != nil {
				return sum, fmt.Errorf("stopped during group %d (%d of %d groups done; run the same command again to resume): %w",
					g, sum.Done, sum.Groups, ctx.Err())
			}
			return sum, fmt.Errorf("group %d: %w", g, err)
		}
		if err := mw.append(rec.line()); err != nil {
			sum.Seconds = time.Since(start).Seconds()
			return sum, err
		}
		sum.Done++
		sum.Written++
		sum.Grids += rec.Count
		sum.Bytes += rec.Size
		written += rec.Count
		report(g, written)
	}
	if _, err := storage.BuildIndex(opt.Dir); err != nil {
		return sum, err
	}
	sum.Seconds = time.Since(start).Seconds()
	return sum, nil
}

// runGroup enumerates one group into its file and returns the record of
// the file as it is on disk.
func runGroup(ctx context.Context, opt Options, grp band.Group) (Record, error) {
	t0 := time.Now()
	path := filepath.Join(opt.Dir, storage.FileName(grp.Number))
	w, err := newWriter(path, grp.Number, storage.WriterOptions{Codec: opt.Codec, Compression: opt.Compression})
	if err != nil {
		return Record{}, err
	}
	var tasks []TaskStat
	eopt := enumerate.Options{Workers: opt.Workers, TaskDone: func(_ int, grids, completions int64) {
		tasks = append(tasks, TaskStat{grids, completions})
	}}
	st, err := enumerate.GroupBatches(ctx, grp.Key, eopt, w.AddBatch)
	if err != nil {
		w.Abort()
		return Record{}, err
	}
	// The task file goes first: a group file recorded in the manifest
	// always has its task file.
	if err := writeTasks(opt.Dir, grp.Number, tasks); err != nil {
		w.Abort()
		return Record{}, err
	}
	if err := w.Close(); err != nil {
		return Record{}, err
	}
	size, sum, err := fileSum(path)
	if err != nil {
		return Record{}, fmt.Errorf("jobs: reading back %s: %w", path, err)
	}
	return Record{Group: grp.Number, Count: st.Grids, Size: size, Sum: sum, Codec: opt.Codec,
		Seconds: time.Since(t0).Seconds()}, nil
}
