package query

import (
	"context"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"edgrid/canon"
	"edgrid/scan"
)

// ScanGroup scans every grid of group g from src with scanners of pool
// and returns the group's part, labeled label: the grids with puzzles by
// ordinal, each one's puzzles ascending. progress, if not nil, counts the
// grids as they are done.
func ScanGroup(ctx context.Context, src Source, g int, label string, opt scan.Options, pool *ScanPool, progress *atomic.Int64) (*scan.Part, error) {
	workers := pool.size()
	// The grids go to the workers in batches of those with the same rows
	// 1-6, which come one after another in a group's runs: a batch shares
	// its pairs of bands 1+2 (scan.ScanBatch).
	type batch struct {
		first int64 // the first grid's ordinal
		grids []canon.Grid
	}
	items := make(chan batch, 4*workers)
	var mu sync.Mutex
	part := &scan.Part{Label: label, Group: g}
	eg, ctx := errgroup.WithContext(ctx)
	eg.Go(func() error {
		defer close(items)
		return src.Runs(ctx, g, workers, func(r *Run) error {
			for i := 0; i < len(r.Grids); {
				j := i + 1
				for j < len(r.Grids) && j-i < scan.MaxBatch && sameTop(&r.Grids[i], &r.Grids[j]) {
					j++
				}
				select {
				case items <- batch{r.First + int64(i), slices.Clone(r.Grids[i:j])}:
				case <-ctx.Done():
					return ctx.Err()
				}
				i = j
			}
			return nil
		})
	})
	for range workers {
		eg.Go(func() error {
			for b := range items {
				sc, err := pool.get(ctx)
				if err != nil {
					return err
				}
				found := make([][]canon.Mask, len(b.grids))
				if !opt.NoneMinimal() {
					_, err = sc.ScanBatch(ctx, b.grids, opt, func(i int, m canon.Mask) error {
						found[i] = append(found[i], m)
						return nil
					})
				}
				pool.put(sc)
				if err != nil {
					return err
				}
				mu.Lock()
				part.Grids += int64(len(b.grids))
				for i, f := range found {
					if len(f) > 0 {
						sort.Slice(f, func(i, j int) bool { return f[i].Less(f[j]) })
						part.Found = append(part.Found, scan.Found{Ordinal: b.first + int64(i), Grid: b.grids[i], Puzzles: f})
					}
				}
				mu.Unlock()
				if progress != nil {
					progress.Add(int64(len(b.grids)))
				}
			}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return nil, err
	}
	slices.SortFunc(part.Found, func(a, b scan.Found) int { return int(a.Ordinal - b.Ordinal) })
	return part, nil
}

// ScanPool holds the scanners of a scan over groups: at most n scans run
// at once, whichever groups their grids come from, so that the cores stay
// busy when the groups left hold fewer grids than cores.
type ScanPool struct{ free chan *scan.Scanner }

// NewScanPool returns a pool of n scanners (at least 1), each made when
// first used.
func NewScanPool(n int) *ScanPool {
	n = max(n, 1)
	p := &ScanPool{free: make(chan *scan.Scanner, n)}
	for range n {
		p.free <- nil // made on first use
	}
	return p
}

func (p *ScanPool) size() int { return cap(p.free) }

// get waits for a free scanner.
func (p *ScanPool) get(ctx context.Context) (*scan.Scanner, error) {
	select {
	case sc := <-p.free:
		if sc == nil {
			sc = scan.NewScanner()
		}
		return sc, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// put gives a scanner back.
func (p *ScanPool) put(sc *scan.Scanner) { p.free <- sc }

// sameTop reports whether grids a and b have the same rows 1-6.
func sameTop(a, b *canon.Grid) bool { return [54]uint8(a[:54]) == [54]uint8(b[:54]) }
