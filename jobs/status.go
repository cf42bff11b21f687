package jobs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"edgrid/band"
	"edgrid/storage"
)

// Problem is a group whose file cannot be trusted, and why.
type Problem struct {
	Group  int    `json:"group"`
	Reason string `json:"reason"`
}

// Report is the state of a run directory over a range of groups.
type Report struct {
	Dir     string `json:"dir"`
	First   int    `json:"first"`
	Last    int    `json:"last"`
	Done    int    `json:"done"`
	Pending int    `json:"pending"` // not done, damaged ones included
	// Damaged lists recorded groups whose file is missing or differs from
	// the manifest, and files the manifest does not record.
	Damaged []Problem `json:"damaged"`
	// ManifestProblems lists unreadable manifest lines (ignored).
	ManifestProblems []string `json:"manifest_problems,omitempty"`
	Grids            int64    `json:"grids"`   // in done groups
	Bytes            int64    `json:"bytes"`   // of done group files
	Seconds          float64  `json:"seconds"` // enumeration time of done groups, summed
	BitsPerGrid      float64  `json:"bits_per_grid"`

	done map[int]bool
}

// Status checks the groups first..last of dir against its manifest, reading
// every recorded file whole to compare its checksum. first = 0 means the
// range of the last run recorded in the manifest, or all groups.
func Status(dir string, first, last int) (*Report, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("jobs: %s is not a directory", dir)
	}
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	if first == 0 {
		first, last = 1, band.NumGroups
		if m.LastRun[0] != 0 {
			first, last = m.LastRun[0], m.LastRun[1]
		}
	}
	return survey(dir, m, first, last)
}

// survey works out the Report of first..last from the manifest m.
func survey(dir string, m *Manifest, first, last int) (*Report, error) {
	if first < 1 || last > band.NumGroups || first > last {
		return nil, fmt.Errorf("jobs: groups %d-%d: want a range within 1-%d", first, last, band.NumGroups)
	}
	r := &Report{Dir: dir, First: first, Last: last, ManifestProblems: m.Damaged, done: map[int]bool{}}
	for g := first; g <= last; g++ {
		rec, ok := m.Records[g]
		if !ok {
			r.Pending++
			_, err := os.Stat(filepath.Join(dir, storage.FileName(g)))
			if err == nil {
				r.Damaged = append(r.Damaged, Problem{g, "file present but not in the manifest (the run stopped before recording it)"})
			} else if !errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("jobs: %w", err)
			}
			continue
		}
		if why := checkRecorded(dir, rec); why != "" {
			r.Pending++
			r.Damaged = append(r.Damaged, Problem{g, why})
			continue
		}
		r.Done++
		r.done[g] = true
		r.Grids += rec.Count
		r.Bytes += rec.Size
		r.Seconds += rec.Seconds
	}
	if r.Grids > 0 {
		r.BitsPerGrid = float64(r.Bytes) * 8 / float64(r.Grids)
	}
	return r, nil
}
