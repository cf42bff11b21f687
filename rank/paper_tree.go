package rank

import (
	"errors"
	"math/bits"

	"edgrid/canon"
)

// A group's search tree, as stored in paper.bin: the subtrees of the
// dancing-links search (dlx.go) in preorder, each node written as
//
//	split    one bit, only for a node holding 1..leaf grids: 1 if it is
//	         split further (its grids cost too much to regenerate at once),
//	         0 if it is a leaf; a node holding more than leaf grids is
//	         always split, one holding none never
//	k        for a split node: the number of options of the item the
//	         search branches on there, Elias gamma code (1 is the bit 1)
//	counts   the grids under each of its first k-1 options, each in
//	         bits.Len(rest) bits, rest being n less the counts before it;
//	         the last option has the rest
//
// followed by its children in option order. A query regenerates a leaf's
// grids with enumerate.Searcher.RunWithin and orders them by replaying the
// search. The root holds the whole group; its count is in the groups table.

// bitWriter appends bits, most significant first.
type bitWriter struct {
	buf  []byte
	acc  uint64
	nacc uint
}

func (w *bitWriter) write(v uint64, n uint) {
	for n > 0 {
		take := min(n, 56-w.nacc)
		w.acc = w.acc<<take | (v>>(n-take))&(1<<take-1)
		w.nacc += take
		n -= take
		for w.nacc >= 8 {
			w.buf = append(w.buf, byte(w.acc>>(w.nacc-8)))
			w.nacc -= 8
		}
	}
}

func (w *bitWriter) gamma(v uint64) {
	n := uint(bits.Len64(v))
	w.write(0, n-1)
	w.write(v, n)
}

// bytes flushes the last partial byte (zero padded) and returns the stream.
func (w *bitWriter) bytes() []byte {
	if w.nacc > 0 {
		w.buf = append(w.buf, byte(w.acc<<(8-w.nacc)))
		w.acc, w.nacc = 0, 0
	}
	return w.buf
}

// errTree reports a stream that ends early or holds impossible numbers.
var errTree = errors.New("search tree stream is damaged")

// bitReader reads what a bitWriter wrote.
type bitReader struct {
	data []byte
	pos  uint // in bits
}

func (r *bitReader) read(n uint) (uint64, error) {
	if r.pos+n > uint(len(r.data))*8 {
		return 0, errTree
	}
	var v uint64
	for n > 0 {
		b := r.data[r.pos/8]
		off := r.pos % 8
		take := min(n, 8-off)
		v = v<<take | uint64(b>>(8-off-take))&(1<<take-1)
		r.pos += take
		n -= take
	}
	return v, nil
}

func (r *bitReader) gamma() (uint64, error) {
	var z uint
	for {
		b, err := r.read(1)
		if err != nil {
			return 0, err
		}
		if b == 1 {
			break
		}
		if z++; z > 32 {
			return 0, errTree
		}
	}
	v, err := r.read(z)
	return 1<<z | v, err
}

// split reads whether the node holding n grids is split; leaf is the most
// grids a leaf holds (paperParams.Leaf).
func (r *bitReader) split(n, leaf int64) (bool, error) {
	switch {
	case n == 0:
		return false, nil
	case n > leaf:
		return true, nil
	}
	b, err := r.read(1)
	return b == 1, err
}

// node reads the record of a split node holding n grids: the grids under
// each of its options, into counts.
func (r *bitReader) node(n int64, counts *[9]int64) ([]int64, error) {
	k, err := r.gamma()
	if err != nil {
		return nil, err
	}
	if k < 1 || k > 9 {
		return nil, errTree
	}
	c := counts[:k]
	rest := n
	for i := range int(k) - 1 {
		v, err := r.read(uint(bits.Len64(uint64(rest))))
		if err != nil {
			return nil, err
		}
		if int64(v) > rest {
			return nil, errTree
		}
		c[i] = int64(v)
		rest -= int64(v)
	}
	c[k-1] = rest
	return c, nil
}

// skip passes over the subtree of a node holding n grids.
func (r *bitReader) skip(n, leaf int64) error {
	if split, err := r.split(n, leaf); !split || err != nil {
		return err
	}
	var counts [9]int64
	c, err := r.node(n, &counts)
	if err != nil {
		return err
	}
	for _, m := range c {
		if err := r.skip(m, leaf); err != nil {
			return err
		}
	}
	return nil
}

// treeBuilder writes the search tree of one group.
type treeBuilder struct {
	grids []canon.Grid
	tmp   []int32
	leaf  int
	cost  func(st *dlxState, n int) bool // whether a node of n <= leaf grids must be split
	w     bitWriter
	nodes int // split nodes written
}

// buildTree returns the stream of the search tree over grids, the minlex
// grids of one group (any order), with st the state after the group's
// cells, and the number of split nodes.
func buildTree(st *dlxState, grids []canon.Grid, leaf int, cost func(st *dlxState, n int) bool) ([]byte, int) {
	b := &treeBuilder{grids: grids, tmp: make([]int32, len(grids)), leaf: leaf, cost: cost}
	idx := make([]int32, len(grids))
	for i := range idx {
		idx[i] = int32(i)
	}
	b.build(st, idx)
	return b.w.bytes(), b.nodes
}

func (b *treeBuilder) build(st *dlxState, idx []int32) {
	if len(idx) == 0 {
		return
	}
	if len(idx) <= b.leaf {
		split := b.cost != nil && b.cost(st, len(idx))
		b.w.write(b2u(split), 1)
		if !split {
			return
		}
	}
	b.nodes++
	it, _ := st.choose()
	var buf [9]option
	opts := st.options(it, &buf)
	// Counting sort of idx by the option each grid takes, through tmp.
	var count [10]int
	for _, g := range idx {
		j := index(opts, pick(it, &b.grids[g]))
		if j < 0 {
			panic("rank: a grid outside the search tree (not a completion of the group)")
		}
		count[j+1]++
	}
	for j := 1; j <= len(opts); j++ {
		count[j] += count[j-1]
	}
	tmp := b.tmp[:len(idx)]
	for _, g := range idx {
		j := index(opts, pick(it, &b.grids[g]))
		tmp[count[j]] = g
		count[j]++
	}
	copy(idx, tmp)
	sorted := idx
	// count[j] is now the end of child j.
	b.w.gamma(uint64(len(opts)))
	rest := len(idx)
	start := 0
	for j := range len(opts) - 1 {
		n := count[j] - start
		b.w.write(uint64(n), uint(bits.Len64(uint64(rest))))
		rest -= n
		start = count[j]
	}
	start = 0
	for j, o := range opts {
		child := *st
		child.place(int(o.cell), o.digit)
		b.build(&child, sorted[start:count[j]])
		start = count[j]
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
