package uniform

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkGrid draws uniform grids: splits, fillings and the transform.
func BenchmarkGrid(b *testing.B) {
	s, err := New()
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	trials := 0
	for b.Loop() {
		_, k := s.Draw(r)
		trials += k
	}
	b.ReportMetric(float64(trials)/float64(b.N), "splits/grid")
}

// BenchmarkTables builds the table of fillings that New builds once.
func BenchmarkTables(b *testing.B) {
	for b.Loop() {
		buildTables()
	}
}
