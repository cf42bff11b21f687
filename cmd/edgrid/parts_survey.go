package main

import (
	"fmt"

	"edgrid/jobs"
)

// partAt is a part a merge reads: its directory, and the manifest record it
// is checked against again when it is read.
type partAt struct {
	dir string
	rec jobs.PartRecord
}

// partsSurvey is what the directories of per-group parts a merge reads
// hold (query and scan parts alike).
type partsSurvey struct {
	parts    map[int]partAt // the groups asked for that are done
	kind     string         // the label every directory's parts share
	missing  []int          // groups the recorded runs have not done
	problems []string       // damage in the groups asked for, and manifest lines that could not be read
}

// surveyParts surveys dirs, whose part files partFile names; only, when
// not nil, is the groups asked for, and the problems of other groups are
// not this merge's. noun names the kind of run in an error ("query",
// "scan"). Directories of different kinds, or one group with two different
// contents, are errors.
func surveyParts(dirs []string, partFile func(int) string, only []int, noun string) (*partsSurvey, error) {
	want := map[int]bool{}
	for _, g := range only {
		want[g] = true
	}
	asked := func(g int) bool { return only == nil || want[g] }
	sv := &partsSurvey{parts: map[int]partAt{}}
	for _, dir := range dirs {
		rep, err := jobs.PartsStatus(dir, partFile)
		if err != nil {
			return nil, err
		}
		if sv.kind == "" {
			sv.kind = rep.Kind
		} else if rep.Kind != sv.kind {
			return nil, fmt.Errorf("%s holds another %s's parts:\n  %s\nnot:\n  %s", dir, noun, rep.Kind, sv.kind)
		}
		for _, p := range rep.Damaged {
			if asked(p.Group) {
				sv.problems = append(sv.problems, fmt.Sprintf("%s: group %d: %s", dir, p.Group, p.Reason))
			}
		}
		// An unreadable manifest line may hide any group's record: a
		// problem for a whole merge, while a merge of some groups finds
		// each of them done or missing.
		if only == nil {
			for _, p := range rep.ManifestProblems {
				sv.problems = append(sv.problems, fmt.Sprintf("%s: manifest %s (ignored)", dir, p))
			}
		}
		sv.missing = append(sv.missing, rep.Missing...)
		for _, g := range rep.Done {
			if !asked(g) {
				continue
			}
			rec := rep.Records[g]
			if old, ok := sv.parts[g]; ok && (old.rec.Size != rec.Size || old.rec.Sum != rec.Sum) {
				return nil, fmt.Errorf("group %d is in %s and in %s, with different contents", g, old.dir, dir)
			}
			sv.parts[g] = partAt{dir, rec}
		}
	}
	return sv, nil
}
