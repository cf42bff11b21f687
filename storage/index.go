package storage

import (
	"bytes"
	"edgrid/internal/crc32c"
	"encoding/binary"
)

const (
	indexEntrySize = 56
	footerSize     = 40
	footerMagic    = "EDGRIDFT"
)

// blockEntry is one block's line in the block index (FORMAT.md, "Block index").
type blockEntry struct {
	offset int64  // of the compressed block in the file
	clen   int    // compressed bytes
	plen   int    // payload bytes after decompression
	count  int    // grids
	first  int64  // 1-based ordinal of its first grid in the group
	crc    uint32 // CRC-32C of the compressed bytes
	// open holds the open cells (rows 4-9 without column 1) of the block's
	// first grid, for the search by grid.
	open openKey
}

// openKey is the 48 open cells of a grid, 16 digits to a word, the first
// in the top nibble: comparing keys word by word compares the grids.
type openKey [3]uint64

// keyOf returns g's open cells as an openKey.
func keyOf(g *[81]uint8) openKey {
	var k openKey
	for q, c := range openCell {
		k[q/16] |= uint64(g[c]) << (60 - 4*(q%16))
	}
	return k
}

// digit returns open cell q (0..47).
func (k *openKey) digit(q int) uint8 { return uint8(k[q/16]>>(60-4*(q%16))) & 15 }

// cmp returns -1, 0 or 1 as k is below, equal to or above l.
func (k *openKey) cmp(l *openKey) int {
	for j := range k {
		if k[j] != l[j] {
			if k[j] < l[j] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// digitsOK reports whether every cell of k holds a digit 1..9.
func (k *openKey) digitsOK() bool {
	const ones, highs = 0x1111_1111_1111_1111, 0x8888_8888_8888_8888
	for _, v := range k {
		zero := (v - ones) &^ v & highs     // some nibble is 0
		above9 := v & highs & (v<<1 | v<<2) // bit 3 and bit 2 or 1: 10..15
		if zero|above9 != 0 {
			return false
		}
	}
	return true
}

// nibbleSwap swaps the two nibbles of every byte of v.
func nibbleSwap(v uint64) uint64 {
	const lo = 0x0F0F_0F0F_0F0F_0F0F
	return v&lo<<4 | v>>4&lo
}

func (e *blockEntry) marshal(b []byte) {
	le := binary.LittleEndian
	le.PutUint64(b[0:], uint64(e.offset))
	le.PutUint32(b[8:], uint32(e.clen))
	le.PutUint32(b[12:], uint32(e.plen))
	le.PutUint32(b[16:], uint32(e.count))
	le.PutUint32(b[20:], e.crc)
	le.PutUint64(b[24:], uint64(e.first))
	// On disk, byte i holds open cell 2i in its low nibble and 2i+1 in its
	// high one.
	for j, v := range e.open {
		binary.BigEndian.PutUint64(b[32+8*j:], nibbleSwap(v))
	}
}

func (e *blockEntry) unmarshal(b []byte) {
	le := binary.LittleEndian
	e.offset = int64(le.Uint64(b[0:]))
	e.clen = int(le.Uint32(b[8:]))
	e.plen = int(le.Uint32(b[12:]))
	e.count = int(le.Uint32(b[16:]))
	e.crc = le.Uint32(b[20:])
	e.first = int64(le.Uint64(b[24:]))
	for j := range e.open {
		e.open[j] = nibbleSwap(binary.BigEndian.Uint64(b[32+8*j:]))
	}
}

// marshalIndex lays out the block index: the entries, then their CRC-32C.
func marshalIndex(entries []blockEntry) []byte {
	b := make([]byte, len(entries)*indexEntrySize+4)
	for i := range entries {
		entries[i].marshal(b[i*indexEntrySize:])
	}
	n := len(entries) * indexEntrySize
	binary.LittleEndian.PutUint32(b[n:], crc32c.Checksum(b[:n]))
	return b
}

// footer is the fixed-size end of a file (FORMAT.md, "Footer").
type footer struct {
	indexOffset int64
	indexLen    int
	blocks      int
	count       int64
	fileCRC     uint32 // CRC-32C of every byte of the file before this field
}

// marshalPrefix returns the footer bytes up to the file checksum.
func (f *footer) marshalPrefix() []byte {
	b := make([]byte, footerSize-12)
	le := binary.LittleEndian
	le.PutUint64(b[0:], uint64(f.indexOffset))
	le.PutUint32(b[8:], uint32(f.indexLen))
	le.PutUint32(b[12:], uint32(f.blocks))
	le.PutUint64(b[16:], uint64(f.count))
	return b
}

// marshalSuffix returns the file checksum and the magic that end the file.
func (f *footer) marshalSuffix() []byte {
	b := make([]byte, 12)
	binary.LittleEndian.PutUint32(b, f.fileCRC)
	copy(b[4:], footerMagic)
	return b
}

func unmarshalFooter(b []byte) (footer, bool) {
	le := binary.LittleEndian
	f := footer{
		indexOffset: int64(le.Uint64(b[0:])),
		indexLen:    int(le.Uint32(b[8:])),
		blocks:      int(le.Uint32(b[12:])),
		count:       int64(le.Uint64(b[16:])),
		fileCRC:     le.Uint32(b[28:]),
	}
	return f, bytes.Equal(b[32:40], []byte(footerMagic)) && le.Uint32(b[24:]) == 0
}

// checkIndex reads the block index of a file and checks it against the
// header and footer: entry checksum, one entry per block, blocks back to back
// from the header to the index, ordinals counting up from 1, counts adding
// up, sizes within the codec's bounds and first grids ascending.
func checkIndex(path string, h *Header, f *footer, b []byte) ([]blockEntry, error) {
	bad := func(format string, a ...any) error { return corrupt(path, "index", f.indexOffset, format, a...) }
	n := len(b) - 4
	if n < 0 || n%indexEntrySize != 0 || n/indexEntrySize != h.Blocks {
		return nil, bad("%d bytes for %d blocks", len(b), h.Blocks)
	}
	if got, want := binary.LittleEndian.Uint32(b[n:]), crc32c.Checksum(b[:n]); got != want {
		return nil, bad("checksum %08x, computed %08x", got, want)
	}
	entries := make([]blockEntry, h.Blocks)
	off, ord := int64(headerSize), int64(1)
	for i := range entries {
		e := &entries[i]
		e.unmarshal(b[i*indexEntrySize:])
		switch {
		case e.offset != off:
			return nil, bad("block %d starts at byte %d, want %d", i, e.offset, off)
		case e.first != ord:
			return nil, bad("block %d starts at grid %d, want %d", i, e.first, ord)
		case e.count < 1 || int64(e.count) > h.Count-ord+1:
			return nil, bad("block %d holds %d grids", i, e.count)
		case e.count > MaxBlockWork:
			return nil, bad("block %d holds %d grids, at most %d", i, e.count, MaxBlockWork)
		case e.clen < 1 || e.plen < 0 || e.plen > maxPayload(h.Codec, e.count):
			return nil, bad("block %d: %d bytes compressed, %d uncompressed for %d grids", i, e.clen, e.plen, e.count)
		}
		if !e.open.digitsOK() {
			return nil, bad("block %d: first grid has a cell that is not a digit 1-9", i)
		}
		if i > 0 && entries[i-1].open.cmp(&e.open) >= 0 {
			return nil, bad("block %d: first grid not above block %d's", i, i-1)
		}
		off += int64(e.clen)
		ord += int64(e.count)
	}
	if off != f.indexOffset || ord-1 != h.Count {
		return nil, bad("blocks end at byte %d with %d grids; index at byte %d, %d grids", off, ord-1, f.indexOffset, h.Count)
	}
	return entries, nil
}
