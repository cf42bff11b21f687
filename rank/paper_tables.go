package rank

import (
	"context"
	_ "embed"
	"encoding/binary"
	"fmt"
	"sync"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/internal/crc32c"
)

// The paper-order file (paper.bin), little-endian:
//
//	magic    "EDGRIDPT" (8 bytes)
//	version  uint32 (2)
//	params   4 uint32: paperParams Leaf, Ratio, Budget, Measure
//	groups   uint32 (3541)
//	offsets  groups+1 uint32: where each group's tree starts in the streams,
//	         and where the last ends
//	streams  per group, the bit stream of its search tree (paper_tree.go)
//	crc32c   uint32 of every byte before it
const (
	paperMagic   = "EDGRIDPT"
	paperVersion = 2
	paperHead    = 32
)

//go:embed paper.bin
var embeddedPaper []byte

// paperParams say where the search trees end in leaves. A node of the
// search tree is a leaf when it holds at most Leaf grids and, in a group
// whose enumeration checks rho completions per grid (Tables.GroupWork over
// GroupCount), at most Leaf*Ratio/(1000*rho) grids, and, if Budget > 0 and
// rho >= Measure/1000, its grids take at most Budget work (leafWork) to
// regenerate. Work per grid varies by two orders of magnitude between groups,
// and a leaf's regeneration time with it.
type paperParams struct {
	Leaf    int64 // most grids in a leaf
	Ratio   int64 // per mille; 0: Leaf in every group
	Budget  int64 // most work of a measured leaf; 0: none measured
	Measure int64 // per mille: the groups whose leaves are measured
}

// groupLeaf returns the most grids a leaf of group g holds.
func (pp paperParams) groupLeaf(t *Tables, g int) int64 {
	grids, work := t.GroupCount(g), t.GroupWork(g)
	if pp.Ratio <= 0 || work*1000 <= pp.Ratio*grids {
		return pp.Leaf
	}
	return max(1, pp.Leaf*pp.Ratio*grids/(1000*work))
}

// measured reports whether group g's leaves are measured.
func (pp paperParams) measured(t *Tables, g int) bool {
	return pp.Budget > 0 && t.GroupWork(g)*1000 >= pp.Measure*t.GroupCount(g)
}

// paperTable are the search trees of every group: what numbering in the
// paper's order needs besides the group counts.
type paperTable struct {
	params  paperParams
	leaf    int64
	offsets [band.NumGroups + 1]uint32
	streams []byte
}

var (
	embPaperOnce sync.Once
	embPaper     *paperTable
	embPaperErr  error
)

// embeddedPaperTable returns the search trees compiled into the program,
// checked once.
func embeddedPaperTable() (*paperTable, error) {
	embPaperOnce.Do(func() {
		if len(embeddedPaper) == 0 {
			embPaperErr = fmt.Errorf("rank: this program was built without paper.bin (make tables)")
			return
		}
		embPaper, embPaperErr = loadPaper(embeddedPaper)
	})
	return embPaper, embPaperErr
}

// loadPaper reads and checks a paper-order file (see the layout above).
func loadPaper(data []byte) (*paperTable, error) {
	bad := badFile("paper tables")
	end := paperHead + 4*(band.NumGroups+1)
	body, err := checkFile(data, paperMagic, paperVersion, end, bad)
	if err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	pp := paperParams{int64(le.Uint32(data[12:])), int64(le.Uint32(data[16:])), int64(le.Uint32(data[20:])), int64(le.Uint32(data[24:]))}
	p := &paperTable{params: pp, leaf: pp.Leaf, streams: body[end:]}
	if n := le.Uint32(data[28:]); n != band.NumGroups {
		return nil, bad("%d groups, want %d", n, band.NumGroups)
	}
	if p.leaf < 1 {
		return nil, bad("leaf size %d", p.leaf)
	}
	for i := range p.offsets {
		p.offsets[i] = le.Uint32(data[paperHead+4*i:])
		if i > 0 && p.offsets[i] < p.offsets[i-1] || p.offsets[i] > uint32(len(p.streams)) {
			return nil, bad("group %d: stream offset %d out of order or past %d bytes", i+1, p.offsets[i], len(p.streams))
		}
	}
	return p, nil
}

// Params returns the parameters the trees were built with.
func (p *paperTable) Params() paperParams { return p.params }

// reader returns a reader of group g's tree.
func (p *paperTable) reader(g int) bitReader {
	return bitReader{data: p.streams[p.offsets[g-1]:p.offsets[g]]}
}

// leafWork is the work of regenerating a leaf: completions checked plus
// four for each band 2 dropped by its form (about 0.3-0.5 µs each).
func leafWork(st enumerate.Stats) int64 { return st.Completions + 4*st.Band2Pruned }

// buildPaperTree returns the stream of the search tree of group g of t
// over its minlex grids (in any order), ending in leaves as pp says, and
// the number of its split nodes. Measured leaves are searched once each
// (enumerate.Searcher.CountWithin: the completions RunWithin would check).
// It panics on a grid that is not a completion of the group's key.
func buildPaperTree(t *Tables, g int, grids []canon.Grid, pp paperParams) ([]byte, int, error) {
	grp, err := band.ByNumber(g)
	if err != nil {
		return nil, 0, err
	}
	if pp.Leaf < 1 || pp.Leaf >= 1<<31 {
		return nil, 0, fmt.Errorf("rank: leaf size %d", pp.Leaf)
	}
	partial := canon.Grid(grp.Key.Partial())
	st := newDLXState(&partial)
	leafG := pp.groupLeaf(t, g)
	var q *enumerate.Searcher
	if pp.measured(t, g) {
		if q, err = enumerate.NewSearcher(grp.Key); err != nil {
			return nil, 0, err
		}
	}
	split := func(st *dlxState, n int) bool {
		if int64(n) > leafG {
			return true
		}
		if q == nil || err != nil {
			return false
		}
		allowed := st.allowed()
		s, e := q.CountWithin(context.Background(), &allowed)
		if e != nil {
			err = e
		}
		return leafWork(s) > pp.Budget
	}
	s, nodes := buildTree(&st, grids, int(pp.Leaf), split)
	return s, nodes, err
}

// buildPaper assembles a paper-order file from the streams of every group.
func buildPaper(pp paperParams, streams [][]byte) ([]byte, error) {
	if len(streams) != band.NumGroups {
		return nil, fmt.Errorf("rank: %d group streams, want %d", len(streams), band.NumGroups)
	}
	le := binary.LittleEndian
	out := []byte(paperMagic)
	out = le.AppendUint32(out, paperVersion)
	for _, v := range []int64{pp.Leaf, pp.Ratio, pp.Budget, pp.Measure} {
		if v < 0 || v >= 1<<32 {
			return nil, fmt.Errorf("rank: paper parameters %+v out of range", pp)
		}
		out = le.AppendUint32(out, uint32(v))
	}
	out = le.AppendUint32(out, band.NumGroups)
	var off uint64
	out = le.AppendUint32(out, 0)
	for _, s := range streams {
		off += uint64(len(s))
		if off >= 1<<32 {
			return nil, fmt.Errorf("rank: paper streams too long")
		}
		out = le.AppendUint32(out, uint32(off))
	}
	for _, s := range streams {
		out = append(out, s...)
	}
	return le.AppendUint32(out, crc32c.Checksum(out)), nil
}

// Check parses every group's tree with the group counts of t: each must
// read to its end, its node counts adding up.
func (p *paperTable) Check(t *Tables) error {
	for g := 1; g <= band.NumGroups; g++ {
		rd := p.reader(g)
		if err := rd.skip(t.GroupCount(g), p.leaf); err != nil {
			return fmt.Errorf("rank: paper tables, group %d: %v", g, err)
		}
		if left := uint(len(rd.data))*8 - rd.pos; left >= 8 {
			return fmt.Errorf("rank: paper tables, group %d: %d bits left after its tree", g, left)
		}
	}
	return nil
}
