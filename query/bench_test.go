package query

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/internal/testkit"
	"edgrid/internal/testkit/catalogkit"
	"edgrid/internal/testkit/gridkit"
	"edgrid/storage"
)

var sinkInt int

// benchRunGroups are the groups whose runs the benchmarks use: a dense one
// (21 grids a run) and a sparse one (4 grids a run), their first 200,000
// grids.
var benchRunGroups = []int{600, 1800}

// BenchmarkInvariants measures each built-in invariant's Value on random
// grids and its Runner on the runs of real groups, where rows 1-6 are
// shared (autos given by the enumerator: no; the runner computes them).
func BenchmarkInvariants(b *testing.B) {
	gs := gridkit.RandomGrids(4096, 9, 1)
	for _, inv := range builtins {
		// The values are checked in the loop against a first pass.
		want := make([]int, len(gs))
		for i := range gs {
			want[i] = inv.Value(&gs[i])
		}
		b.Run(inv.Name()+"/random", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			cpu0 := testkit.CPUTime()
			for b.Loop() {
				v := inv.Value(&gs[i&4095])
				if v != want[i&4095] {
					b.Fatalf("grid %d: %s %d, then %d", i&4095, inv.Name(), want[i&4095], v)
				}
				sinkInt += v
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "grids/s")
			reportCPU(b, float64(b.N), cpu0)
		})
	}
	for _, n := range benchRunGroups {
		runs := runsOf(n, enumerated(b, n, 200000), false)
		grids := 0
		for _, r := range runs {
			grids += len(r.Grids)
		}
		out := make([]int, 1<<12)
		for _, inv := range builtins {
			if inv == UA2 {
				continue
			}
			// Each run's first value is checked in the loop.
			first := make([]int, len(runs))
			for k := range runs {
				first[k] = inv.Value(&runs[k].Grids[0])
			}
			b.Run(inv.Name()+"/runs-g"+itoa(n), func(b *testing.B) {
				b.ReportAllocs()
				run := NewRunner(inv)
				n := 0
				cpu0 := testkit.CPUTime()
				for b.Loop() {
					for k := range runs {
						r := &runs[k]
						run.Values(r, out[:len(r.Grids)])
						if out[0] != first[k] {
							b.Fatalf("group %d, grid %d: %s %d; want %d", r.Group, r.First, inv.Name(), out[0], first[k])
						}
						sinkInt += out[0]
					}
					n += grids
				}
				b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "grids/s")
				reportCPU(b, float64(n), cpu0)
			})
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// reportCPU reports grids per CPU-second of the process since cpu0: on a
// shared machine it is steadier than the wall-clock rate.
func reportCPU(b *testing.B, grids float64, cpu0 time.Duration) {
	if d := testkit.CPUTime() - cpu0; d > 0 && cpu0 > 0 {
		b.ReportMetric(grids/d.Seconds(), "grids/cpu-s")
	}
}

// benchSourceGroups are the groups BenchmarkSources runs: EDGRID_GROUPS
// (comma-separated) or a dense group and a sparse one.
func benchSourceGroups() []int {
	return testkit.EnvInts("EDGRID_GROUPS", []int{600, 1800})
}

// BenchmarkSources compares, on one core, a default query (autos, ua4,
// intercalates) with what it costs to get the grids alone: enumerating a
// group (count, as enumerate --count does) and decoding its catalog file.
func BenchmarkSources(b *testing.B) {
	for _, n := range benchSourceGroups() {
		var cat *storage.Catalog
		if dir := os.Getenv("EDGRID_CATALOG"); dir != "" {
			var err error
			if cat, err = storage.OpenCatalog(dir); err != nil {
				b.Fatal(err)
			}
		}
		grp, _ := band.ByNumber(n)
		q, err := New(Options{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		var grids int64
		for _, c := range []struct {
			name string
			f    func() (int64, error)
		}{
			{"enumerate-count", func() (int64, error) {
				st, err := enumerate.GroupBatches(context.Background(), grp.Key, enumerate.Options{Workers: 1}, func(enumerate.Batch) error { return nil })
				return st.Grids, err
			}},
			{"enumerate-query", func() (int64, error) {
				r, err := q.Group(context.Background(), Enumerator{}, n, 1, io.Discard)
				if err != nil {
					return 0, err
				}
				return r.Grids, nil
			}},
			{"catalog-decode", func() (int64, error) {
				f, err := cat.Open(n)
				if err != nil {
					return 0, err
				}
				defer f.Close()
				var k int64
				err = f.Scan(func(ord int64, g *canon.Grid) error { k++; sinkInt += int(g[80]); return nil })
				return k, err
			}},
			{"catalog-query", func() (int64, error) {
				r, err := q.Group(context.Background(), CatalogSource{cat}, n, 1, io.Discard)
				if err != nil {
					return 0, err
				}
				return r.Grids, nil
			}},
		} {
			b.Run(c.name+"/g"+itoa(n), func(b *testing.B) {
				if cat == nil && strings.HasPrefix(c.name, "catalog") {
					cat = testCatalog(b, []int{n})
				}
				b.ReportAllocs()
				var total int64
				cpu0 := testkit.CPUTime()
				for b.Loop() {
					k, err := c.f()
					if err != nil {
						b.Fatal(err)
					}
					if grids == 0 {
						grids = k
					} else if k != grids {
						b.Fatalf("%d grids, then %d", grids, k)
					}
					total += k
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(total), "ns/grid")
				if d := testkit.CPUTime() - cpu0; d > 0 && cpu0 > 0 {
					b.ReportMetric(float64(d.Nanoseconds())/float64(total), "cpu-ns/grid")
				}
			})
		}
	}
}

// BenchmarkCatalog reads every group of the catalog EDGRID_CATALOG names on
// one goroutine: decoding alone, then the default query (autos, ua4,
// intercalates), reporting CPU nanoseconds a grid. With a sample of the
// catalog (every 50th group, say) the second figure times 5,472,730,538
// grids, halved, estimates the whole catalog's query on two cores.
func BenchmarkCatalog(b *testing.B) {
	cat := catalogkit.FromEnv(b)
	var groups []int
	for _, e := range cat.Entries {
		groups = append(groups, e.Group)
	}
	for _, mode := range []string{"decode", "query", "decode", "query"} {
		b.Run(mode, func(b *testing.B) {
			b.ReportAllocs()
			q, err := New(Options{Workers: 1})
			if err != nil {
				b.Fatal(err)
			}
			var total int64
			cpu0 := testkit.CPUTime()
			for b.Loop() {
				for _, n := range groups {
					if mode == "query" {
						r, err := q.Group(context.Background(), CatalogSource{cat}, n, 1, io.Discard)
						if err != nil {
							b.Fatal(err)
						}
						total += r.Grids
						continue
					}
					f, err := cat.Open(n)
					if err != nil {
						b.Fatal(err)
					}
					err = f.Scan(func(ord int64, g *canon.Grid) error { total++; sinkInt += int(g[80]); return nil })
					f.Close()
					if err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(total), "ns/grid")
			if d := testkit.CPUTime() - cpu0; d > 0 && cpu0 > 0 {
				b.ReportMetric(float64(d.Nanoseconds())/float64(total), "cpu-ns/grid")
			}
		})
	}
}
