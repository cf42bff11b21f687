package storage

import (
	"math/rand/v2"
	"testing"
)

func TestTruncatedAndGammaCodes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	type sym struct{ v, k uint32 }
	var syms []sym
	var w bitWriter
	var want float64
	for range 20000 {
		k := uint32(1 + r.IntN(9))
		v := uint32(r.IntN(int(k)))
		if r.IntN(4) == 0 {
			k = 0 // gamma code of v+1
			v = uint32(r.IntN(40))
			w.writeGamma(v + 1)
		} else {
			w.writeTrunc(v, int(k))
		}
		syms = append(syms, sym{v, k})
	}
	buf := w.bytes()
	rd := bitReader{buf: buf}
	for i, s := range syms {
		var got uint32
		if s.k == 0 {
			got = rd.readGamma(8) - 1
		} else {
			got = rd.readTrunc(int(s.k))
		}
		if got != s.v {
			t.Fatalf("symbol %d (k=%d): got %d; want %d", i, s.k, got, s.v)
		}
	}
	if rd.overrun {
		t.Fatal("overrun set on a complete stream")
	}
	if n, nonzero := rd.rest(); n >= 8 || nonzero {
		t.Fatalf("rest: %d bits, nonzero %v; want only padding", n, nonzero)
	}
	_ = want
	rd.read(9)
	if !rd.overrun {
		t.Fatal("reading past the end did not set overrun")
	}
}

func TestTruncatedCodeLengths(t *testing.T) {
	// Every symbol of an alphabet of k takes floor or ceil of log2 k bits,
	// and the code is complete: the lengths satisfy Kraft with equality.
	for k := 1; k <= 9; k++ {
		kraft := 0.0
		for v := range k {
			var w bitWriter
			w.writeTrunc(uint32(v), k)
			n := len(w.buf)*8 + int(w.nacc)
			kraft += 1 / float64(uint(1)<<n)
		}
		if kraft != 1 {
			t.Errorf("k=%d: Kraft sum %v; want 1", k, kraft)
		}
	}
}

// zeros reads what as many calls of bit would, up to and including the
// first set bit, and stops at its limit; past the end it reports overrun.
func TestZerosMatchesBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 3000 {
		buf := make([]byte, rng.IntN(24))
		for i := range buf {
			if rng.IntN(3) == 0 { // sparse ones, long zero runs
				buf[i] = byte(1 << rng.IntN(8))
			}
		}
		a, b := bitReader{buf: buf}, bitReader{buf: buf}
		for step := 0; step < 40; step++ {
			limit := uint(rng.IntN(90))
			z, one := a.zeros(limit)
			// The same by single bits.
			var wz uint
			var wone bool
			for wz < limit {
				if b.bit() {
					wone = true
					break
				}
				wz++
			}
			if z != wz || one != wone || a.overrun != b.overrun || a.nacc != b.nacc || a.acc != b.acc || a.pos != b.pos {
				t.Fatalf("trial %d step %d limit %d: zeros = %d %v (overrun %v), bits give %d %v (overrun %v)",
					trial, step, limit, z, one, a.overrun, wz, wone, b.overrun)
			}
		}
	}
}

// TestTruncate writes random fields, some followed by zero bits that are
// then truncated away, and checks the stream against one written without
// them, and pos against the bits written.
func TestTruncate(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var w, want bitWriter
	for range 5000 {
		n := uint(r.IntN(33))
		v := uint32(r.Uint64() & (1<<n - 1))
		w.write(v, n)
		want.write(v, n)
		if w.pos() != want.pos() {
			t.Fatalf("pos %d, want %d", w.pos(), want.pos())
		}
		if r.IntN(3) == 0 {
			p := w.pos()
			w.zeros(r.IntN(70))
			w.truncate(p)
			if w.pos() != p {
				t.Fatalf("pos %d after truncating to %d", w.pos(), p)
			}
		}
	}
	got, exp := w.bytes(), want.bytes()
	if string(got) != string(exp) {
		t.Fatalf("streams differ: %d and %d bytes", len(got), len(exp))
	}
}
