package rate

import (
	"fmt"
	"testing"

	"edgrid/internal/houses"
)

// openState is the empty board: every cell open with every candidate.
func openState() state {
	var s state
	for c := range s.cand {
		s.cand[c] = all9
	}
	s.open = 81
	s.touched = allUnits // the setups remove candidates directly
	return s
}

// digits is the candidate set of the digits ds.
func digits(ds ...int) uint16 {
	var m uint16
	for _, d := range ds {
		m |= 1 << (d - 1)
	}
	return m
}

// rc is the cell at row r, column c (0-based).
func rc(r, c int) int { return 9*r + c }

// take removes the digits of m from the cells cs.
func take(s *state, m uint16, cs ...int) {
	for _, c := range cs {
		s.cand[c] &^= m
	}
}

// rowBut is row r without the columns cols.
func rowBut(r int, cols ...int) []int {
	var out []int
	for c := 0; c < 9; c++ {
		skip := false
		for _, x := range cols {
			skip = skip || x == c
		}
		if !skip {
			out = append(out, rc(r, c))
		}
	}
	return out
}

// colBut is column c without the rows rows.
func colBut(c int, rows ...int) []int {
	var out []int
	for r := 0; r < 9; r++ {
		skip := false
		for _, x := range rows {
			skip = skip || x == r
		}
		if !skip {
			out = append(out, rc(r, c))
		}
	}
	return out
}

// TestTechniques builds, for each rung of the ladder, a position that only
// that rung (and none easier) can move, and checks the candidates it
// leaves against the ones the technique's definition removes.
func TestTechniques(t *testing.T) {
	type position struct {
		t     Technique
		setup func(s *state)     // the pattern
		want  func(s *state)     // the candidates the technique leaves, from the pattern
		check func(*state) error // more checks (placements)
	}
	cases := []position{
		{NakedSingle, func(s *state) { s.cand[rc(4, 4)] = digits(5) }, nil, func(s *state) error {
			if !s.placed[rc(4, 4)] || s.open != 80 {
				return fmt.Errorf("r5c5 not placed (open %d)", s.open)
			}
			for _, p := range houses.Peers[rc(4, 4)] {
				if s.cand[p]&digits(5) != 0 {
					return fmt.Errorf("peer %d keeps 5", p)
				}
			}
			return nil
		}},
		{HiddenSingle, func(s *state) { take(s, digits(5), rowBut(0, 4)...) }, nil, func(s *state) error {
			if !s.placed[rc(0, 4)] || s.cand[rc(0, 4)] != digits(5) || s.open != 80 {
				return fmt.Errorf("5 not placed in r1c5 alone (open %d)", s.open)
			}
			return nil
		}},
		// Pointing: 1 of box 1 only on row 1; it leaves the rest of row 1.
		{LockedCandidates, func(s *state) { take(s, digits(1), rc(1, 0), rc(1, 1), rc(1, 2), rc(2, 0), rc(2, 1), rc(2, 2)) },
			func(s *state) { take(s, digits(1), rowBut(0, 0, 1, 2)...) }, nil},
		// Claiming: 2 of row 5 only in box 5; it leaves the rest of the box.
		{LockedCandidates, func(s *state) { take(s, digits(2), rowBut(4, 3, 4, 5)...) },
			func(s *state) { take(s, digits(2), rc(3, 3), rc(3, 4), rc(3, 5), rc(5, 3), rc(5, 4), rc(5, 5)) }, nil},
		// Two cells of row 1 and box 1 with {1,2}: both units lose 1 and 2.
		{NakedPair, func(s *state) { s.cand[rc(0, 0)], s.cand[rc(0, 1)] = digits(1, 2), digits(1, 2) },
			func(s *state) {
				take(s, digits(1, 2), rowBut(0, 0, 1)...)
				take(s, digits(1, 2), rc(1, 0), rc(1, 1), rc(1, 2), rc(2, 0), rc(2, 1), rc(2, 2))
			}, nil},
		// 1 and 2 of row 1 only in r1c1 and r1c5: those cells keep only them.
		{HiddenPair, func(s *state) { take(s, digits(1, 2), rowBut(0, 0, 4)...) },
			func(s *state) { s.cand[rc(0, 0)], s.cand[rc(0, 4)] = digits(1, 2), digits(1, 2) }, nil},
		// 1 of rows 1 and 5 only in columns 1 and 5: the columns lose it elsewhere.
		{XWing, func(s *state) { take(s, digits(1), rowBut(0, 0, 4)...); take(s, digits(1), rowBut(4, 0, 4)...) },
			func(s *state) { take(s, digits(1), colBut(0, 0, 4)...); take(s, digits(1), colBut(4, 0, 4)...) }, nil},
		{NakedTriple, func(s *state) {
			s.cand[rc(0, 0)], s.cand[rc(0, 4)], s.cand[rc(0, 8)] = digits(1, 2), digits(2, 3), digits(1, 3)
		}, func(s *state) { take(s, digits(1, 2, 3), rowBut(0, 0, 4, 8)...) }, nil},
		{Swordfish, func(s *state) {
			take(s, digits(1), rowBut(0, 0, 3)...)
			take(s, digits(1), rowBut(3, 3, 6)...)
			take(s, digits(1), rowBut(6, 0, 6)...)
		}, func(s *state) {
			for _, c := range []int{0, 3, 6} {
				take(s, digits(1), colBut(c, 0, 3, 6)...)
			}
		}, nil},
		{HiddenTriple, func(s *state) { take(s, digits(1, 2, 3), rowBut(0, 0, 4, 8)...) },
			func(s *state) {
				for _, c := range []int{0, 4, 8} {
					s.cand[rc(0, c)] = digits(1, 2, 3)
				}
			}, nil},
		{NakedQuad, func(s *state) {
			s.cand[rc(0, 0)], s.cand[rc(0, 3)], s.cand[rc(0, 6)], s.cand[rc(0, 8)] = digits(1, 2), digits(2, 3), digits(3, 4), digits(1, 4)
		}, func(s *state) { take(s, digits(1, 2, 3, 4), rowBut(0, 0, 3, 6, 8)...) }, nil},
		{Jellyfish, func(s *state) {
			take(s, digits(1), rowBut(0, 0, 3)...)
			take(s, digits(1), rowBut(2, 3, 6)...)
			take(s, digits(1), rowBut(4, 4, 6)...)
			take(s, digits(1), rowBut(6, 0, 4)...)
		}, func(s *state) {
			for _, c := range []int{0, 3, 4, 6} {
				take(s, digits(1), colBut(c, 0, 2, 4, 6)...)
			}
		}, nil},
		{HiddenQuad, func(s *state) { take(s, digits(1, 2, 3, 4), rowBut(0, 0, 3, 6, 8)...) },
			func(s *state) {
				for _, c := range []int{0, 3, 6, 8} {
					s.cand[rc(0, c)] = digits(1, 2, 3, 4)
				}
			}, nil},
	}
	for i, tc := range cases {
		t.Run(fmt.Sprintf("%d-%v", i, tc.t), func(t *testing.T) {
			s := openState()
			tc.setup(&s)
			for e := NakedSingle; e < tc.t; e++ {
				c := s
				if p, ok := c.apply(e); p || !ok {
					t.Fatalf("%v moves the position (progress %v, ok %v); want only %v", e, p, ok, tc.t)
				}
			}
			want := s
			if tc.want != nil {
				tc.want(&want)
			}
			p, ok := s.apply(tc.t)
			if !p || !ok {
				t.Fatalf("%v: progress %v, ok %v; want progress", tc.t, p, ok)
			}
			if tc.want != nil && s.cand != want.cand {
				for c := range s.cand {
					if s.cand[c] != want.cand[c] {
						t.Errorf("r%dc%d: candidates %09b; want %09b", c/9+1, c%9+1, s.cand[c], want.cand[c])
					}
				}
			}
			if tc.check != nil {
				if err := tc.check(&s); err != nil {
					t.Error(err)
				}
			}
			// A second pass finds nothing more of the same kind.
			if p, _ := s.apply(tc.t); p && tc.t > HiddenSingle {
				t.Errorf("%v: a second pass still makes progress", tc.t)
			}
		})
	}
}

// TestContradiction checks that the ladder reports a dead position: a
// digit with no place in a row.
func TestContradiction(t *testing.T) {
	s := openState()
	take(&s, digits(7), rowBut(3)...)
	if _, ok := s.ladder(Guess - 1); ok {
		t.Fatal("a row without a place for 7: ladder ok; want a contradiction")
	}
}

// TestGrades checks the grade of every technique and the names.
func TestGrades(t *testing.T) {
	want := map[Technique]Grade{0: Simple, NakedSingle: Simple, HiddenSingle: Easy, LockedCandidates: Intermediate,
		NakedPair: Intermediate, HiddenPair: Intermediate, XWing: Hard, HiddenQuad: Hard, Guess: Expert}
	for tq, g := range want {
		if tq.Grade() != g {
			t.Errorf("%v: grade %v; want %v", tq, tq.Grade(), g)
		}
	}
	for g := Simple; g <= Expert; g++ {
		if p, err := ParseGrade(g.String()); err != nil || p != g {
			t.Errorf("ParseGrade(%q) = %v, %v", g.String(), p, err)
		}
	}
	if _, err := ParseGrade("medium"); err == nil {
		t.Error("ParseGrade(medium): no error")
	}
}
