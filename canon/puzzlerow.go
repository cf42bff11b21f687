package canon

import "math/bits"

// Row keys. A row is compared as a number: 4 bits a cell, target column 1
// highest (36 bits), or in the pattern search 1 bit a cell (9 bits). The
// level's best starts at noRow, which no row exceeds; a row equal to it is
// kept like any tie, and the level's list is empty then anyway.
const noRow = 1<<36 - 1

// Labels. A candidate's relabelling so far is a uint64 of 4-bit fields, field
// d for digit d: the label d got, or noLabel while d has not appeared. Field 0
// stays 0, so that looking up an empty cell gives 0. noLabel is above every
// label, as the label a new digit will get is. When no line repeats a digit,
// rows are compared with noLabel standing for each new digit: the new digits
// of a row get the next labels in the order the row meets them, so two rows
// that tie up to some cell have had the same number of new digits before it,
// and comparing noLabel with noLabel, or with an old label, gives the same
// answer as comparing the labels they get. Keys are then written that way,
// and the form's rows get their labels when the search is over.
const (
	noLabel  = 15
	noLabels = 0xFFFFFFFFF0
)

// onePlace[b] is the place (0-2) of the cell a one-bit pattern b (of three
// cells, bit 2 for the first) marks.
var onePlace = [5]uint8{1: 2, 2: 1, 4: 0}

// oneShift[b] is the shift of the 4-bit field of the cell a one-bit pattern b
// (of three cells) marks.
var oneShift = [5]uint8{1: 0, 2: 4, 4: 8}

// labelOf is the field of digit d in lab.
func labelOf(lab uint64, d uint16) uint16 { return uint16(lab>>(4*d)) & 15 }

// cellValues looks up the three digits t (4 bits each) in lab.
func cellValues(lab uint64, t uint16) uint16 {
	return labelOf(lab, t>>8)<<8 | labelOf(lab, t>>4&15)<<4 | labelOf(lab, t&15)
}

// permuteCells reads the three cells v (4 bits each) in column order perm3[p].
func permuteCells(v uint16, p int) uint16 {
	sh := &permShift[p]
	return (v>>sh[0]&15)<<8 | (v>>sh[1]&15)<<4 | v>>sh[2]&15
}

// keep appends candidate c with line r placed at target row k, and returns
// it for the caller to set its masks and labels. At the budget (s.limit) it
// keeps nothing and marks the search over it: the caller's writes go to a
// spare, and Minlex fails once the search ends.
func (s *puzzleScan) keep(c *pcand, r, k int) *pcand {
	var n *pcand
	if len(s.nxt) < s.limit {
		s.nxt = append(s.nxt, *c)
		n = &s.nxt[len(s.nxt)-1]
	} else {
		s.over = true
		s.spare = *c
		n = &s.spare
	}
	n.rows[k] = uint8(r)
	n.used |= 1 << r
	return n
}

// patKey is the smallest pattern line r takes as the next row of candidate c.
func (s *puzzleScan) patKey(c *pcand, r int) uint16 {
	x := s.pat[c.tr][r]
	e0 := patTab[int(x>>6)<<6|int(c.cols[0])]
	e1 := patTab[int(x>>3&7)<<6|int(c.cols[1])]
	e2 := patTab[int(x&7)<<6|int(c.cols[2])]
	return stackTab[int(e0>>8<<6|e1>>8<<3|e2>>8)<<6|int(c.stks)] >> 6
}

// patRow tries line r as target row k of candidate c in the pattern search:
// it keeps the extended candidate if its smallest pattern ties with or beats
// the level's best.
func (s *puzzleScan) patRow(c *pcand, r, k int) {
	x := s.pat[c.tr][r]
	e0 := patTab[int(x>>6)<<6|int(c.cols[0])]
	e1 := patTab[int(x>>3&7)<<6|int(c.cols[1])]
	e2 := patTab[int(x&7)<<6|int(c.cols[2])]
	row := stackTab[int(e0>>8<<6|e1>>8<<3|e2>>8)<<6|int(c.stks)]
	key := uint64(row >> 6)
	if key > s.best {
		return
	}
	if key < s.best {
		s.best = key
		s.nxt = s.nxt[:0]
	}
	n := s.keep(c, r, k)
	n.stks = uint8(row & 63)
	n.cols = [3]uint8{uint8(e0), uint8(e1), uint8(e2)}
}

// digitRow tries line r as target row k of candidate c in a digit search: it
// keeps the extended candidate if its smallest row ties with or beats the
// level's best, its masks narrowed to the orders that give that row and its
// new digits labelled. c is not changed.
//
// In each source stack the column orders that give the smallest three cells
// come from how the cells compare alone (cmpTab), and then the stack orders
// that give the smallest row from how the three stacks' smallest cells
// compare. When two new digits can trade places between orders that give the
// same row, those orders relabel differently and the candidate splits
// (splitGroups); when some line repeats a digit, splitRow does the work.
func (s *puzzleScan) digitRow(c *pcand, r, k int) {
	if s.repeats {
		s.splitRow(c, r, k, c.stks)
		return
	}
	base, step := lineAt(c.tr, r)
	lab := c.lab
	var K [3]uint16  // each source stack's smallest cells
	var M [3]uint8   // and the column orders giving them
	var fresh uint8  // bit ss: source stack ss holds a new digit
	var multi uint8  // bit ss: and its orders place two new digits differently
	var nd [3]uint16 // the new digits of each source stack, in the order the row meets them
	x := s.pat[c.tr][r]
	for ss := range 3 {
		m := c.cols[ss]
		if pt := x >> (6 - 3*ss) & 7; pt&(pt-1) == 0 {
			// No clue or one: the orders that push it furthest right.
			if pt != 0 {
				e := patTab[int(pt)<<6|int(m)]
				m = uint8(e)
				d := uint16(s.p[base+step*(3*ss+int(onePlace[pt]))])
				l := labelOf(lab, d)
				K[ss] = l << oneShift[e>>8]
				if l == noLabel {
					fresh |= 1 << ss
					nd[ss] = d
				}
			}
		} else {
			t := s.cells(c.tr, r, ss)
			v := cellValues(lab, t)
			info := trioTab[v]
			m = cmpTab[int(info&31)<<6|int(m)]
			p := bits.TrailingZeros8(m)
			K[ss] = permuteCells(v, p)
			if info>>5 != 0 {
				fresh |= 1 << ss
				k := K[ss]
				nd[ss] = permuteCells(t, p) & ((k & (k >> 1) & (k >> 2) & (k >> 3) & 0x111) * 15)
				if info>>5 == 2 && m&(m-1) != 0 {
					multi |= 1 << ss
				}
			}
		}
		M[ss] = m
	}
	S := c.stks
	if S&(S-1) != 0 {
		S = cmpTab[weakOrder3(K[0], K[1], K[2])<<6|int(S)]
	}
	sp := &perm3[bits.TrailingZeros8(S)]
	key := uint64(K[sp[0]])<<24 | uint64(K[sp[1]])<<12 | uint64(K[sp[2]])
	if key > s.best {
		return
	}
	if key < s.best {
		s.best = key
		s.nxt = s.nxt[:0]
	}
	if multi == 0 && (fresh == 0 || S&(S-1) == 0 || !newDigitsMove(S, fresh)) {
		n := s.keep(c, r, k)
		n.stks = S
		n.cols = M
		if fresh != 0 {
			n.numberNew(sp, &nd)
		}
		return
	}
	if y := S & (S - 1); multi == 0 && y&(y-1) == 0 {
		// Two stack orders that place the new digits differently: one
		// candidate each.
		for x := S; x != 0; x &= x - 1 {
			p := bits.TrailingZeros8(x)
			n := s.keep(c, r, k)
			n.stks = 1 << p
			n.cols = M
			n.numberNew(&perm3[p], &nd)
		}
		return
	}
	s.splitGroups(c, r, k, S, &M, &nd, fresh, multi)
}

// splitGroups keeps candidate c with line r at row k once for each way the
// orders that give its smallest row (stack orders S, column orders M) can
// number the row's new digits (nd, in the first orders of M; fresh marks the
// source stacks that hold some): the stack orders are grouped by which source
// stack they put where a new digit stands, the column orders of a stack whose
// orders move two new digits (multi) by the digits they read.
func (s *puzzleScan) splitGroups(c *pcand, r, k int, S uint8, M *[3]uint8, nd *[3]uint16, fresh, multi uint8) {
	var sg, sigs [6]uint8
	nsg := 0
	for x := S; x != 0; x &= x - 1 {
		p := bits.TrailingZeros8(x)
		var sig uint8
		for t, ss := range perm3[p] {
			if fresh>>ss&1 != 0 {
				sig |= (ss + 1) << (2 * t)
			}
		}
		g := 0
		for g < nsg && sigs[g] != sig {
			g++
		}
		if g == nsg {
			sigs[g] = sig
			nsg++
		}
		sg[g] |= 1 << p
	}
	var cg [3][6]uint8   // the column order groups of each source stack
	var ndg [3][6]uint16 // and the new digits each reads
	var ncg [3]int
	for ss := range 3 {
		if multi>>ss&1 == 0 {
			cg[ss][0], ndg[ss][0], ncg[ss] = M[ss], nd[ss], 1
			continue
		}
		// The places of the new digits are the same in every order of
		// M[ss]: where the first one reads them.
		places := ((nd[ss] | nd[ss]>>1 | nd[ss]>>2 | nd[ss]>>3) & 0x111) * 15
		t := s.cells(c.tr, r, ss)
		for x := M[ss]; x != 0; x &= x - 1 {
			p := bits.TrailingZeros8(x)
			read := permuteCells(t, p)
			g := 0
			for g < ncg[ss] && ndg[ss][g] != read&places {
				g++
			}
			if g == ncg[ss] {
				ndg[ss][g] = read & places
				ncg[ss]++
			}
			cg[ss][g] |= 1 << p
		}
	}
	for _, a := range sg[:nsg] {
		sp := &perm3[bits.TrailingZeros8(a)]
		for i0, b0 := range cg[0][:ncg[0]] {
			for i1, b1 := range cg[1][:ncg[1]] {
				for i2, b2 := range cg[2][:ncg[2]] {
					n := s.keep(c, r, k)
					n.stks = a
					n.cols = [3]uint8{b0, b1, b2}
					n.numberNew(sp, &[3]uint16{ndg[0][i0], ndg[1][i1], ndg[2][i2]})
				}
			}
		}
	}
}

// numberNew gives the new digits nd[ss] of the source stacks, each in the
// order its stack reads them and the stacks in order sp, the labels from
// c.next on.
func (c *pcand) numberNew(sp *[3]uint8, nd *[3]uint16) {
	lab, next := c.lab, c.next
	for _, ss := range sp {
		for y := nd[ss]; y != 0; {
			sh := (bits.Len16(y) - 1) &^ 3
			d := y >> sh & 15
			y &^= 15 << sh
			lab = lab&^(15<<(4*d)) | uint64(next)<<(4*d)
			next++
		}
	}
	c.lab, c.next = lab, next
}

// newDigitsMove reports whether two stack orders in S put different source
// stacks where one holding a new digit (fresh) stands.
func newDigitsMove(S uint8, fresh uint8) bool {
	sp := &perm3[bits.TrailingZeros8(S)]
	for x := S & (S - 1); x != 0; x &= x - 1 {
		q := &perm3[bits.TrailingZeros8(x)]
		for t := range 3 {
			if fresh>>sp[t]&1 != 0 && q[t] != sp[t] {
				return true
			}
		}
	}
	return false
}

// splitRow is digitRow for every row when some line repeats a digit. It
// takes each stack order of S apart and compares the row a stack at a time,
// with the labels themselves in the keys (a digit can be new and old in the
// same row), splitting the candidate into one for each way of placing the
// new digits of a stack.
func (s *puzzleScan) splitRow(c *pcand, r, k int, S uint8) {
	for x := S; x != 0; x &= x - 1 {
		e := &s.split[0]
		*e = *c
		e.rows[k] = uint8(r)
		e.used |= 1 << r
		e.stks = x & -x
		s.splitStacks(e, r, 0)
	}
}

// splitStacks goes on with candidate e (the caller's copy, one stack order)
// from target stack t.
func (s *puzzleScan) splitStacks(e *pcand, r, t int) {
	sp := &perm3[bits.TrailingZeros8(e.stks)]
	for ; t < 3; t++ {
		ss := sp[t]
		tv := s.cells(e.tr, r, int(ss))
		v := cellValues(e.lab, tv)
		info := trioTab[v]
		m := cmpTab[int(info&31)<<6|int(e.cols[ss])]
		if info>>5 < 2 || m&(m-1) == 0 {
			if !s.admitStack(s.stackKey(e, tv, bits.TrailingZeros8(m)), t) {
				return
			}
			e.cols[ss] = m
			continue
		}
		// Orders that read the same digits into the same places give the
		// same labels: group them by the digits they read.
		var seen [6]uint16
		var groups [6]uint8
		n := 0
		for x := m; x != 0; x &= x - 1 {
			p := bits.TrailingZeros8(x)
			read := permuteCells(tv, p)
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
			// A copy per stack in s, not on the stack: splitStacks calls
			// itself, which would move a local copy to the heap.
			f := &s.split[t+1]
			*f = *e
			// The groups' keys differ when a new digit repeats in the
			// stack (a a b reads 1 1 2, a b a reads 1 2 1): each is
			// compared.
			if !s.admitStack(s.stackKey(f, tv, bits.TrailingZeros8(groups[g])), t) {
				continue
			}
			f.cols[ss] = groups[g]
			s.splitStacks(f, r, t+1)
		}
		return
	}
	if len(s.nxt) >= s.limit {
		s.over = true // see keep
		return
	}
	s.nxt = append(s.nxt, *e)
}

// stackKey reads the three cells tv of a stack of e in column order
// perm3[p], numbers the digits that have no label yet, and returns the cells'
// labels as a key.
func (s *puzzleScan) stackKey(e *pcand, tv uint16, p int) uint16 {
	var key uint16
	for _, sh := range permShift[p] {
		x := tv >> sh & 15
		if x != 0 && labelOf(e.lab, x) == noLabel {
			e.lab = e.lab&^(15<<(4*x)) | uint64(e.next)<<(4*x)
			e.next++
		}
		key = key<<4 | labelOf(e.lab, x)
	}
	return key
}

// admitStack compares key, the cells of target stack t of a candidate whose
// earlier stacks tie with the level's best, with the best's. It reports
// whether the candidate may stay; a smaller key goes into the best, with the
// stacks after it at their largest, and drops the candidates kept so far.
func (s *puzzleScan) admitStack(key uint16, t int) bool {
	sh := 24 - 12*t
	b := uint16(s.best>>sh) & 0xFFF
	if key > b {
		return false
	}
	if key < b {
		s.best = s.best>>(sh+12)<<(sh+12) | uint64(key)<<sh | (1<<sh - 1)
		s.nxt = s.nxt[:0]
	}
	return true
}

// endDigitLevel is endLevel for the digit searches: it also records the
// label the row's first new digit got.
func (s *puzzleScan) endDigitLevel(k int) {
	// Every candidate of a level has met the same digits: the rows before
	// are the same. Level 0's s.cur is not yet this puzzle's.
	first := uint8(1)
	if k > 0 {
		first = s.cur[0].next
	}
	s.endLevel(k)
	s.fresh[k] = first
}
