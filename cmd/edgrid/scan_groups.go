package main

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"

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
	pool := query.NewScanPool(workers)
	run := jobs.PartsRun[*scan.Part]{Dir: o.out, Groups: o.groupList, Label: label, Workers: workers,
		Notify: func(msg string) { fmt.Fprintf(s.err, "edgrid scan: %s\n", msg) },
		Make: func(ctx context.Context, g, _ int) (*scan.Part, error) {
			return query.ScanGroup(ctx, src, g, label, opt, pool, &progress)
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
