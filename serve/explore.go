package serve

import (
	"context"
	"net/http"
	"strconv"

	"edgrid/canon"
	"edgrid/cells"
	"edgrid/scan"
)

// The grid explorations the page offers beside a grid's answer: the sets of
// cells every puzzle of the grid must hit, and a puzzle found by a scan.
// Both are expensive calls, in the pool and within the work timeout, with
// their sizes bounded so that an answer comes in well under a second.

// Bounds of the explorations' parameters.
const (
	// maxUASizeAPI bounds max-size of /api/v1/unavoidable: larger sets
	// take the collection from milliseconds to seconds.
	maxUASizeAPI = scan.DefaultUASize
	// minScanClues..maxScanClues is the clues of /api/v1/scan: a first
	// puzzle of 18 or more clues comes in milliseconds on most grids
	// (of 17, most grids have none, which only a whole scan shows), and
	// minimal puzzles of over 40 clues are not known to exist.
	minScanClues, maxScanClues = 18, 40
	// defaultScanClues is the clues of /api/v1/scan without clues=.
	defaultScanClues = 22
)

// UnavoidableAnswer is a grid's minimal unavoidable sets up to a size, as
// edgrid scan --ua --json gives them.
type UnavoidableAnswer struct {
	Grid    string         `json:"grid"`     // the grid, 81 digits
	MaxSize int            `json:"max_size"` // the largest set collected
	Count   int            `json:"count"`    // the sets
	Sizes   map[string]int `json:"sizes"`    // the sets by size
	Sets    []string       `json:"sets"`     // each set: the grid's digits in its cells, '.' elsewhere; smallest first
}

// ScanAnswer is the first puzzle of a number of clues that a scan of a
// grid finds, as edgrid scan --first gives it.
type ScanAnswer struct {
	Grid   string `json:"grid"`             // the grid, 81 digits
	Clues  int    `json:"clues"`            // the clues asked for
	Found  bool   `json:"found"`            // whether the grid has such a puzzle
	Puzzle string `json:"puzzle,omitempty"` // the puzzle (empty cells '.'), minimal from 18 clues
}

// getUnavoidable answers GET /api/v1/unavoidable/{grid}?max-size=N.
func (s *Server) getUnavoidable(w http.ResponseWriter, r *http.Request) {
	size, err := intParam(r, "max-size", 4, maxUASizeAPI, maxUASizeAPI)
	if err != nil {
		writeError(w, err)
		return
	}
	s.expensive(w, r, func(ctx context.Context) (any, error) {
		g, err := cells.ReadGrid(cellInput(r.PathValue("grid")))
		if err != nil {
			return nil, err
		}
		sets, err := scan.Unavoidable(&g, size)
		if err != nil {
			return nil, err
		}
		a := &UnavoidableAnswer{Grid: g.String(), MaxSize: size, Count: len(sets), Sizes: make(map[string]int), Sets: make([]string, len(sets))}
		for i, m := range sets {
			a.Sets[i] = string(scan.AppendPuzzle(nil, &g, m))
			a.Sizes[strconv.Itoa(m.Count())]++
		}
		return a, nil
	})
}

// getScan answers GET /api/v1/scan/{grid}?clues=K: the first puzzle of K
// clues a scan finds, or none.
func (s *Server) getScan(w http.ResponseWriter, r *http.Request) {
	clues, err := intParam(r, "clues", minScanClues, maxScanClues, defaultScanClues)
	if err != nil {
		writeError(w, err)
		return
	}
	s.expensive(w, r, func(ctx context.Context) (any, error) {
		g, err := cells.ReadGrid(cellInput(r.PathValue("grid")))
		if err != nil {
			return nil, err
		}
		a := &ScanAnswer{Grid: g.String(), Clues: clues}
		_, err = scan.NewScanner().Scan(ctx, &g, scan.Options{Clues: clues, First: true}, func(m canon.Mask) error {
			a.Found, a.Puzzle = true, string(scan.AppendPuzzle(nil, &g, m))
			return nil
		})
		if err != nil {
			return nil, err
		}
		return a, nil
	})
}

// intParam reads the integer parameter name of r, lo..hi, def when absent.
func intParam(r *http.Request, name string, lo, hi, def int) (int, error) {
	t := r.URL.Query().Get(name)
	if t == "" {
		return def, nil
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < lo || n > hi {
		return 0, badInput("%s=%s: want %d..%d", name, short(t), lo, hi)
	}
	return n, nil
}
