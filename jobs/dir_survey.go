package jobs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"edgrid/band"
	"edgrid/internal/fsutil"
)

// Survey is the state of a result directory over some groups: what its
// manifest records and what its files are.
type Survey struct {
	Dir   string
	Label string // the manifest's label, for a labeled kind
	// Groups are the groups surveyed, ascending.
	Groups []int
	// Done holds the entries of the groups surveyed whose file matches
	// its record (and Kind.Check), by group.
	Done map[int]Entry
	// Damaged lists groups surveyed whose recorded file is missing or
	// differs from its record, and unrecorded files that fail
	// Kind.Inspect, ascending; never nil.
	Damaged []Problem
	// Adoptable lists groups surveyed whose file the manifest does not
	// record but Kind.Inspect passes, ascending; never nil.
	Adoptable []int
	// Unreadable lists groups surveyed whose file is there but could not
	// be read (UnreadableError): not shown to be damaged, so neither
	// removed nor redone; ascending, never nil.
	Unreadable []Problem
	// Runs are the group ranges of the runs the manifest records.
	Runs [][2]int
	// ManifestProblems lists the manifest's unreadable lines (ignored).
	ManifestProblems []string
	// Recorded holds every entry of the manifest, of any group.
	Recorded map[int]Entry
	// Present holds the groups whose file is in the directory, of any
	// group.
	Present map[int]bool

	done  map[int]bool // the groups done, updated as a run adopts files
	left  map[int]bool // the groups of Unreadable, which a run leaves alone
	adopt map[int]Made // what Inspect found in the adoptable files
}

// problems are Damaged and Unreadable together, by group: what a report,
// which removes nothing, lists as damaged.
func (s *Survey) problems() []Problem {
	ps := append(slices.Clone(s.Damaged), s.Unreadable...)
	slices.SortStableFunc(ps, func(a, b Problem) int { return a.Group - b.Group })
	return ps
}

// Pending is the number of groups surveyed that are not done.
func (s *Survey) Pending() int { return len(s.Groups) - len(s.Done) }

// AdoptableMade returns what Kind.Inspect found in group g's unrecorded
// file, and whether it is adoptable.
func (s *Survey) AdoptableMade(g int) (Made, bool) {
	m, ok := s.adopt[g]
	return m, ok
}

// SurveyDir checks the groups of dir, a directory of kind k, against its
// manifest, reading every recorded file whole to compare its checksum.
// groups nil means every group the directory concerns: the ranges of the
// runs its manifest records, every group recorded and every group file in
// it. A missing directory, or one of another kind, is an error.
func SurveyDir(k *Kind, dir string, groups []int) (*Survey, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("jobs: %s is not a directory", dir)
	}
	m, err := readOwnManifest(k, dir, "")
	if err != nil {
		return nil, err
	}
	return survey(k, dir, m, groups, m.Label)
}

// survey works out the Survey of groups (ascending; nil for all the
// directory concerns) from the manifest m and the files present, checking
// unrecorded files against label.
func survey(k *Kind, dir string, m *dirManifest, groups []int, label string) (*Survey, error) {
	present, err := groupFiles(k, dir)
	if err != nil {
		return nil, err
	}
	if groups == nil {
		groups = concerned(m, present)
	}
	s := &Survey{Dir: dir, Label: m.Label, Groups: groups, Done: map[int]Entry{}, Damaged: []Problem{}, Adoptable: []int{}, Unreadable: []Problem{},
		Runs: m.Runs, ManifestProblems: m.Damaged, Recorded: m.Entries, Present: present,
		done: map[int]bool{}, left: map[int]bool{}, adopt: map[int]Made{}}
	for _, g := range groups {
		e, ok := m.Entries[g]
		if ok {
			why, err := checkFileErr(filepath.Join(dir, k.FileName(g)), e.Size, e.Sum)
			if err != nil {
				s.Unreadable = append(s.Unreadable, Problem{g, why})
				continue
			}
			if why == "" && k.Check != nil {
				why = k.Check(dir, e)
			}
			if why != "" {
				s.Damaged = append(s.Damaged, Problem{g, why})
				continue
			}
			s.Done[g], s.done[g] = e, true
			continue
		}
		if !present[g] {
			continue
		}
		if k.Inspect == nil {
			s.Damaged = append(s.Damaged, Problem{g, "file present but not in the manifest (the run stopped before recording it)"})
			continue
		}
		// Read first as fileSum reads: a file that cannot be read is left
		// alone, one that is not a regular file is damage, and neither
		// reaches Inspect, which might block on a FIFO.
		var ue *UnreadableError
		var nr *fsutil.NotRegularError
		if _, _, err := fileSum(filepath.Join(dir, k.FileName(g))); errors.As(err, &ue) {
			s.Unreadable = append(s.Unreadable, Problem{g, "file not in the manifest, and " + ue.Error()})
			continue
		} else if errors.As(err, &nr) {
			s.Damaged = append(s.Damaged, Problem{g, "file not in the manifest, and " + nr.Error()})
			continue
		}
		made, why := k.Inspect(dir, label, g)
		if why != "" {
			s.Damaged = append(s.Damaged, Problem{g, "file not in the manifest, and " + why})
			continue
		}
		s.Adoptable = append(s.Adoptable, g)
		s.adopt[g] = made
	}
	return s, nil
}

// span lists the groups first..last.
func span(first, last int) ([]int, error) {
	if first < 1 || last > band.NumGroups || first > last {
		return nil, fmt.Errorf("jobs: groups %d-%d: want a range within 1-%d", first, last, band.NumGroups)
	}
	gs := make([]int, 0, last-first+1)
	for g := first; g <= last; g++ {
		gs = append(gs, g)
	}
	return gs, nil
}

// concerned lists, ascending, the groups of every run's range, every group
// recorded and every group file present.
func concerned(m *dirManifest, present map[int]bool) []int {
	set := map[int]bool{}
	for _, r := range m.Runs {
		for g := r[0]; g <= r[1]; g++ {
			set[g] = true
		}
	}
	for g := range m.Entries {
		set[g] = true
	}
	for g := range present {
		set[g] = true
	}
	gs := make([]int, 0, len(set))
	for g := range set {
		gs = append(gs, g)
	}
	sort.Ints(gs)
	return gs
}

// groupFiles returns the groups whose file (k.FileName) is in dir.
func groupFiles(k *Kind, dir string) (map[int]bool, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	byName := make(map[string]int, band.NumGroups)
	for g := 1; g <= band.NumGroups; g++ {
		byName[k.FileName(g)] = g
	}
	present := map[int]bool{}
	for _, e := range ents {
		if g, ok := byName[e.Name()]; ok {
			present[g] = true
		}
	}
	return present, nil
}

// ownNames returns, by directory relative to a result directory of kind k
// ("." for itself), the names of the files k writes there.
func ownNames(k *Kind) map[string]map[string]bool {
	own := map[string]map[string]bool{}
	add := func(rel string) {
		d, name := filepath.Split(rel)
		d = filepath.Clean(d)
		if own[d] == nil {
			own[d] = map[string]bool{}
		}
		own[d][name] = true
	}
	add(k.Manifest)
	for _, x := range k.Extra {
		add(x)
	}
	for g := 1; g <= band.NumGroups; g++ {
		add(k.FileName(g))
		if k.Related != nil {
			for _, x := range k.Related(g) {
				add(x)
			}
		}
	}
	return own
}

// removeTemps deletes the temporary files of kind k's own files that a
// stopped run left in dir and its subdirectories, and returns how many
// there were. Other files, temporary or not, are left alone.
func removeTemps(k *Kind, dir string) (int, error) {
	n := 0
	for sub, names := range ownNames(k) {
		d := filepath.Join(dir, sub)
		ents, err := os.ReadDir(d)
		if errors.Is(err, os.ErrNotExist) && sub != "." {
			continue
		}
		if err != nil {
			return n, fmt.Errorf("jobs: %w", err)
		}
		for _, e := range ents {
			if e.Type().IsRegular() && names[fsutil.TempOf(e.Name())] {
				if err := os.Remove(filepath.Join(d, e.Name())); err != nil {
					return n, fmt.Errorf("jobs: removing stray %w", err)
				}
				n++
			}
		}
	}
	return n, nil
}
