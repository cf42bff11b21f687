//go:build ignore

// gen_paper writes rank/paper.bin, the search trees that number the grids
// of each group in the paper's order (docs/numbering.md), from a full
// catalog:
//
//	edgrid run --out /var/tmp/catalog            # all 3,541 groups
//	go run ./rank/gen_paper.go -dir /var/tmp/catalog -out rank/paper.bin
//
// Each group's grids are read from its file (checked against the embedded
// group counts), then split as the dancing-links search splits them, down
// to leaves (rank.PaperParams): at most -leaf grids, and at most -budget
// work to regenerate, measured by searching each leaf once without checking
// its completions (-measure limits that to some groups; -ratio instead
// shrinks the leaves of groups that check many completions per grid, a
// cheaper but rougher rule). About 50 minutes on two cores measuring every
// group, 12 without measuring.
package main

import (
	"flag"
	"fmt"
	"log"
	"runtime"
	"sync"
	"time"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/rank"
	"edgrid/storage"
)

func main() {
	dir := flag.String("dir", "", "directory of a full catalog")
	out := flag.String("out", "rank/paper.bin", "file to write")
	var pp rank.PaperParams
	flag.Int64Var(&pp.Leaf, "leaf", 2000, "most grids in a leaf of the trees")
	flag.Int64Var(&pp.Ratio, "ratio", 0, "per mille: groups checking more completions per grid than this get leaves smaller in proportion")
	flag.Int64Var(&pp.Budget, "budget", 25000, "most work (rank.LeafWork) a measured leaf takes to regenerate; 0: measure none")
	flag.Int64Var(&pp.Measure, "measure", 0, "per mille: measure the leaves of the groups checking at least this many completions per grid")
	workers := flag.Int("workers", runtime.NumCPU(), "groups built at once")
	flag.Parse()
	log.SetFlags(0)
	if *dir == "" {
		log.Fatal("gen_paper: give -dir, the directory of a full catalog")
	}
	start := time.Now()
	cat, err := storage.OpenCatalog(*dir)
	if err != nil {
		log.Fatal(err)
	}
	t, err := rank.Embedded()
	if err != nil {
		log.Fatal(err)
	}
	streams := make([][]byte, band.NumGroups)
	nodes := make([]int, band.NumGroups)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				f, err := cat.Open(g)
				if err != nil {
					log.Fatal(err)
				}
				grids := make([]canon.Grid, 0, t.GroupCount(g))
				err = f.Scan(func(_ int64, x *canon.Grid) error {
					grids = append(grids, *x)
					return nil
				})
				f.Close()
				if err != nil {
					log.Fatal(err)
				}
				if int64(len(grids)) != t.GroupCount(g) {
					log.Fatalf("gen_paper: group %d: %d grids in its file, the tables say %d", g, len(grids), t.GroupCount(g))
				}
				s, n, err := rank.BuildPaperTree(t, g, grids, pp)
				if err != nil {
					log.Fatalf("gen_paper: group %d: %v", g, err)
				}
				mu.Lock()
				streams[g-1], nodes[g-1] = s, n
				done++
				if done%100 == 0 {
					log.Printf("%d groups, %.0f s", done, time.Since(start).Seconds())
				}
				mu.Unlock()
			}
		}()
	}
	for g := 1; g <= band.NumGroups; g++ {
		next <- g
	}
	close(next)
	wg.Wait()
	data, err := rank.BuildPaper(pp, streams)
	if err != nil {
		log.Fatal(err)
	}
	p, err := rank.LoadPaper(data)
	if err != nil {
		log.Fatal(err)
	}
	if err := p.Check(t); err != nil {
		log.Fatal(err)
	}
	if err := storage.WriteFileAtomic(*out, data); err != nil {
		log.Fatal(err)
	}
	total := 0
	for _, n := range nodes {
		total += n
	}
	fmt.Printf("%s: %d bytes, %d split nodes, %+v; %.1f s\n", *out, len(data), total, pp, time.Since(start).Seconds())
}
