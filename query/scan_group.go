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
	type item struct {
		ord  int64
		grid canon.Grid
	}
	items := make(chan item, 4*workers)
	var mu sync.Mutex
	part := &scan.Part{Label: label, Group: g}
	eg, ctx := errgroup.WithContext(ctx)
	eg.Go(func() error {
		defer close(items)
		return src.Runs(ctx, g, workers, func(r *Run) error {
			for i := range r.Grids {
				select {
				case items <- item{r.First + int64(i), r.Grids[i]}:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			return nil
		})
	})
	for range workers {
		eg.Go(func() error {
			for it := range items {
				sc, err := pool.get(ctx)
				if err != nil {
					return err
				}
				var found []canon.Mask
				if !opt.NoneMinimal() {
					_, err = sc.Scan(ctx, &it.grid, opt, func(m canon.Mask) error {
						found = append(found, m)
						return nil
					})
				}
				pool.put(sc)
				if err != nil {
					return err
				}
				mu.Lock()
				part.Grids++
				if len(found) > 0 {
					sort.Slice(found, func(i, j int) bool { return found[i].Less(found[j]) })
					part.Found = append(part.Found, scan.Found{Ordinal: it.ord, Grid: it.grid, Puzzles: found})
				}
				mu.Unlock()
				if progress != nil {
					progress.Add(1)
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
