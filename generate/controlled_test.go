package generate

import (
	"context"
	"math"
	"testing"

	"edgrid/canon"
)

// naiveAttempt is the controlled-bias attempt as Berthier states it, one
// removal at a time in g.order: the reference cbAttempt must agree with.
func (g *Generator) naiveAttempt(ctx context.Context, grid, p *[81]uint8) (bool, error) {
	*p = *grid
	for _, c := range g.order {
		v := p[c]
		p[c] = 0
		ok, err := g.unique(ctx, p)
		if err != nil {
			return false, err
		}
		if !ok {
			p[c] = v
			return g.minimalBut(ctx, p, -1)
		}
	}
	return false, nil
}

// TestControlledBiasAttempt checks the attempt, which finds its stopping
// point through the known unavoidable sets and a bisection, against the
// one-removal-at-a-time definition: on random orders, with the sets and
// without any (every stopping point then found by the bisection), and on
// orders built to succeed (the cells outside a minimal puzzle first).
func TestControlledBiasAttempt(t *testing.T) {
	ctx := context.Background()
	g, err := New(Options{Method: ControlledBias, Over: OverBacktrack}, nil)
	if err != nil {
		t.Fatal(err)
	}
	grids := 4
	orders := 300
	if testing.Short() {
		grids, orders = 2, 100
	}
	for gi := 0; gi < grids; gi++ {
		r := Stream(7, uint64(gi))
		grid := canon.RandomGrid(r)
		sets, err := newCBSets(&grid)
		if err != nil {
			t.Fatal(err)
		}
		sol := [81]uint8(grid)
		check := func(what string) {
			t.Helper()
			var want, got, bisected [81]uint8
			okWant, err1 := g.naiveAttempt(ctx, &sol, &want)
			okGot, err2 := g.cbAttempt(ctx, &sol, &got, sets)
			okBis, err3 := g.cbAttempt(ctx, &sol, &bisected, nil)
			if err1 != nil || err2 != nil || err3 != nil {
				t.Fatal(err1, err2, err3)
			}
			if okGot != okWant || okBis != okWant || okWant && (got != want || bisected != want) {
				t.Fatalf("grid %d, %s: attempt %v %v, without sets %v %v; want %v %v", gi, what, okGot, got, okBis, bisected, okWant, want)
			}
		}
		for o := 0; o < orders; o++ {
			g.shuffle(r)
			check("random order")
		}
		// A minimal puzzle of the grid, and orders that empty its other
		// cells first: the attempt must give it.
		var p [81]uint8
		if ok, err := g.topDown(ctx, &sol, &p, r, 0); err != nil || !ok {
			t.Fatal(ok, err)
		}
		for o := 0; o < 5; o++ {
			g.shuffle(r)
			n := 0
			var order [81]uint8
			for _, c := range g.order {
				if p[c] == 0 {
					order[n] = c
					n++
				}
			}
			for _, c := range g.order {
				if p[c] != 0 {
					order[n] = c
					n++
				}
			}
			g.order = order
			var got [81]uint8
			ok, err := g.cbAttempt(ctx, &sol, &got, sets)
			if err != nil || !ok || got != p {
				t.Fatalf("grid %d: an order emptying the cells outside minimal %v first: %v %v; want the puzzle", gi, p, ok, got)
			}
			check("built order")
		}
	}
}

// TestEstimatePublished feeds Berthier's published controlled-bias counts
// (5,926,343 puzzles by clue count, 20 to 32) to the correction and checks
// that it gives his published real distribution (percent) within the
// errors.
func TestEstimatePublished(t *testing.T) {
	var tl Tally
	counts := map[int]int64{20: 2, 21: 164, 22: 6651, 23: 110103, 24: 704089, 25: 1814413, 26: 2002349,
		27: 1007700, 28: 247259, 29: 31449, 30: 2088, 31: 74, 32: 2}
	for n, c := range counts {
		tl.Counts[n] = c
		tl.Puzzles += c
	}
	if tl.Puzzles != 5926343 {
		t.Fatalf("%d puzzles; the published total is 5,926,343", tl.Puzzles)
	}
	published := map[int]float64{21: 0.000034, 22: 0.00348, 23: 0.148, 24: 2.28, 25: 13.42, 26: 31.91,
		27: 32.71, 28: 15.48, 29: 3.598, 30: 0.41, 31: 0.0241, 32: 0.00102}
	e := tl.Estimate()
	for n, pct := range published {
		// Within three of the estimate's standard errors of the
		// published figure, rounded as published (2 to 4 digits): the
		// published table comes from this collection or a part of it.
		got, sd := 100*e.Share[n], 100*e.Error[n]
		if d := math.Abs(got - pct); d > 3*sd+0.005*pct {
			t.Errorf("%d clues: %.6g%% (error %.2g); published %.6g%%", n, got, sd, pct)
		}
		if rel := e.Error[n] / e.Share[n]; n >= 24 && n <= 28 && rel > 0.003 {
			t.Errorf("%d clues: relative error %.3g; with millions of puzzles it is under 0.3%%", n, rel)
		}
	}
}

// TestEstimateErrors checks the standard errors by simulation: shares
// estimated from many multinomial samples drawn with Berthier's
// proportions spread as the errors say (within 15%).
func TestEstimateErrors(t *testing.T) {
	q := map[int]float64{23: 0.0186, 24: 0.1188, 25: 0.3062, 26: 0.3379, 27: 0.17, 28: 0.0417, 29: 0.0053, 30: 0.0015}
	const N, runs = 4000, 400
	r := Stream(3, 0)
	var sum, sum2 [82]float64
	var est Estimate
	for k := 0; k < runs; k++ {
		var tl Tally
		for i := 0; i < N; i++ {
			u := r.Float64()
			n := 23
			for c := 23; c <= 30; c++ {
				if u -= q[c]; u < 0 {
					n = c
					break
				}
				n = c
			}
			tl.Counts[n]++
			tl.Puzzles++
		}
		est = tl.Estimate()
		for n := range est.Share {
			sum[n] += est.Share[n]
			sum2[n] += est.Share[n] * est.Share[n]
		}
	}
	for n := 24; n <= 28; n++ {
		mean := sum[n] / runs
		sd := (sum2[n]/runs - mean*mean)
		if sd > 0 {
			sd = math.Sqrt(sd)
		}
		if ratio := est.Error[n] / sd; ratio < 0.85 || ratio > 1.15 {
			t.Errorf("%d clues: error %.4g; the spread of %d estimates %.4g", n, est.Error[n], runs, sd)
		}
	}
}

// TestControlledBiasClues checks the clue counts of controlled-bias
// puzzles against Berthier's 5,926,343 (TestEstimatePublished's counts):
// a chi-square over the bins <=24, 25, 26, 27, >=28, and the corrected
// shares of 25 to 27 clues within four of their errors of his real
// distribution. About two seconds a puzzle a core: not in -short.
func TestControlledBiasClues(t *testing.T) {
	if testing.Short() {
		t.Skip("controlled-bias puzzles take seconds each")
	}
	const n = 100
	var tl Tally
	err := Run(context.Background(), Options{Method: ControlledBias, Over: OverGrids, Seed: 1}, nil, 0, func(p *Puzzle) (bool, error) {
		tl.Add(p)
		return tl.Puzzles < n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	published := [5]float64{6651 + 110103 + 704089 + 166, 1814413, 2002349, 1007700, 247259 + 31449 + 2088 + 76}
	var got [5]float64
	for c, k := range tl.Counts {
		b := min(max(c-24, 0), 4)
		got[b] += float64(k)
	}
	chi := 0.0
	for b := range got {
		e := published[b] / 5926343 * n
		chi += (got[b] - e) * (got[b] - e) / e
	}
	// 4 degrees of freedom: the 0.999 quantile is 18.5.
	if chi > 18.5 {
		t.Errorf("%d controlled-bias puzzles by clues %v: chi-square %.1f against the published counts; want < 18.5", n, got, chi)
	}
	e := tl.Estimate()
	for c, pct := range map[int]float64{25: 13.42, 26: 31.91, 27: 32.71} {
		if d := math.Abs(100*e.Share[c] - pct); d > 4*100*e.Error[c] {
			t.Errorf("%d clues: share %.2f%% (error %.2f); published %.2f%%", c, 100*e.Share[c], 100*e.Error[c], pct)
		}
	}
	t.Logf("%d puzzles, %d attempts: clues %v, chi-square %.1f", n, tl.Attempts, got, chi)
}
