package jobs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"edgrid/band"
	"edgrid/internal/ranges"
)

// A Kind is one sort of result directory: per-group results (a catalog's
// group files, a query's parts, a scan's puzzles) that RunDir makes
// resumably. The machinery is the kind's for the asking: the lock, the
// manifest, atomic files, damage found and redone, unrecorded files
// verified and adopted, symbolic links refused. A kind says only how its
// files are named, how a group's result is made, and how a file it did not
// record is checked:
//
//	k := &jobs.Kind{Name: "scan parts", Manifest: "parts.edr", Magic: "edgrid parts manifest 1",
//		Labeled: true, Verb: "part", FileName: scanFile,
//		Make: func(ctx context.Context, group int, path string) (jobs.Made, error) { ... },
//		Inspect: func(dir, label string, group int) (jobs.Made, string) { ... }}
//	sum, err := jobs.RunDir(ctx, k, jobs.DirOptions{Dir: dir, First: 1, Last: 3541, Label: "scan 17 clues"})
//
// Make and, when set, Adopt, Prepare and Finish are needed by RunDir only;
// SurveyDir reads a directory with the rest.
type Kind struct {
	// Name names the kind in messages: "run" (a catalog), "parts".
	Name string
	// Manifest is the manifest's file name, and Magic its first line.
	// Kinds that can share a directory's name must differ in one or the
	// other, so that a directory of one is never taken for another's.
	Manifest, Magic string
	// Labeled kinds write a second manifest line "kind <label>" saying
	// what the results are (a query's description): a run with another
	// label is refused, so results of different questions never mix.
	Labeled bool
	// Verb is the first word of the record of a group the run made
	// ("done", "part"); a file found and verified is recorded "adopted".
	Verb string
	// FileName names a group's result file in the directory.
	FileName func(group int) string
	// Related, if set, lists more files of a group (paths relative to the
	// directory, such as a catalog's task file): their temporary files
	// are the kind's own too.
	Related func(group int) []string
	// Extra lists files of the directory that are no group's (a catalog's
	// index), whose temporary files are the kind's own.
	Extra []string
	// Fields, if set, checks the kind's own fields of a record (those
	// after the checksum, seconds left out) of a made or adopted group;
	// nil means a record has none.
	Fields func(adopted bool, f []string) error
	// Check, if set, says what is wrong with a recorded group whose file
	// has the recorded size and checksum, or "" (a catalog's task file).
	Check func(dir string, e Entry) string
	// Inspect, if set, checks a file the manifest does not record, whole
	// but quickly, and says why it may not be adopted, or "" with what it
	// holds (a part of another label may not be). nil means an unrecorded
	// file is damage, removed and made again.
	Inspect func(dir, label string, group int) (Made, string)
	// Adopt, if set, verifies a file Inspect passed thoroughly before the
	// run records it, returning its entry, or why it is to be made again.
	// nil means Inspect's word is enough.
	Adopt func(ctx context.Context, dir string, group int) (Entry, string, error)
	// Make computes a group's result into path, atomically (a temporary
	// file in the directory renamed into place, as
	// fsutil.WriteAtomic does; its name must start with "." and the
	// file's name and contain ".tmp-", so that a stopped run's is found).
	Make func(ctx context.Context, group int, path string) (Made, error)
	// Prepare, if set, sees the survey of the run's groups before the
	// run changes anything; an error refuses the run (a catalog keeps one
	// codec). It returns words the run's manifest line records.
	Prepare func(s *Survey) (string, error)
	// Finish, if set, is called when the run ends, having changed the
	// directory, with the run's error; what it returns is the run's error
	// (a catalog rewrites its index).
	Finish func(dir string, err error) error
}

// Made is what a kind says of a result file: what it counts and the kind's
// own fields of its record.
type Made struct {
	Count  int64
	Fields []string
}

// DirOptions describe a run of RunDir.
type DirOptions struct {
	Dir         string // created if needed
	First, Last int    // the groups to have done, 1..3541; 0, 0 means all
	// Label is the directory's label, for a Labeled kind: one line.
	Label string
	// Workers is the number of groups made at once; 0 means 1.
	Workers int
	// Progress, Weight and Notify are as in Options. Progress is called
	// from one goroutine at a time.
	Progress func(Progress)
	Weight   func(group int) int64
	Notify   func(msg string)
}

// RunDir makes kind k's result of every group of the range that is not
// already done in opt.Dir, opt.Workers groups at a time:
//
//   - a directory holding another kind's manifest, or k's with another
//     label, is refused before anything in it changes;
//   - it takes the directory's lock (ErrLocked when another run holds it);
//   - it removes the temporary files of k's own files that a stopped run
//     left, and no others;
//   - it checks every recorded group of the range (size and CRC-64 of the
//     file, and Kind.Check), removes and makes again the damaged ones,
//     verifies and records (adopts) unrecorded files Kind.Inspect passes,
//     and rewrites the manifest without its damaged lines;
//   - it makes each missing group's file atomically and then records it in
//     the manifest, synced: a group is done when both are on disk.
//
// Cancelling ctx stops it; what was finished stays finished, and the same
// call resumes.
func RunDir(ctx context.Context, k *Kind, opt DirOptions) (sum *Summary, err error) {
	start := time.Now()
	if opt.First == 0 && opt.Last == 0 {
		opt.First, opt.Last = 1, band.NumGroups
	}
	groups, err := span(opt.First, opt.Last)
	if err != nil {
		return nil, err
	}
	if k.Labeled && (opt.Label == "" || strings.ContainsAny(opt.Label, "\n\r")) {
		return nil, fmt.Errorf("jobs: %s label %q: want one nonempty line", k.Name, opt.Label)
	}
	// Nothing is written into a directory that is not k's, not even the
	// lock: check before taking it, and again under it.
	if _, err := os.Lstat(opt.Dir); err == nil {
		if _, err := readOwnManifest(k, opt.Dir, opt.Label); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(opt.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	lock, err := lockDir(opt.Dir)
	if err != nil {
		return nil, err
	}
	defer lock.Unlock()
	m, err := readOwnManifest(k, opt.Dir, opt.Label)
	if err != nil {
		return nil, err
	}
	sum = &Summary{First: opt.First, Last: opt.Last, Groups: len(groups)}
	s, err := survey(k, opt.Dir, m, groups, opt.Label)
	if err != nil {
		return sum, err
	}
	note := ""
	if k.Prepare != nil {
		if note, err = k.Prepare(s); err != nil {
			return sum, err
		}
	}
	notify := func(format string, a ...any) {
		if opt.Notify != nil {
			opt.Notify(fmt.Sprintf(format, a...))
		}
	}
	if sum.TempsGone, err = removeTemps(k, opt.Dir); err != nil {
		return sum, err
	}
	if sum.TempsGone > 0 {
		notify("removed %d temporary files of a stopped run", sum.TempsGone)
	}
	for _, p := range m.Damaged {
		notify("manifest %s: ignored", p)
	}
	for _, p := range s.Damaged {
		notify("redoing group %d: %s", p.Group, p.Reason)
		if err := os.Remove(filepath.Join(opt.Dir, k.FileName(p.Group))); err != nil && !errors.Is(err, os.ErrNotExist) {
			return sum, fmt.Errorf("jobs: removing damaged group %d: %w", p.Group, err)
		}
	}
	sum.Redone = s.Damaged
	for _, p := range s.Unreadable {
		notify("group %d: %s", p.Group, p.Reason)
		s.left[p.Group] = true
	}
	mw, err := openDirManifest(k, opt.Dir, m, opt.Label)
	if err != nil {
		return sum, err
	}
	defer mw.close()
	if k.Finish != nil {
		defer func() { err = k.Finish(opt.Dir, err) }()
	}
	runLine := fmt.Sprintf("run %d-%d", opt.First, opt.Last)
	if note != "" {
		runLine += " " + note
	}
	if err := mw.append(runLine + " " + time.Now().UTC().Format(time.RFC3339)); err != nil {
		return sum, err
	}
	for _, e := range s.Done {
		sum.Done++
		sum.Grids += e.Count
		sum.Bytes += e.Size
	}
	if err := adoptAll(ctx, k, opt, s, mw, sum, notify); err != nil {
		return sum, err
	}
	err = makeAll(ctx, k, opt, s, mw, sum, start)
	if n := len(s.Unreadable); err == nil && n > 0 {
		err = fmt.Errorf("jobs: %s: %d group file(s) cannot be read and were left as they are (group %d first): fix or remove them, then run again",
			opt.Dir, n, s.Unreadable[0].Group)
	}
	sum.Seconds = time.Since(start).Seconds()
	return sum, err
}

// readOwnManifest reads dir's manifest of kind k and refuses a directory
// that holds another kind's manifest, or k's with another label than
// label (unless label is "").
func readOwnManifest(k *Kind, dir, label string) (*dirManifest, error) {
	for _, name := range manifestNames {
		if name == k.Manifest {
			continue
		}
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			return nil, fmt.Errorf("jobs: %s holds %s, not a %s directory's %s: use another directory", dir, name, k.Name, k.Manifest)
		}
	}
	m, err := readDirManifest(k, dir)
	if err != nil {
		return nil, err
	}
	if m.exists && k.Labeled && label != "" && m.Label != label {
		return nil, fmt.Errorf("jobs: %s holds %s of another kind:\n  %s\nnot:\n  %s\n(use another directory)", dir, k.Name, m.Label, label)
	}
	return m, nil
}

// manifestNames are the manifests of every kind of directory, none of which
// may be in a directory of another kind.
var manifestNames = []string{ManifestName, PartsManifestName}

// adoptAll verifies and records the unrecorded files the survey found
// whole; one that fails is removed, to be made again.
func adoptAll(ctx context.Context, k *Kind, opt DirOptions, s *Survey, mw *manifestWriter, sum *Summary, notify func(string, ...any)) error {
	if n := len(s.Adoptable); n == 1 {
		notify("verifying group %d's file, which the manifest does not record, to adopt it", s.Adoptable[0])
	} else if n > 1 {
		notify("verifying %d group files the manifest does not record (groups %s), to adopt them", n, ranges.Format(s.Adoptable))
	}
	for _, g := range s.Adoptable {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("stopped while checking unrecorded files (%d of %d groups done; run the same command again to resume): %w",
				sum.Done, sum.Groups, err)
		}
		e, why := Entry{Group: g, Adopted: true}, ""
		var err error
		if k.Adopt != nil {
			if e, why, err = k.Adopt(ctx, opt.Dir, g); err != nil {
				return err
			}
		} else {
			e.Count, e.Fields = s.adopt[g].Count, s.adopt[g].Fields
			if e.Size, e.Sum, err = fileSum(filepath.Join(opt.Dir, k.FileName(g))); err != nil {
				why = "unreadable: " + err.Error()
			}
		}
		if why != "" {
			notify("redoing group %d: file not in the manifest, and %s", g, why)
			sum.Redone = append(sum.Redone, Problem{g, why})
			if err := os.Remove(filepath.Join(opt.Dir, k.FileName(g))); err != nil && !errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("jobs: removing damaged group %d: %w", g, err)
			}
			continue
		}
		e.Group, e.Adopted = g, true
		if err := mw.append(e.line(k)); err != nil {
			return err
		}
		s.done[g] = true
		sum.Done++
		sum.Adopted++
		sum.Grids += e.Count
		sum.Bytes += e.Size
	}
	return nil
}

// makeAll makes every group of the range not done, opt.Workers at a time,
// recording each as it is finished.
func makeAll(ctx context.Context, k *Kind, opt DirOptions, s *Survey, mw *manifestWriter, sum *Summary, start time.Time) error {
	weight := opt.Weight
	if weight == nil {
		weight = func(int) int64 { return 1 }
	}
	var workDone, workTotal int64
	var pending []int
	for g := opt.First; g <= opt.Last; g++ {
		workTotal += weight(g)
		if s.done[g] {
			workDone += weight(g)
		} else if !s.left[g] {
			pending = append(pending, g)
		}
	}
	var mu sync.Mutex // guards the manifest, sum and the progress
	var written int64
	report := func(group int) {
		if group != 0 {
			workDone += weight(group)
		}
		if opt.Progress != nil {
			opt.Progress(Progress{Done: sum.Done, Total: sum.Groups, Grids: written, Group: group, Elapsed: time.Since(start),
				WorkDone: workDone, WorkTotal: workTotal})
		}
	}
	report(0)
	eg, ectx := errgroup.WithContext(ctx)
	next := make(chan int)
	eg.Go(func() error {
		defer close(next)
		for _, g := range pending {
			select {
			case next <- g:
			case <-ectx.Done():
				return nil
			}
		}
		return nil
	})
	for range max(opt.Workers, 1) {
		eg.Go(func() error {
			for g := range next {
				t0 := time.Now()
				path := filepath.Join(opt.Dir, k.FileName(g))
				made, err := k.Make(ectx, g, path)
				if err != nil {
					if ectx.Err() != nil && ctx.Err() != nil {
						return fmt.Errorf("stopped during group %d: %w", g, err)
					}
					return fmt.Errorf("group %d: %w", g, err)
				}
				size, crc, err := fileSum(path)
				if err != nil {
					return fmt.Errorf("jobs: reading back %s: %w", path, err)
				}
				e := Entry{Group: g, Count: made.Count, Size: size, Sum: crc, Seconds: time.Since(t0).Seconds(), Fields: made.Fields}
				mu.Lock()
				err = mw.append(e.line(k))
				if err == nil {
					sum.Done++
					sum.Written++
					sum.Grids += e.Count
					sum.Bytes += size
					written += e.Count
					report(g)
				}
				mu.Unlock()
				if err != nil {
					return err
				}
			}
			return nil
		})
	}
	err := eg.Wait()
	// A signal that came between groups, or during one that finished all
	// the same, leaves err nil with groups still to do: stopped too.
	if ctx.Err() != nil && (err != nil || sum.Done < sum.Groups) {
		return fmt.Errorf("stopped (%d of %d groups done; run the same command again to resume): %w", sum.Done, sum.Groups, ctx.Err())
	}
	return err
}
