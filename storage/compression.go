package storage

import "fmt"

// Compression is how hard zstd works on a writer's blocks. Files of either
// kind read the same way: zstd frames say how to decode themselves.
type Compression uint8

// The compressions.
const (
	// CompressFast is zstd's fastest level. On the sorted codec's bit
	// streams it finds almost nothing (the whole catalog: 2.46 bits a grid
	// with indexes, against 2.31), but it costs next to no time and leaves
	// the caches to the enumeration: the default. Payloads that look
	// random are not even tried (zstd_raw.go).
	CompressFast Compression = iota
	// CompressSmall is zstd's "better" level for the sorted codec (its
	// default level for the packed one): files 6% smaller (2.31 bits a grid
	// over the catalog), for about 15% more CPU time in dense groups when
	// writing beside the enumeration, its tables crowding the caches the
	// enumeration's band tables need.
	CompressSmall
)

// String returns the compression's name, as ParseCompression reads it.
func (c Compression) String() string {
	switch c {
	case CompressFast:
		return "fast"
	case CompressSmall:
		return "small"
	}
	return fmt.Sprintf("compression(%d)", uint8(c))
}

// ParseCompression reads a compression name: "fast" or "small".
func ParseCompression(s string) (Compression, error) {
	switch s {
	case "fast":
		return CompressFast, nil
	case "small":
		return CompressSmall, nil
	}
	return 0, fmt.Errorf("storage: unknown compression %q: want fast or small", s)
}
