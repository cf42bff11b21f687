//go:build ignore

// gen_split writes rank/split.bin, the buckets cut further because they are
// slow to regenerate (rank/split.go), from the embedded count tables and the
// enumerator alone (no catalog):
//
//	go run ./rank/gen_split.go -out rank/split.bin      # a few minutes on 2 cores
//
// Time is what decides: a grid's cost is mostly its check, and that varies
// with the first band far more than the completions do (band 1's grids take
// about 5 µs each, most bands' well under 1). Each group's largest bucket is
// timed on the machine that runs this, which gives the group's time per
// grid. In every first band, the buckets of its groups that share a row 4
// and r5c1 (a lexicographic bucket, the most one query regenerates) whose
// estimated times add up to more than -budget are counted by the digits of
// row 5 (one enumeration each) and cut by the next cells of row 5 to the
// least depth at which their largest parts' estimated times add up to at
// most -budget. The program refuses to write parts that do not add up to
// the tables' bucket counts.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/rank"
	"edgrid/storage"
)

func main() {
	out := flag.String("out", "rank/split.bin", "file to write")
	budget := flag.Duration("budget", 8*time.Millisecond, "most time the worst parts of a lexicographic bucket may take, added up")
	flag.Parse()
	log.SetFlags(0)
	start := time.Now()
	t, err := rank.Embedded()
	if err != nil {
		log.Fatal(err)
	}
	var (
		mu      sync.Mutex
		entries []rank.SplitEntry
		timed   atomic.Int64
		done    atomic.Int64
	)
	eg, ctx := errgroup.WithContext(context.Background())
	eg.SetLimit(runtime.GOMAXPROCS(0))
	for b := 1; b <= band.NumFirstBands; b++ {
		eg.Go(func() error {
			es, n, err := splitBand(ctx, t, b, *budget)
			if err != nil {
				return err
			}
			timed.Add(n)
			mu.Lock()
			entries = append(entries, es...)
			mu.Unlock()
			if d := done.Add(1); d%40 == 0 {
				log.Printf("%d bands, %.0f s", d, time.Since(start).Seconds())
			}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		log.Fatal(err)
	}
	sort.Slice(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		return a.Group < b.Group || a.Group == b.Group && a.Bucket < b.Bucket
	})
	data, err := rank.BuildSplit(budget.Microseconds(), entries)
	if err != nil {
		log.Fatal(err)
	}
	s, err := rank.LoadSplit(data)
	if err != nil {
		log.Fatal(err)
	}
	if err := s.Check(t); err != nil {
		log.Fatal(err)
	}
	if err := storage.WriteFileAtomic(*out, data); err != nil {
		log.Fatal(err)
	}
	parts := 0
	for _, e := range entries {
		parts += len(e.Counts)
	}
	fmt.Printf("%s: %d bytes, %d buckets split into %d parts; %d buckets timed; budget %v; %.0f s\n",
		*out, len(data), len(entries), parts, timed.Load(), *budget, time.Since(start).Seconds())
}

// member is one group's bucket in a lexicographic bucket.
type member struct {
	q      *enumerate.Searcher
	group  int
	bucket int
	r4     [8]uint8
	size   int64
}

// splitBand returns the split entries of first band b and how many
// buckets it timed whole.
func splitBand(ctx context.Context, t *rank.Tables, b int, budget time.Duration) ([]rank.SplitEntry, int64, error) {
	groups, err := band.GroupsOfBand(b)
	if err != nil {
		return nil, 0, err
	}
	type lexKey struct {
		r4   [8]uint8
		r5c1 uint8
	}
	lex := map[lexKey][]member{}
	est := map[lexKey]time.Duration{} // the members' times added up
	perGrid := map[int]float64{}
	var keys []lexKey
	var timed int64
	for _, g := range groups {
		q := enumerate.NewSearcher(g.Key)
		cum, err := t.Buckets(g.Number)
		if err != nil {
			return nil, 0, err
		}
		// The group's time per grid, from its largest bucket.
		row4s := q.Row4s()
		big := 0
		for i := range row4s {
			if cum[i+1]-cum[i] > cum[big+1]-cum[big] {
				big = i
			}
		}
		d, _, err := run(ctx, q, row4s[big][:])
		if err != nil {
			return nil, 0, err
		}
		timed++
		perGrid[g.Number] = float64(d) / float64(max(1, cum[big+1]-cum[big]))
		for i, r4 := range row4s {
			k := lexKey{r4, g.Key[28]}
			if _, ok := lex[k]; !ok {
				keys = append(keys, k)
			}
			m := member{q, g.Number, i, r4, cum[i+1] - cum[i]}
			lex[k] = append(lex[k], m)
			est[k] += time.Duration(float64(m.size) * perGrid[g.Number])
		}
	}
	var out []rank.SplitEntry
	for _, k := range keys {
		// A query in the lexicographic bucket regenerates up to one part
		// of each member: their worst, added up, must stay within budget.
		if est[k] <= budget {
			continue
		}
		ms := lex[k]
		// One enumeration of each member counts its grids by row 5, which
		// gives the parts' counts at every depth.
		hist := make([]map[[8]uint8]int64, len(ms))
		for x, m := range ms {
			hist[x] = map[[8]uint8]int64{}
			if _, err := m.q.Run(ctx, m.r4[:], func(g *canon.Grid, _ int) error {
				hist[x][[8]uint8(g[37:45])]++
				return nil
			}); err != nil {
				return nil, 0, err
			}
		}
		for depth := 1; depth <= 8; depth++ {
			var worst time.Duration
			es := make([]rank.SplitEntry, len(ms))
			for x, m := range ms {
				byPrefix := map[string]int64{}
				for r5, n := range hist[x] {
					byPrefix[string(r5[:depth])] += n
				}
				es[x] = rank.SplitEntry{Group: m.group, Bucket: m.bucket, Depth: depth}
				var sum, big int64
				for _, p := range rank.SplitPrefixes(m.q, m.r4, depth) {
					n := byPrefix[string(p[8:])]
					es[x].Counts = append(es[x].Counts, n)
					sum += n
					big = max(big, n)
				}
				if sum != m.size {
					return nil, 0, fmt.Errorf("group %d bucket %d: parts hold %d grids, the tables say %d", m.group, m.bucket, sum, m.size)
				}
				worst += time.Duration(float64(big) * perGrid[m.group])
			}
			if worst <= budget || depth == 8 {
				out = append(out, es...)
				break
			}
		}
	}
	return out, timed, nil
}

// run regenerates the grids that start with prefix and returns how long
// that took and how many there are.
func run(ctx context.Context, q *enumerate.Searcher, prefix []uint8) (time.Duration, int64, error) {
	t0 := time.Now()
	st, err := q.Run(ctx, prefix, func(*canon.Grid, int) error { return nil })
	return time.Since(t0), st.Grids, err
}
