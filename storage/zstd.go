package storage

import (
	"sync"

	"github.com/klauspost/compress/zstd"
)

// The zstd coders are shared: EncodeAll and DecodeAll may be called
// concurrently. CompressFast uses the fastest level for both codecs.
// CompressSmall gives the sorted codec's payload zstd's "better" level: 13%
// smaller than the bit stream, as small as "best" at a tenth of its time;
// the packed codec's 24 bytes a grid get the default level, which keeps the
// writer well ahead of the enumeration.
var (
	zOnce                    sync.Once
	zFast, zBetter, zDefault *zstd.Encoder
	zDecoder                 *zstd.Decoder
)

func zstdInit() {
	zOnce.Do(func() {
		var err error
		zFast, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderCRC(false))
		if err != nil {
			panic(err)
		}
		zBetter, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBetterCompression), zstd.WithEncoderCRC(false))
		if err != nil {
			panic(err)
		}
		zDefault, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderCRC(false))
		if err != nil {
			panic(err)
		}
		// DecodeAll writes at most cap(dst)-len(dst) bytes: the reader passes
		// a buffer of exactly the payload size the index announces.
		zDecoder, err = zstd.NewReader(nil, zstd.WithDecodeAllCapLimit(true), zstd.WithDecoderConcurrency(0))
		if err != nil {
			panic(err)
		}
	})
}

// compress appends the zstd frame of payload, coded by c, to dst: zstd's
// own, or a frame of raw blocks when that is no larger or, at the fastest
// level, when the payload does not look compressible (zstd_raw.go).
func compress(c Codec, level Compression, payload, dst []byte) []byte {
	zstdInit()
	var f []byte
	switch {
	case level == CompressFast && c == CodecSorted && !compressible(payload):
		return rawFrame(payload, dst)
	case level == CompressFast:
		f = zFast.EncodeAll(payload, dst)
	case c == CodecSorted:
		f = zBetter.EncodeAll(payload, dst)
	default:
		f = zDefault.EncodeAll(payload, dst)
	}
	if len(f)-len(dst) >= rawFrameSize(len(payload)) {
		return rawFrame(payload, f[:len(dst)])
	}
	return f
}

// decompress decodes a zstd frame that must hold exactly n bytes into dst[:0].
func decompress(frame []byte, n int, dst []byte) ([]byte, error) {
	zstdInit()
	if cap(dst) < n {
		dst = make([]byte, 0, n)
	}
	return zDecoder.DecodeAll(frame, dst[:0:n])
}
