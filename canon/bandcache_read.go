package canon

import (
	"encoding/binary"
	"errors"
	"io"
	"os"
	"unsafe"

	"edgrid/internal/crc32c"
)

// readBandCache fills t.entry and t.stab from the cache file at path. The
// entries, four fifths of a process's start-up when read into a buffer and
// then decoded, are read straight into t.entry's memory (in the file's
// little-endian order, swapped afterwards on a big-endian machine), with
// the checksum taken as they come; the rest goes through decodeBandCache's
// checks. The file is the format encodeBandCache writes.
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
	// The stabilizers: decodeBandCache over a copy of the file without its
	// entries (their count set to none), which checks them as it reads.
	short := make([]byte, 0, 20+len(rest))
	short = append(short, head...)
	binary.LittleEndian.PutUint32(short[16:], 0)
	short = append(short, rest[:len(rest)-4]...)
	short = binary.LittleEndian.AppendUint32(short, crc32c.Checksum(short))
	entries := t.entry
	t.entry = nil
	err = decodeBandCache(t, short)
	t.entry = entries
	return err
}

// littleEndian reports whether the machine stores the low byte first.
func littleEndian() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}
