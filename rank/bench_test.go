package rank

import (
	"context"
	"math/rand/v2"
	"sort"
	"testing"
	"time"

	"edgrid/canon"
	"edgrid/internal/testkit/catalogkit"
)

// The latency of single queries on random inputs, one goroutine: median,
// 99th percentile and worst. Queries go to random groups, so each one
// mostly pays for setting up its group too. Run with
//
//	go test ./rank -run X -bench . -benchtime 400x
func BenchmarkQuery(b *testing.B) {
	r := ranker(b)
	rng := rand.New(rand.NewPCG(11, 12))
	for _, o := range []Order{Paper, Groups, Lex} {
		queries(b, r, rng, o)
	}
}

// queries runs the unrank and rank sub-benchmarks of order o on random
// numbers and random grids.
func queries(b *testing.B, r *Ranker, rng *rand.Rand, o Order) {
	ctx := context.Background()
	b.Run("unrank/"+o.String(), func(b *testing.B) {
		var ds []time.Duration
		for b.Loop() {
			n := 1 + rng.Int64N(total)
			t0 := time.Now()
			if _, err := r.Unrank(ctx, n, o); err != nil {
				b.Fatal(err)
			}
			ds = append(ds, time.Since(t0))
		}
		report(b, ds)
	})
	b.Run("rank/"+o.String(), func(b *testing.B) {
		var ds []time.Duration
		for b.Loop() {
			g := canon.RandomGrid(rng)
			t0 := time.Now()
			if _, _, err := r.Rank(ctx, &g, o); err != nil {
				b.Fatal(err)
			}
			ds = append(ds, time.Since(t0))
		}
		report(b, ds)
	})
}

func report(b *testing.B, ds []time.Duration) {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	b.ReportMetric(ms(ds[len(ds)/2]), "median-ms")
	b.ReportMetric(ms(ds[len(ds)*99/100]), "p99-ms")
	b.ReportMetric(ms(ds[len(ds)-1]), "max-ms")
}

// The same with a catalog, when EDGRID_CATALOG names a full one (the
// paper's order does not read it: its files are in ascending order):
//
//	EDGRID_CATALOG=/var/tmp/catalog go test ./rank -run X -bench Catalog -benchtime 300x
func BenchmarkQueryCatalog(b *testing.B) {
	cat := catalogkit.FromEnv(b)
	r, err := New(nil, cat)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(13, 14))
	for _, o := range []Order{Groups, Lex, Paper} {
		queries(b, r, rng, o)
	}
}
