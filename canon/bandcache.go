package canon

import (
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync/atomic"
	"unsafe"

	"edgrid/internal/crc32c"
	"edgrid/internal/fsutil"
)

// The band tables take about 70 ms of two cores to fill, which dominates a
// short command. A program can have them kept in a cache directory of its
// choosing (UseCacheDir; the edgrid command uses the user's cache directory)
// as bandtable-v1.bin, read back in a few milliseconds; without that call
// the package writes no file. The file is only trusted when its size,
// version, form count and CRC-32C all check; anything else (missing,
// damaged, another version) means a fresh fill and an attempt to write the
// file again, atomically.
//
// Layout, little-endian: magic "EDGBAND1", a schema hash (uint32: CRC-32C of
// the committed forms and of the band transforms' numbering, so that a file
// written by code that numbers them otherwise is refused), forms (uint32), entries (uint32),
// the entry table (uint32 each), for each form its stabilizer length (uint32)
// and elements (uint16 each), and a CRC-32C of everything before it (uint32).

const bandCacheMagic = "EDGBAND1"

// bandCacheFile is the name of the cache file in the cache directory.
const bandCacheFile = "bandtable-v1.bin"

// cacheDir is the directory UseCacheDir set, "" for none.
var cacheDir atomic.Pointer[string]

// UseCacheDir makes the band tables be kept in dir, as bandtable-v1.bin:
// read from there at their first use when the file is sound, and written
// there (dir created if needed) after they are filled. It takes effect at
// that first use, so call it before; "" turns the cache off, which is the
// default: the package writes no file unless asked to.
func UseCacheDir(dir string) { cacheDir.Store(&dir) }

// bandCachePath returns where the table is cached; tests replace it.
var bandCachePath = func() (string, error) {
	d := cacheDir.Load()
	if d == nil || *d == "" {
		return "", errors.New("no cache directory")
	}
	return filepath.Join(*d, bandCacheFile), nil
}

func encodeBandCache(t *bandTables) []byte {
	n := 8 + 12 + 4*len(t.entry) + 4
	for _, s := range t.stab {
		n += 4 + 2*len(s)
	}
	b := make([]byte, 0, n)
	b = append(b, bandCacheMagic...)
	b = binary.LittleEndian.AppendUint32(b, t.schema())
	b = binary.LittleEndian.AppendUint32(b, uint32(len(t.forms)))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(t.entry)))
	for _, e := range t.entry {
		b = binary.LittleEndian.AppendUint32(b, e)
	}
	for _, s := range t.stab {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(s)))
		for _, k := range s {
			b = binary.LittleEndian.AppendUint16(b, k)
		}
	}
	return binary.LittleEndian.AppendUint32(b, crc32c.Checksum(b))
}

// readBandCache fills t.entry and t.stab from the cache file at path. The
// entries, four fifths of a process's start-up when read into a buffer and
// then decoded, are read straight into t.entry's memory (in the file's
// little-endian order, swapped afterwards on a big-endian machine), with
// the checksum taken as they come. The file is the format encodeBandCache
// writes; anything else, or any damage, is an error.
func readBandCache(t *bandTables, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, 20)
	if _, err := io.ReadFull(f, head); err != nil {
		return errors.New("canon: band cache: truncated header")
	}
	if string(head[:8]) != bandCacheMagic {
		return errors.New("canon: band cache: not a version-1 band table")
	}
	if binary.LittleEndian.Uint32(head[12:]) != uint32(len(t.forms)) || binary.LittleEndian.Uint32(head[16:]) != uint32(len(t.entry)) {
		return errors.New("canon: band cache: wrong table sizes")
	}
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(t.entry))), 4*len(t.entry))
	if _, err := io.ReadFull(f, raw); err != nil {
		return errors.New("canon: band cache: truncated entries")
	}
	crc := crc32c.Update(crc32c.Checksum(head), raw)
	rest, err := io.ReadAll(io.LimitReader(f, 1<<20))
	if err != nil {
		return err
	}
	if len(rest) < 4 {
		return errors.New("canon: band cache: truncated")
	}
	if crc32c.Update(crc, rest[:len(rest)-4]) != binary.LittleEndian.Uint32(rest[len(rest)-4:]) {
		return errors.New("canon: band cache: checksum mismatch")
	}
	if binary.LittleEndian.Uint32(head[8:]) != t.schema() {
		return errors.New("canon: band cache: written by code that numbers bands or transforms otherwise")
	}
	if !littleEndian() {
		for i, e := range t.entry {
			t.entry[i] = e>>24 | e>>8&0xff00 | e<<8&0xff0000 | e<<24
		}
	}
	return decodeStabs(t, rest[:len(rest)-4])
}

// littleEndian reports whether the machine stores the low byte first.
func littleEndian() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}

// decodeStabs fills t.stab from p, the stabilizers' part of the cache (what
// follows the entries, before the checksum), checking each.
func decodeStabs(t *bandTables, p []byte) error {
	for c := range t.stab {
		if len(p) < 4 {
			return errors.New("canon: band cache: truncated stabilizers")
		}
		n := int(binary.LittleEndian.Uint32(p))
		p = p[4:]
		if n < 1 || n > numBandTransforms || len(p) < 2*n {
			return errors.New("canon: band cache: bad stabilizer")
		}
		s := make([]uint16, n)
		for i := range s {
			s[i] = binary.LittleEndian.Uint16(p[2*i:])
		}
		if s[0] != 0 {
			return errors.New("canon: band cache: stabilizer without the identity first")
		}
		t.stab[c] = s
		p = p[2*n:]
	}
	if len(p) != 0 {
		return errors.New("canon: band cache: trailing bytes")
	}
	return nil
}

// saveBandCache writes the tables to path atomically (fsutil.WriteFile: a
// temporary file in the same directory, synced, then renamed). Failures are
// ignored: the cache only saves time.
func saveBandCache(t *bandTables, path string) {
	if os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	fsutil.WriteFile(path, encodeBandCache(t))
}

// schema hashes what the cached numbers mean: the forms (class numbering) and
// the band transforms (transform numbering) and the size of the index space.
func (t *bandTables) schema() uint32 {
	h := crc32c.Update(0, []byte(bandFormText))
	var buf []byte
	for _, tr := range t.transforms {
		buf = append(buf, tr.rows[:]...)
		buf = append(buf, tr.cols[:]...)
	}
	buf = binary.LittleEndian.AppendUint32(buf, numNormBands)
	return crc32c.Update(h, buf)
}
