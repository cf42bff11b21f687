package storage

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/internal/crc32c"
)

// A whole file passes CheckFile with its header; damage is covered by
// TestCorruptionIsDetected through checkDamaged.
func TestCheckFileWhole(t *testing.T) {
	gg := enumerated(t, 3150)
	for _, c := range []Codec{CodecSorted, CodecPacked} {
		path := writeGroup(t, t.TempDir(), gg, WriterOptions{Codec: c, BlockWork: 300})
		h, err := CheckFile(path)
		if err != nil || h.Count != int64(len(gg.grids)) || h.Codec != c {
			t.Fatalf("%v: CheckFile: %+v, %v; want %d grids", c, h, err, len(gg.grids))
		}
	}
}

// reseal rewrites the checksums of a group file whose fields were edited:
// header, block index and whole file, so that only the edit is wrong.
func reseal(b []byte) {
	le := binary.LittleEndian
	le.PutUint32(b[headerSize-4:], crc32c.Checksum(b[:headerSize-4]))
	foot := b[len(b)-footerSize:]
	ioff, ilen := int(le.Uint64(foot[0:])), int(le.Uint32(foot[8:]))
	n := ilen - 4
	le.PutUint32(b[ioff+n:], crc32c.Checksum(b[ioff:ioff+n]))
	le.PutUint32(foot[28:], crc32c.Checksum(b[:len(b)-12]))
}

// A file whose header, index and footer claim a block of billions of grids,
// checksums and all consistent, is rejected by Open before anything is sized
// by the claim.
func TestHugeBlockClaimRejected(t *testing.T) {
	gg := enumerated(t, 3541) // one block
	dir := t.TempDir()
	orig, err := os.ReadFile(writeGroup(t, dir, gg, WriterOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	const claim = 3_000_000_000
	b := append([]byte(nil), orig...)
	le.PutUint64(b[48:], claim) // header count
	le.PutUint16(b[60:], 1)     // one histogram entry:
	le.PutUint16(b[62:], 1)     // automorphism count 1,
	le.PutUint64(b[64:], claim) // every grid
	ioff := int(le.Uint64(b[len(b)-footerSize:]))
	le.PutUint32(b[ioff+12:], 4_000_000_000) // payload bytes
	le.PutUint32(b[ioff+16:], claim)         // grids of block 0
	le.PutUint64(b[len(b)-footerSize+16:], claim)
	reseal(b)
	p := filepath.Join(dir, "huge.edg")
	os.WriteFile(p, b, 0o644)
	f, err := Open(p)
	if err == nil {
		f.Close()
		t.Fatal("Open accepted a block of 3,000,000,000 grids")
	}
	var ce *CorruptError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "block 0") {
		t.Fatalf("Open: %v; want a CorruptError about block 0", err)
	}
	// The same edits at a size a writer could make are accepted: the
	// bound, not the edit, rejects the file.
	b = append([]byte(nil), orig...)
	reseal(b)
	os.WriteFile(p, b, 0o644)
	if _, err := CheckFile(p); err != nil {
		t.Fatalf("resealed original: %v", err)
	}
}

func TestCreateBlockWorkBounded(t *testing.T) {
	if _, err := Create(filepath.Join(t.TempDir(), "g.edg"), 1, WriterOptions{BlockWork: MaxBlockWork + 1}); err == nil {
		t.Fatal("Create took a block work above MaxBlockWork")
	}
	w, err := Create(filepath.Join(t.TempDir(), "g.edg"), 1, WriterOptions{BlockWork: MaxBlockWork})
	if err != nil {
		t.Fatal(err)
	}
	w.Abort()
}
