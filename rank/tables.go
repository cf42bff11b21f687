package rank

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"

	"edgrid/band"
	"edgrid/internal/crc32c"
)

// The table file (tables.bin), little-endian:
//
//	magic    "EDGRIDRT" (8 bytes)
//	version  uint32 (1)
//	groups   uint32 (3541)
//	per group, 32 bytes: grids uint64, completions uint64 (the enumeration's candidates: its work),
//	         buckets uint32, offset uint32, length uint32, crc32c uint32
//	         (offset and length of the group's chunk, counted from the end of this table;
//	          crc32c of the chunk)
//	chunks   per group: a zstd frame holding one uvarint per bucket, the bucket's grids
//	crc32c   uint32 of every byte before it
//
// A chunk is decoded only when a query needs its group.
const (
	tablesMagic   = "EDGRIDRT"
	tablesVersion = 1
	tablesHead    = 16
	groupEntry    = 32
)

//go:embed tables.bin
var embedded []byte

// Tables are the grid counts per group and per bucket.
type Tables struct {
	groupFirst [band.NumGroups + 1]int64 // grids before group g+1 (paper order); [NumGroups] is the total
	bandFirst  [band.NumFirstBands + 1]int64
	work       [band.NumGroups]int64
	buckets    [band.NumGroups]uint32
	loc        [band.NumGroups][3]uint32 // offset, length, crc32c of the chunk
	chunks     []byte

	mu      sync.Mutex
	decoded map[int][]int64 // group -> cumulative bucket counts (len buckets+1)
}

var (
	zdecOnce sync.Once
	zdec     *zstd.Decoder
)

func decoder() *zstd.Decoder {
	zdecOnce.Do(func() {
		var err error
		if zdec, err = zstd.NewReader(nil, zstd.WithDecoderConcurrency(1)); err != nil {
			panic(err)
		}
	})
	return zdec
}

var (
	embOnce   sync.Once
	embTables *Tables
	embErr    error
)

// Embedded returns the tables compiled into the program, checked once.
func Embedded() (*Tables, error) {
	embOnce.Do(func() {
		if len(embedded) == 0 {
			embErr = errNoTables
			return
		}
		embTables, embErr = loadTables(embedded)
	})
	return embTables, embErr
}

// loadTables reads and checks a table file (see the layout above): checksum,
// group count, and that the groups add up within their bands.
func loadTables(data []byte) (*Tables, error) {
	bad := badFile("tables")
	body, err := checkFile(data, tablesMagic, tablesVersion, tablesHead+band.NumGroups*groupEntry, bad)
	if err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	if n := le.Uint32(data[12:]); n != band.NumGroups {
		return nil, bad("%d groups, want %d", n, band.NumGroups)
	}
	t := &Tables{decoded: map[int][]int64{}}
	end := tablesHead + band.NumGroups*groupEntry
	t.chunks = body[end:]
	groups := band.Groups()
	for i := range band.NumGroups {
		e := data[tablesHead+i*groupEntry:]
		n := int64(le.Uint64(e))
		t.groupFirst[i+1] = t.groupFirst[i] + n
		t.work[i] = int64(le.Uint64(e[8:]))
		t.buckets[i] = le.Uint32(e[16:])
		t.loc[i] = [3]uint32{le.Uint32(e[20:]), le.Uint32(e[24:]), le.Uint32(e[28:])}
		if n <= 0 || t.buckets[i] == 0 || uint64(t.loc[i][0])+uint64(t.loc[i][1]) > uint64(len(t.chunks)) {
			return nil, bad("group %d: %d grids, %d buckets, chunk %d+%d of %d bytes", i+1, n, t.buckets[i], t.loc[i][0], t.loc[i][1], len(t.chunks))
		}
		t.bandFirst[groups[i].Band] = t.groupFirst[i+1]
	}
	return t, nil
}

// Total returns the number of grids.
func (t *Tables) Total() int64 { return t.groupFirst[band.NumGroups] }

// GroupCount returns the number of grids of group g (1..3541).
func (t *Tables) GroupCount(g int) int64 { return t.groupFirst[g] - t.groupFirst[g-1] }

// GroupWork returns the completions the enumeration of group g checks: a
// measure of its work, for progress estimates.
func (t *Tables) GroupWork(g int) int64 { return t.work[g-1] }

// GroupFirst returns the number of grids in the groups before group g.
func (t *Tables) GroupFirst(g int) int64 { return t.groupFirst[g-1] }

// BandCount returns the number of grids whose first band is first band b (1..401).
func (t *Tables) BandCount(b int) int64 { return t.bandFirst[b] - t.bandFirst[b-1] }

// BandFirst returns the number of grids of the first bands before band b.
func (t *Tables) BandFirst(b int) int64 { return t.bandFirst[b-1] }

// Buckets returns the cumulative grid counts of group g's buckets: c[i] grids
// lie in buckets 0..i-1, c[len(c)-1] is the group's count. The slice is
// shared: do not modify it.
func (t *Tables) Buckets(g int) ([]int64, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if c, ok := t.decoded[g]; ok {
		return c, nil
	}
	loc := t.loc[g-1]
	chunk := t.chunks[loc[0] : loc[0]+loc[1]]
	if crc32c.Checksum(chunk) != loc[2] {
		return nil, fmt.Errorf("rank: tables: group %d: chunk checksum differs: damaged", g)
	}
	raw, err := decoder().DecodeAll(chunk, nil)
	if err != nil {
		return nil, fmt.Errorf("rank: tables: group %d: %w", g, err)
	}
	n := int(t.buckets[g-1])
	c := make([]int64, n+1)
	for i := range n {
		v, k := binary.Uvarint(raw)
		if k <= 0 {
			return nil, fmt.Errorf("rank: tables: group %d: bucket %d unreadable", g, i)
		}
		raw = raw[k:]
		c[i+1] = c[i] + int64(v)
	}
	if len(raw) != 0 || c[n] != t.GroupCount(g) {
		return nil, fmt.Errorf("rank: tables: group %d: buckets add up to %d, group count %d", g, c[n], t.GroupCount(g))
	}
	if len(t.decoded) > 4096 {
		clear(t.decoded)
	}
	t.decoded[g] = c
	return c, nil
}

// buildTables makes a table file from the grids of every bucket of every group:
// counts[g-1][i] is the number of grids of group g whose row 4 is its i-th
// filling (enumerate.Searcher.Row4s); work[g-1] is the completions its
// enumeration checks.
func buildTables(counts [][]int64, work []int64) ([]byte, error) {
	if len(counts) != band.NumGroups || len(work) != band.NumGroups {
		return nil, fmt.Errorf("rank: %d groups of counts and %d of work, want %d", len(counts), len(work), band.NumGroups)
	}
	enc, err := newEncoder()
	if err != nil {
		return nil, err
	}
	defer enc.Close()
	le := binary.LittleEndian
	head := make([]byte, tablesHead+band.NumGroups*groupEntry)
	copy(head, tablesMagic)
	le.PutUint32(head[8:], tablesVersion)
	le.PutUint32(head[12:], band.NumGroups)
	var chunks []byte
	for i, cs := range counts {
		var raw []byte
		var n int64
		for _, c := range cs {
			if c < 0 {
				return nil, fmt.Errorf("rank: group %d: negative count", i+1)
			}
			raw = binary.AppendUvarint(raw, uint64(c))
			n += c
		}
		if n == 0 {
			return nil, fmt.Errorf("rank: group %d has no grids", i+1)
		}
		chunk := enc.EncodeAll(raw, nil)
		e := head[tablesHead+i*groupEntry:]
		le.PutUint64(e, uint64(n))
		le.PutUint64(e[8:], uint64(work[i]))
		le.PutUint32(e[16:], uint32(len(cs)))
		le.PutUint32(e[20:], uint32(len(chunks)))
		le.PutUint32(e[24:], uint32(len(chunk)))
		le.PutUint32(e[28:], crc32c.Checksum(chunk))
		chunks = append(chunks, chunk...)
	}
	out := append(head, chunks...)
	return le.AppendUint32(out, crc32c.Checksum(out)), nil
}

// badFile returns the error maker of one kind of table file.
func badFile(what string) func(format string, a ...any) error {
	return func(format string, a ...any) error {
		return fmt.Errorf("rank: %s: %s", what, fmt.Sprintf(format, a...))
	}
}

// checkFile checks what every table file begins and ends with: at least
// head bytes and a crc32c of all before it, the magic (8 bytes) and the
// version (uint32). It returns the bytes before the checksum.
func checkFile(data []byte, magic string, version uint32, head int, bad func(string, ...any) error) ([]byte, error) {
	if len(data) < head+4 {
		return nil, bad("%d bytes: truncated", len(data))
	}
	le := binary.LittleEndian
	body := data[:len(data)-4]
	if got, want := crc32c.Checksum(body), le.Uint32(data[len(data)-4:]); got != want {
		return nil, bad("checksum %08x, computed %08x: damaged", want, got)
	}
	if string(data[:8]) != magic {
		return nil, bad("not this kind of file (magic %q, want %q)", data[:8], magic)
	}
	if v := le.Uint32(data[8:]); v != version {
		return nil, bad("version %d, this program reads %d", v, version)
	}
	return body, nil
}

// newEncoder returns the zstd encoder of the table files.
func newEncoder() (*zstd.Encoder, error) {
	return zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderCRC(false))
}

// errNoTables is what a query gets when the program was built without tables.
var errNoTables = errors.New("rank: this program has no count tables (rank/tables.bin); build them with make tables")
