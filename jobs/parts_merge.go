package jobs

import (
	"fmt"
	"hash/crc64"
	"slices"
)

// A Merge is what the result directories of parts a merge reads hold
// (Parts.Survey): the groups done, the label they share, and what stands in
// the way of a whole merge.
type Merge[T any] struct {
	Label string
	// Groups are the groups to merge, done in one directory or another,
	// ascending.
	Groups []int
	// NotDone are the groups of the recorded runs (or the groups asked
	// for) done in no directory, ascending.
	NotDone []int
	// Problems are damage in the groups asked for, and manifest lines
	// that could not be read.
	Problems []string

	ps    Parts[T]
	parts map[int]partAt
}

// partAt is a part a merge reads: its directory, and the manifest record it
// is checked against again when it is read.
type partAt struct {
	dir string
	rec PartRecord
}

// Survey surveys the result directories dirs for a merge; only, when not
// nil, is the groups asked for (all of which must be done), and the
// problems of other groups are not this merge's. Directories of different
// labels, or one group with two different contents, are errors.
func (ps Parts[T]) Survey(dirs []string, only []int) (*Merge[T], error) {
	want := map[int]bool{}
	for _, g := range only {
		want[g] = true
	}
	asked := func(g int) bool { return only == nil || want[g] }
	m := &Merge[T]{ps: ps, parts: map[int]partAt{}}
	var missing []int
	for _, dir := range dirs {
		rep, err := PartsStatus(dir, ps.Codec.FileName)
		if err != nil {
			return nil, err
		}
		if m.Label == "" {
			m.Label = rep.Label
		} else if rep.Label != m.Label {
			return nil, fmt.Errorf("%s holds another %s's parts:\n  %s\nnot:\n  %s", dir, ps.Codec.Name(), rep.Label, m.Label)
		}
		for _, p := range rep.Damaged {
			if asked(p.Group) {
				m.Problems = append(m.Problems, fmt.Sprintf("%s: group %d: %s", dir, p.Group, p.Reason))
			}
		}
		// An unreadable manifest line may hide any group's record: a
		// problem for a whole merge, while a merge of some groups finds
		// each of them done or missing.
		if only == nil {
			for _, p := range rep.ManifestProblems {
				m.Problems = append(m.Problems, fmt.Sprintf("%s: manifest %s (ignored)", dir, p))
			}
		}
		missing = append(missing, rep.Missing...)
		for _, g := range rep.Done {
			if !asked(g) {
				continue
			}
			rec := rep.Records[g]
			if old, ok := m.parts[g]; ok && (old.rec.Size != rec.Size || old.rec.Sum != rec.Sum) {
				return nil, fmt.Errorf("group %d is in %s and in %s, with different contents", g, old.dir, dir)
			}
			m.parts[g] = partAt{dir, rec}
		}
	}
	if only != nil {
		missing = slices.Clone(only)
	}
	// A group missing from one directory's runs may be done in another.
	slices.Sort(missing)
	for _, g := range slices.Compact(missing) {
		if _, ok := m.parts[g]; !ok {
			m.NotDone = append(m.NotDone, g)
		}
	}
	for g := range m.parts {
		m.Groups = append(m.Groups, g)
	}
	slices.Sort(m.Groups)
	return m, nil
}

// Each reads the part of every group of m.Groups, in order, one at a
// time, and passes it to add. Each part must still be the file its record
// describes (size and CRC-64), whole, and a part of its group and of
// m.Label covering the grids its record counts.
func (m *Merge[T]) Each(add func(group int, p T) error) error {
	for _, g := range m.Groups {
		p, err := m.read(g)
		if err != nil {
			return err
		}
		if err := add(g, p); err != nil {
			return err
		}
	}
	return nil
}

// read reads and checks group g's part.
func (m *Merge[T]) read(g int) (T, error) {
	var zero T
	at := m.parts[g]
	path := m.ps.path(at.dir, g)
	data, err := m.ps.read(path)
	if err != nil {
		return zero, err
	}
	if int64(len(data)) != at.rec.Size || crc64.Checksum(data, crc64Table) != at.rec.Sum {
		return zero, fmt.Errorf("%s changed while it was merged (run the merge again)", path)
	}
	p, err := m.ps.Codec.Decode(data)
	if err != nil {
		return zero, fmt.Errorf("%s: %w", path, err)
	}
	grids, why := m.ps.check(p, g, m.Label)
	if why == "" && grids != at.rec.Count {
		why = fmt.Sprintf("a part of %d grids; its record says %d", grids, at.rec.Count)
	}
	if why != "" {
		return zero, fmt.Errorf("%s: %s", path, why)
	}
	return p, nil
}
