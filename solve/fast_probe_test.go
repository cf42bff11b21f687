package solve

import (
	"context"
	"math/rand/v2"
	"testing"
)

// fastDeadEnd has no solution, which the fewest-candidates search sees in a
// few guesses; branching on the lowest open cell first fills the top band
// in every way before each fails below (about 7*10^7 guesses without the
// probes of a lexicographic search). The fuzz test found it.
const fastDeadEnd = ".................................7.9.......61.245................................"

// TestFastDeadEnd checks that the searches in lexicographic order (First on
// a puzzle with several solutions, All) leave a branch without solutions
// soon: with the probes, All of fastDeadEnd makes a few hundred guesses.
func TestFastDeadEnd(t *testing.T) {
	f := NewFast()
	p := fastParse(t, fastDeadEnd)
	if n := fastCheck(t, f, "dead end", &p, 3); n != 0 {
		t.Fatalf("reference counts %d solutions; want 0", n)
	}
	n, err := f.All(context.Background(), &p, 3, func(*[81]uint8) error { return nil })
	if n != 0 || err != nil {
		t.Fatalf("All = %d, %v; want 0, nil", n, err)
	}
	if f.guesses > 16*fastProbeAfter {
		t.Errorf("All made %d guesses to find no solution; want at most %d", f.guesses, 16*fastProbeAfter)
	}
}

// TestFastProbed checks the searches in lexicographic order with a probe
// at every branch (a probe that called a live branch dead would lose or
// reorder solutions): random puzzles of 17 to 40 clues from random grids,
// sparse ones with few givens, and fastDeadEnd, against the reference.
func TestFastProbed(t *testing.T) {
	defer func(after uint64) { fastProbeAfter = after }(fastProbeAfter)
	fastProbeAfter = 0
	rng := rand.New(rand.NewPCG(5, 6))
	f := NewFast()
	n := 600
	if testing.Short() {
		n = 150
	}
	var several, none int
	for i := range n {
		var p [81]uint8
		if i%3 == 2 {
			// A few givens in the middle band, and now and then one
			// above: puzzles with no solution or very many.
			for range 6 + rng.IntN(4) {
				c := 27 + rng.IntN(27)
				old := p[c]
				if p[c] = uint8(1 + rng.IntN(9)); !fastRefNoClash(&p, c) {
					p[c] = old
				}
			}
		} else {
			p = fastRandomPuzzle(rng, 17+i%24)
		}
		switch fastCheck(t, f, "probed", &p, 5) {
		case 0:
			none++
		case 1:
		default:
			several++
		}
	}
	p := fastParse(t, fastDeadEnd)
	fastCheck(t, f, "probed dead end", &p, 3)
	if f.probe == nil || several < n/4 {
		t.Errorf("probe made: %v; %d of %d puzzles with several solutions, %d with none: the test wants probes and many solutions", f.probe != nil, several, n, none)
	}
}
