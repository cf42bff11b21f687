//go:build ignore

// gen_tables writes rank/tables.bin, the grid counts of every bucket (group
// and row 4) of every group, from the directory of a full run:
//
//	edgrid run --out /var/tmp/catalog            # all 3,541 groups, about an hour on 2 cores
//	go run ./rank/gen_tables.go -dir /var/tmp/catalog -out rank/tables.bin
//
// Counts come from the run's task files (jobs.TasksDir), with the completions
// each group's enumeration checked; a group without one (written by a
// cluster job, edgrid enumerate --out) is counted by reading its group file,
// and its grid count stands in for its work. -scan reads every group file and checks it against the
// task file too (about as long as reading the whole catalog). The program
// refuses to write tables that miss a group or disagree with the catalog
// index or with method.md's totals.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"path/filepath"
	"sort"
	"time"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/jobs"
	"edgrid/rank"
	"edgrid/storage"
)

// method.md's totals.
const (
	wantTotal = 5472730538
	wantBand1 = 1007170
)

func main() {
	dir := flag.String("dir", "", "directory of a full run (catalog files, index, task files)")
	out := flag.String("out", "rank/tables.bin", "table file to write")
	scan := flag.Bool("scan", false, "read every group file and check the task files against it")
	flag.Parse()
	log.SetFlags(0)
	if *dir == "" {
		log.Fatal("gen_tables: give -dir, the directory of a full edgrid run")
	}
	start := time.Now()
	cat, err := storage.OpenCatalog(*dir)
	if err != nil {
		log.Fatal(err)
	}
	if len(cat.Entries) != band.NumGroups {
		log.Fatalf("gen_tables: the catalog holds %d groups, want all %d", len(cat.Entries), band.NumGroups)
	}
	counts := make([][]int64, band.NumGroups)
	work := make([]int64, band.NumGroups)
	var total int64
	scanned := 0
	for _, e := range cat.Entries {
		grp, err := band.ByNumber(e.Group)
		if err != nil {
			log.Fatal(err)
		}
		row4s := enumerate.NewSearcher(grp.Key).Row4s()
		var c []int64
		ts, terr := jobs.ReadTasks(*dir, e.Group)
		if terr == nil {
			for _, t := range ts {
				c = append(c, t.Grids)
				work[e.Group-1] += t.Completions
			}
		} else {
			// No task file: the work is unknown; count the grids instead.
			work[e.Group-1] = e.Count
		}
		if terr != nil || *scan {
			s, err := scanGroup(cat, e.Group, row4s)
			if err != nil {
				log.Fatal(err)
			}
			scanned++
			if terr == nil && !equal(s, c) {
				log.Fatalf("gen_tables: group %d: the task file's bucket counts differ from the group file's", e.Group)
			}
			c = s
		}
		if len(c) != len(row4s) {
			log.Fatalf("gen_tables: group %d: %d buckets counted, the group has %d fillings of row 4", e.Group, len(c), len(row4s))
		}
		var n int64
		for _, x := range c {
			n += x
		}
		if n != e.Count {
			log.Fatalf("gen_tables: group %d: buckets add up to %d grids, the catalog index says %d", e.Group, n, e.Count)
		}
		counts[e.Group-1] = c
		total += n
	}
	if total != wantTotal {
		log.Fatalf("gen_tables: %d grids in all, method.md says %d", total, wantTotal)
	}
	data, err := rank.Build(counts, work)
	if err != nil {
		log.Fatal(err)
	}
	t, err := rank.Load(data)
	if err != nil {
		log.Fatal(err)
	}
	if t.BandCount(1) != wantBand1 {
		log.Fatalf("gen_tables: first band 1 has %d grids, method.md says %d", t.BandCount(1), wantBand1)
	}
	if err := storage.WriteFileAtomic(*out, data); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %d bytes, %d grids in %d groups; %d group files read; %.1f s\n",
		filepath.Clean(*out), len(data), total, len(counts), scanned, time.Since(start).Seconds())
}

// scanGroup counts a group file's grids by row 4.
func scanGroup(cat *storage.Catalog, group int, row4s [][8]uint8) ([]int64, error) {
	f, err := cat.Open(group)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c := make([]int64, len(row4s))
	i := 0
	err = f.Scan(func(_ int64, g *canon.Grid) error {
		for i < len(row4s) && bytes.Compare(row4s[i][:], g[28:36]) < 0 {
			i++
		}
		if i == len(row4s) || [8]uint8(g[28:36]) != row4s[i] {
			j := sort.Search(len(row4s), func(j int) bool { return bytes.Compare(row4s[j][:], g[28:36]) >= 0 })
			return fmt.Errorf("group %d: grid %s has a row 4 the group does not allow (bucket %d)", group, g.String(), j)
		}
		c[i]++
		return nil
	})
	return c, err
}

func equal(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
