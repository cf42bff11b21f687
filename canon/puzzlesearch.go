package canon

import (
	"cmp"
	"encoding/binary"
	"math/bits"
	"slices"
)

// The puzzle searches build the form a row at a time, keeping every candidate
// that gives the smallest rows so far: a breadth-first search with the
// level's minimum as the cut-off, which is exact because the form is compared
// row by row.
//
// A candidate stands for a set of group elements. They agree on the
// transposition and on the source lines of the rows placed; the stacks may
// take any order in a mask of the six (stks), and the columns inside each
// source stack any order in its own mask (cols); all of them give the same
// rows so far and, in the digit searches, the same relabelling. A row is
// compared by taking, in each source stack, the column orders that give the
// smallest three cells, and then the stack orders that give the smallest
// row from those; both keep the product form. The sets of two candidates
// never meet, so the number of group elements that give the form is the sum,
// over the candidates left at the end, of the products of their mask sizes.
//
// Row 1 fixes the transposition and the line on top; every later row is a
// line of the same band as the rows before it in its band, or, at rows 4 and
// 7, a line of a band not used yet.

// pcand is a candidate of the puzzle searches.
type pcand struct {
	lab  uint64   // 4 bits a digit: the label digit d got, or noLabel (see puzzlerow.go)
	rows [9]uint8 // rows[i] is the source line at target row i, for the rows placed
	cols [3]uint8 // the column orders source stack s may still take (bit p for perm3[p])
	stks uint8    // the stack orders still allowed: target stack t takes source stack perm3[p][t]
	next uint8    // the label the next new digit gets
	tr   uint8    // 1 when the lines are the puzzle's columns
	used uint16   // source lines placed, bit r for line r
	lo   uint16   // digitSearch: the run of pattern candidates s.pats[lo:hi]
	hi   uint16
}

// puzzleScan is the state of the searches over one puzzle. Its slices are
// kept from puzzle to puzzle so that the searches allocate nothing once warm.
type puzzleScan struct {
	pat     [2][9]uint16 // clue pattern of line r, bit 8 for its first cell
	p       *Grid        // the puzzle
	repeats bool         // some line holds a digit twice
	cur     []pcand      // candidates after the last level
	nxt     []pcand      // candidates of the level being built
	pats    []pcand      // digitSearch: the pattern candidates, sorted
	split   [4]pcand     // splitRow's copies: the row's, then one per stack
	pairs   []linePair   // plainSearch: the lines tried at a level
	best    uint64       // the smallest row of the level so far (a key, see puzzlerow.go)
	form    [9]uint64    // the rows found, as keys
	fresh   [9]uint8     // the first label new digits of each row get (digit searches)
	digits  [10]uint8    // direct: the relabelling of the best element
	limit   int          // the most candidates a level may keep (PuzzleCanon.MaxCandidates)
	over    bool         // a level had more: the search's result is not the form
	spare   pcand        // keep's candidate over the limit, kept nowhere
}

// startLevel empties the level being built.
func (s *puzzleScan) startLevel() {
	s.nxt = s.nxt[:0]
	s.best = noRow
}

// endLevel makes the level built the current one and records its row.
func (s *puzzleScan) endLevel(k int) {
	s.cur, s.nxt = s.nxt, s.cur
	s.form[k] = s.best
}

// lineChoices is the set of source lines (bit r for line r) that may go to
// target row k of a candidate with rows 0..k-1 placed.
func lineChoices(c *pcand, k int) uint16 {
	if k%3 != 0 {
		b := c.rows[k-k%3] / 3
		return 7 << (3 * b) &^ c.used
	}
	return freeBands[c.used&511]
}

// freeBands[u] is the set of lines of the bands that no line of u is in.
var freeBands = func() (t [512]uint16) {
	for u := range t {
		for b := range 3 {
			if u>>(3*b)&7 == 0 {
				t[u] |= 7 << (3 * b)
			}
		}
	}
	return t
}()

// roots are the candidates before row 1, one per orientation: every order
// allowed, no digit labelled.
var roots = [2]pcand{rootCand(0), rootCand(1)}

func rootCand(o int) pcand {
	return pcand{
		tr:   uint8(o),
		stks: allOrders,
		cols: [3]uint8{allOrders, allOrders, allOrders},
		lab:  noLabels,
		next: 1,
	}
}

// topLine is the smallest pattern any line takes as row 1.
func (s *puzzleScan) topLine() uint16 {
	m := uint16(0xFFFF)
	for o := range 2 {
		for r := range 9 {
			m = min(m, canonRow[s.pat[o][r]])
		}
	}
	return m
}

// patternSearch leaves in s.cur the candidates that give the smallest clue
// pattern, and its rows in s.form (3 bits a stack).
func (s *puzzleScan) patternSearch() {
	s.startLevel()
	top := s.topLine()
	for o := range 2 {
		root := &roots[o]
		for r := range 9 {
			if canonRow[s.pat[o][r]] == top {
				s.patRow(root, r, 0)
			}
		}
	}
	s.endLevel(0)
	for k := 1; k < 9; k++ {
		s.startLevel()
		for i := range s.cur {
			c := &s.cur[i]
			for lines := lineChoices(c, k); lines != 0; lines &= lines - 1 {
				s.patRow(c, bits.TrailingZeros16(lines), k)
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
	// in order, so only the lines with the smallest pattern can go on top.
	top := s.topLine()
	for o := range 2 {
		root := &roots[o]
		for r := range 9 {
			switch {
			case s.repeats:
				s.digitRow(root, r, 0)
			case canonRow[s.pat[o][r]] != top:
			case top&(top-1) == 0:
				// No clue or one: the pattern's orders, its digit labelled 1.
				s.patRow(root, r, 0)
				if top != 0 {
					n := &s.nxt[len(s.nxt)-1]
					base, step := lineAt(n.tr, r)
					d := s.p[base+step*(8-bits.TrailingZeros16(s.pat[o][r]))]
					n.lab = noLabels&^(15<<(4*d)) | 1<<(4*d)
					n.next = 2
				}
			default:
				s.digitRow(root, r, 0)
			}
		}
	}
	if !s.repeats && top&(top-1) == 0 {
		s.best = uint64(top) * noLabel // the clue, if any, is in the last cell
	}
	s.endDigitLevel(0)
	for k := 1; k < 9; k++ {
		if k%3 == 2 {
			// One line left in the band: nothing to choose.
			s.startLevel()
			for i := range s.cur {
				c := &s.cur[i]
				s.digitRow(c, bits.TrailingZeros16(lineChoices(c, k)), k)
			}
			s.endDigitLevel(k)
			continue
		}
		// The smallest row has the most leading empty cells that any
		// candidate's row can have, which its pattern alone tells: first
		// find that number, then compare the digits of the rows that reach
		// it only.
		s.pairs = s.pairs[:0]
		lead := 10
		for i := range s.cur {
			c := &s.cur[i]
			for lines := lineChoices(c, k); lines != 0; lines &= lines - 1 {
				r := bits.TrailingZeros16(lines)
				n := bits.Len16(s.patKey(c, r))
				if n <= lead {
					lead = n
					s.pairs = append(s.pairs, linePair{uint32(i), uint8(r), uint8(n)})
				}
			}
		}
		s.startLevel()
		for _, pr := range s.pairs {
			if int(pr.lead) == lead {
				s.digitRow(&s.cur[pr.cand], int(pr.line), k)
			}
		}
		s.endDigitLevel(k)
	}
}

// linePair is a candidate (its index in s.cur) and a line that may follow it,
// with the length of the line's smallest pattern (9 less its leading empty
// cells).
type linePair struct {
	cand uint32
	line uint8
	lead uint8
}

// digitSearch runs the digit comparison over the candidates of
// patternSearch in s.cur, whose rows are all placed: it leaves in s.cur those
// that give the smallest digits, and the rows in s.form.
//
// The pattern candidates are sorted so that those with the same
// transposition and masks and the same first k lines sit together; a digit
// candidate at level k stands for such a run (lo, hi), so the work of the
// first rows is shared by the pattern candidates that agree on them, however
// many there are.
func (s *puzzleScan) digitSearch() {
	s.pats = append(s.pats[:0], s.cur...)
	if len(s.pats) > 1 {
		slices.SortFunc(s.pats, func(a, b pcand) int { return cmp.Compare(a.sortKey(), b.sortKey()) })
	}
	s.nxt = s.nxt[:0]
	for lo := 0; lo < len(s.pats); {
		c := s.pats[lo]
		hi := lo + 1
		for hi < len(s.pats) && s.pats[hi].sortKey()>>36 == c.sortKey()>>36 {
			hi++
		}
		c.lab, c.next, c.lo, c.hi = noLabels, 1, uint16(lo), uint16(hi)
		s.nxt = append(s.nxt, c)
		lo = hi
	}
	s.cur, s.nxt = s.nxt, s.cur
	for k := range 9 {
		s.startLevel()
		for i := range s.cur {
			c := &s.cur[i]
			if c.hi-c.lo == 1 {
				s.digitRow(c, int(s.pats[c.lo].rows[k]), k)
				continue
			}
			for lo := int(c.lo); lo < int(c.hi); {
				r := s.pats[lo].rows[k]
				hi := lo + 1
				for hi < int(c.hi) && s.pats[hi].rows[k] == r {
					hi++
				}
				e := *c
				e.lo, e.hi = uint16(lo), uint16(hi)
				s.digitRow(&e, int(r), k)
				lo = hi
			}
		}
		s.endDigitLevel(k)
	}
}

// sortKey orders the pattern candidates by transposition and masks, then by
// lines, the first line most significant (4 bits each, the low 36 bits).
func (c *pcand) sortKey() uint64 {
	k := uint64(c.tr)<<6 | uint64(c.stks)
	k = k<<18 | uint64(c.cols[0])<<12 | uint64(c.cols[1])<<6 | uint64(c.cols[2])
	for _, r := range c.rows {
		k = k<<4 | uint64(r)
	}
	return k
}

// writeForm writes the rows of a digit search into form. New digits are
// noLabel in the keys; they take the next labels in order.
func (s *puzzleScan) writeForm(form *Grid) {
	for k, key := range s.form {
		// Number the noLabel fields, first cell first.
		next := uint64(s.fresh[k])
		for q := key & (key >> 1) & (key >> 2) & (key >> 3) & 0x111111111; q != 0; {
			sh := bits.Len64(q) - 1
			key = key&^(15<<sh) | next<<sh
			next++
			q &^= 1 << sh
		}
		// Spread the first eight cells' 4-bit fields into bytes, the
		// first cell in the high byte.
		x := key >> 4
		x = (x | x<<16) & 0x0000FFFF0000FFFF
		x = (x | x<<8) & 0x00FF00FF00FF00FF
		x = (x | x<<4) & 0x0F0F0F0F0F0F0F0F
		binary.BigEndian.PutUint64(form[9*k:], x)
		form[9*k+8] = uint8(key & 15)
	}
}

// autos is the number of group elements the candidates in s.cur stand for.
func (s *puzzleScan) autos() int {
	n := 0
	for i := range s.cur {
		c := &s.cur[i]
		n += orderCount(c.stks) * orderCount(c.cols[0]) * orderCount(c.cols[1]) * orderCount(c.cols[2])
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
	sp := &perm3[bits.TrailingZeros8(c.stks)]
	for st, src := range sp {
		p := &perm3[bits.TrailingZeros8(c.cols[src])]
		t.Cols[3*st], t.Cols[3*st+1], t.Cols[3*st+2] = 3*src+p[0], 3*src+p[1], 3*src+p[2]
	}
	next := max(c.next, 1)
	x := c.lab >> 4
	for d := 1; d <= 9; d++ {
		l := uint8(x & 15)
		x >>= 4
		if l == noLabel {
			l = next
			next++
		}
		t.Digits[d] = l
	}
	return t
}
