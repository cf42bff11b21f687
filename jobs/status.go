package jobs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"edgrid/internal/ranges"
	"edgrid/storage"
)

// Problem is a group whose file cannot be trusted, and why.
type Problem struct {
	Group  int    `json:"group"`
	Reason string `json:"reason"`
}

// Report is the state of a run directory over a set of groups.
type Report struct {
	Dir string `json:"dir"`
	// Groups are the groups reported, as ranges: "1-10,3400-3541".
	Groups  string `json:"groups"`
	First   int    `json:"first"` // the smallest of them
	Last    int    `json:"last"`  // the largest
	Done    int    `json:"done"`
	Pending int    `json:"pending"` // not done, damaged and adoptable ones included
	// Damaged lists recorded groups whose file is missing or differs from
	// the manifest or whose task file is bad, and unrecorded files that
	// are damaged. It is empty, never nil, when there are none.
	Damaged []Problem `json:"damaged"`
	// Adoptable lists groups whose file the manifest does not record but
	// which is whole (header, block index and checksum check): written by
	// a cluster job (enumerate --catalog), or by a run that stopped before
	// recording it. A run verifies every grid of them and records them.
	Adoptable []int `json:"adoptable"`
	// IndexProblem says what is wrong with the catalog index (missing,
	// damaged, or not listing the done groups' files as they are), or "".
	IndexProblem string `json:"index_problem,omitempty"`
	// ManifestProblems lists unreadable manifest lines (ignored).
	ManifestProblems []string `json:"manifest_problems,omitempty"`
	Grids            int64    `json:"grids"`   // in done groups
	Bytes            int64    `json:"bytes"`   // of done group files
	Seconds          float64  `json:"seconds"` // enumeration time of done groups, summed
	BitsPerGrid      float64  `json:"bits_per_grid"`

	groups  []int                 // the groups reported, ascending
	done    map[int]bool          // the done ones
	adopt   map[int]storage.Codec // the adoptable ones, with their files' codecs
	present map[int]bool          // group files in the directory, of any group
}

// Status checks the groups first..last of dir against its manifest, reading
// every recorded file whole to compare its checksum, and the catalog index.
// first = 0 means every group the directory concerns: the ranges of all the
// runs its manifest records, every group it records and every group file in
// it. A missing directory is an error.
func Status(dir string, first, last int) (*Report, error) {
	var groups []int
	if first != 0 {
		var err error
		if groups, err = span(first, last); err != nil {
			return nil, err
		}
	}
	s, err := SurveyDir(catalogKind, dir, groups)
	if err != nil {
		return nil, err
	}
	r := reportOf(s)
	r.IndexProblem = r.checkIndex()
	return r, nil
}

// reportOf returns the catalog's Report of a survey.
func reportOf(s *Survey) *Report {
	r := &Report{Dir: s.Dir, Groups: ranges.Format(s.Groups), ManifestProblems: s.ManifestProblems, Damaged: s.problems(), Adoptable: s.Adoptable,
		Pending: s.Pending(), Done: len(s.Done),
		groups: s.Groups, done: map[int]bool{}, adopt: map[int]storage.Codec{}, present: s.Present}
	if len(s.Groups) > 0 {
		r.First, r.Last = s.Groups[0], s.Groups[len(s.Groups)-1]
	}
	for g, e := range s.Done {
		r.done[g] = true
		r.Grids += e.Count
		r.Bytes += e.Size
		r.Seconds += e.Seconds
	}
	for _, g := range s.Adoptable {
		m, _ := s.AdoptableMade(g)
		r.adopt[g], _ = storage.ParseCodec(m.Fields[0])
	}
	if r.Grids > 0 {
		r.BitsPerGrid = float64(r.Bytes) * 8 / float64(r.Grids)
	}
	return r
}

// checkIndex says what is wrong with the catalog index for the groups of
// the report, or "": it must be readable, list every done or adoptable
// group's file as it is, and list no group of the report that has no file.
// Damaged files are reported as such, not again here.
func (r *Report) checkIndex() string {
	const fix = "; edgrid run rewrites it"
	if _, err := os.Stat(filepath.Join(r.Dir, storage.IndexName)); errors.Is(err, os.ErrNotExist) {
		if len(r.present) == 0 {
			return "" // nothing written yet, nothing to index
		}
		return "no " + storage.IndexName + fix
	}
	cat, err := storage.OpenCatalog(r.Dir)
	if err != nil {
		return err.Error() + fix
	}
	for _, g := range r.groups {
		_, listed := cat.Entry(g)
		switch {
		case (r.done[g] || r.adopt[g] != 0) && !listed:
			return fmt.Sprintf("%s does not list group %d%s", storage.IndexName, g, fix)
		case r.done[g] || r.adopt[g] != 0:
			f, err := cat.Open(g)
			if err != nil {
				return fmt.Sprintf("%s does not match group %d's file%s", storage.IndexName, g, fix)
			}
			f.Close()
		case listed && !r.present[g] && !r.damaged(g):
			return fmt.Sprintf("%s lists group %d, which has no file%s", storage.IndexName, g, fix)
		}
	}
	return ""
}

// damaged reports whether group g is in the report's Damaged list.
func (r *Report) damaged(g int) bool {
	for _, p := range r.Damaged {
		if p.Group == g {
			return true
		}
	}
	return false
}
