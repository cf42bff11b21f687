package generate

import "math"

// Tally counts the controlled-bias puzzles of a run by clue count, and the
// attempts (grids) they took.
type Tally struct {
	Counts   [82]int64 // Counts[n]: puzzles of n clues
	Puzzles  int64
	Attempts int64
}

// Add counts p, a controlled-bias puzzle of a run, the puzzles added in
// the order Run emits them: the attempts are those up to p's.
func (t *Tally) Add(p *Puzzle) {
	t.Counts[p.Clues]++
	t.Puzzles++
	t.Attempts = int64(p.Unit)*AttemptsPerGrid + int64(p.Tries)
}

// Merge adds the counts of u, a run independent of t's (another seed), to
// t: the estimate of the sum is that of one run over both samples.
func (t *Tally) Merge(u *Tally) {
	for n, c := range u.Counts {
		t.Counts[n] += c
	}
	t.Puzzles += u.Puzzles
	t.Attempts += u.Attempts
}

// Estimate is the distribution of minimal puzzles by clue count that a
// controlled-bias tally estimates (docs/guide/generate.md, "The correction"):
// Share[n] the fraction of all minimal puzzles that have n clues and
// Error[n] its standard error; PerGrid[n] the mean number of minimal
// n-clue puzzles a grid has and PerGridError[n] its standard error. Clue
// counts the tally never met have 0 for all four.
type Estimate struct {
	Puzzles, Attempts     int64
	Share, Error          [82]float64
	PerGrid, PerGridError [82]float64
}

// Estimate corrects the tally for the generator's bias. An attempt on a
// grid g yields a given minimal n-clue puzzle of g with probability
// 1/C(81,n), so the number of n-clue puzzles per attempt has mean
// M_n/C(81,n), M_n the mean number of minimal n-clue puzzles of a grid:
// M_n is estimated by C(81,n)·c_n/A (c_n the n-clue puzzles, A the
// attempts) and the share of n clues by w_n·c_n / Σ w_m·c_m, w = C(81,·).
// The errors are the delta method's over the multinomial counts.
func (t *Tally) Estimate() Estimate {
	e := Estimate{Puzzles: t.Puzzles, Attempts: t.Attempts}
	if t.Puzzles == 0 {
		return e
	}
	N := float64(t.Puzzles)
	var w [82]float64
	var W float64
	for n, c := range t.Counts {
		if c > 0 {
			w[n] = binomial(81, n)
			W += w[n] * float64(c) / N
		}
	}
	// sum: Σ_k s_k²/q_k, the term every share's variance shares.
	var sum float64
	for n, c := range t.Counts {
		if c > 0 {
			q := float64(c) / N
			e.Share[n] = w[n] * q / W
			sum += e.Share[n] * e.Share[n] / q
		}
	}
	A := float64(t.Attempts)
	for n, c := range t.Counts {
		if c == 0 {
			continue
		}
		q := float64(c) / N
		s := e.Share[n]
		v := s * s / N * ((1-2*s)/q + sum)
		e.Error[n] = math.Sqrt(math.Max(v, 0))
		p := float64(c) / A // per attempt, a binomial proportion
		e.PerGrid[n] = w[n] * p
		e.PerGridError[n] = w[n] * math.Sqrt(p*(1-p)/A)
	}
	return e
}

// binomial is C(n, k) as a float64, a product of k ratios (relative error
// about k ulps).
func binomial(n, k int) float64 {
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(n-k+i) / float64(i)
	}
	return c
}
