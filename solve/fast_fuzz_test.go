package solve

import (
	"context"
	"errors"
	"testing"
)

// FuzzFast compares Fast with the reference on puzzles made from arbitrary
// bytes: '1'-'9' and the values 1-9 are givens, values of 0xf0 and up are
// out of range (an error), anything else is an empty cell; short input is
// padded with empty cells.
func FuzzFast(f *testing.F) {
	for _, s := range []string{
		"",
		fastGroup1,
		"........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
		"11...............................................................................",
		"1...\xf5",
	} {
		f.Add([]byte(s))
	}
	fast := NewFast()
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, data []byte) {
		var p [81]uint8
		bad := -1
		for i := 0; i < 81 && i < len(data); i++ {
			switch c := data[i]; {
			case c >= '1' && c <= '9':
				p[i] = c - '0'
			case c >= 1 && c <= 9:
				p[i] = c
			case c >= 0xf0:
				p[i] = c
				if bad < 0 {
					bad = i
				}
			}
		}
		if bad >= 0 {
			_, err := fast.Count(ctx, &p, 1)
			var ve *FastValueError
			if !errors.As(err, &ve) || ve.Cell != bad || ve.Value != p[bad] {
				t.Fatalf("%v: error %v; want a FastValueError at cell %d", data, err, bad)
			}
			return
		}
		want, _ := fastRefCount(&p, 10)
		for _, limit := range []int64{1, 2, 10} {
			if got, err := fast.Count(ctx, &p, limit); err != nil || got != min(want, limit) {
				t.Fatalf("%s: Count(limit %d) = %d, %v; want %d", fastFormat(&p), limit, got, err, min(want, limit))
			}
		}
		var sol [81]uint8
		ok, err := fast.First(ctx, &p, &sol)
		wantSol := fastRefSolutions(&p, 3)
		if err != nil || ok != (len(wantSol) > 0) || ok && sol != wantSol[0] {
			t.Fatalf("%s: First = %v %s, %v; want %v", fastFormat(&p), ok, fastFormat(&sol), err, len(wantSol) > 0)
		}
		var got [][81]uint8
		n, err := fast.All(ctx, &p, 3, func(g *[81]uint8) error {
			got = append(got, *g)
			return nil
		})
		if err != nil || n != int64(len(wantSol)) || len(got) != len(wantSol) {
			t.Fatalf("%s: All(limit 3) = %d, %v; want %d", fastFormat(&p), n, err, len(wantSol))
		}
		for i := range got {
			if got[i] != wantSol[i] {
				t.Fatalf("%s: All solution %d = %s; want %s", fastFormat(&p), i, fastFormat(&got[i]), fastFormat(&wantSol[i]))
			}
		}
	})
}
