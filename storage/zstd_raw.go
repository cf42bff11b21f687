package storage

import "encoding/binary"

// Most sorted-codec payloads are as good as random bytes to zstd: its
// fastest level returns them in raw blocks, its frame a little larger than
// the payload, after spending about 2 ns a grid looking for matches (a
// percent of the enumeration in the densest groups). The payloads it does
// shrink, by up to two thirds, are those of runs with many grids, whose
// streams repeat themselves byte after byte. So a payload of which fewer
// than one byte in eight equals the byte before goes straight into a frame
// of raw blocks built here (RFC 8878, section 3.1.1), and any frame zstd
// makes larger than that is replaced by it. Readers cannot tell: both are
// zstd frames. The whole catalog so written (run 8, docs/results/fullrun.md) gave
// zstd a quarter of its payload bytes (37% of its blocks; 100 of group
// 600's 1,596) and came out 0.014% smaller than with zstd on every block,
// zstd's own raw frames being a few bytes longer than these.

// zstdMagic opens every zstd frame (little-endian 0xFD2FB528).
var zstdMagic = [4]byte{0x28, 0xb5, 0x2f, 0xfd}

// rawBlockMax is the largest block a frame may hold (128 KiB).
const rawBlockMax = 128 << 10

// compressible reports whether zstd's fastest level is worth trying on a
// sorted-codec payload: whether at least one byte in eight repeats the byte
// before it (random bytes: one in 256).
func compressible(p []byte) bool {
	rep := 0
	for i := 1; i < len(p); i++ {
		if p[i] == p[i-1] {
			rep++
		}
	}
	return 8*rep >= len(p)
}

// rawFrameSize returns the size of rawFrame's frame for n payload bytes.
func rawFrameSize(n int) int {
	blocks := max((n+rawBlockMax-1)/rawBlockMax, 1)
	return len(zstdMagic) + 1 + fcsSize(n) + 3*blocks + n
}

// fcsSize returns the bytes of the frame content size field of a
// single-segment frame of n bytes: 1 below 256, 2 up to 65,791, else 4.
func fcsSize(n int) int {
	switch {
	case n < 256:
		return 1
	case n < 65536+256:
		return 2
	}
	return 4
}

// rawFrame appends to dst a zstd frame that holds payload in raw blocks: a
// single-segment frame (its window is the payload, whose size it states)
// without checksum or dictionary.
func rawFrame(payload, dst []byte) []byte {
	n := len(payload)
	dst = append(dst, zstdMagic[:]...)
	// Frame header descriptor: bit 5 single segment; bits 6-7 the size
	// field's width (0: 1 byte, 1: 2 bytes holding n-256, 2: 4 bytes).
	switch fcsSize(n) {
	case 1:
		dst = append(dst, 0x20, byte(n))
	case 2:
		dst = binary.LittleEndian.AppendUint16(append(dst, 0x60), uint16(n-256))
	default:
		dst = binary.LittleEndian.AppendUint32(append(dst, 0xa0), uint32(n))
	}
	for {
		// Block header, 3 bytes little-endian: bit 0 last block, bits
		// 1-2 the type (0: raw), bits 3-23 the size.
		k := min(n, rawBlockMax)
		h := uint32(k) << 3
		if k == n {
			h |= 1
		}
		dst = append(dst, byte(h), byte(h>>8), byte(h>>16))
		dst = append(dst, payload[:k]...)
		payload, n = payload[k:], n-k
		if n == 0 {
			return dst
		}
	}
}
