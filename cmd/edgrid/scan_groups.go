package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"edgrid/canon"
	"edgrid/internal/ranges"
	"edgrid/jobs"
	"edgrid/query"
	"edgrid/rank"
	"edgrid/scan"
	"edgrid/storage"
)

// scanPartFile is the name of a group's part in a scan's --out directory.
func scanPartFile(group int) string { return fmt.Sprintf("scan-%04d.eds", group) }

// runScanGroups scans the minlex grids of o.groupList into o.out, one part
// file a group, resumably (jobs.RunParts: the lock, the manifest, damaged
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
	desc := o.describe()
	var src query.Source = query.Enumerator{}
	if o.cat != nil {
		src = query.CatalogSource{Catalog: o.cat}
	}
	opt := o.scanOpts()
	counts, _ := rank.Embedded()
	// Every group in flight draws its scanners from one pool, so that the
	// cores stay busy when the groups left hold fewer grids than cores.
	pool := newScanPool(workers)
	for _, sp := range ranges.Runs(o.groupList) {
		par := min(workers, sp[1]-sp[0]+1)
		popt := jobs.PartOptions{Dir: o.out, First: sp[0], Last: sp[1], Kind: desc, FileName: scanPartFile, Workers: par,
			Verify: verifyScanPart,
			Notify: func(msg string) { fmt.Fprintf(s.err, "edgrid scan: %s\n", msg) },
			Make: func(ctx context.Context, g int, path string) (int64, error) {
				p, err := scanGroup(ctx, src, g, desc, opt, pool, &progress)
				if err != nil {
					return 0, err
				}
				if counts != nil && p.Grids != counts.GroupCount(g) {
					return 0, fmt.Errorf("group %d: %d grids scanned, the group has %d", g, p.Grids, counts.GroupCount(g))
				}
				var b bytes.Buffer
				if err := scan.WritePart(&b, p); err != nil {
					return 0, err
				}
				return p.Grids, storage.WriteFileAtomic(path, b.Bytes())
			}}
		if counts != nil {
			popt.Weight = counts.GroupCount
			popt.Progress = func(p jobs.Progress) {
				if p.Group == 0 {
					progress.Add(p.WorkDone) // groups done before this run
				}
			}
		}
		sum, err := jobs.RunParts(ctx, popt)
		if err != nil {
			stop()
			if !errors.Is(err, jobs.ErrLocked) && sum != nil && sum.Written > 0 {
				fmt.Fprintf(s.err, "edgrid scan: %d groups done before stopping (in %s)\n", sum.Written, o.out)
			}
			return err
		}
	}
	stop()
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

// verifyScanPart checks a part file the manifest does not record (a stopped
// run's last, or a cluster task's): it returns the grids it covers, or why
// it is not a whole part of group g and scan kind.
func verifyScanPart(path string, g int, kind string) (int64, string) {
	data, err := readPartFile(path)
	if err != nil {
		return 0, err.Error()
	}
	p, err := scan.ReadPart(data)
	switch {
	case err != nil:
		return 0, err.Error()
	case p.Label != kind:
		return 0, fmt.Sprintf("a part of another scan (%q)", p.Label)
	case p.Group != g:
		return 0, fmt.Sprintf("a part of group %d", p.Group)
	}
	if why := groupGrids(g, p.Grids); why != "" {
		return 0, why
	}
	return p.Grids, ""
}

// groupGrids says what is wrong when a part of group g covers grids grids,
// which must be the group's every grid (rank's tables count them), or "".
func groupGrids(g int, grids int64) string {
	t, err := rank.Embedded()
	if err != nil {
		return ""
	}
	if n := t.GroupCount(g); grids != n {
		return fmt.Sprintf("a part of %d grids; group %d has %d", grids, g, n)
	}
	return ""
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
