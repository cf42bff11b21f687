package rank

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"edgrid/band"
	"edgrid/enumerate"
	"edgrid/internal/crc32c"
)

// Split buckets. Most buckets (a group's grids with one row 4) regenerate in
// well under a millisecond, but in a few bands a grid's check is slow (band
// 1's grids take about 5 µs each) and a bucket took up to 25 ms, a
// lexicographic query over several groups up to 40 ms. split.bin cuts those
// buckets further, by the digits of r5c2, r5c3, ... (the next open cells),
// and counts the grids of each part. A bucket is cut to one depth for all
// the groups of its band that share its row 4 and r5c1, so that in
// lexicographic order their parts line up.
//
// The file (split.bin), little-endian:
//
//	magic    "EDGRIDSB" (8 bytes)
//	version  uint32 (1)
//	budget   uint32: microseconds: the most the largest parts of the buckets
//	         that share a band, row 4 and r5c1 were estimated to take, added up
//	entries  uint32: split buckets
//	length   uint32: bytes of the zstd frame that follows
//	frame    zstd: per split bucket, ascending by group then bucket, uvarints:
//	         group, bucket, depth (open cells past row 4, 1..8), parts, and
//	         the grids of each part: the prefixes that extend the bucket's
//	         row 4 by depth cells, ascending, as enumerate.Searcher.Next
//	         allows them (empty ones included)
//	crc32c   uint32 of every byte before it
const (
	splitMagic   = "EDGRIDSB"
	splitVersion = 1
	splitHead    = 24
	maxDepth     = 8 // row 5's open cells
)

//go:embed split.bin
var embeddedSplit []byte

// splitEntry is one split bucket: the grids of each of its parts.
type splitEntry struct {
	Group, Bucket, Depth int
	Counts               []int64
}

// splitTable are the split buckets of every group.
type splitTable struct {
	budget  int64
	byGroup map[int][]splitEntry // ascending by bucket
	entries int
}

var (
	embSplitOnce sync.Once
	embSplit     *splitTable
	embSplitErr  error
)

// embeddedSplitTable returns the split buckets compiled into the program, read
// and checked on first use.
func embeddedSplitTable() (*splitTable, error) {
	embSplitOnce.Do(func() {
		if len(embeddedSplit) == 0 {
			embSplitErr = errors.New("rank: this program was built without split.bin (make tables)")
			return
		}
		embSplit, embSplitErr = loadSplit(embeddedSplit)
	})
	return embSplit, embSplitErr
}

// loadSplit reads and checks a split file (see the layout above). Whether
// each entry fits its group (its parts as Searcher.Next allows them, its
// counts adding up to the bucket's) is checked when a query first needs the
// group, or by Check.
func loadSplit(data []byte) (*splitTable, error) {
	bad := badFile("split tables")
	body, err := checkFile(data, splitMagic, splitVersion, splitHead, bad)
	if err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	s := &splitTable{budget: int64(le.Uint32(data[12:])), byGroup: map[int][]splitEntry{}}
	n := int(le.Uint32(data[16:]))
	if int(le.Uint32(data[20:])) != len(body)-splitHead {
		return nil, bad("frame of %d bytes, %d present", le.Uint32(data[20:]), len(body)-splitHead)
	}
	raw, err := decoder().DecodeAll(body[splitHead:], nil)
	if err != nil {
		return nil, bad("%v", err)
	}
	next := func(what string, i int) (int64, error) {
		v, k := binary.Uvarint(raw)
		if k <= 0 || v >= 1<<40 {
			return 0, bad("entry %d: %s unreadable", i, what)
		}
		raw = raw[k:]
		return int64(v), nil
	}
	prevG, prevB := 0, -1
	for i := range n {
		var f [4]int64
		for j, what := range []string{"group", "bucket", "depth", "parts"} {
			if f[j], err = next(what, i); err != nil {
				return nil, err
			}
		}
		e := splitEntry{Group: int(f[0]), Bucket: int(f[1]), Depth: int(f[2])}
		if e.Group < max(prevG, 1) || e.Group > band.NumGroups || e.Group == prevG && e.Bucket <= prevB || e.Depth < 1 || e.Depth > maxDepth || f[3] < 1 || f[3] > int64(len(raw)) {
			return nil, bad("entry %d: group %d bucket %d depth %d, %d parts: out of order or range", i, e.Group, e.Bucket, e.Depth, f[3])
		}
		e.Counts = make([]int64, f[3])
		for j := range e.Counts {
			if e.Counts[j], err = next("count", i); err != nil {
				return nil, err
			}
		}
		s.byGroup[e.Group] = append(s.byGroup[e.Group], e)
		prevG, prevB = e.Group, e.Bucket
	}
	if len(raw) != 0 {
		return nil, bad("%d bytes after the last entry", len(raw))
	}
	s.entries = n
	return s, nil
}

// Budget returns the budget the file was cut to, in microseconds (see the
// layout above).
func (s *splitTable) Budget() int64 { return s.budget }

// Entries returns the number of split buckets.
func (s *splitTable) Entries() int { return s.entries }

// Group returns group g's split buckets, ascending by bucket. The slice is
// shared: do not modify it.
func (s *splitTable) Group(g int) []splitEntry { return s.byGroup[g] }

// buildSplit makes a split file from its entries (ascending by group, then
// bucket) and the budget they were cut to (microseconds). It refuses what
// loadSplit would.
func buildSplit(budget int64, entries []splitEntry) ([]byte, error) {
	if budget < 0 || budget >= 1<<32 || len(entries) >= 1<<32 {
		return nil, fmt.Errorf("rank: split budget %d or %d entries out of range", budget, len(entries))
	}
	var raw []byte
	for i, e := range entries {
		if i > 0 && (e.Group < entries[i-1].Group || e.Group == entries[i-1].Group && e.Bucket <= entries[i-1].Bucket) {
			return nil, fmt.Errorf("rank: split entries out of order at %d", i)
		}
		if e.Group < 1 || e.Group > band.NumGroups || e.Bucket < 0 || e.Depth < 1 || e.Depth > maxDepth || len(e.Counts) == 0 || slices.Min(e.Counts) < 0 {
			return nil, fmt.Errorf("rank: split entry %d (group %d bucket %d depth %d, %d parts) out of range", i, e.Group, e.Bucket, e.Depth, len(e.Counts))
		}
		for _, v := range []int{e.Group, e.Bucket, e.Depth, len(e.Counts)} {
			raw = binary.AppendUvarint(raw, uint64(v))
		}
		for _, c := range e.Counts {
			raw = binary.AppendUvarint(raw, uint64(c))
		}
	}
	enc, err := newEncoder()
	if err != nil {
		return nil, err
	}
	defer enc.Close()
	frame := enc.EncodeAll(raw, nil)
	le := binary.LittleEndian
	out := []byte(splitMagic)
	out = le.AppendUint32(out, splitVersion)
	out = le.AppendUint32(out, uint32(budget))
	out = le.AppendUint32(out, uint32(len(entries)))
	out = le.AppendUint32(out, uint32(len(frame)))
	out = append(out, frame...)
	return le.AppendUint32(out, crc32c.Checksum(out)), nil
}

// splitPrefixes returns the prefixes (open cells from r4c2 on) that extend
// row 4 r4 by depth cells as q allows them, ascending: the parts of a
// bucket split to that depth.
func splitPrefixes(q *enumerate.Searcher, r4 [8]uint8, depth int) [][]uint8 {
	var out [][]uint8
	var rec func(p []uint8)
	rec = func(p []uint8) {
		if len(p) == 8+depth {
			out = append(out, slices.Clone(p))
			return
		}
		for a := q.Next(p); a != 0; a &= a - 1 {
			rec(append(p, uint8(bits.TrailingZeros16(a))))
		}
	}
	rec(append(make([]uint8, 0, 16), r4[:]...))
	return out
}

// subBuckets are the parts of one split bucket, worked out from its entry
// (and checked against the group) on first use.
type subBuckets struct {
	e        splitEntry
	once     sync.Once
	prefixes [][]uint8
	cum      []int64 // cumulative counts, len(prefixes)+1
	err      error
}

// splitsOf returns group gs's split buckets.
func (s *splitTable) splitsOf(gs *groupState) (map[int]*subBuckets, error) {
	es := s.Group(gs.grp.Number)
	if len(es) == 0 {
		return nil, nil
	}
	out := make(map[int]*subBuckets, len(es))
	for _, e := range es {
		if e.Bucket >= len(gs.row4s) {
			return nil, fmt.Errorf("rank: split tables: group %d has %d buckets, not %d", e.Group, len(gs.row4s), e.Bucket+1)
		}
		out[e.Bucket] = &subBuckets{e: e}
	}
	return out, nil
}

// sub returns the parts of bucket i of gs, or nil if it is not split.
func (gs *groupState) sub(i int) (*subBuckets, error) {
	sb := gs.splits[i]
	if sb == nil {
		return nil, nil
	}
	sb.once.Do(func() {
		e := sb.e
		ps := splitPrefixes(gs.q, gs.row4s[i], e.Depth)
		if len(ps) != len(e.Counts) {
			sb.err = fmt.Errorf("rank: split tables: group %d bucket %d: %d parts at depth %d, the group has %d", e.Group, i, len(e.Counts), e.Depth, len(ps))
			return
		}
		cum := make([]int64, len(ps)+1)
		for j, c := range e.Counts {
			cum[j+1] = cum[j] + c
		}
		if cum[len(ps)] != gs.size(i) {
			sb.err = fmt.Errorf("rank: split tables: group %d bucket %d: parts add up to %d grids, the bucket has %d", e.Group, i, cum[len(ps)], gs.size(i))
			return
		}
		sb.prefixes, sb.cum = ps, cum
	})
	if sb.err != nil {
		return nil, sb.err
	}
	return sb, nil
}

// Check checks every entry against its group: the parts its depth gives
// (Searcher.Next) and their counts against the bucket's in t.
func (s *splitTable) Check(t *Tables) error {
	for g := range s.byGroup {
		grp, err := band.ByNumber(g)
		if err != nil {
			return err
		}
		cum, err := t.Buckets(g)
		if err != nil {
			return err
		}
		q, err := enumerate.NewSearcher(grp.Key)
		if err != nil {
			return err
		}
		gs := &groupState{grp: grp, q: q, row4s: q.Row4s(), cum: cum}
		if gs.splits, err = s.splitsOf(gs); err != nil {
			return err
		}
		for i := range gs.splits {
			if _, err := gs.sub(i); err != nil {
				return err
			}
		}
	}
	return nil
}

// splitTables returns the Ranker's split buckets: setSplit's, or else the
// embedded ones.
func (r *Ranker) splitTables() (*splitTable, error) {
	r.mu.Lock()
	s := r.split
	r.mu.Unlock()
	if s != nil {
		return s, nil
	}
	return embeddedSplitTable()
}

// setSplit makes the Ranker use the split buckets s instead of the embedded
// ones. It forgets the groups visited so far: call it before queries.
func (r *Ranker) setSplit(s *splitTable) {
	r.mu.Lock()
	r.split = s
	clear(r.groups)
	r.mu.Unlock()
}
