package storage

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

// openKey orders grids as their open cells do, survives the index entry's
// disk layout, and rejects exactly the cells outside 1..9.
func TestOpenKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	cells := func(g *canon.Grid) []byte {
		var b []byte
		for _, c := range openCell {
			b = append(b, g[c])
		}
		return b
	}
	for range 2000 {
		g, h := canon.RandomGrid(rng), canon.RandomGrid(rng)
		if rng.IntN(4) == 0 { // share a prefix of the open cells
			for _, c := range openCell[:rng.IntN(band.OpenCells)] {
				h[c] = g[c]
			}
		}
		kg, kh := keyOf((*[81]uint8)(&g)), keyOf((*[81]uint8)(&h))
		if got, want := kg.cmp(&kh), bytes.Compare(cells(&g), cells(&h)); got != want {
			t.Fatalf("cmp = %d, cells compare %d", got, want)
		}
		for q, c := range openCell {
			if kg.digit(q) != g[c] {
				t.Fatalf("digit(%d) = %d, cell %d holds %d", q, kg.digit(q), c, g[c])
			}
		}
		if !kg.digitsOK() {
			t.Fatalf("digitsOK false for a grid")
		}
		e := blockEntry{open: kg}
		var b [indexEntrySize]byte
		e.marshal(b[:])
		for q := range band.OpenCells { // the documented layout: cell 2i low, 2i+1 high
			if got := b[32+q/2] >> (4 * (q % 2)) & 15; got != g[openCell[q]] {
				t.Fatalf("on disk open cell %d = %d, want %d", q, got, g[openCell[q]])
			}
		}
		var back blockEntry
		back.unmarshal(b[:])
		if back.open != kg {
			t.Fatalf("unmarshal(marshal) changed the key")
		}
		q, d := rng.IntN(band.OpenCells), []uint64{0, 10, 11, 12, 13, 14, 15}[rng.IntN(7)]
		bad := kg
		bad[q/16] = bad[q/16]&^(15<<(60-4*(q%16))) | d<<(60-4*(q%16))
		if bad.digitsOK() {
			t.Fatalf("digitsOK true with %d in cell %d", d, q)
		}
	}
}
