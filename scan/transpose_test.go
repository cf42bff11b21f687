package scan

import (
	"math/rand/v2"
	"testing"
)

func TestTranspose64(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 100 {
		var a, b [64]uint64
		for i := range a {
			a[i] = r.Uint64() & r.Uint64()
		}
		b = a
		transpose64(&b)
		for i := range 64 {
			for k := range 64 {
				if b[k]>>i&1 != a[i]>>k&1 {
					t.Fatalf("bit %d of row %d: got %d, want %d", i, k, b[k]>>i&1, a[i]>>k&1)
				}
			}
		}
	}
}

// BenchmarkTranspose64 is the cost of one transposition, 64 families'
// index in a compaction.
func BenchmarkTranspose64(b *testing.B) {
	var a [64]uint64
	for i := range a {
		a[i] = uint64(i) * 0x9E3779B97F4A7C15
	}
	for b.Loop() {
		transpose64(&a)
	}
}
