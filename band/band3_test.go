package band

import "testing"

// rows7Brute counts the rows 7 with r7c1 = f and column c's digit in in[c]
// (c = 1..8), all nine digits 1-9 distinct, and returns the first limit of
// them in ascending order of columns 2-9, a byte each as Rows7 writes them.
func rows7Brute(in *[9]uint16, f uint8, limit int) (int, []uint64) {
	var rows []uint64
	n := 0
	var walk func(c int, used uint16, row uint64)
	walk = func(c int, used uint16, row uint64) {
		if c == 9 {
			if n < limit {
				rows = append(rows, row)
			}
			n++
			return
		}
		for d := 1; d <= 9; d++ {
			if in[c]&(1<<d) != 0 && used&(1<<d) == 0 {
				walk(c+1, used|1<<d, row|uint64(d)<<(8*(c-1)))
			}
		}
	}
	walk(1, 1<<f, 0)
	return n, rows
}

// TestRows7Overflow gives Rows7 triples that repeat digits within a stack
// (rows 1-6 of no grid), for which it counts more than MaxRows7 rows, as a
// corrupt catalog file could: it must return that count, the same with and
// without output arrays, and write only the first MaxRows7 rows, each with
// its digits within their columns' triples.
func TestRows7Overflow(t *testing.T) {
	const d123, d456, d789 = 0xE, 0x70, 0x380
	tri := [9]uint16{0, d456, d456, d789, 1<<2 | 1<<3 | 1<<6, d789, d123, d456, d789}
	var allow [9]uint16
	for c := range allow {
		allow[c] = 0x3FE
	}
	var masks [MaxRows7]uint32
	var digits [MaxRows7]uint64
	n := Rows7(&tri, &allow, 1, &masks, &digits)
	if n <= MaxRows7 {
		t.Fatalf("Rows7 = %d rows, want more than %d for these triples", n, MaxRows7)
	}
	if m := Rows7(&tri, &allow, 1, nil, nil); m != n {
		t.Fatalf("Rows7 = %d rows with output arrays, %d without", n, m)
	}
	for i, row := range digits {
		for c := 1; c < 9; c++ {
			if d := uint8(row >> (8 * (c - 1))); tri[c]&(1<<d) == 0 {
				t.Fatalf("row %d: column %d has digit %d, not in its triple %#x", i, c+1, d, tri[c])
			}
		}
	}
}

// TestRows7Brute checks Rows7 against brute force on rows 1-6 of the
// a minlex grid, for each digit r7c1 can take.
func TestRows7Brute(t *testing.T) {
	g := "123456789456789123789123456214835697367291845598647312632918574845372961971564238"
	var tri, allow [9]uint16
	for c := range 9 {
		var seen uint16
		for r := range 6 {
			seen |= 1 << (g[9*r+c] - '0')
		}
		tri[c] = 0x3FE &^ seen
		allow[c] = 0x3FE
	}
	for f := uint8(1); f <= 9; f++ {
		if tri[0]&(1<<f) == 0 {
			continue
		}
		var digits [MaxRows7]uint64
		n := Rows7(&tri, &allow, f, nil, &digits)
		want, rows := rows7Brute(&tri, f, MaxRows7)
		if n != want {
			t.Fatalf("f=%d: Rows7 = %d rows, brute force %d", f, n, want)
		}
		for i, r := range rows {
			if digits[i] != r {
				t.Fatalf("f=%d row %d: %016x, brute force %016x", f, i, digits[i], r)
			}
		}
	}
}
