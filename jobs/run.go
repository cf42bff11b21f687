package jobs

import (
	"context"
	"path/filepath"
	"time"

	"edgrid/band"
	"edgrid/enumerate"
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
	AddBatch(b storage.Batch) error
	Close() error
	Abort()
}

// newWriter creates a group file's writer; tests replace it to inject
// failures such as a full disk.
var newWriter = func(path string, group int, opt storage.WriterOptions) (groupWriter, error) {
	return storage.Create(path, group, opt)
}

// catalogKind is the kind of a run's directory, a catalog, without what
// only a run needs (catalogRunKind adds it).
var catalogKind = &Kind{
	Name: "run", Manifest: ManifestName, Magic: manifestMagic, Verb: "done",
	FileName: storage.FileName,
	Related:  func(g int) []string { return []string{filepath.Join(TasksDir, taskFileName(g))} },
	Extra:    []string{storage.IndexName},
	Fields:   catalogFields,
	Check:    func(dir string, e Entry) string { return checkTasksOf(dir, recordOf(e)) },
	Inspect: func(dir, _ string, g int) (Made, string) {
		h, err := storage.CheckFile(filepath.Join(dir, storage.FileName(g)))
		if err != nil {
			return Made{}, "damaged: " + err.Error()
		}
		return Made{Count: h.Count, Fields: []string{h.Codec.String()}}, ""
	},
}

// catalogRunKind returns the catalog kind with what a run of opt needs:
// enumeration, verification of files to adopt, one codec, the index.
func catalogRunKind(opt *Options) *Kind {
	k := *catalogKind
	all := band.Groups()
	k.Make = func(ctx context.Context, g int, path string) (Made, error) {
		return runGroup(ctx, *opt, all[g-1], path)
	}
	k.Adopt = func(ctx context.Context, dir string, g int) (Entry, string, error) {
		rec, why, err := adopt(*opt, g)
		return rec.entry(), why, err
	}
	k.Prepare = func(s *Survey) (string, error) {
		var err error
		opt.Codec, err = pickCodec(opt.Dir, opt.Codec, s)
		return opt.Codec.String(), err
	}
	// The index follows the group files even when the run stops early; a
	// run that ends normally reports the index's error.
	k.Finish = func(dir string, err error) error {
		if _, ierr := storage.BuildIndex(dir); err == nil {
			err = ierr
		}
		return err
	}
	return &k
}

// Run enumerates every group of the range that is not already done in
// opt.Dir (see the package comment), with RunDir's guarantees. Group files
// of the range that the manifest does not record but that are whole (a
// cluster job's, or a stopped run's) are verified grid by grid and adopted
// instead of being enumerated again. A directory whose group files have
// another codec than opt.Codec is refused with a *CodecError; opt.Codec = 0
// takes the directory's codec, or DefaultCodec for a new one. Cancelling
// ctx stops it cleanly between or inside groups; what was finished stays
// finished.
func Run(ctx context.Context, opt Options) (*Summary, error) {
	return RunDir(ctx, catalogRunKind(&opt), DirOptions{Dir: opt.Dir, First: opt.First, Last: opt.Last, Workers: 1,
		Progress: opt.Progress, Weight: opt.Weight, Notify: opt.Notify})
}

// runGroup enumerates one group into its file at path and returns what the
// record needs; the group's task file is written first.
func runGroup(ctx context.Context, opt Options, grp band.Group, path string) (Made, error) {
	w, err := newWriter(path, grp.Number, storage.WriterOptions{Codec: opt.Codec, Compression: opt.Compression})
	if err != nil {
		return Made{}, err
	}
	var tasks []TaskStat
	eopt := enumerate.Options{Workers: opt.Workers, TaskDone: func(_ int, grids, completions int64) {
		tasks = append(tasks, TaskStat{grids, completions})
	}}
	st, err := enumerate.GroupBatches(ctx, grp.Key, eopt, func(b enumerate.Batch) error { return w.AddBatch(b) })
	if err != nil {
		w.Abort()
		return Made{}, err
	}
	// The task file goes first: a group file recorded in the manifest
	// always has its task file.
	if err := writeTasks(opt.Dir, grp.Number, tasks); err != nil {
		w.Abort()
		return Made{}, err
	}
	if err := w.Close(); err != nil {
		return Made{}, err
	}
	return Made{Count: st.Grids, Fields: []string{opt.Codec.String()}}, nil
}
