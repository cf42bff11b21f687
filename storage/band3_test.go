package storage

import (
	"math/rand/v2"
	"slices"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

// slowBand3 lists the fillings of rows 7-9 of g (rows 1-6 and column 1
// given) by plain backtracking, row-major, ascending: the reference for band3.
func slowBand3(g canon.Grid) [][27]uint8 {
	var out [][27]uint8
	var rec func(i int)
	ok := func(i int, d uint8) bool {
		r, c := i/9, i%9
		for j := range 81 {
			if j != i && g[j] == d && (j/9 == r || j%9 == c || boxOf[j] == boxOf[i]) {
				return false
			}
		}
		return true
	}
	for i := 54; i < 81; i++ {
		if i%9 != 0 {
			g[i] = 0
		}
	}
	rec = func(i int) {
		for i < 81 && i%9 == 0 {
			i++
		}
		if i == 81 {
			out = append(out, [27]uint8(g[54:]))
			return
		}
		for d := uint8(1); d <= 9; d++ {
			if ok(i, d) {
				g[i] = d
				rec(i + 1)
				g[i] = 0
			}
		}
	}
	rec(54)
	return out
}

// band3Of lists the rows 7 that complete rows 1-6 of g, as the codec does.
func band3Of(g *canon.Grid) (b band3, ok bool) {
	u := keyUnits(g)
	for q := range numBand2 {
		u.placeQ(q, g[openCell[q]])
	}
	ok = b.init((*[81]uint8)(g), &u.col)
	return b, ok
}

// fastBand3 lists the same fillings with band3 and rows89.
func fastBand3(g *canon.Grid) [][27]uint8 {
	b, ok := band3Of(g)
	if !ok {
		return nil
	}
	var out [][27]uint8
	var x rows89
	h := *g
	for k := 0; k < b.n; k++ {
		x.init(&b, b.rows[k], g[63])
		for i := 0; i < x.n; i++ {
			x.fill((*[81]uint8)(&h), i)
			j, ok := x.index((*[81]uint8)(&h))
			if !ok || j != i {
				panic("rows89.index does not invert fill")
			}
			out = append(out, [27]uint8(h[54:]))
		}
	}
	return out
}

func TestBand3AgainstBacktracking(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n, m := 300, 200
	if testing.Short() {
		n, m = 20, 40
	}
	var grids []canon.Grid
	for range n {
		// Random valid grids, made minlex so that column 1 has the key's
		// layout; and their band 2 from the sorted stream's point of view.
		g := canon.RandomGrid(r)
		m, _, _ := canon.Minlex(&g)
		grids = append(grids, m)
	}
	for _, g := range enumerated(t, 2900).grids[:m] {
		grids = append(grids, g)
	}
	total, most := 0, 0
	for _, g := range grids {
		want := slowBand3(g)
		got := fastBand3(&g)
		if len(got) != len(want) {
			t.Fatalf("grid %s: %d completions; want %d", g.String(), len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("grid %s: completion %d is %v; want %v", g.String(), i, got[i], want[i])
			}
		}
		found := false
		for _, c := range got {
			found = found || c == [27]uint8(g[54:])
		}
		if !found {
			t.Fatalf("grid %s: its own band 3 is not among the completions", g.String())
		}
		total += len(got)
		most = max(most, len(got))
	}
	t.Logf("%d bands 2: %.1f completions on average, at most %d", len(grids), float64(total)/float64(len(grids)), most)
}

func TestBand3Bounds(t *testing.T) {
	// band.MaxRows7 and at most 8 completions a row 7 are what the decoder's arrays rely on.
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		g := canon.RandomGrid(r)
		m, _, _ := canon.Minlex(&g)
		b, ok := band3Of(&m)
		if !ok {
			t.Fatalf("grid %s: no completion of its own band 2", m.String())
		}
		if n := band.Rows7(&b.miss, &anyDigit, m[54], nil, nil); n != b.n || n > band.MaxRows7 {
			t.Fatalf("%d rows 7 listed, %d kept, at most %d", n, b.n, band.MaxRows7)
		}
		var x rows89
		var prev [9]uint8
		for k := 0; k < b.n; k++ {
			x.init(&b, b.rows[k], m[63])
			if x.n&(x.n-1) != 0 || x.n < 1 || x.n > 8 {
				t.Fatalf("%d completions of a row 7; want 1, 2, 4 or 8", x.n)
			}
			r7 := x.row7()
			if k > 0 && string(prev[:]) >= string(r7[:]) {
				t.Fatalf("rows 7 %v, %v not ascending", prev, r7)
			}
			prev = r7
		}
	}
}

// index accepts exactly the rows 8-9 that complete a row 7, and numbers them
// in ascending order of row 8, as fill does: every choice of low or high
// digit in each column, with row 9 taking the other, is tried, and so are
// digits outside the column's two and a row 9 that does not match.
func TestRows89Index(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 60 {
		g := canon.RandomGrid(rng)
		b, ok := band3Of(&g)
		if !ok {
			t.Fatalf("grid %s: no completion of its own band 2", g.String())
		}
		var x rows89
		for k := 0; k < b.n; k++ {
			x.init(&b, b.rows[k], g[63])
			h := g
			x.fill((*[81]uint8)(&h), 0) // row 7
			var fillings []canon.Grid   // all 256, the permutations first found
			var perms []string
			for p := range 256 {
				for c := 1; c < 9; c++ {
					lo := uint8(x.lo >> (8 * (c - 1)))
					hi := lo ^ uint8(x.dx>>(8*(c-1)))
					if p>>(c-1)&1 != 0 {
						lo, hi = hi, lo
					}
					h[63+c], h[72+c] = lo, hi
				}
				fillings = append(fillings, h)
				seen, perm := uint16(0), true
				for c := range 9 {
					m := uint16(1) << h[63+c]
					perm = perm && seen&m == 0
					seen |= m
				}
				if perm {
					perms = append(perms, string(h[63:72]))
				}
			}
			slices.Sort(perms)
			if len(perms) != x.n {
				t.Fatalf("%d permutations among the fillings, %d completions", len(perms), x.n)
			}
			for _, h := range fillings {
				want, perm := slices.BinarySearch(perms, string(h[63:72]))
				i, ok := x.index((*[81]uint8)(&h))
				if ok != perm || ok && i != want {
					t.Fatalf("row 8 %v: index = %d %v, want %d %v", h[63:72], i, ok, want, perm)
				}
				if !perm {
					continue
				}
				// A wrong row 9, and a digit not left in its column.
				bad := h
				bad[73], bad[74] = bad[74], bad[73]
				if _, ok := x.index((*[81]uint8)(&bad)); ok {
					t.Fatalf("row 9 %v accepted for row 8 %v", bad[72:], bad[63:72])
				}
				bad = h
				c := 1 + rng.IntN(8)
				bad[63+c] = uint8(rng.IntN(16))
				if bad[63+c] != h[63+c] {
					if _, ok := x.index((*[81]uint8)(&bad)); ok {
						t.Fatalf("digit %d in column %d accepted", bad[63+c], c+1)
					}
				}
			}
		}
	}
}
