package jobs

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"

	"edgrid/band"
)

// A parts directory holds the results of some work done group by group, one
// part file per group (a query's statistics over the group, for example),
// with RunDir's guarantees. Its manifest is PartsManifestName, so that a
// run's directory and a parts directory are never taken for each other:
//
//	edgrid parts manifest 1 <crc>
//	kind <label: what the parts hold, one line> <crc>
//	run A-B <time> <crc>
//	part <group> <count> <bytes> <crc64> <seconds> <crc>
//	adopted <group> <count> <bytes> <crc64> <crc>
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
	// Label says in one line what the parts hold. A directory holds the
	// parts of one label: a run of another label is refused.
	Label string
	// FileName is the name, in Dir, of a group's part file.
	FileName func(group int) string
	// Make computes a group's part and writes it to path atomically (a
	// temporary file in Dir renamed into place, as fsutil.WriteAtomic
	// does). It returns the grids the part covers.
	Make func(ctx context.Context, group int, path string) (int64, error)
	// Verify, if set, checks a part file the manifest does not record (a
	// stopped run's, or one copied in): it returns the grids it covers, or
	// why it is not a whole part of group and Label. A part it passes is
	// adopted; without it, such a file is made again.
	Verify func(path string, group int, label string) (int64, string)
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
	Seconds float64 // time to make it; 0 for an adopted part
	Adopted bool    // found and verified rather than made
}

// PartsManifest is what a parts directory's manifest says.
type PartsManifest struct {
	Label   string
	Records map[int]PartRecord
	// Runs are the group ranges of the runs recorded, in order.
	Runs [][2]int
	// Damaged lists unreadable lines (line number and reason), ignored.
	Damaged []string
}

// partsKind returns the kind of a parts directory whose part files
// fileName names; verify, if not nil, checks unrecorded ones.
func partsKind(fileName func(int) string, verify func(path string, group int, label string) (int64, string)) *Kind {
	k := &Kind{Name: "parts", Manifest: PartsManifestName, Magic: partsMagic, Labeled: true, Verb: "part", FileName: fileName}
	if verify != nil {
		k.Inspect = func(dir, label string, g int) (Made, string) {
			n, why := verify(filepath.Join(dir, fileName(g)), g, label)
			return Made{Count: n}, why
		}
	}
	return k
}

// ReadPartsManifest reads the manifest of the parts directory dir; a
// missing manifest is an empty one (Label ""). A directory holding a run's
// manifest, or a manifest that is a symbolic link, is refused.
func ReadPartsManifest(dir string) (*PartsManifest, error) {
	k := partsKind(nil, nil)
	dm, err := readOwnManifest(k, dir, "")
	if err != nil {
		return nil, err
	}
	m := &PartsManifest{Label: dm.Label, Records: make(map[int]PartRecord, len(dm.Entries)), Runs: dm.Runs, Damaged: dm.Damaged}
	for g, e := range dm.Entries {
		m.Records[g] = PartRecord{Group: g, Count: e.Count, Size: e.Size, Sum: e.Sum, Seconds: e.Seconds, Adopted: e.Adopted}
	}
	return m, nil
}

// PartsReport is the state of a parts directory.
type PartsReport struct {
	Dir   string
	Label string
	// Done are the groups whose part matches its record, ascending.
	Done []int
	// Missing are the groups of the recorded runs' ranges and of the
	// records that are not done (damaged and adoptable ones included),
	// ascending.
	Missing []int
	// Damaged lists recorded parts that differ from their record, and
	// part files the manifest does not record that fail verification (or
	// all of them, without one), ascending.
	Damaged []Problem
	// Adoptable lists part files the manifest does not record that pass
	// verification: the next run records them.
	Adoptable []int
	// ManifestProblems lists unreadable manifest lines (ignored until the
	// next run rewrites the manifest without them).
	ManifestProblems []string
	Records          map[int]PartRecord // of the done groups
}

// PartsStatus checks every part of dir (reading each recorded one whole)
// and the groups of the recorded runs. fileName names the part files;
// unrecorded ones are damage.
func PartsStatus(dir string, fileName func(int) string) (*PartsReport, error) {
	return PartsStatusVerify(dir, fileName, nil)
}

// PartsStatusVerify is PartsStatus, with unrecorded part files checked by
// verify as PartOptions.Verify does.
func PartsStatusVerify(dir string, fileName func(int) string, verify func(path string, group int, label string) (int64, string)) (*PartsReport, error) {
	s, err := SurveyDir(partsKind(fileName, verify), dir, nil)
	if err != nil {
		return nil, err
	}
	if s.Label == "" {
		return nil, fmt.Errorf("jobs: %s has no %s: not a parts directory", dir, PartsManifestName)
	}
	rep := &PartsReport{Dir: dir, Label: s.Label, Damaged: s.problems(), Adoptable: s.Adoptable, ManifestProblems: s.ManifestProblems,
		Records: map[int]PartRecord{}}
	want := map[int]bool{}
	for _, r := range s.Runs {
		for g := r[0]; g <= r[1]; g++ {
			want[g] = true
		}
	}
	for _, g := range s.Groups {
		e, ok := s.Done[g]
		_, recorded := s.Recorded[g]
		if !ok && (want[g] || recorded) {
			rep.Missing = append(rep.Missing, g)
		}
		if !ok {
			continue
		}
		rep.Done = append(rep.Done, g)
		rep.Records[g] = PartRecord{Group: g, Count: e.Count, Size: e.Size, Sum: e.Sum, Seconds: e.Seconds, Adopted: e.Adopted}
	}
	sort.Ints(rep.Done)
	return rep, nil
}

// RunParts makes the part of every group of the range that is not already
// done in opt.Dir, opt.Workers groups at a time, resumably (RunDir with the
// parts kind). Cancelling ctx stops it; what was finished stays finished,
// and the same call resumes.
func RunParts(ctx context.Context, opt PartOptions) (*Summary, error) {
	if opt.First == 0 && opt.Last == 0 {
		opt.First, opt.Last = 1, band.NumGroups
	}
	if opt.FileName == nil || opt.Make == nil {
		return nil, fmt.Errorf("jobs: parts of %q: FileName and Make are needed", opt.Label)
	}
	k := partsKind(opt.FileName, opt.Verify)
	k.Make = func(ctx context.Context, g int, path string) (Made, error) {
		n, err := opt.Make(ctx, g, path)
		return Made{Count: n}, err
	}
	return RunDir(ctx, k, DirOptions{Dir: opt.Dir, First: opt.First, Last: opt.Last, Label: opt.Label, Workers: opt.Workers,
		Progress: opt.Progress, Weight: opt.Weight, Notify: opt.Notify})
}
