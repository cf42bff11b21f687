package rank

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/testkit/catalogkit"
	"edgrid/storage"
)

// BenchmarkBulk measures bulk answering on one first band (302, nine
// groups), with and without a catalog of it, against one query at a time:
// queries/s, and band-grids/s, the band's grids over the time of a batch,
// the rate at which a batch passes over the grids. docs/bench/bulk-bench.sh runs
// it and docs/benchmarks.md projects the targets from it.
//
//	go test ./rank -run X -bench Bulk -benchtime 3x
func BenchmarkBulk(b *testing.B) {
	ctx := context.Background()
	plain := ranker(b)
	groups, _ := band.GroupsOfBand(302)
	var all []int
	for _, g := range groups {
		all = append(all, g.Number)
	}
	dir := b.TempDir()
	catalogkit.WriteFiles(b, dir, all)
	cat, err := storage.BuildIndex(dir)
	if err != nil {
		b.Fatal(err)
	}
	withCat, err := New(nil, cat)
	if err != nil {
		b.Fatal(err)
	}
	defer withCat.Close()
	tb := plain.Tables()
	first, count := tb.BandFirst(302), tb.BandCount(302)
	rng := rand.New(rand.NewPCG(50, 51))
	sample := func(n int) []canon.Grid {
		ms := make([]canon.Grid, n)
		for i := range ms {
			m, err := plain.Unrank(ctx, first+1+rng.Int64N(count), Lex)
			if err != nil {
				b.Fatal(err)
			}
			ms[i] = m
		}
		slices.SortFunc(ms, func(x, y canon.Grid) int { return bytes.Compare(x[:], y[:]) })
		return ms
	}
	for _, n := range []int{1000, 20000} {
		ms := sample(n)
		for _, rc := range []struct {
			name string
			r    *Ranker
		}{{"nocatalog", plain}, {"catalog", withCat}} {
			for _, o := range []Order{Lex, Groups, Paper} {
				if o == Paper && rc.r == withCat {
					continue // the paper's order regenerates its leaves either way
				}
				b.Run(rc.name+"/"+o.String()+"/"+itoa(n)+"-queries", func(b *testing.B) {
					b.ReportAllocs()
					var sink int64
					for b.Loop() {
						nums, err := rc.r.RankSorted(ctx, ms, o)
						if err != nil {
							b.Fatal(err)
						}
						sink += nums[0]
					}
					sec := b.Elapsed().Seconds() / float64(b.N)
					b.ReportMetric(float64(n)/sec, "queries/s")
					b.ReportMetric(float64(count)/sec, "band-grids/s")
					if sink == 0 {
						b.Fatal("no numbers")
					}
				})
			}
		}
	}
	// One query at a time, for comparison, on the same band.
	ms := sample(200)
	for _, rc := range []struct {
		name string
		r    *Ranker
	}{{"nocatalog", plain}, {"catalog", withCat}} {
		for _, o := range []Order{Lex, Groups, Paper} {
			b.Run(rc.name+"/"+o.String()+"/one-at-a-time", func(b *testing.B) {
				var sink int64
				k := 0
				for b.Loop() {
					n, _, err := rc.r.Rank(ctx, &ms[k%len(ms)], o)
					if err != nil {
						b.Fatal(err)
					}
					sink += n
					k++
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "queries/s")
				if sink == 0 {
					b.Fatal("no numbers")
				}
			})
		}
	}
	b.Run("catalog-pass", func(b *testing.B) {
		// A pass over the band's files, every block decoded: the cost
		// bulk answering with a catalog approaches as queries grow.
		var grids int64
		for b.Loop() {
			for _, g := range all {
				f, err := cat.Open(g)
				if err != nil {
					b.Fatal(err)
				}
				if err := f.Scan(func(int64, *canon.Grid) error { grids++; return nil }); err != nil {
					b.Fatal(err)
				}
				f.Close()
			}
		}
		b.ReportMetric(float64(grids)/b.Elapsed().Seconds(), "grids/s")
	})
}

func itoa(n int) string {
	var buf [20]byte
	i := len(buf)
	for {
		i--
		buf[i] = byte('0' + n%10)
		if n /= 10; n == 0 {
			return string(buf[i:])
		}
	}
}
