package storage

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"sync"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/crc32c"
)

// File is an open group file. Opening reads and checks the header, the
// footer and the block index; each block's checksum is checked when it is
// read, so no grid from a damaged block is ever returned. The whole-file
// checksum is checked by Verify. A File is safe for concurrent use.
type File struct {
	path    string
	f       *os.File
	size    int64
	h       Header
	foot    footer
	entries []blockEntry
}

// Open opens the group file at path, which must be a regular file (a
// link to one is followed: a catalog may be assembled from links): a FIFO
// or a device is refused (OpenRegular).
func Open(path string) (*File, error) {
	f, err := OpenRegular(path, true)
	if err != nil {
		return nil, err
	}
	gf, err := open(path, f)
	if err != nil {
		f.Close()
		return nil, err
	}
	return gf, nil
}

func open(path string, f *os.File) (*File, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	size := fi.Size()
	if size < headerSize+footerSize {
		if size >= 8 {
			var magic [8]byte
			if _, err := f.ReadAt(magic[:], 0); err == nil && string(magic[:]) != fileMagic {
				return nil, corrupt(path, "header", 0, "not an edgrid group file (magic %q)", magic[:])
			}
		}
		return nil, corrupt(path, "file", size, "%d bytes: truncated (a group file has at least %d)", size, headerSize+footerSize)
	}
	hb := make([]byte, headerSize)
	if _, err := f.ReadAt(hb, 0); err != nil {
		return nil, fmt.Errorf("storage: %s: %w", path, err)
	}
	h, err := unmarshalHeader(path, hb)
	if err != nil {
		return nil, err
	}
	fb := make([]byte, footerSize)
	if _, err := f.ReadAt(fb, size-footerSize); err != nil {
		return nil, fmt.Errorf("storage: %s: %w", path, err)
	}
	ft, ok := unmarshalFooter(fb)
	switch {
	case !ok:
		return nil, corrupt(path, "footer", size-footerSize, "no footer magic: truncated or not a group file")
	case ft.indexOffset < headerSize || ft.indexOffset+int64(ft.indexLen) != size-footerSize:
		return nil, corrupt(path, "footer", size-footerSize, "index at byte %d, %d bytes, in a file of %d bytes", ft.indexOffset, ft.indexLen, size)
	case ft.blocks != h.Blocks || ft.count != h.Count:
		return nil, corrupt(path, "footer", size-footerSize, "%d grids in %d blocks; header says %d in %d", ft.count, ft.blocks, h.Count, h.Blocks)
	}
	ib := make([]byte, ft.indexLen)
	if _, err := f.ReadAt(ib, ft.indexOffset); err != nil {
		return nil, fmt.Errorf("storage: %s: %w", path, err)
	}
	entries, err := checkIndex(path, h, &ft, ib)
	if err != nil {
		return nil, err
	}
	return &File{path: path, f: f, size: size, h: *h, foot: ft, entries: entries}, nil
}

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// Header returns the file's header.
func (f *File) Header() Header { return f.h }

// Path returns the path the file was opened with.
func (f *File) Path() string { return f.path }

// Size returns the file's size in bytes.
func (f *File) Size() int64 { return f.size }

// Checksum returns the whole-file CRC-32C recorded in the footer.
func (f *File) Checksum() uint32 { return f.foot.fileCRC }

// blockError wraps a failure inside block i as a CorruptError.
func (f *File) blockError(i int, ord int64, format string, a ...any) error {
	return &CorruptError{Path: f.path, Section: "block", Block: i, Offset: f.entries[i].offset, Ordinal: ord, Msg: fmt.Sprintf(format, a...)}
}

// buffers are the byte slices a block read reuses, and for a scan through
// the file's blocks in turn, a cache of bands 3.
type buffers struct {
	frame, payload []byte
	cache          *band3Cache
}

// blockBuffers recycles the buffers of one-block reads (Grid, Ordinal,
// Below), which a rank query makes one after another.
var blockBuffers = sync.Pool{New: func() any { return new(buffers) }}

// oneBlock decodes block i with pooled buffers, as decode does.
func (f *File) oneBlock(i int, fn func(ord int64, g *canon.Grid) error) error {
	buf := blockBuffers.Get().(*buffers)
	defer blockBuffers.Put(buf)
	return f.decode(i, buf, fn)
}

// payload reads block i, checks its checksum and decompresses it.
func (f *File) payload(i int, buf *buffers) ([]byte, error) {
	e := &f.entries[i]
	if cap(buf.frame) < e.clen {
		buf.frame = make([]byte, e.clen)
	}
	frame := buf.frame[:e.clen]
	if _, err := f.f.ReadAt(frame, e.offset); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, f.blockError(i, 0, "truncated")
		}
		return nil, fmt.Errorf("storage: %s: block %d: %w", f.path, i, err)
	}
	if got := crc32c.Checksum(frame); got != e.crc {
		return nil, f.blockError(i, 0, "checksum %08x, index says %08x", got, e.crc)
	}
	p, err := decompress(frame, e.plen, buf.payload)
	if err != nil {
		return nil, f.blockError(i, 0, "zstd: %v", err)
	}
	if len(p) != e.plen {
		return nil, f.blockError(i, 0, "%d bytes decompressed, index says %d", len(p), e.plen)
	}
	buf.payload = p
	return p, nil
}

// decode passes the grids of block i to fn with their ordinals, until fn
// returns an error: errStop ends it without one, any other is returned.
// The first grid must be the one the index names.
func (f *File) decode(i int, buf *buffers, fn func(ord int64, g *canon.Grid) error) error {
	p, err := f.payload(i, buf)
	if err != nil {
		return err
	}
	e := &f.entries[i]
	ord := e.first
	var mismatch bool
	var ferr error
	err = decodeBlock(f.h.Codec, p, &f.h.Key, e.count, buf.cache, func(g *canon.Grid) bool {
		if ord == e.first {
			if k := keyOf((*[81]uint8)(g)); k != e.open {
				mismatch = true
				return false
			}
		}
		ferr = fn(ord, g)
		ord++
		return ferr == nil
	})
	var pe *payloadError
	switch {
	case mismatch:
		return f.blockError(i, ord, "first grid differs from the index")
	case errors.As(err, &pe):
		return f.blockError(i, ord, "%s (payload byte %d)", pe.msg, pe.offset)
	case err != nil:
		return err
	case ferr == errStop:
		return nil
	}
	return ferr
}

// errStop, returned by the function decode calls, ends the block early
// without an error.
var errStop = errors.New("stop")

// Grid returns the grid with ordinal ord (1..Count) in the group.
func (f *File) Grid(ord int64) (canon.Grid, error) {
	if ord < 1 || ord > f.h.Count {
		return canon.Grid{}, fmt.Errorf("storage: %s: ordinal %d out of range 1..%d", f.path, ord, f.h.Count)
	}
	i := sort.Search(len(f.entries), func(i int) bool { return f.entries[i].first > ord }) - 1
	var out canon.Grid
	err := f.oneBlock(i, func(o int64, g *canon.Grid) error {
		out = *g
		if o < ord {
			return nil
		}
		return errStop
	})
	return out, err
}

// Ordinal returns the ordinal (1..Count) of g in the group. A grid that is
// not in the file, for example because it is not minlex or has another
// group's key, gives an error wrapping ErrNotFound.
func (f *File) Ordinal(g *canon.Grid) (int64, error) {
	if band.KeyOf(g) != f.h.Key {
		return 0, fmt.Errorf("storage: %s: %w: its first band and column 1 are not group %d's", f.path, ErrNotFound, f.h.Group)
	}
	open := keyOf((*[81]uint8)(g))
	i := sort.Search(len(f.entries), func(i int) bool { return f.entries[i].open.cmp(&open) > 0 }) - 1
	if i < 0 {
		return 0, fmt.Errorf("storage: %s: %w", f.path, ErrNotFound)
	}
	var found int64
	err := f.oneBlock(i, func(o int64, d *canon.Grid) error {
		switch c := bytes.Compare(d[27:], g[27:]); {
		case c == 0:
			found = o
			return errStop
		case c > 0:
			return errStop
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	if found == 0 {
		return 0, fmt.Errorf("storage: %s: %w", f.path, ErrNotFound)
	}
	return found, nil
}

// newCache returns a band-3 cache for a scan of the file, or nil when its
// codec does not use one.
func (f *File) newCache() *band3Cache {
	if f.h.Codec != CodecSorted {
		return nil
	}
	return newBand3Cache(f.h.Count)
}

// Scan passes every grid of the file to fn in ascending order with its
// ordinal; the grid is valid only during the call. It stops at the first
// error, from fn or from a damaged block.
func (f *File) Scan(fn func(ord int64, g *canon.Grid) error) error {
	buf := buffers{cache: f.newCache()}
	for i := range f.entries {
		if err := f.decode(i, &buf, fn); err != nil {
			return err
		}
	}
	return nil
}
