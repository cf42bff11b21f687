package query

import (
	"math/bits"

	"edgrid/canon"
)

// Intercalates is the number of intercalates: 2x2 latin subsquares a b / b a
// in any two rows and two columns. A grid has at most 72 (docs/design/method.md).
var Intercalates RunInvariant = intercalatesInv{}

type intercalatesInv struct{}

func (intercalatesInv) Name() string { return "intercalates" }
func (intercalatesInv) Definition() string {
	return "2x2 latin subsquares a b / b a in any two rows and any two columns"
}

// Value counts, for each of the 36 pairs of rows, the columns whose
// vertical dominoes repeat (pairs.go). The pairs are written out, row by
// row, the upper row's masks held in registers: as a loop, its control cost
// a third more.
func (intercalatesInv) Value(g *canon.Grid) int {
	var m masks
	m.setRows(g, 0, 9)
	d := 0
	var b *[9]uint64
	{
		a := &m[0]
		a0, a1, a2, a3, a4, a5, a6, a7, a8 := a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]
		b = &m[1]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[2]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[3]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[4]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[5]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[6]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[7]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[8]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
	}
	{
		a := &m[1]
		a0, a1, a2, a3, a4, a5, a6, a7, a8 := a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]
		b = &m[2]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[3]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[4]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[5]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[6]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[7]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[8]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
	}
	{
		a := &m[2]
		a0, a1, a2, a3, a4, a5, a6, a7, a8 := a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]
		b = &m[3]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[4]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[5]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[6]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[7]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[8]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
	}
	{
		a := &m[3]
		a0, a1, a2, a3, a4, a5, a6, a7, a8 := a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]
		b = &m[4]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[5]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[6]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[7]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[8]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
	}
	{
		a := &m[4]
		a0, a1, a2, a3, a4, a5, a6, a7, a8 := a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]
		b = &m[5]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[6]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[7]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[8]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
	}
	{
		a := &m[5]
		a0, a1, a2, a3, a4, a5, a6, a7, a8 := a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]
		b = &m[6]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[7]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[8]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
	}
	{
		a := &m[6]
		a0, a1, a2, a3, a4, a5, a6, a7, a8 := a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]
		b = &m[7]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
		b = &m[8]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
	}
	{
		a := &m[7]
		a0, a1, a2, a3, a4, a5, a6, a7, a8 := a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]
		b = &m[8]
		d += bits.OnesCount64(a0&b[0] | a1&b[1] | a2&b[2] | a3&b[3] | a4&b[4] | a5&b[5] | a6&b[6] | a7&b[7] | a8&b[8])
	}
	return 36*9 - d
}

func (intercalatesInv) NewRunner() Runner { return &intercalatesRunner{} }

// intercalatesRunner reads runCache (dominoes.go).
type intercalatesRunner struct{ own runCache }

func (x *intercalatesRunner) Values(r *Run, out []int) {
	copy(out, r.values(&x.own, needIC).ic)
}
