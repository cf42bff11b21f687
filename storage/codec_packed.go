package storage

import (
	"bytes"

	"edgrid/band"
	"edgrid/canon"
)

// encodePacked appends 24 bytes a grid: open cell q (0..47) is the low
// nibble of byte q/2 when q is even, the high nibble when odd.
func encodePacked(grids []canon.Grid, dst []byte) []byte {
	for i := range grids {
		g := &grids[i]
		for q := 0; q < band.OpenCells; q += 2 {
			dst = append(dst, g[openCell[q]]|g[openCell[q+1]]<<4)
		}
	}
	return dst
}

// decodePacked reads what encodePacked wrote. Every digit must be 1..9 and
// the grids strictly ascending.
func decodePacked(payload []byte, key *band.Key, count int, fn func(g *canon.Grid) bool) error {
	if len(payload) != 24*count {
		return &payloadError{msg: "payload length is not 24 bytes a grid", offset: len(payload)}
	}
	g := key.Partial()
	var prev canon.Grid
	for i := range count {
		rec := payload[24*i : 24*i+24]
		for j, b := range rec {
			lo, hi := b&15, b>>4
			if lo < 1 || lo > 9 || hi < 1 || hi > 9 {
				return &payloadError{msg: "digit out of range 1..9", offset: 24*i + j}
			}
			g[openCell[2*j]], g[openCell[2*j+1]] = lo, hi
		}
		if i > 0 && bytes.Compare(prev[27:], g[27:]) >= 0 {
			return &payloadError{msg: "grids out of order", offset: 24 * i}
		}
		prev = g
		if !fn(&g) {
			return nil
		}
	}
	return nil
}
