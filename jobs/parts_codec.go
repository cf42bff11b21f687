package jobs

import (
	"context"
	"edgrid/internal/ranges"
	"fmt"
	"path/filepath"
	"runtime"

	"edgrid/internal/fsutil"
)

// A PartCodec is what one sort of per-group work (a query, a scan) says of
// its parts, of type T: their files' names, how a part is written and read
// back, and what it covers. query.PartCodec and scan.PartCodec are the
// two; Parts runs, checks and merges parts with it.
type PartCodec[T any] interface {
	// Name names the work in messages: "query", "scan".
	Name() string
	// FileName is the name of a group's part file in a result directory.
	FileName(group int) string
	// Encode returns the file of part p.
	Encode(p T) ([]byte, error)
	// Decode reads a part file whole, checking it.
	Decode(data []byte) (T, error)
	// About says what p is a part of: the label of its work, its groups
	// (one, for a part a run made) and the grids it covers.
	About(p T) (label string, groups []int, grids int64)
}

// MaxPartBytes bounds the part files Parts reads: far more than the part
// of any group holds, and few enough bytes to hold in memory.
const MaxPartBytes = 1 << 30

// Parts is the machinery of per-group parts of type T: runs that make
// them resumably (Run), the check of a part file (Verify) and merges of
// result directories (Survey).
type Parts[T any] struct {
	Codec PartCodec[T]
	// Grids, if set, is the number of grids of each group (rank's
	// tables): a part must cover them all.
	Grids func(group int) int64
}

// read reads a part file as Parts reads every one: a regular file, not a
// link, of at most MaxPartBytes (fsutil.ReadRegular), so that a FIFO or a
// link to a device planted there is refused at once rather than read.
func (ps Parts[T]) read(path string) ([]byte, error) { return fsutil.ReadRegular(path, MaxPartBytes) }

// Verify checks the part file at path, which the manifest does not record
// (a stopped run's last, or a cluster task's): it returns the grids it
// covers, or why it is not a whole part of group and label.
func (ps Parts[T]) Verify(path string, group int, label string) (int64, string) {
	data, err := ps.read(path)
	if err != nil {
		return 0, err.Error()
	}
	p, err := ps.Codec.Decode(data)
	if err != nil {
		return 0, err.Error()
	}
	return ps.check(p, group, label)
}

// check says why p is not a whole part of group and label, or "" with the
// grids it covers.
func (ps Parts[T]) check(p T, group int, label string) (int64, string) {
	l, groups, grids := ps.Codec.About(p)
	switch {
	case l != label:
		return 0, fmt.Sprintf("a part of another %s (%q)", ps.Codec.Name(), l)
	case len(groups) == 1 && groups[0] != group:
		return 0, fmt.Sprintf("a part of group %d", groups[0])
	case len(groups) != 1:
		return 0, fmt.Sprintf("a part of groups %v, not of group %d", groups, group)
	}
	if ps.Grids != nil {
		if n := ps.Grids(group); grids != n {
			return 0, fmt.Sprintf("a part of %d grids; group %d has %d", grids, group, n)
		}
	}
	return grids, ""
}

// PartsRun describes a resumable run of Parts over groups.
type PartsRun[T any] struct {
	Dir    string // created if needed
	Groups []int  // ascending; each range of consecutive groups is one run of RunParts
	// Label says in one line what the parts hold: a directory holds the
	// parts of one label.
	Label string
	// Make computes a group's part; workers is its share of the run's
	// Workers (all of them over the groups made at once).
	Make func(ctx context.Context, group, workers int) (T, error)
	// Workers is the number of cores in all; 0 means GOMAXPROCS. Up to
	// that many groups are made at once.
	Workers int
	// Progress, Weight and Notify are as in PartOptions.
	Progress func(Progress)
	Weight   func(group int) int64
	Notify   func(msg string)
}

// Run makes the part of every group of opt.Groups that is not already done
// in opt.Dir, resumably: one RunParts a range of consecutive groups, each
// part encoded and written atomically, unrecorded parts verified and
// adopted. It stops at the first range that fails, returning its summary.
func (ps Parts[T]) Run(ctx context.Context, opt PartsRun[T]) (*Summary, error) {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var sum *Summary
	for _, sp := range ranges.Runs(opt.Groups) {
		par := min(workers, sp[1]-sp[0]+1)
		inner := max(workers/par, 1)
		po := PartOptions{Dir: opt.Dir, First: sp[0], Last: sp[1], Label: opt.Label, FileName: ps.Codec.FileName, Workers: par,
			Verify: ps.Verify, Progress: opt.Progress, Weight: opt.Weight, Notify: opt.Notify,
			Make: func(ctx context.Context, g int, path string) (int64, error) {
				p, err := opt.Make(ctx, g, inner)
				if err != nil {
					return 0, err
				}
				_, _, grids := ps.Codec.About(p)
				if ps.Grids != nil && grids != ps.Grids(g) {
					return 0, fmt.Errorf("group %d: %d grids done, the group has %d", g, grids, ps.Grids(g))
				}
				data, err := ps.Codec.Encode(p)
				if err != nil {
					return 0, err
				}
				if err := fsutil.WriteFile(path, data); err != nil {
					return 0, fmt.Errorf("jobs: %w", err)
				}
				return grids, nil
			}}
		var err error
		if sum, err = RunParts(ctx, po); err != nil {
			return sum, err
		}
	}
	return sum, nil
}

// path is the part file of group g in dir.
func (ps Parts[T]) path(dir string, g int) string { return filepath.Join(dir, ps.Codec.FileName(g)) }
