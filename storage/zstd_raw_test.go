package storage

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// randomBytes returns n bytes from a fixed seed.
func randomBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	p := make([]byte, n)
	for i := range p {
		p[i] = byte(r.Uint32())
	}
	return p
}

func TestRawFrame(t *testing.T) {
	for _, n := range []int{0, 1, 255, 256, 1000, 65791, 65792, rawBlockMax, rawBlockMax + 1, 2*rawBlockMax + 7} {
		p := randomBytes(n, uint64(n))
		prefix := []byte("xy")
		f := rawFrame(p, prefix)
		if !bytes.Equal(f[:2], prefix) {
			t.Fatalf("n=%d: rawFrame changed dst's bytes", n)
		}
		f = f[2:]
		if len(f) != rawFrameSize(n) {
			t.Errorf("n=%d: frame of %d bytes, rawFrameSize says %d", n, len(f), rawFrameSize(n))
		}
		got, err := decompress(f, n, nil)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if !bytes.Equal(got, p) {
			t.Fatalf("n=%d: frame decodes to other bytes", n)
		}
		// The decoder holds it to the size it states.
		if n > 0 {
			if _, err := decompress(f, n-1, nil); err == nil {
				t.Errorf("n=%d: decoded into a buffer one byte short", n)
			}
		}
	}
}

func TestCompressible(t *testing.T) {
	if compressible(randomBytes(1000, 1)) {
		t.Error("random bytes called compressible")
	}
	// 800 bytes, none equal to the one before, then k repeats: the
	// threshold is one repeat in eight bytes, 100 here.
	for _, k := range []int{99, 100} {
		p := make([]byte, 800)
		for i := range p {
			p[i] = byte(i % 3)
		}
		for i := 0; i < k; i++ {
			p[1+8*i] = p[8*i]
		}
		if got := compressible(p); got != (k >= 100) {
			t.Errorf("%d repeats in 800 bytes: compressible %v", k, got)
		}
	}
}

func TestCompressFrames(t *testing.T) {
	random := randomBytes(5000, 3)
	zeros := make([]byte, 5000)
	for _, c := range []struct {
		name    string
		level   Compression
		payload []byte
		raw     bool // the frame is rawFrame's (zstd's own would be larger)
	}{
		{"fast random", CompressFast, random, true},
		{"small random", CompressSmall, random, true},
		{"fast zeros", CompressFast, zeros, false},
		{"small zeros", CompressSmall, zeros, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := compress(CodecSorted, c.level, c.payload, nil)
			got, err := decompress(f, len(c.payload), nil)
			if err != nil || !bytes.Equal(got, c.payload) {
				t.Fatalf("%s: frame does not decode back (%v)", c.name, err)
			}
			if len(f) > rawFrameSize(len(c.payload)) {
				t.Errorf("%s: frame of %d bytes, larger than a raw one (%d)", c.name, len(f), rawFrameSize(len(c.payload)))
			}
			if isRaw := bytes.Equal(f, rawFrame(c.payload, nil)); isRaw != c.raw {
				t.Errorf("%s: raw frame %v, want %v", c.name, isRaw, c.raw)
			}
		})
	}
}
