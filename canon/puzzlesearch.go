package canon

import (
	"cmp"
	"math/bits"
	"slices"
)

// The puzzle searches build the form a row at a time, keeping every candidate
// that gives the smallest rows so far (a breadth-first search with the
// level's minimum as the cut-off). A candidate stands for a set of group
// elements: they agree on the transposition, on the source lines of the rows
// placed, on the order of the stacks, and let each stack's columns take any
// order in its mask; all of them give the same rows so far and, in the digit
// searches, the same relabelling. The sets of two candidates never meet, so
// at the end the number of group elements giving the form is the sum over
// the candidates left of the product of their three mask sizes.
//
// Row 1 fixes the transposition, the line on top and the stack order; every
// later row is a line of the same band as the rows before it in the band, or,
// at rows 4 and 7, a line of a band not used yet. The cells of a row are
// compared a stack at a time, so a candidate is dropped at the first stack
// whose three cells are larger than the best of the level, and a smaller one
// drops the candidates kept so far.

// pcand is a candidate of the puzzle searches.
type pcand struct {
	lab   [10]uint8 // lab[d] is the label digit d got; 0 while d has not appeared
	rows  [9]uint8  // rows[i] is the source line at target row i, for the rows placed
	stk   [3]uint8  // stk[s] is the source stack at target stack s
	masks [3]uint8  // the column orders each target stack may still take
	next  uint8     // the label the next new digit gets
	tr    uint8     // 1 when the lines are the puzzle's columns
	used  uint16    // source lines placed, bit r for line r
	lo    uint16    // digitSearch: the run of pattern candidates s.pats[lo:hi]
	hi    uint16
}

// noKey is above every stack key: a level starts with it as its best.
const noKey = 0xFFFF

// newLabel is the value of a digit that has no label yet when the cells of a
// stack are compared: above every label, as the label it will get is.
const newLabel = 15

// puzzleScan is the state of the searches over one puzzle. Its slices are
// kept from puzzle to puzzle so that the searches allocate nothing once warm.
type puzzleScan struct {
	trip    [2][9][3]uint16 // trip[o][r][s]: digits of stack s of line r, 4 bits each, first column high
	ptrip   [2][9][3]uint8  // clue pattern of the same three cells, bit 2 for the first column
	pat     [2][9]uint16    // clue pattern of line r, bit 8 for its first cell
	repeats bool            // some line holds a digit twice
	cur     []pcand         // candidates after the last level
	pats    []pcand         // digitSearch: the pattern candidates, sorted
	nxt     []pcand         // candidates of the level being built
	best    [3]uint16       // the smallest stack keys of the level so far
	form    [9][3]uint16    // the rows found: per level, the stack keys
}

// load reads p into s; it fails when a cell is not 0..9.
func (s *puzzleScan) load(p *Grid) error {
	s.repeats = false
	for r := range 9 {
		var seenR, seenC uint16
		var pr, pc uint16
		for c := range 9 {
			dr, dc := p[r*9+c], p[c*9+r]
			if dr > 9 {
				return &ValueError{Cell: r*9 + c, Value: dr}
			}
			if dc > 9 {
				return &ValueError{Cell: c*9 + r, Value: dc}
			}
			pr <<= 1
			pc <<= 1
			if dr != 0 {
				pr |= 1
				if seenR>>dr&1 != 0 {
					s.repeats = true
				}
				seenR |= 1 << dr
			}
			if dc != 0 {
				pc |= 1
				if seenC>>dc&1 != 0 {
					s.repeats = true
				}
				seenC |= 1 << dc
			}
		}
		s.pat[0][r], s.pat[1][r] = pr, pc
		for st := range 3 {
			b := r*9 + 3*st
			s.trip[0][r][st] = uint16(p[b])<<8 | uint16(p[b+1])<<4 | uint16(p[b+2])
			b = 3*st*9 + r
			s.trip[1][r][st] = uint16(p[b])<<8 | uint16(p[b+9])<<4 | uint16(p[b+18])
			s.ptrip[0][r][st] = uint8(pr >> (6 - 3*st) & 7)
			s.ptrip[1][r][st] = uint8(pc >> (6 - 3*st) & 7)
		}
	}
	return nil
}

// loadMask reads the clue pattern m into s (for the pattern search only).
func (s *puzzleScan) loadMask(m Mask) {
	for r := range 9 {
		var pr, pc uint16
		for c := range 9 {
			pr <<= 1
			pc <<= 1
			if m.Has(r*9 + c) {
				pr |= 1
			}
			if m.Has(c*9 + r) {
				pc |= 1
			}
		}
		s.pat[0][r], s.pat[1][r] = pr, pc
		for st := range 3 {
			s.ptrip[0][r][st] = uint8(pr >> (6 - 3*st) & 7)
			s.ptrip[1][r][st] = uint8(pc >> (6 - 3*st) & 7)
		}
	}
}

// startLevel empties the level being built.
func (s *puzzleScan) startLevel() {
	s.nxt = s.nxt[:0]
	s.best = [3]uint16{noKey, noKey, noKey}
}

// endLevel makes the level built the current one and records its row.
func (s *puzzleScan) endLevel(k int) {
	s.cur, s.nxt = s.nxt, s.cur
	s.form[k] = s.best
}

// admit compares key, the cells of target stack st of a candidate whose
// earlier stacks tie with the level's best, with that best. It reports
// whether the candidate may stay; a smaller key becomes the best and drops
// the candidates kept so far.
func (s *puzzleScan) admit(key uint16, st int) bool {
	b := s.best[st]
	if key > b {
		return false
	}
	if key < b {
		s.best[st] = key
		for i := st + 1; i < 3; i++ {
			s.best[i] = noKey
		}
		s.nxt = s.nxt[:0]
	}
	return true
}

// minRow is the smallest pattern any line takes as row 1.
func (s *puzzleScan) minRow() uint16 {
	m := uint16(noKey)
	for o := range 2 {
		for r := range 9 {
			m = min(m, canonRow[s.pat[o][r]])
		}
	}
	return m
}

// topCand returns the candidate that puts line r of orientation o on top with
// stack order sp and every column order allowed.
func topCand(o, r, sp int) pcand {
	return pcand{
		tr:    uint8(o),
		stk:   perm3[sp],
		masks: [3]uint8{allOrders, allOrders, allOrders},
		next:  1,
		rows:  [9]uint8{uint8(r)},
		used:  1 << r,
	}
}

// fitsTop reports whether stack order c.stk lets line r take pattern want as
// row 1, and narrows c's masks to the column orders that give it.
func (s *puzzleScan) fitsTop(c *pcand, r int, want uint16) bool {
	for st := range 3 {
		e := patTab[int(s.ptrip[c.tr][r][c.stk[st]])<<6|allOrders]
		if e>>8 != want>>(6-3*st)&7 {
			return false
		}
		c.masks[st] = uint8(e)
	}
	return true
}

// lineChoices is the set of source lines (bit r for line r) that may go to
// target row k of a candidate with rows 0..k-1 placed.
func lineChoices(c *pcand, k int) uint16 {
	if k%3 != 0 {
		b := c.rows[k-k%3] / 3
		return 7 << (3 * b) &^ c.used
	}
	var free uint16
	for b := range 3 {
		if c.used>>(3*b)&7 == 0 {
			free |= 7 << (3 * b)
		}
	}
	return free
}

// patternSearch leaves in s.cur the candidates that give the smallest clue
// pattern, and its rows in s.form (3 bits a stack).
func (s *puzzleScan) patternSearch() {
	s.startLevel()
	top := s.minRow()
	for o := range 2 {
		for r := range 9 {
			if canonRow[s.pat[o][r]] != top {
				continue
			}
			for sp := range 6 {
				c := topCand(o, r, sp)
				if s.fitsTop(&c, r, top) {
					s.nxt = append(s.nxt, c)
				}
			}
		}
	}
	s.best = [3]uint16{top >> 6, top >> 3 & 7, top & 7}
	s.endLevel(0)
	for k := 1; k < 9; k++ {
		s.startLevel()
		for i := range s.cur {
			c := &s.cur[i]
			for lines := lineChoices(c, k); lines != 0; lines &= lines - 1 {
				r := bits.TrailingZeros16(lines)
				pt := &s.ptrip[c.tr][r]
				e0 := patTab[int(pt[c.stk[0]])<<6|int(c.masks[0])]
				if !s.admit(e0>>8, 0) {
					continue
				}
				e1 := patTab[int(pt[c.stk[1]])<<6|int(c.masks[1])]
				if !s.admit(e1>>8, 1) {
					continue
				}
				e2 := patTab[int(pt[c.stk[2]])<<6|int(c.masks[2])]
				if !s.admit(e2>>8, 2) {
					continue
				}
				n := *c
				n.rows[k] = uint8(r)
				n.used |= 1 << r
				n.masks = [3]uint8{uint8(e0), uint8(e1), uint8(e2)}
				s.nxt = append(s.nxt, n)
			}
		}
		s.endLevel(k)
	}
}

// plainSearch leaves in s.cur the candidates that give the smallest puzzle
// string (empty cells below every digit) and its rows in s.form.
func (s *puzzleScan) plainSearch() {
	s.startLevel()
	// When no line repeats a digit, row 1 reads its clues as 1, 2, 3...
	// in order, so only the lines with the smallest pattern can go on top,
	// with the stack orders that give it.
	top := s.minRow()
	for o := range 2 {
		for r := range 9 {
			if !s.repeats && canonRow[s.pat[o][r]] != top {
				continue
			}
			for sp := range 6 {
				c := topCand(o, r, sp)
				if !s.repeats && !s.fitsTop(&c, r, top) {
					continue
				}
				s.digitRow(&c, r, 0)
			}
		}
	}
	s.endLevel(0)
	for k := 1; k < 9; k++ {
		s.startLevel()
		for i := range s.cur {
			c := &s.cur[i]
			for lines := lineChoices(c, k); lines != 0; lines &= lines - 1 {
				r := bits.TrailingZeros16(lines)
				e := *c
				e.rows[k] = uint8(r)
				e.used |= 1 << r
				s.digitRow(&e, r, 0)
			}
		}
		s.endLevel(k)
	}
}

// digitSearch runs the digit comparison over the candidates of
// patternSearch in s.cur, whose rows are all placed: it leaves in s.cur those
// that give the smallest digits, and the rows in s.form.
//
// The pattern candidates are sorted so that those with the same
// transposition, stack order and masks and the same first k lines sit
// together; a digit candidate at level k stands for such a run (lo, hi), so
// the work of the first rows is shared by the pattern candidates that agree
// on them, however many there are.
func (s *puzzleScan) digitSearch() {
	s.pats = append(s.pats[:0], s.cur...)
	slices.SortFunc(s.pats, func(a, b pcand) int { return cmp.Compare(a.sortKey(), b.sortKey()) })
	s.startLevel()
	for lo := 0; lo < len(s.pats); {
		c := s.pats[lo]
		hi := lo + 1
		for hi < len(s.pats) && s.pats[hi].sortKey()>>36 == c.sortKey()>>36 {
			hi++
		}
		c.lab, c.next, c.lo, c.hi = [10]uint8{}, 1, uint16(lo), uint16(hi)
		s.nxt = append(s.nxt, c)
		lo = hi
	}
	s.cur, s.nxt = s.nxt, s.cur
	for k := range 9 {
		s.startLevel()
		for i := range s.cur {
			c := &s.cur[i]
			for lo := int(c.lo); lo < int(c.hi); {
				r := s.pats[lo].rows[k]
				hi := lo + 1
				for hi < int(c.hi) && s.pats[hi].rows[k] == r {
					hi++
				}
				e := *c
				e.rows[k] = r
				e.lo, e.hi = uint16(lo), uint16(hi)
				s.digitRow(&e, int(r), 0)
				lo = hi
			}
		}
		s.endLevel(k)
	}
}

// sortKey orders the pattern candidates by transposition, stack order, masks
// and then lines, the first line most significant (4 bits each, the low 36
// bits).
func (c *pcand) sortKey() uint64 {
	k := uint64(c.tr)<<9 | uint64(c.stk[0])<<6 | uint64(c.stk[1])<<3 | uint64(c.stk[2])
	k = k<<18 | uint64(c.masks[0])<<12 | uint64(c.masks[1])<<6 | uint64(c.masks[2])
	for _, r := range c.rows {
		k = k<<4 | uint64(r)
	}
	return k
}

// digitRow compares line r, as the next row of candidate e, stack by stack
// from target stack st, with the level's best, and keeps e if it ties or
// beats it. e is the caller's copy: digitRow narrows its masks and gives
// labels to its new digits. Where two new digits can swap places (the same
// cells, other labels) the candidate splits, one for each way.
func (s *puzzleScan) digitRow(e *pcand, r, st int) {
	for ; st < 3; st++ {
		t := s.trip[e.tr][r][e.stk[st]]
		if t == 0 {
			if !s.admit(0, st) {
				return
			}
			continue
		}
		d := [3]uint8{uint8(t >> 8), uint8(t >> 4 & 15), uint8(t & 15)}
		var v [3]uint8
		fresh := 0
		for k, x := range d {
			switch {
			case x == 0:
			case e.lab[x] != 0:
				v[k] = e.lab[x]
			default:
				v[k] = newLabel
				fresh++
			}
		}
		m := cmpTab[weakOrder3(v[0], v[1], v[2])<<6|int(e.masks[st])]
		if fresh >= 2 && m&(m-1) != 0 {
			s.splitRow(e, r, st, &d, m)
			return
		}
		p := bits.TrailingZeros8(m)
		key := e.label(&d, p)
		if !s.admit(key, st) {
			return
		}
		e.masks[st] = m
	}
	s.nxt = append(s.nxt, *e)
}

// splitRow goes on with digitRow for each way the orders m (all giving the
// same cells) can place the new digits of target stack st.
func (s *puzzleScan) splitRow(e *pcand, r, st int, d *[3]uint8, m uint8) {
	// Orders that put the same digits in the same places give the same
	// labels: group them by the digits they read.
	var seen [6]uint16
	var groups [6]uint8
	n := 0
	for x := m; x != 0; x &= x - 1 {
		p := bits.TrailingZeros8(x)
		read := uint16(d[perm3[p][0]])<<8 | uint16(d[perm3[p][1]])<<4 | uint16(d[perm3[p][2]])
		g := 0
		for g < n && seen[g] != read {
			g++
		}
		if g == n {
			seen[n] = read
			n++
		}
		groups[g] |= 1 << p
	}
	for g := range n {
		f := *e
		key := f.label(d, bits.TrailingZeros8(groups[g]))
		if !s.admit(key, st) {
			return // every group gives the same key
		}
		f.masks[st] = groups[g]
		s.digitRow(&f, r, st+1)
	}
}

// label reads the three cells d in column order perm3[p], gives labels to the
// digits that have none yet, and returns the cells as a key (4 bits each).
func (e *pcand) label(d *[3]uint8, p int) uint16 {
	var key uint16
	for k := range 3 {
		x := d[perm3[p][k]]
		if x != 0 && e.lab[x] == 0 {
			e.lab[x] = e.next
			e.next++
		}
		key = key<<4 | uint16(e.lab[x])
	}
	return key
}

// autos is the number of group elements the candidates in s.cur stand for.
func (s *puzzleScan) autos() int {
	n := 0
	for i := range s.cur {
		m := &s.cur[i].masks
		n += orderCount(m[0]) * orderCount(m[1]) * orderCount(m[2])
	}
	return n
}

// transform returns one group element of candidate c (the first order in
// each mask), with its relabelling; digits that did not appear take the
// labels left, in order.
func (c *pcand) transform() Transform {
	var t Transform
	t.Transpose = c.tr == 1
	t.Rows = c.rows
	for st := range 3 {
		p := bits.TrailingZeros8(c.masks[st])
		for k := range 3 {
			t.Cols[3*st+k] = 3*c.stk[st] + perm3[p][k]
		}
	}
	next := c.next
	if next == 0 {
		next = 1
	}
	for d := 1; d <= 9; d++ {
		if c.lab[d] != 0 {
			t.Digits[d] = c.lab[d]
		} else {
			t.Digits[d] = next
			next++
		}
	}
	return t
}
