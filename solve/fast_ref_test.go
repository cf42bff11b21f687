package solve

import (
	"bytes"
	"edgrid/internal/testkit"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// fastRef is the tests' reference: a plain backtracking solver over cells
// with one 9-bit mask per row, column and box, sharing nothing with Fast. It
// fills forced cells (singles) and branches either on the cell with the
// fewest candidates or, with lex set, on the lowest empty cell with digits
// ascending, which meets the solutions in lexicographic order.
type fastRef struct {
	lex   bool
	limit int64                   // stop after this many solutions (> 0)
	visit func(g *[81]uint8) bool // each solution; false stops
	found int64
}

// fastRefGrid is a partial grid with the digits used by each unit.
type fastRefGrid struct {
	g             [81]uint8
	row, col, box [9]uint16
}

func (s *fastRefGrid) free(c int) uint16 {
	return 0x3fe &^ (s.row[c/9] | s.col[c%9] | s.box[c/27*3+c%9/3])
}

func (s *fastRefGrid) set(c int, v uint8) {
	s.g[c] = v
	s.row[c/9] |= 1 << v
	s.col[c%9] |= 1 << v
	s.box[c/27*3+c%9/3] |= 1 << v
}

// run returns the number of solutions of p, at most r.limit.
func (r *fastRef) run(p *[81]uint8) int64 {
	var s fastRefGrid
	for c, v := range p {
		if v == 0 {
			continue
		}
		if s.free(c)&(1<<v) == 0 {
			return 0
		}
		s.set(c, v)
	}
	r.found = 0
	r.rec(s)
	return r.found
}

// fastRefUnits lists the cells of the 9 rows, 9 columns and 9 boxes.
var fastRefUnits = func() (u [27][9]int) {
	for i := range 9 {
		for j := range 9 {
			u[i][j] = i*9 + j
			u[9+i][j] = j*9 + i
			u[18+i][j] = (i/3*3+j/3)*9 + i%3*3 + j%3
		}
	}
	return u
}()

// rec searches below s and reports whether the search must stop. Each pass
// fills the cells with one candidate (naked singles) and the digits with
// one place left in a unit (hidden singles), and gives up on a cell without
// candidates or a digit without a place.
func (r *fastRef) rec(s fastRefGrid) bool {
	for {
		best, bestN, forced := -1, 10, false
		for c := range 81 {
			if s.g[c] != 0 {
				continue
			}
			m := s.free(c)
			n := bits.OnesCount16(m)
			switch {
			case n == 0:
				return false
			case n == 1:
				s.set(c, uint8(bits.TrailingZeros16(m)))
				forced = true
			case r.lex:
				if best < 0 {
					best = c
				}
			case n < bestN:
				best, bestN = c, n
			}
		}
		if forced {
			continue
		}
		for _, unit := range fastRefUnits {
			var used, once, twice uint16
			for _, c := range unit {
				if v := s.g[c]; v != 0 {
					used |= 1 << v
					continue
				}
				m := s.free(c)
				twice |= once & m
				once |= m
			}
			if used|once != 0x3fe {
				return false
			}
			for hidden := once &^ twice; hidden != 0; hidden &= hidden - 1 {
				v := uint8(bits.TrailingZeros16(hidden))
				for _, c := range unit {
					if s.g[c] == 0 && s.free(c)&(1<<v) != 0 {
						s.set(c, v)
						forced = true
						break
					}
				}
			}
			if forced {
				break
			}
		}
		if forced {
			continue
		}
		if best < 0 {
			r.found++
			if r.visit != nil && !r.visit(&s.g) {
				return true
			}
			return r.found >= r.limit
		}
		m := s.free(best)
		for v := uint8(1); v <= 9; v++ {
			if m&(1<<v) != 0 {
				t := s
				t.set(best, v)
				if r.lex && !fastRefHas(t) {
					continue // a dead branch, which the lexicographic order could take long to leave
				}
				if r.rec(t) {
					return true
				}
			}
		}
		return false
	}
}

// fastRefHas reports whether s has a solution, on the fewest-candidates
// rule.
func fastRefHas(s fastRefGrid) bool {
	r := fastRef{limit: 1}
	r.rec(s)
	return r.found > 0
}

// fastRefCount counts the solutions of p up to limit and returns the first
// one it met (on the fewest-candidates rule).
func fastRefCount(p *[81]uint8, limit int64) (int64, [81]uint8) {
	var first [81]uint8
	r := fastRef{limit: limit}
	r.visit = func(g *[81]uint8) bool {
		if r.found == 1 {
			first = *g
		}
		return true
	}
	return r.run(p), first
}

// fastRefFirst returns the lexicographically smallest solution of p, false
// if none. When p has one solution, the fewest-candidates search finds it
// fastest; otherwise the search in lexicographic order runs.
func fastRefFirst(p *[81]uint8) ([81]uint8, bool) {
	n, first := fastRefCount(p, 2)
	switch n {
	case 0:
		return first, false
	case 1:
		return first, true
	}
	return fastRefSolutions(p, 1)[0], true
}

// fastRefSolutions returns the first n solutions of p in lexicographic order.
// When p has fewer than fastRefFew solutions, the fewest-candidates search
// lists them all and they are sorted, which checks the lexicographic
// search (and its probes of each branch) only where solutions are many.
func fastRefSolutions(p *[81]uint8, n int64) [][81]uint8 {
	var out [][81]uint8
	r := fastRef{limit: fastRefFew, visit: func(g *[81]uint8) bool {
		out = append(out, *g)
		return true
	}}
	if r.run(p) < fastRefFew {
		slices.SortFunc(out, func(a, b [81]uint8) int { return bytes.Compare(a[:], b[:]) })
		return out[:min(int64(len(out)), n)]
	}
	out = out[:0]
	r = fastRef{lex: true, limit: n, visit: func(g *[81]uint8) bool {
		out = append(out, *g)
		return true
	}}
	r.run(p)
	return out
}

// fastRefFew is the most solutions fastRefSolutions lists to sort.
const fastRefFew = 64

// fastValidGrid reports whether g is a complete valid grid that agrees with
// the givens of p.
func fastValidGrid(p, g *[81]uint8) bool {
	var s fastRefGrid
	for c, v := range g {
		if v < 1 || v > 9 || s.free(c)&(1<<v) == 0 || (p[c] != 0 && p[c] != v) {
			return false
		}
		s.set(c, v)
	}
	return true
}

// fastRandomGrid returns a random valid grid: a fixed grid relabelled and
// moved by random row, band, column and stack permutations and a transpose,
// all of which keep a grid valid.
func fastRandomGrid(rng *rand.Rand) [81]uint8 {
	var base [81]uint8
	for r := range 9 {
		for c := range 9 {
			base[r*9+c] = uint8((r*3+r/3+c)%9 + 1)
		}
	}
	perm3 := func() [3]int {
		p := [3]int{0, 1, 2}
		rng.Shuffle(3, func(i, j int) { p[i], p[j] = p[j], p[i] })
		return p
	}
	var rows, cols [9]int
	bands, stacks := perm3(), perm3()
	for k := range 3 {
		pr, pc := perm3(), perm3()
		for j := range 3 {
			rows[k*3+j] = bands[k]*3 + pr[j]
			cols[k*3+j] = stacks[k]*3 + pc[j]
		}
	}
	digits := rng.Perm(9)
	transpose := rng.IntN(2) == 1
	var g [81]uint8
	for r := range 9 {
		for c := range 9 {
			rr, cc := rows[r], cols[c]
			if transpose {
				rr, cc = cc, rr
			}
			g[r*9+c] = uint8(digits[base[rr*9+cc]-1] + 1)
		}
	}
	return g
}

// fastRandomPuzzle keeps clues random cells of a random grid.
func fastRandomPuzzle(rng *rand.Rand, clues int) [81]uint8 {
	g := fastRandomGrid(rng)
	var p [81]uint8
	for _, c := range rng.Perm(81)[:clues] {
		p[c] = g[c]
	}
	return p
}

// fastParse reads a puzzle line: 81 cells of 1-9, '.' or '0'.
func fastParse(tb testing.TB, s string) [81]uint8 {
	tb.Helper()
	var p [81]uint8
	if len(s) != 81 {
		tb.Fatalf("puzzle %q: %d characters; want 81", s, len(s))
	}
	for i := range 81 {
		switch c := s[i]; {
		case c == '.' || c == '0':
		case c >= '1' && c <= '9':
			p[i] = c - '0'
		default:
			tb.Fatalf("puzzle %q: bad character %q", s, c)
		}
	}
	return p
}

// fastFormat writes a grid as 81 characters, '.' for an empty cell.
func fastFormat(g *[81]uint8) string {
	var b [81]byte
	for i, v := range g {
		b[i] = '.'
		if v >= 1 && v <= 9 {
			b[i] = '0' + v
		}
	}
	return string(b[:])
}

// fastSets names the shared puzzle sets: the 17-clue set, magictour's
// top1465 and the first 375 of the forum's hardest.
var fastSets = []struct{ name, file string }{
	{"17clue", "puzzles2_17_clue"},
	{"top1465", "puzzles3_magictour_top1465"},
	{"hardest375", "puzzles6_forum_hardest_1106"},
}

// fastLoadSet reads a puzzle set of testdata ('#' lines are comments).
func fastLoadSet(tb testing.TB, file string) [][81]uint8 {
	tb.Helper()
	var ps [][81]uint8
	for _, l := range testkit.Lines(tb, file) {
		ps = append(ps, fastParse(tb, l.Text))
	}
	if len(ps) == 0 {
		tb.Fatalf("%s: no puzzles", file)
	}
	return ps
}
