package storage

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"edgrid/canon"
)

// readAll opens path and scans it, returning the grids read before any
// error and the error.
func readAll(path string) ([]canon.Grid, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []canon.Grid
	err = f.Scan(func(_ int64, g *canon.Grid) error {
		out = append(out, *g)
		return nil
	})
	return out, err
}

// checkDamaged asserts that a damaged copy of a file never yields a wrong
// grid, that Verify fails with a CorruptError naming the file, and returns
// that error.
func checkDamaged(t *testing.T, path string, gg *groupGrids, what string) *CorruptError {
	t.Helper()
	grids, readErr := readAll(path)
	for i, g := range grids {
		if g != gg.grids[i] {
			t.Fatalf("%s: grid %d read as %s; want %s", what, i+1, g.String(), gg.grids[i].String())
		}
	}
	_, err := Verify(path, VerifyOptions{Workers: 2})
	var ce *CorruptError
	if !errors.As(err, &ce) {
		t.Fatalf("%s: Verify gave %v; want a CorruptError (read: %d grids, %v)", what, err, len(grids), readErr)
	}
	if !strings.Contains(err.Error(), filepath.Base(path)) {
		t.Fatalf("%s: error %q does not name the file", what, err)
	}
	// CheckFile, which decodes nothing, finds the same damage.
	_, cerr := CheckFile(path)
	var cce *CorruptError
	if !errors.As(cerr, &cce) || !strings.Contains(cerr.Error(), filepath.Base(path)) {
		t.Fatalf("%s: CheckFile gave %v; want a CorruptError naming the file", what, cerr)
	}
	if cce.Block != ce.Block {
		t.Fatalf("%s: CheckFile names block %d, Verify block %d", what, cce.Block, ce.Block)
	}
	return ce
}

// sections returns where each part of a file starts: header, blocks, index,
// footer.
func sections(t *testing.T, path string) (f *File) {
	t.Helper()
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	return f
}

func TestCorruptionIsDetected(t *testing.T) {
	gg := enumerated(t, 3150) // 1,193 grids

	for _, c := range []Codec{CodecSorted, CodecPacked} {
		dir := t.TempDir()
		path := writeGroup(t, dir, gg, WriterOptions{Codec: c, BlockWork: 1000})
		orig, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := sections(t, path)
		if len(f.entries) < 3 {
			t.Fatalf("want several blocks, got %d", len(f.entries))
		}
		// One flipped byte in each section and in each block, at its start,
		// middle and end; every byte of the header's fields and footer.
		type spot struct {
			off   int64
			block int // the block a CorruptError must name, or -1
		}
		var spots []spot
		for off := int64(0); off < 62+10; off++ {
			spots = append(spots, spot{off, -1})
		}
		spots = append(spots, spot{headerSize - 1, -1}, spot{300, -1})
		for i, e := range f.entries {
			for _, off := range []int64{e.offset, e.offset + int64(e.clen)/2, e.offset + int64(e.clen) - 1} {
				spots = append(spots, spot{off, i})
			}
		}
		size := int64(len(orig))
		for off := f.foot.indexOffset; off < size; off += 7 {
			spots = append(spots, spot{off, -1})
		}
		for off := size - footerSize; off < size; off++ {
			spots = append(spots, spot{off, -1})
		}
		for _, s := range spots {
			bad := append([]byte(nil), orig...)
			bad[s.off] ^= 0x20
			p := filepath.Join(dir, "flip.edg")
			if err := os.WriteFile(p, bad, 0o644); err != nil {
				t.Fatal(err)
			}
			ce := checkDamaged(t, p, gg, c.String()+": byte "+itoa(s.off)+" flipped")
			if s.block >= 0 && ce.Block != s.block {
				t.Errorf("%v: byte %d flipped (block %d): error names block %d: %v", c, s.off, s.block, ce.Block, ce)
			}
		}
		// Truncations: in the header, in each block, in the index, in the footer.
		cuts := []int64{0, 7, 100, headerSize, size - 1, size - footerSize + 3, f.foot.indexOffset + 5}
		for _, e := range f.entries {
			cuts = append(cuts, e.offset+int64(e.clen)/2)
		}
		for _, n := range cuts {
			p := filepath.Join(dir, "cut.edg")
			if err := os.WriteFile(p, orig[:n], 0o644); err != nil {
				t.Fatal(err)
			}
			checkDamaged(t, p, gg, c.String()+": cut at byte "+itoa(n))
		}
	}
}

func TestForeignFiles(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string][]byte{
		"empty":   nil,
		"text":    []byte(strings.Repeat("123456789", 200)),
		"zeros":   make([]byte, 4096),
		"gzipish": append([]byte{0x1f, 0x8b, 8, 0}, make([]byte, 1000)...),
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Open(p)
		var ce *CorruptError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: Open gave %v; want a CorruptError naming the file", name, err)
		}
	}
}

func TestVerifyFindsBadGrids(t *testing.T) {
	gg := enumerated(t, 2900)
	// A non-minlex completion slipped in among the grids: the writer takes
	// it (it checks key and order only), Verify names its block and ordinal.
	extra := nonMember(t, gg)
	var grids []canon.Grid
	var autos []int
	at := -1
	for i, g := range gg.grids {
		if at < 0 && string(extra[:]) < string(g[:]) {
			at = len(grids)
			grids = append(grids, extra)
			autos = append(autos, 1)
		}
		grids = append(grids, g)
		autos = append(autos, gg.autos[i])
	}
	bad := &groupGrids{group: gg.group, grids: grids, autos: autos}
	path := writeGroup(t, t.TempDir(), bad, WriterOptions{BlockWork: 2000})
	_, err := Verify(path, VerifyOptions{})
	var ce *CorruptError
	if !errors.As(err, &ce) || ce.Ordinal != int64(at+1) || ce.Block < 0 || !strings.Contains(ce.Msg, "not minlex") {
		t.Fatalf("Verify: %v; want grid %d named as not minlex", err, at+1)
	}
	// Wrong automorphism counts: the histogram no longer matches.
	wrong := &groupGrids{group: gg.group, grids: gg.grids, autos: append([]int(nil), gg.autos...)}
	wrong.autos[5] = 2
	path = writeGroup(t, t.TempDir(), wrong, WriterOptions{})
	if _, err := Verify(path, VerifyOptions{}); err == nil || !strings.Contains(err.Error(), "histogram") {
		t.Fatalf("Verify with a wrong automorphism count: %v", err)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
