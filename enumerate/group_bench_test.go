package enumerate

import (
	"context"
	"fmt"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

var grpSink int64

// BenchmarkGroup enumerates whole groups on one worker, reporting
// candidates (completions checked) and minlex grids per second.
// Run with -benchtime 1x; select with e.g. -bench 'Group/g1000/'.
func BenchmarkGroup(b *testing.B) {
	canon.Prepare()
	for _, n := range []int{1, 51, 500, 1000, 2000, 3000, 3541} {
		g, err := band.ByNumber(n)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("g%d/bits", n), func(b *testing.B) {
			b.ReportAllocs()
			var st Stats
			for b.Loop() {
				var err error
				st, err = Group(context.Background(), g.Key, Options{Workers: 1}, func(*canon.Grid, int) error { return nil })
				if err != nil || st.Grids == 0 {
					b.Fatalf("group %d: %d grids, %v", n, st.Grids, err)
				}
				grpSink += st.Grids
			}
			sec := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(st.Completions)/sec, "candidates/s")
			b.ReportMetric(float64(st.Grids)/sec, "grids/s")
		})

	}
}
