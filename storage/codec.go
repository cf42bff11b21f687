package storage

import (
	"fmt"
	"math/bits"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
)

// Codec is how the grids of a block are coded before zstd compresses them.
// Both codecs stay readable; FORMAT.md specifies them bit by bit.
type Codec uint8

const (
	// CodecPacked is the paper's record: the 48 open cells (rows 4-9 without
	// column 1) as 4-bit digits, 24 bytes a grid. Only the key's 33 cells
	// are dropped.
	CodecPacked Codec = 1
	// CodecSorted codes each band 2 (rows 4-6) against the previous one in
	// sorted order, cell by cell among its candidates, forced cells skipped,
	// and band 3 (rows 7-9) as a choice among the fillings that complete the
	// grid. It is the default: about 3 bits a grid on a sample of groups,
	// 17 times smaller than CodecPacked after zstd.
	CodecSorted Codec = 2
)

// DefaultCodec is the codec writers use unless told otherwise.
const DefaultCodec = CodecSorted

// String returns the codec's name as ParseCodec reads it, or "codec(N)" for an unknown one.
func (c Codec) String() string {
	switch c {
	case CodecPacked:
		return "packed"
	case CodecSorted:
		return "sorted"
	}
	return fmt.Sprintf("codec(%d)", uint8(c))
}

// ParseCodec reads a codec name: "sorted" or "packed".
func ParseCodec(s string) (Codec, error) {
	switch s {
	case "sorted":
		return CodecSorted, nil
	case "packed":
		return CodecPacked, nil
	}
	return 0, fmt.Errorf("storage: unknown codec %q: want sorted or packed", s)
}

func (c Codec) valid() bool { return c == CodecPacked || c == CodecSorted }

// payloadError is a block payload that does not decode; the reader adds the
// file and block.
type payloadError struct {
	msg    string
	offset int // byte offset in the uncompressed payload
}

// Error says what is wrong and at which payload byte.
func (e *payloadError) Error() string {
	return fmt.Sprintf("payload byte %d: %s", e.offset, e.msg)
}

// encodeBlock appends the coded grids (ascending, all of one group) to dst.
// places, nil or one for each grid, are where the search found them (the
// sorted codec uses the known ones). cache, which may be nil, serves the
// sorted codec across the blocks of one file coded in turn.
func encodeBlock(c Codec, grids []canon.Grid, places []enumerate.Place, dst []byte, cache *band3Cache) ([]byte, error) {
	switch c {
	case CodecPacked:
		return encodePacked(grids, dst), nil
	case CodecSorted:
		return encodeSorted(grids, places, dst, cache)
	}
	return nil, fmt.Errorf("storage: cannot encode with %v", c)
}

// decodeBlock decodes count grids of the group with key from payload and
// passes each to fn, which may stop the decoding by returning false. The
// grid is valid only during the call. A payload that does not hold exactly
// count grids is an error, and no grid is passed on once a check has failed.
// cache, which may be nil, serves the sorted codec across the blocks of one
// file decoded in turn.
func decodeBlock(c Codec, payload []byte, key *band.Key, count int, cache *band3Cache, fn func(g *canon.Grid) bool) error {
	switch c {
	case CodecPacked:
		return decodePacked(payload, key, count, fn)
	case CodecSorted:
		return decodeSorted(payload, key, count, cache, fn)
	}
	return &payloadError{msg: fmt.Sprintf("unknown codec %d", uint8(c))}
}

// maxPayload bounds the uncompressed payload of a block of n grids.
func maxPayload(c Codec, n int) int {
	if c == CodecPacked {
		return 24 * n
	}
	// Sorted: a band 2 takes at most 24*4 bits plus a gamma code, and
	// band 3 at most 72+8 bits, per grid when every grid starts a band 2.
	return 32*n + 64
}

// nthDigit[m][i] is the i-th smallest digit in mask m (bits 1..9).
var nthDigit = func() (t [1 << 10][9]uint8) {
	for m := range 1 << 10 {
		i := 0
		for r := uint(m) & allDigits; r != 0; r &= r - 1 {
			t[m][i] = uint8(bits.TrailingZeros(r))
			i++
		}
	}
	return t
}()
