package canon

import (
	"os"
	"path/filepath"
	"testing"
)

func sameTables(t *testing.T, a, b *bandTables) {
	t.Helper()
	for i := range a.entry {
		if a.entry[i] != b.entry[i] {
			t.Fatalf("entry %d: %x vs %x", i, a.entry[i], b.entry[i])
		}
	}
	for c := range a.stab {
		if len(a.stab[c]) != len(b.stab[c]) {
			t.Fatalf("stabilizer %d: %d vs %d elements", c, len(a.stab[c]), len(b.stab[c]))
		}
		for i := range a.stab[c] {
			if a.stab[c][i] != b.stab[c][i] {
				t.Fatalf("stabilizer %d element %d differs", c, i)
			}
		}
	}
	for c := range a.formIndex {
		if a.formIndex[c] != b.formIndex[c] {
			t.Fatalf("formIndex %d differs", c)
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

func TestBandCacheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "bandtable-v1.bin")
	old := bandCachePath
	bandCachePath = func() (string, error) { return path, nil }
	defer func() { bandCachePath = old }()

	first := loadOrBuild(generatedBandForms()) // builds and writes the file
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no cache file written: %v", err)
	}
	second := loadOrBuild(generatedBandForms()) // reads it back
	sameTables(t, first, second)

	// A corrupted file is not trusted: the tables are rebuilt and the file rewritten.
	data, _ := os.ReadFile(path)
	data[100] ^= 1
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	third := loadOrBuild(generatedBandForms())
	sameTables(t, first, third)
	if err := readBandCache(emptyTables(first), path); err != nil {
		t.Fatalf("the damaged cache was not rewritten: %v", err)
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil || len(entries) != 1 {
		t.Fatalf("the cache's directory holds %v (%v); want the cache file alone", entries, err)
	}
}

// emptyTables returns tables with t's forms and nothing read yet, for a
// cache to fill.
func emptyTables(t *bandTables) *bandTables {
	x := newBandTables()
	x.forms = t.forms
	x.stab = make([][]uint16, len(t.forms))
	return x
}

// readBandCache, which reads the entries straight into the table, accepts
// what encodeBandCache writes and refuses every damage: a flipped byte
// anywhere, a short or long file, another magic, no file.
func TestReadBandCache(t *testing.T) {
	built := tables()
	data := encodeBandCache(built)
	dir := t.TempDir()
	write := func(name string, d []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, d, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	got := emptyTables(built)
	if err := readBandCache(got, write("good", data)); err != nil {
		t.Fatal(err)
	}
	got.setFormIndex()
	sameTables(t, built, got)

	damaged := map[string][]byte{
		"empty":     nil,
		"magic":     append([]byte("EDGBAND2"), data[8:]...),
		"header":    data[:12],
		"truncated": data[:len(data)/2],
		"last byte": data[:len(data)-1],
		"trailing":  append(append([]byte(nil), data...), 0),
	}
	for _, off := range []int{9, 13, 17, 20, 21, len(data) / 2, 20 + 4*numNormBands - 1, 20 + 4*numNormBands + 2, len(data) - 10, len(data) - 1} {
		d := append([]byte(nil), data...)
		d[off] ^= 0x40
		damaged["flipped byte at "+itoa(off)] = d
	}
	for name, d := range damaged {
		if err := readBandCache(emptyTables(built), write("bad", d)); err == nil {
			t.Errorf("%s: a damaged cache was accepted", name)
		}
	}
	if err := readBandCache(emptyTables(built), filepath.Join(dir, "none")); err == nil {
		t.Error("a missing cache was accepted")
	}
}
