package query

import (
	"testing"
	"time"
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
	gs := randomGrids(4096, 9)
	for _, inv := range builtins {
		b.Run(inv.Name()+"/random", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			cpu0 := cpuTime()
			for b.Loop() {
				sinkInt += inv.Value(&gs[i&4095])
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
			b.Run(inv.Name()+"/runs-g"+itoa(n), func(b *testing.B) {
				b.ReportAllocs()
				run := NewRunner(inv)
				n := 0
				cpu0 := cpuTime()
				for b.Loop() {
					for k := range runs {
						r := &runs[k]
						run.Values(r, out[:len(r.Grids)])
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
	if d := cpuTime() - cpu0; d > 0 && cpu0 > 0 {
		b.ReportMetric(grids/d.Seconds(), "grids/cpu-s")
	}
}
