package storage

import (
	"encoding/binary"
	"fmt"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/crc32c"
)

// FormatVersion is the version of the file layout this package writes; it
// reads only this version.
const FormatVersion = 1

const (
	headerSize = 512
	maxHist    = 32 // automorphism counts a header can list (the whole catalog has 16)
	fileMagic  = "EDGRID\x00\x01"
)

// Header describes a group file: its group, how many grids and of which
// automorphism counts, and how the blocks are coded.
type Header struct {
	Version int
	Codec   Codec
	Group   int      // 1..3541
	Key     band.Key // the group's 33 fixed cells
	Count   int64    // grids in the file
	Blocks  int
	// Autos[a] is the number of grids with a automorphisms (1..648).
	Autos [canon.MaxAutomorphisms + 1]int64
}

// marshal lays h out in headerSize bytes (FORMAT.md, "Header").
func (h *Header) marshal() ([]byte, error) {
	b := make([]byte, headerSize)
	copy(b, fileMagic)
	le := binary.LittleEndian
	le.PutUint16(b[8:], uint16(h.Version))
	b[10] = byte(h.Codec)
	le.PutUint16(b[12:], uint16(h.Group))
	copy(b[14:47], h.Key[:])
	le.PutUint64(b[48:], uint64(h.Count))
	le.PutUint32(b[56:], uint32(h.Blocks))
	var autos []int
	for a, n := range h.Autos {
		if n > 0 {
			autos = append(autos, a)
		}
	}
	if len(autos) > maxHist {
		return nil, fmt.Errorf("storage: %d different automorphism counts, a header holds %d", len(autos), maxHist)
	}
	le.PutUint16(b[60:], uint16(len(autos)))
	for i, a := range autos {
		le.PutUint16(b[62+10*i:], uint16(a))
		le.PutUint64(b[64+10*i:], uint64(h.Autos[a]))
	}
	le.PutUint32(b[headerSize-4:], crc32c.Checksum(b[:headerSize-4]))
	return b, nil
}

// unmarshalHeader reads and checks a header: magic, version, checksum,
// codec, that the key is the group's, and the histogram adds up to Count.
func unmarshalHeader(path string, b []byte) (*Header, error) {
	bad := func(format string, a ...any) error { return corrupt(path, "header", 0, format, a...) }
	if len(b) < headerSize {
		return nil, bad("file too short for a header (%d bytes)", len(b))
	}
	if string(b[:8]) != fileMagic {
		return nil, bad("not an edgrid group file (magic %q)", b[:8])
	}
	le := binary.LittleEndian
	h := &Header{Version: int(le.Uint16(b[8:]))}
	if h.Version != FormatVersion {
		return nil, bad("format version %d, this reader knows %d", h.Version, FormatVersion)
	}
	if got, want := le.Uint32(b[headerSize-4:]), crc32c.Checksum(b[:headerSize-4]); got != want {
		return nil, bad("checksum %08x, computed %08x", got, want)
	}
	h.Codec = Codec(b[10])
	if !h.Codec.valid() {
		return nil, bad("unknown codec %d", b[10])
	}
	h.Group = int(le.Uint16(b[12:]))
	copy(h.Key[:], b[14:47])
	grp, err := band.ByNumber(h.Group)
	if err != nil {
		return nil, bad("%v", err)
	}
	if grp.Key != h.Key {
		return nil, bad("key %s is not group %d's key %s", h.Key, h.Group, grp.Key)
	}
	h.Count = int64(le.Uint64(b[48:]))
	h.Blocks = int(le.Uint32(b[56:]))
	if h.Count < 0 || h.Blocks < 0 || int64(h.Blocks) > h.Count {
		return nil, bad("%d grids in %d blocks", h.Count, h.Blocks)
	}
	nh := int(le.Uint16(b[60:]))
	if nh > maxHist {
		return nil, bad("%d histogram entries, at most %d", nh, maxHist)
	}
	var sum int64
	for i := range nh {
		a := int(le.Uint16(b[62+10*i:]))
		n := int64(le.Uint64(b[64+10*i:]))
		if a < 1 || a > canon.MaxAutomorphisms || n <= 0 || h.Autos[a] != 0 || n > h.Count {
			return nil, bad("histogram entry %d: %d grids with %d automorphisms", i+1, n, a)
		}
		h.Autos[a] = n
		sum += n
	}
	if sum != h.Count {
		return nil, bad("histogram counts %d grids, header says %d", sum, h.Count)
	}
	return h, nil
}

// Histogram returns the automorphism counts that occur, ascending, with their grid counts.
func (h *Header) Histogram() [][2]int64 {
	var out [][2]int64
	for a, n := range h.Autos {
		if n > 0 {
			out = append(out, [2]int64{int64(a), n})
		}
	}
	return out
}
