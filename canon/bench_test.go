package canon

import (
	"math/rand/v2"
	"testing"
)

var sinkBool bool
var sinkInt int

func benchGrids(n int, minlex bool) []Grid {
	r := rand.New(rand.NewPCG(11, 12))
	gs := make([]Grid, n)
	for i := range gs {
		gs[i] = RandomGrid(r)
		if minlex {
			gs[i], _, _ = Minlex(&gs[i])
		}
	}
	return gs
}

func BenchmarkMinlex(b *testing.B) {
	Prepare()
	for _, tc := range []struct {
		name   string
		minlex bool
	}{{"random", false}, {"minlex", true}} {
		gs := benchGrids(4096, tc.minlex)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				g := &gs[i&4095]
				_, a, _ := Minlex(g)
				if a < 1 {
					b.Fatal("no automorphism")
				}
				sinkInt += a
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "grids/s")
		})
	}
}

func BenchmarkIsMinlex(b *testing.B) {
	Prepare()
	for _, tc := range []struct {
		name   string
		minlex bool
	}{{"random", false}, {"minlex", true}} {
		gs := benchGrids(4096, tc.minlex)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				ok := IsMinlex(&gs[i&4095])
				if ok != tc.minlex {
					b.Fatalf("IsMinlex = %v", ok)
				}
				sinkBool = ok
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "grids/s")
		})
	}
}

func BenchmarkBandTables(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		t := buildFromForms(generatedBandForms())
		if len(t.forms) != NumBandForms {
			b.Fatalf("%d forms", len(t.forms))
		}
	}
}

func BenchmarkDeriveBandForms(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if f := DeriveBandForms(); len(f) != NumBandForms {
			b.Fatalf("%d forms", len(f))
		}
	}
}
