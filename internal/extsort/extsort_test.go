package extsort

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// drain reads every record of s in order.
func drain(t *testing.T, s *Sorter) [][]byte {
	t.Helper()
	next, closeAll, err := s.Sorted()
	if err != nil {
		t.Fatal(err)
	}
	defer closeAll()
	var got [][]byte
	for {
		r, err := next()
		if err != nil {
			t.Fatal(err)
		}
		if r == nil {
			return got
		}
		got = append(got, bytes.Clone(r))
	}
}

// The records come back sorted, each as often as it was added, whether the
// sorter held them all or wrote runs; many runs are merged in passes of at
// most fanIn, and the memory held never exceeds the bound.
func TestSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, mem := range []int64{1 << 20, 10 * 12, 0} {
		dir := t.TempDir()
		s, err := New(dir, "x", 12, mem)
		if err != nil {
			t.Fatal(err)
		}
		s.fanIn = 3
		var want [][]byte
		for range 500 {
			rec := binary.BigEndian.AppendUint64(nil, rng.Uint64()%300) // duplicates too
			rec = binary.BigEndian.AppendUint32(rec, rng.Uint32()%4)
			want = append(want, rec)
			if err := s.Add(rec); err != nil {
				t.Fatal(err)
			}
			rec[0] ^= 0xff // Add copied it
			if cap(s.buf) > s.max*s.size {
				t.Fatalf("mem %d: %d bytes held for at most %d records of %d", mem, cap(s.buf), s.max, s.size)
			}
		}
		for _, r := range want {
			r[0] ^= 0xff
		}
		if s.Spilled() != (mem < 500*12) || s.Spilled() != (s.Spills() > 0) {
			t.Errorf("mem %d: spilled %v after %d spills", mem, s.Spilled(), s.Spills())
		}
		got := drain(t, s)
		if len(s.runs) > s.fanIn {
			t.Errorf("mem %d: %d runs merged at once, want at most %d", mem, len(s.runs), s.fanIn)
		}
		slices.SortFunc(want, bytes.Compare)
		if !slices.EqualFunc(got, want, bytes.Equal) {
			t.Fatalf("mem %d: the records read back are not the records added, sorted", mem)
		}
		// The runs merged into others are removed: what is left is the
		// last pass's runs.
		if ents, _ := os.ReadDir(dir); len(ents) != len(s.runs) {
			t.Errorf("mem %d: %d files left for %d runs", mem, len(ents), len(s.runs))
		}
	}
}

func TestEmpty(t *testing.T) {
	s, err := New(t.TempDir(), "x", 4, 100)
	if err != nil {
		t.Fatal(err)
	}
	if got := drain(t, s); len(got) != 0 {
		t.Errorf("%d records from an empty sorter", len(got))
	}
}

func TestBadRecords(t *testing.T) {
	if _, err := New(t.TempDir(), "x", 0, 100); err == nil {
		t.Error("New took records of 0 bytes")
	}
	s, err := New(t.TempDir(), "x", 4, 100)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Add([]byte{1, 2, 3}); err == nil {
		t.Error("Add took a record of 3 bytes in a sorter of 4")
	}
}

// A run file that is cut short is reported, not read as fewer records.
func TestDamagedRun(t *testing.T) {
	dir := t.TempDir()
	s, err := New(dir, "x", 8, 8*4)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		if err := s.Add(binary.BigEndian.AppendUint64(nil, uint64(i*7%20))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Truncate(s.runs[0], 8*4-3); err != nil {
		t.Fatal(err)
	}
	next, closeAll, err := s.Sorted()
	if err != nil {
		t.Fatal(err)
	}
	defer closeAll()
	for {
		r, err := next()
		if err != nil {
			return
		}
		if r == nil {
			t.Fatal("a run cut short read without an error")
		}
	}
}
