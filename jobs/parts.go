package jobs

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"edgrid/band"
)

// A parts directory holds the results of some work done group by group, one
// part file per group (a query's statistics over the group, for example),
// with the same guarantees as a run's catalog directory: a lock, a manifest
// of the parts finished (size and CRC-64 of each), files written atomically,
// damage found and redone, stray temporary files removed. Its manifest is
// PartsManifestName, so that a run's directory and a parts directory are
// never taken for each other:
//
//	edgrid parts manifest 1 <crc>
//	kind <what the parts hold: one line> <crc>
//	run A-B <time> <crc>
//	part <group> <count> <bytes> <crc64> <seconds> <crc>
//
// Every line ends with the CRC-32C of the text before it, as a run's
// manifest's lines do.

// PartsManifestName is the manifest of a parts directory.
const PartsManifestName = "parts.edr"

const partsMagic = "edgrid parts manifest 1"

// PartOptions describe a resumable run that makes one part file per group.
type PartOptions struct {
	Dir         string // created if needed
	First, Last int    // the groups to have done, 1..3541; 0, 0 means all
	// Kind says in one line what the parts hold. A directory holds the
	// parts of one kind: a run of another kind is refused.
	Kind string
	// FileName is the name, in Dir, of a group's part file.
	FileName func(group int) string
	// Make computes a group's part and writes it to path atomically (a
	// temporary file in Dir renamed into place, as storage.WriteFileAtomic
	// does). It returns the grids the part covers.
	Make func(ctx context.Context, group int, path string) (int64, error)
	// Workers is the number of groups made at once; 0 means 1.
	Workers int
	// Progress, Weight and Notify are as in Options. Progress is called
	// from one goroutine at a time.
	Progress func(Progress)
	Weight   func(group int) int64
	Notify   func(msg string)
}

// PartRecord is the manifest's line for a finished part.
type PartRecord struct {
	Group   int
	Count   int64   // grids the part covers
	Size    int64   // bytes of the file
	Sum     uint64  // CRC-64 (ECMA) of the whole file
	Seconds float64 // time to make it
}

func (r *PartRecord) line() string {
	return fmt.Sprintf("part %d %d %d %016x %.3f", r.Group, r.Count, r.Size, r.Sum, r.Seconds)
}

// PartsManifest is what a parts directory's manifest says.
type PartsManifest struct {
	Kind    string
	Records map[int]PartRecord
	// Runs are the group ranges of the runs recorded, in order.
	Runs [][2]int
	// Damaged lists unreadable lines (line number and reason), ignored.
	Damaged []string
	good    int64
}

// ReadPartsManifest reads the manifest of the parts directory dir; a
// missing manifest is an empty one (Kind "").
func ReadPartsManifest(dir string) (*PartsManifest, error) {
	m := &PartsManifest{Records: map[int]PartRecord{}}
	path := filepath.Join(dir, PartsManifestName)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		if _, err := os.Stat(filepath.Join(dir, ManifestName)); err == nil {
			return nil, fmt.Errorf("jobs: %s holds a run's catalog (%s), not parts", dir, ManifestName)
		}
		return m, nil
	}
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	r := bufio.NewReader(bytes.NewReader(data))
	for n := 1; ; n++ {
		line, err := r.ReadString('\n')
		if err == io.EOF {
			break // a line cut short by a crash never counted
		}
		m.good += int64(len(line))
		text, err := unseal(strings.TrimSuffix(line, "\n"))
		if err != nil && n <= 2 {
			return nil, fmt.Errorf("jobs: %s: line %d damaged (%v): move the directory away to start over", path, n, err)
		}
		if err != nil {
			m.Damaged = append(m.Damaged, fmt.Sprintf("line %d: %v", n, err))
			continue
		}
		switch {
		case n == 1:
			if text != partsMagic {
				return nil, fmt.Errorf("jobs: %s: line 1 is %q, not %q", path, text, partsMagic)
			}
		case n == 2:
			kind, ok := strings.CutPrefix(text, "kind ")
			if !ok {
				return nil, fmt.Errorf("jobs: %s: line 2 %q is not the kind line", path, text)
			}
			m.Kind = kind
		case strings.HasPrefix(text, "run "):
			var a, b int
			if _, err := fmt.Sscanf(text, "run %d-%d", &a, &b); err != nil || a < 1 || a > b || b > band.NumGroups {
				m.Damaged = append(m.Damaged, fmt.Sprintf("line %d: bad run line %q", n, text))
				continue
			}
			m.Runs = append(m.Runs, [2]int{a, b})
		default:
			rec, err := parsePartRecord(text)
			if err != nil {
				m.Damaged = append(m.Damaged, fmt.Sprintf("line %d: %v", n, err))
				continue
			}
			m.Records[rec.Group] = rec
		}
	}
	return m, nil
}

func parsePartRecord(text string) (PartRecord, error) {
	f := strings.Fields(text)
	if len(f) != 6 || f[0] != "part" {
		return PartRecord{}, errors.New("want: part group count bytes crc64 seconds")
	}
	var r PartRecord
	var err error
	if r.Group, err = strconv.Atoi(f[1]); err != nil || r.Group < 1 || r.Group > band.NumGroups {
		return r, fmt.Errorf("group %q: want 1..%d", f[1], band.NumGroups)
	}
	if r.Count, err = strconv.ParseInt(f[2], 10, 64); err != nil || r.Count < 0 {
		return r, fmt.Errorf("count %q", f[2])
	}
	if r.Size, err = strconv.ParseInt(f[3], 10, 64); err != nil || r.Size <= 0 {
		return r, fmt.Errorf("size %q", f[3])
	}
	if r.Sum, err = strconv.ParseUint(f[4], 16, 64); err != nil || len(f[4]) != 16 {
		return r, fmt.Errorf("checksum %q: want 16 hex digits", f[4])
	}
	if r.Seconds, err = strconv.ParseFloat(f[5], 64); err != nil || r.Seconds < 0 {
		return r, fmt.Errorf("seconds %q", f[5])
	}
	return r, nil
}

// checkPart compares a part file with its record and says what is wrong,
// or "" when it is exactly what was recorded.
func checkPart(path string, r PartRecord) string {
	return checkFile(path, r.Size, r.Sum)
}

// PartsReport is the state of a parts directory.
type PartsReport struct {
	Dir  string
	Kind string
	// Done are the groups whose part matches its record, ascending.
	Done []int
	// Missing are the groups of the recorded runs' ranges that are not
	// done (damaged ones included), ascending.
	Missing []int
	// Damaged lists recorded parts that differ from their record, and
	// part files the manifest does not record.
	Damaged []Problem
	// ManifestProblems lists unreadable manifest lines (ignored).
	ManifestProblems []string
	Records          map[int]PartRecord
}

// PartsStatus checks every recorded part of dir (reading each whole) and
// the groups of the recorded runs. fileName names the part files.
func PartsStatus(dir string, fileName func(int) string) (*PartsReport, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("jobs: %s is not a directory", dir)
	}
	m, err := ReadPartsManifest(dir)
	if err != nil {
		return nil, err
	}
	if m.Kind == "" {
		return nil, fmt.Errorf("jobs: %s has no %s: not a parts directory", dir, PartsManifestName)
	}
	rep := &PartsReport{Dir: dir, Kind: m.Kind, ManifestProblems: m.Damaged, Records: map[int]PartRecord{}}
	want := map[int]bool{}
	for _, r := range m.Runs {
		for g := r[0]; g <= r[1]; g++ {
			want[g] = true
		}
	}
	for g, rec := range m.Records {
		want[g] = true
		if why := checkPart(filepath.Join(dir, fileName(g)), rec); why != "" {
			rep.Damaged = append(rep.Damaged, Problem{g, why})
			continue
		}
		rep.Done = append(rep.Done, g)
		rep.Records[g] = rec
	}
	for g := 1; g <= band.NumGroups; g++ {
		if _, rec := m.Records[g]; !rec {
			if _, err := os.Stat(filepath.Join(dir, fileName(g))); err == nil {
				rep.Damaged = append(rep.Damaged, Problem{g, "file present but not in the manifest (the run stopped before recording it)"})
			}
		}
		if want[g] && rep.Records[g].Group == 0 {
			rep.Missing = append(rep.Missing, g)
		}
	}
	sort.Ints(rep.Done)
	sort.Slice(rep.Damaged, func(i, j int) bool { return rep.Damaged[i].Group < rep.Damaged[j].Group })
	return rep, nil
}

// openPartsManifest opens dir's parts manifest for appending, creating it
// with its first two lines, and cuts off a torn last line.
func openPartsManifest(dir string, m *PartsManifest, kind string) (*manifestWriter, error) {
	path := filepath.Join(dir, PartsManifestName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	w := &manifestWriter{f: f, path: path}
	fi, err := f.Stat()
	if err == nil && fi.Size() != m.good {
		err = f.Truncate(m.good)
	}
	if err == nil {
		_, err = f.Seek(m.good, io.SeekStart)
	}
	if err == nil && m.good == 0 {
		if err = w.append(partsMagic); err == nil {
			err = w.append("kind " + kind)
		}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("jobs: %s: %w", path, err)
	}
	return w, nil
}

// RunParts makes the part of every group of the range that is not already
// done in opt.Dir, opt.Workers groups at a time, resumably (see the parts
// directory above). Cancelling ctx stops it; what was finished stays
// finished, and the same call resumes.
func RunParts(ctx context.Context, opt PartOptions) (*Summary, error) {
	start := time.Now()
	if opt.First == 0 && opt.Last == 0 {
		opt.First, opt.Last = 1, band.NumGroups
	}
	if opt.First < 1 || opt.Last > band.NumGroups || opt.First > opt.Last {
		return nil, fmt.Errorf("jobs: groups %d-%d: want a range within 1-%d", opt.First, opt.Last, band.NumGroups)
	}
	if opt.Kind == "" || strings.ContainsAny(opt.Kind, "\n\r") {
		return nil, fmt.Errorf("jobs: parts kind %q: want one nonempty line", opt.Kind)
	}
	if err := os.MkdirAll(opt.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	lock, err := lockDir(opt.Dir)
	if err != nil {
		return nil, err
	}
	defer lock.unlock()
	sum := &Summary{First: opt.First, Last: opt.Last, Groups: opt.Last - opt.First + 1}
	if sum.TempsGone, err = removeTemps(opt.Dir); err != nil {
		return sum, err
	}
	m, err := ReadPartsManifest(opt.Dir)
	if err != nil {
		return sum, err
	}
	if m.Kind != "" && m.Kind != opt.Kind {
		return sum, fmt.Errorf("jobs: %s holds parts of another kind:\n  %s\nnot:\n  %s\n(use another directory)", opt.Dir, m.Kind, opt.Kind)
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
	done := map[int]bool{}
	for g := opt.First; g <= opt.Last; g++ {
		path := filepath.Join(opt.Dir, opt.FileName(g))
		rec, ok := m.Records[g]
		why := ""
		if ok {
			why = checkPart(path, rec)
		} else if _, err := os.Stat(path); err == nil {
			why = "file present but not in the manifest (the run stopped before recording it)"
		}
		switch {
		case ok && why == "":
			done[g] = true
			sum.Done++
			sum.Grids += rec.Count
			sum.Bytes += rec.Size
		case why != "":
			notify("redoing group %d: %s", g, why)
			sum.Redone = append(sum.Redone, Problem{g, why})
			if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
				return sum, fmt.Errorf("jobs: removing damaged part of group %d: %w", g, err)
			}
		}
	}
	mw, err := openPartsManifest(opt.Dir, m, opt.Kind)
	if err != nil {
		return sum, err
	}
	defer mw.close()
	if err := mw.append(fmt.Sprintf("run %d-%d %s", opt.First, opt.Last, time.Now().UTC().Format(time.RFC3339))); err != nil {
		return sum, err
	}
	weight := opt.Weight
	if weight == nil {
		weight = func(int) int64 { return 1 }
	}
	var workDone, workTotal int64
	var pending []int
	for g := opt.First; g <= opt.Last; g++ {
		workTotal += weight(g)
		if done[g] {
			workDone += weight(g)
		} else {
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
	workers := max(opt.Workers, 1)
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
	for range workers {
		eg.Go(func() error {
			for g := range next {
				t0 := time.Now()
				path := filepath.Join(opt.Dir, opt.FileName(g))
				n, err := opt.Make(ectx, g, path)
				if err != nil {
					return fmt.Errorf("group %d: %w", g, err)
				}
				size, crc, err := fileSum(path)
				if err != nil {
					return fmt.Errorf("jobs: reading back %s: %w", path, err)
				}
				rec := PartRecord{Group: g, Count: n, Size: size, Sum: crc, Seconds: time.Since(t0).Seconds()}
				mu.Lock()
				err = mw.append(rec.line())
				if err == nil {
					sum.Done++
					sum.Written++
					sum.Grids += n
					sum.Bytes += size
					written += n
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
	err = eg.Wait()
	sum.Seconds = time.Since(start).Seconds()
	if err != nil {
		if ctx.Err() != nil {
			return sum, fmt.Errorf("stopped (%d of %d groups done; run the same command again to resume): %w", sum.Done, sum.Groups, ctx.Err())
		}
		return sum, err
	}
	return sum, nil
}
