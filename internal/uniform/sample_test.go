package uniform

import (
	"math/big"
	"math/rand/v2"
	"sort"
	"testing"

	"edgrid/canon"
)

// The embedded table counts every grid, and a changed entry is caught.
func TestTable(t *testing.T) {
	if _, err := New(); err != nil {
		t.Fatal(err)
	}
	completions[7]++
	err := checkTable()
	completions[7]--
	if err == nil {
		t.Error("a table with one completion too many passed the check")
	}
	// Felgenhauer and Jarvis's factorisation of the count.
	want := new(big.Int).SetInt64(362880 * 72 * 72 * 128)
	want.Mul(want, big.NewInt(27704267971))
	if want.String() != AllGrids {
		t.Errorf("AllGrids is %s, not 9! 72^2 2^7 27,704,267,971 = %v", AllGrids, want)
	}
}

// Completions gives the table's entries again: every 13th class, or all of
// them in the long tests.
func TestCompletions(t *testing.T) {
	forms := canon.BandForms()
	step := 13
	if !testing.Short() {
		step = 1
	}
	for c := 0; c < len(forms); c += step {
		n, m := Completions(&forms[c])
		if n != completions[c] || m != maxProduct[c] {
			t.Errorf("class %d: %d completions, largest %d; the table says %d, %d", c, n, m, completions[c], maxProduct[c])
		}
	}
}

// The bands 2 of a band 1, counted cell by cell, are the sum over the splits
// of band 2's fillings (long: some 35 million bands).
func TestBand2Count(t *testing.T) {
	if testing.Short() {
		t.Skip("a count of 35 million bands: make test-long")
	}
	tableOnce.Do(buildTables)
	forms := canon.BandForms()
	for _, c := range []int{0, 415} {
		var g canon.Grid
		copy(g[:27], forms[c][:])
		// bruteFill fills the 27 cells after its first argument: here
		// rows 4-6, under band 1 alone.
		want := bruteFill(&g, 27)
		var got int64
		for a := range Splits * Splits * Splits {
			sp := [3]split{splits[a/(Splits*Splits)], splits[a/Splits%Splits], splits[a%Splits]}
			l2, _ := labels(&forms[c], sp)
			got += fillings(&l2)
		}
		if got != want {
			t.Errorf("class %d: %d bands 2 cell by cell, %d by splits", c, want, got)
		}
	}
}

// Every band and stack of the sampler's grids is distributed as a uniform
// grid's band 1 is, by the table: a chi-square over the band classes pooled
// into 20 bins. Band 1's law is imposed by the draw; those of bands 2 and 3
// and of the stacks come out only if the splits and fillings are drawn
// right.
func TestUniformBands(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	// The probability of each class for a uniform grid's band 1.
	total := float64(s.cum[canon.NumBandForms])
	p := make([]float64, canon.NumBandForms)
	order := make([]int, canon.NumBandForms)
	for c := range p {
		p[c] = float64(s.cum[c+1]-s.cum[c]) / total
		order[c] = c
	}
	// Bins of about equal probability, the classes taken by probability.
	sort.Slice(order, func(i, j int) bool { return p[order[i]] < p[order[j]] })
	const bins = 20
	binOf := make([]int, canon.NumBandForms)
	var want [bins]float64
	acc := 0.0
	for _, c := range order {
		b := min(int(acc*bins), bins-1)
		binOf[c] = b
		want[b] += p[c]
		acc += p[c]
	}
	n := 20000
	if testing.Short() {
		n = 6000
	}
	var got [6][bins]float64
	r := rand.New(rand.NewPCG(5, 6))
	trials := 0
	for range n {
		g, k := s.Draw(r)
		trials += k
		if err := g.Validate(); err != nil {
			t.Fatalf("grid %v: %v", g, err)
		}
		tr := g
		for i := range 9 {
			for j := range 9 {
				tr[9*j+i] = g[9*i+j]
			}
		}
		for k, src := range []*canon.Grid{&g, &tr} {
			for b := range 3 {
				c, err := canon.BandClass((*[27]uint8)(src[27*b : 27*b+27]))
				if err != nil {
					t.Fatal(err)
				}
				got[3*k+b][binOf[c]]++
			}
		}
	}
	names := []string{"band 1", "band 2", "band 3", "stack 1", "stack 2", "stack 3"}
	for k := range got {
		chi := 0.0
		for b := range bins {
			e := want[b] * float64(n)
			chi += (got[k][b] - e) * (got[k][b] - e) / e
		}
		// 19 degrees of freedom: the 0.999 quantile is 43.8.
		if chi > 43.8 {
			t.Errorf("%s: chi-square %.1f over %d bins; want < 43.8", names[k], chi, bins)
		}
	}
	t.Logf("%d grids, %.2f splits drawn a grid", n, float64(trials)/float64(n))
}

// The same stream gives the same grids.
func TestSeed(t *testing.T) {
	a, _ := New()
	b, _ := New()
	ra, rb := rand.New(rand.NewPCG(9, 9)), rand.New(rand.NewPCG(9, 9))
	for i := range 50 {
		if ga, gb := a.Grid(ra), b.Grid(rb); ga != gb {
			t.Fatalf("grid %d: %v against %v", i, ga, gb)
		}
	}
}
