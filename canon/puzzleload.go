package canon

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// load reads p into s, with no bound on the candidates; it fails when a
// cell is not 0..9.
func (s *puzzleScan) load(p *Grid) error {
	const (
		lows  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	var cols uint64 // byte c: column c's clues in rows 0-7, row r at bit 7-r
	var last uint16 // column 9's clues, row r at bit 8-r
	var bad uint64
	var seenC [9]uint16 // the digits of each column, bit d for digit d (bit 0: empty)
	s.repeats = false
	s.limit, s.over = math.MaxInt, false
	for r := range 9 {
		row := p[9*r : 9*r+9]
		var seen uint16
		for c, d := range row {
			seen |= 1 << (d & 15)
			seenC[c] |= 1 << (d & 15)
		}
		x := binary.LittleEndian.Uint64(row)
		// A byte of x is nonzero when adding 0x7F carries into its high
		// bit; it is above 9 when adding 0x76 to its low 7 bits does, or
		// when its own high bit is set.
		nz := (x + 0x7F*lows) & highs
		bad |= ((x &^ highs) + 0x76*lows | x) & highs
		bad |= (uint64(row[8]&0x7F) + 0x76 | uint64(row[8])) & 0x80
		g := uint8((nz >> 7) * 0x0102040810204080 >> 56) // column c at bit c
		pr := uint16(bits.Reverse8(g)) << 1
		if row[8] != 0 {
			pr |= 1
			last |= 1 << (8 - r)
		}
		s.pat[0][r] = pr
		// A line repeats a digit when it holds more clues than digits.
		if bits.OnesCount16(seen&^1) != bits.OnesCount16(pr) {
			s.repeats = true
		}
		if r < 8 {
			cols |= nz >> 7 << (7 - r)
		}
	}
	if bad != 0 {
		for i, d := range p {
			if d > 9 {
				return &ValueError{Cell: i, Value: d}
			}
		}
	}
	row8 := s.pat[0][8]
	for c := range 8 {
		s.pat[1][c] = uint16(cols>>(8*c)&0xFF)<<1 | row8>>(8-c)&1
	}
	s.pat[1][8] = last
	for c := range 9 {
		if bits.OnesCount16(seenC[c]&^1) != bits.OnesCount16(s.pat[1][c]) {
			s.repeats = true
		}
	}
	s.p = p
	return nil
}

// lineAt returns where line r of orientation o starts in the puzzle and the
// step from one of its cells to the next.
func lineAt(o uint8, r int) (base, step int) {
	if o == 0 {
		return 9 * r, 1
	}
	return r, 9
}

// cells returns the digits of stack ss of line r of orientation o, 4 bits
// each, first column high.
func (s *puzzleScan) cells(o uint8, r, ss int) uint16 {
	base, step := lineAt(o, r)
	i := base + 3*ss*step
	return uint16(s.p[i])<<8 | uint16(s.p[i+step])<<4 | uint16(s.p[i+2*step])
}

// loadMask reads the clue pattern m into s (for the pattern search only);
// bits of m past cell 80 are ignored.
func (s *puzzleScan) loadMask(m Mask) {
	s.limit, s.over = math.MaxInt, false
	var pc [9]uint16
	for r := range 9 {
		var pr uint16
		if r < 7 {
			pr = uint16(m[0] >> (55 - 9*r) & 511)
		} else if r == 7 {
			pr = uint16(m[0]&1)<<8 | uint16(m[1]>>9&0xFF)
		} else {
			pr = uint16(m[1] & 511)
		}
		s.pat[0][r] = pr
		for c := range 9 {
			pc[c] = pc[c]<<1 | pr>>(8-c)&1
		}
	}
	s.pat[1] = pc
}
