package storage

import (
	"bufio"
	"fmt"
	"io"

	"edgrid/internal/crc32c"
)

// CheckFile checks a group file without decoding its blocks: header, footer
// and block index (as Open does), every block's checksum and the whole-file
// checksum, reading the file once. A changed byte or a file cut short is
// reported as a *CorruptError naming the block when it is in one. Verify
// also decodes and checks every grid.
func CheckFile(path string) (Header, error) {
	f, err := Open(path)
	if err != nil {
		return Header{}, err
	}
	defer f.Close()
	return f.h, f.CheckSums()
}

// CheckSums reads the open file from start to end, checking each block's
// CRC-32C against its index entry and the file's against the footer, as
// CheckFile does: a reader that must not stop half way through a file
// (an export) calls it first.
func (f *File) CheckSums() error {
	r := bufio.NewReaderSize(io.NewSectionReader(f.f, 0, f.size-12), 1<<16)
	sum := crc32c.New()
	fail := func(err error) error { return fmt.Errorf("storage: %s: %w", f.path, err) }
	if _, err := io.CopyN(sum, r, headerSize); err != nil {
		return fail(err)
	}
	var frame []byte
	for i := range f.entries {
		e := &f.entries[i]
		// Open checked that the blocks lie back to back inside the file,
		// so clen is bounded by the file's size.
		if cap(frame) < e.clen {
			frame = make([]byte, e.clen)
		}
		b := frame[:e.clen]
		if _, err := io.ReadFull(r, b); err != nil {
			return fail(err)
		}
		if got := crc32c.Checksum(b); got != e.crc {
			return f.blockError(i, 0, "checksum %08x, index says %08x", got, e.crc)
		}
		sum.Write(b)
	}
	if _, err := io.Copy(sum, r); err != nil {
		return fail(err)
	}
	if got := sum.Sum32(); got != f.foot.fileCRC {
		return corrupt(f.path, "file", 0, "file checksum %08x, footer says %08x", got, f.foot.fileCRC)
	}
	return nil
}
