package scan

import (
	"fmt"

	"edgrid/canon"
)

// Minimality says which puzzles a scan reports.
type Minimality int

const (
	// MinimalAuto reports minimal puzzles only when Clues >= 18, and every
	// puzzle below: no grid has a 16-clue puzzle, so every puzzle of 17 or
	// fewer clues is minimal, while a 17 plus any clue is an 18.
	MinimalAuto Minimality = iota
	// MinimalOnly reports the puzzles from which no clue can be removed
	// with the solution staying unique.
	MinimalOnly
	// MinimalAny reports every k-clue puzzle, minimal or not.
	MinimalAny
)

// Method is how a scan searches.
type Method int

const (
	// MethodAuto takes the band method for whole scans of 16 to
	// MaxAutoBandClues clues, where it is the faster on average, and
	// hitting-set search otherwise.
	MethodAuto Method = iota
	// MethodHitting searches the hitting sets of the whole grid's
	// unavoidable sets (docs/design/scan.md, "The hitting-set search").
	MethodHitting
	// MethodBands pairs valid clue sets of two bands and completes them in
	// the third (docs/design/scan.md, "The band method"); at most MaxBandClues
	// clues.
	MethodBands
)

// MaxAutoBandClues is the most clues for which MethodAuto takes the band
// method: at 16 and 17 clues its mean time a grid is the lower
// (docs/design/scan.md, "Choosing the method"); at 18 it has not been
// measured against hitting-set search.
const MaxAutoBandClues = 17

// String is the method's name as the command line spells it.
func (m Method) String() string {
	switch m {
	case MethodHitting:
		return "hitting"
	case MethodBands:
		return "bands"
	}
	return "auto"
}

// Options says what a scan looks for.
type Options struct {
	Clues     int         // the number of clues, 1..81
	Cells     *canon.Mask // when not nil, only puzzles whose clues all lie in these cells
	First     bool        // stop after the first puzzle
	Minimal   Minimality  // which puzzles to report
	MaxUASize int         // the unavoidable sets collected first: every minimal one up to this size (0: UASize's default)
	Method    Method      // how to search; every method reports the same puzzles
	// Progress, when not nil, is called from the scanning goroutine about
	// every 4,096 search nodes with the nodes searched in the grid so far.
	Progress func(nodes int64)
}

// DefaultUASize is the size up to which a scan of up to 16 clues, or one
// that stops at its first puzzle, collects unavoidable sets before
// searching when Options.MaxUASize is 0; whole scans of more clues collect
// up to LargeUASize.
const (
	DefaultUASize = 12
	LargeUASize   = 14
)

func (o *Options) check() error {
	if o.Clues < 1 || o.Clues > 81 {
		return fmt.Errorf("scan: %d clues is outside 1..81", o.Clues)
	}
	if o.MaxUASize != 0 && (o.MaxUASize < 4 || o.MaxUASize > MaxUASize) {
		return fmt.Errorf("scan: unavoidable-set size %d is outside 4..%d", o.MaxUASize, MaxUASize)
	}
	if o.Minimal < MinimalAuto || o.Minimal > MinimalAny {
		return fmt.Errorf("scan: unknown minimality %d", o.Minimal)
	}
	if o.Method < MethodAuto || o.Method > MethodBands {
		return fmt.Errorf("scan: unknown method %d", o.Method)
	}
	if o.Method == MethodBands && o.Clues > MaxBandClues {
		return fmt.Errorf("scan: the band method scans for at most %d clues, not %d", MaxBandClues, o.Clues)
	}
	return nil
}

// MaxMinimalClues is the most clues a minimal puzzle can have: every
// unavoidable set has at least 4 cells, so the 3 or fewer empty cells left
// when a clue goes from a puzzle of 79 or more clues hold none, and the
// puzzle stays unique without that clue.
const MaxMinimalClues = 78

// NoneMinimal reports whether the options ask for minimal puzzles of more
// clues than MaxMinimalClues: the answer is no puzzle, without a search.
func (o *Options) NoneMinimal() bool { return o.minimal() && o.Clues > MaxMinimalClues }

// ReportsMinimal reports whether the scan reports minimal puzzles only:
// MinimalOnly, or MinimalAuto at 18 clues or more.
func (o *Options) ReportsMinimal() bool { return o.minimal() }

func (o *Options) minimal() bool {
	switch o.Minimal {
	case MinimalOnly:
		return true
	case MinimalAny:
		return false
	}
	return o.Clues >= 18
}

// UASize is the size up to which the scan collects unavoidable sets
// before searching: MaxUASize, or by default LargeUASize for a whole scan
// of more than 16 clues and DefaultUASize otherwise. A search of more
// clues reaches more candidates, and the larger sets, found in a few tens
// of milliseconds, turn most of them away before the solver; a scan that
// stops at its first puzzle rarely makes up for those milliseconds.
func (o *Options) UASize() int {
	switch {
	case o.MaxUASize != 0:
		return o.MaxUASize
	case o.Clues > 16 && !o.First:
		return LargeUASize
	}
	return DefaultUASize
}

// Stats counts the work of one scan.
type Stats struct {
	Sets       int   // unavoidable sets collected before the search
	Learned    int   // unavoidable sets learned from candidates with a second solution
	Nodes      int64 // search nodes: clue sets built on the way to k clues
	Candidates int64 // clue sets that hit every known set and went to the solver
	Puzzles    int64 // puzzles reported
	Shared     int64 // of Nodes, the pairs of bands 1+2 decided by another grid's pair loop (ScanBatch)
}

// bands reports whether the scan takes the band method.
func (o *Options) bands() bool {
	switch o.Method {
	case MethodBands:
		return true
	case MethodHitting:
		return false
	}
	return o.Clues >= 16 && o.Clues <= MaxAutoBandClues && !o.First
}
