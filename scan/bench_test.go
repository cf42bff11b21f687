package scan

import "testing"

// BenchmarkUnavoidable is the collection of the minimal unavoidable sets
// of size <= 12 on the shared test grids.
func BenchmarkUnavoidable(b *testing.B) {
	gs := testGrids(b, 8)
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		g := &gs[i%len(gs)]
		sets, err := Unavoidable(g, 12)
		if err != nil || len(sets) == 0 {
			b.Fatal(err, len(sets))
		}
		n += len(sets)
	}
	b.ReportMetric(float64(n)/float64(b.N), "sets/grid")
}
