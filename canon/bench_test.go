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
	// random and minlex cycle through 4,096 grids, warm in the cache;
	// distinct through 262,144 random ones, as a file of distinct grids
	// gives them, whose band lookups miss the cache.
	for _, tc := range []struct {
		name   string
		minlex bool
		n      int
	}{{"random", false, 4096}, {"minlex", true, 4096}, {"distinct", false, 1 << 18}} {
		gs := benchGrids(tc.n, tc.minlex)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				g := &gs[i&(tc.n-1)]
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

// BenchmarkChecker checks minlex grids and random completions of their first
// bands (rows 4-9 in minlex column-1 order), as the enumerator does.
func BenchmarkChecker(b *testing.B) {
	Prepare()
	r := rand.New(rand.NewPCG(13, 14))
	type item struct {
		g  Grid
		ck *Checker
		e  uint32
	}
	var items []item
	for len(items) < 4096 {
		g := RandomGrid(r)
		m, _, _ := Minlex(&g)
		b1 := [27]uint8(m[:27])
		ck, err := NewChecker(&b1)
		if err != nil {
			b.Fatal(err)
		}
		var p Grid
		copy(p[:27], m[:27])
		h, ok := completeRandomly(r, p)
		if !ok {
			continue
		}
		sortColumn1(&h)
		for _, x := range []Grid{m, h} {
			if e, ok := ck.Band2((*[27]uint8)(x[27:54])); ok {
				items = append(items, item{x, ck, e})
			}
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		it := &items[i&4095]
		ok, a := it.ck.Check(&it.g, it.e)
		if ok && a < 1 {
			b.Fatal("minlex with no automorphism")
		}
		sinkBool = ok
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "grids/s")
}
