package scan

import (
	"fmt"
	"slices"

	"edgrid/canon"
)

// MaxUASize bounds the size Unavoidable collects up to: the search grows
// quickly with it, and sets beyond it are learned during a scan instead.
const MaxUASize = 16

// Unavoidable returns every minimal unavoidable set of g with at most
// maxSize cells (4 <= maxSize <= MaxUASize), smallest first and, within a
// size, in increasing canon.Mask order. The collection is complete up to
// maxSize: a minimal unavoidable set U is exactly the cells where some
// other solution grid differs from g (emptying U admits a second
// completion, whose difference from g is unavoidable and inside U, hence
// U), and the search finds every grid within maxSize cells of g whose
// difference from g can be minimal (docs/design/scan.md). An invalid grid or a
// size out of range is an error.
func Unavoidable(g *canon.Grid, maxSize int) ([]canon.Mask, error) {
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("scan: %w", err)
	}
	if maxSize < 4 || maxSize > MaxUASize {
		return nil, fmt.Errorf("scan: unavoidable-set size %d is outside 4..%d", maxSize, MaxUASize)
	}
	sets := minimalSets(g, maxSize)
	out := make([]canon.Mask, len(sets))
	for i, s := range sets {
		out[i] = s.mask()
	}
	// Within a size, order by canon.Mask (cell 0 most significant) so that
	// the list reads as the 0/1 strings sort.
	slices.SortStableFunc(out, func(a, b canon.Mask) int {
		if ca, cb := a.Count(), b.Count(); ca != cb {
			return ca - cb
		}
		return a.Compare(b)
	})
	return out, nil
}

// minimalSets returns g's minimal unavoidable sets of at most maxSize
// cells, ordered by size; g must be a valid grid.
func minimalSets(g *canon.Grid, maxSize int) []cells {
	var s uaSearch
	s.init(g, maxSize)
	s.digit(1)
	return minimal(s.found)
}

// minimal sorts sets by size, drops repeats and keeps only those with no
// other set inside them.
func minimal(sets []cells) []cells {
	slices.SortFunc(sets, func(a, b cells) int {
		if ca, cb := a.count(), b.count(); ca != cb {
			return ca - cb
		}
		return a.compare(b)
	})
	sets = slices.Compact(sets)
	out := sets[:0]
	for _, s := range sets {
		keep := true
		// Every set already kept is no larger than s, and a set of s's
		// size inside s would be s itself, which Compact removed.
		for _, m := range out {
			if m.subsetOf(s) {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, s)
		}
	}
	return out
}
