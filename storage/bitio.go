package storage

import (
	"encoding/binary"
	"math/bits"
)

// bitWriter appends bits least significant first: the first bit written is
// bit 0 of the first byte.
type bitWriter struct {
	buf  []byte
	acc  uint64
	nacc uint // bits held in acc, < 8 between calls
}

// write appends the n (0..32) low bits of v; v has no bits above them.
func (w *bitWriter) write(v uint32, n uint) {
	w.reserve(0)
	w.put(v, n)
}

// reserve makes room for n more bytes, so that the next puts of up to 8n
// bits in all need no more.
func (w *bitWriter) reserve(n int) {
	if cap(w.buf)-len(w.buf) < n+8 {
		l := len(w.buf)
		w.buf = append(w.buf[:cap(w.buf)], make([]byte, n+8+cap(w.buf))...)[:l]
	}
}

// put is write for a caller that reserved room (it panics otherwise),
// small enough to be inlined. Without branches on the data: the
// accumulator is stored whole past the end of buf, which then grows by the
// bytes it completes.
func (w *bitWriter) put(v uint32, n uint) {
	l := len(w.buf)
	w.acc |= uint64(v) << w.nacc
	w.nacc += n
	binary.LittleEndian.PutUint64(w.buf[l:l+8], w.acc)
	k := w.nacc >> 3
	w.buf = w.buf[:l+int(k)]
	w.acc >>= 8 * k
	w.nacc &= 7
}

// pos returns the number of bits written.
func (w *bitWriter) pos() int { return 8*len(w.buf) + int(w.nacc) }

// truncate drops the bits from position p (<= pos()) on, which must all be
// zeros.
func (w *bitWriter) truncate(p int) {
	if l := p / 8; l < len(w.buf) {
		w.acc = uint64(w.buf[l]) & (1<<(p%8) - 1)
		w.buf = w.buf[:l]
	}
	w.nacc = uint(p - 8*len(w.buf))
}

// zeros appends n (>= 0) zero bits.
func (w *bitWriter) zeros(n int) {
	for ; n > 32; n -= 32 {
		w.write(0, 32)
	}
	w.write(0, uint(n))
}

// bytes flushes the bits held (the last byte zero padded) and returns the
// stream.
func (w *bitWriter) bytes() []byte {
	if w.nacc > 0 {
		w.buf = append(w.buf, byte(w.acc))
		w.acc, w.nacc = 0, 0
	}
	return w.buf
}

// bitReader reads what bitWriter wrote. Reading past the end yields zero bits
// and sets overrun, which the decoder checks before trusting its output.
type bitReader struct {
	buf     []byte
	pos     int    // next byte of buf to load into acc
	acc     uint64 // unread bits, least significant first
	nacc    uint
	overrun bool
}

// refill tops acc up to at least 57 bits (or all that is left).
func (r *bitReader) refill() {
	for r.nacc <= 56 {
		if r.pos < len(r.buf) {
			r.acc |= uint64(r.buf[r.pos]) << r.nacc
			r.pos++
		} else {
			// Past the end: count the phantom zero byte so that overrun
			// is detected once a caller consumes it.
			if r.nacc == 0 {
				r.overrun = true
			}
			return
		}
		r.nacc += 8
	}
}

// read returns the next n (0..32) bits.
func (r *bitReader) read(n uint) uint32 {
	if r.nacc < n {
		r.refill()
		if r.nacc < n {
			r.overrun = true
			v := uint32(r.acc)
			r.acc, r.nacc = 0, 0
			return v & (1<<n - 1)
		}
	}
	v := uint32(r.acc) & (1<<n - 1)
	r.acc >>= n
	r.nacc -= n
	return v
}

// bit returns the next bit.
func (r *bitReader) bit() bool {
	if r.nacc == 0 {
		r.refill()
		if r.nacc == 0 {
			r.overrun = true
			return false
		}
	}
	b := r.acc&1 != 0
	r.acc >>= 1
	r.nacc--
	return b
}

// zeros reads bits up to the first set bit, at most limit of them: it
// returns how many zero bits came before the set bit (which it consumes
// too) and true, or limit and false when all limit bits were zero. Past the
// end bits read as zero and overrun is set, as with bit.
func (r *bitReader) zeros(limit uint) (uint, bool) {
	z := uint(0)
	for z < limit {
		if r.nacc == 0 {
			r.refill()
			if r.nacc == 0 {
				r.overrun = true
				return limit, false
			}
		}
		// acc holds nothing above its nacc bits, so t >= nacc when none is set.
		t := uint(bits.TrailingZeros64(r.acc))
		avail := min(r.nacc, limit-z)
		if t < avail {
			r.acc >>= t + 1
			r.nacc -= t + 1
			return z + t, true
		}
		r.acc >>= avail
		r.nacc -= avail
		z += avail
	}
	return limit, false
}

// rest reports the unread bits: how many, and whether any is set. A block
// ends with fewer than 8 zero padding bits.
func (r *bitReader) rest() (n int, nonzero bool) {
	n = int(r.nacc) + 8*(len(r.buf)-r.pos)
	nonzero = r.acc != 0
	for _, b := range r.buf[r.pos:] {
		nonzero = nonzero || b != 0
	}
	return n, nonzero
}

// Symbols 0..k-1 are written in a truncated binary code: with u = bits.Len(k-1),
// the first 2^u - k values take u-1 bits and the rest u bits, so no code is
// wasted when k is not a power of two. k = 1 takes no bits.

// truncCode holds, for each alphabet size k (1..9), u-1 and 2^u - k.
var truncCode = func() (t [10]struct{ short, nshort uint32 }) {
	for k := 1; k <= 9; k++ {
		u := uint32(bits.Len32(uint32(k - 1)))
		t[k].nshort = (1 << u) - uint32(k)
		if u > 0 {
			t[k].short = u - 1
		}
	}
	return t
}()

// truncBits[k][v] is writeTrunc's code for v of k symbols: the bits in
// write order and their number.
var truncBits = func() (t [10][9]struct{ code, n uint8 }) {
	for k := 2; k <= 9; k++ {
		c := truncCode[k]
		for v := range uint32(k) {
			if v < c.nshort {
				t[k][v].code, t[k][v].n = uint8(v), uint8(c.short)
				continue
			}
			// v-nshort = 2*x' + b with x' the u-1 bit prefix beyond
			// nshort: the prefix, then b.
			x := v - c.nshort
			t[k][v].code, t[k][v].n = uint8(c.nshort+x>>1|(x&1)<<c.short), uint8(c.short+1)
		}
	}
	return
}()

// writeTrunc writes v (0..k-1) for an alphabet of k (1..9) symbols: a
// truncated binary code, nothing when k is 1.
func (w *bitWriter) writeTrunc(v uint32, k int) {
	c := truncBits[k][v]
	w.write(uint32(c.code), uint(c.n))
}

// putTrunc is writeTrunc after reserve (put).
func (w *bitWriter) putTrunc(v uint32, k int) {
	c := truncBits[k][v]
	w.put(uint32(c.code), uint(c.n))
}

// readTrunc reads a symbol written by writeTrunc; it is below k.
func (r *bitReader) readTrunc(k int) uint32 {
	if k <= 1 {
		return 0
	}
	t := truncCode[k]
	x := r.read(uint(t.short))
	if x < t.nshort {
		return x
	}
	b := r.read(1)
	return t.nshort + (x-t.nshort)<<1 + b
}

// writeGamma writes v >= 1 in the Elias gamma code: bits.Len(v)-1 zeros, a
// one, then the low bits of v. Small values are cheap.
func (w *bitWriter) writeGamma(v uint32) {
	n := uint(bits.Len32(v))
	if n <= 16 {
		w.write(1<<(n-1)|(v&(1<<(n-1)-1))<<n, 2*n-1)
		return
	}
	w.write(1<<(n-1), n)
	w.write(v&(1<<(n-1)-1), n-1)
}

// readGamma reads a gamma code of at most maxBits significant bits; a longer
// one sets overrun-like failure by returning 0.
func (r *bitReader) readGamma(maxBits uint) uint32 {
	var z uint
	for !r.bit() {
		z++
		if z >= maxBits || r.overrun {
			return 0
		}
	}
	return 1<<z | r.read(z)
}
