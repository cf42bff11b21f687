package main

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"edgrid/canon"
	"edgrid/jobs"
	"edgrid/query"
	"edgrid/scan"
)

// runScanGroups scans the minlex grids of o.groupList into o.out, one part
// a group, resumably (scanParts().Run: the lock, the manifest, damaged
// parts made again, unrecorded ones verified and adopted), on o.workers
// cores: up to o.workers groups at once, their grids scanned by at most
// o.workers scanners in all. Then it prints the merge of those groups.
func runScanGroups(ctx context.Context, o scanOptions, s streams) error {
	workers := o.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var progress atomic.Int64
	stop := startGridBar(s, o.groupList, &progress)
	opt := o.scanOpts()
	label := opt.Label()
	var src query.Source = query.Enumerator{}
	if o.cat != nil {
		src = query.CatalogSource{Catalog: o.cat}
	}
	// Every group in flight draws its scanners from one pool, so that the
	// cores stay busy when the groups left hold fewer grids than cores.
	pool := newScanPool(workers)
	run := jobs.PartsRun[*scan.Part]{Dir: o.out, Groups: o.groupList, Label: label, Workers: workers,
		Notify: func(msg string) { fmt.Fprintf(s.err, "edgrid scan: %s\n", msg) },
		Make: func(ctx context.Context, g, _ int) (*scan.Part, error) {
			return scanGroup(ctx, src, g, label, opt, pool, &progress)
		}}
	barParts(&run, &progress)
	sum, err := scanParts().Run(ctx, run)
	stop()
	if err != nil {
		partsStopped(s, "scan", o.out, sum, err)
		return err
	}
	return mergeScanParts(scanMergeOptions{dirs: []string{o.out}}, o.groupList, s)
}

// scanGroup scans every grid of group g from src with scanners of pool and
// returns the group's part; progress counts the grids as they are done.
func scanGroup(ctx context.Context, src query.Source, g int, label string, opt scan.Options, pool *scanPool, progress *atomic.Int64) (*scan.Part, error) {
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
		return src.Runs(ctx, g, workers, func(r *query.Run) error {
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
					sortMasks(found)
					part.Found = append(part.Found, scan.Found{Ordinal: it.ord, Grid: it.grid, Puzzles: found})
				}
				mu.Unlock()
				progress.Add(1)
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

// scanPool holds the scanners of a scan over groups: at most n scans run at
// once, whichever groups their grids come from.
type scanPool struct{ free chan *scan.Scanner }

func newScanPool(n int) *scanPool {
	p := &scanPool{free: make(chan *scan.Scanner, n)}
	for range n {
		p.free <- nil // made on first use
	}
	return p
}

func (p *scanPool) size() int { return cap(p.free) }

// get waits for a free scanner.
func (p *scanPool) get(ctx context.Context) (*scan.Scanner, error) {
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
func (p *scanPool) put(sc *scan.Scanner) { p.free <- sc }
