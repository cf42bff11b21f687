package storage

import (
	"math/bits"

	"edgrid/band"
	"edgrid/canon"
)

// decodeSorted is the inverse of encodeSorted. Every grid it passes on is a
// valid solution grid with the key, above the one before; a stream that runs
// out, dead-ends or leaves more than the padding is an error. cache, when not
// nil, holds bands 3 of earlier blocks of the same file.
func decodeSorted(payload []byte, key *band.Key, count int, cache *band3Cache, fn func(g *canon.Grid) bool) error {
	if count == 0 {
		if len(payload) != 0 {
			return &payloadError{msg: "payload for an empty block"}
		}
		return nil
	}
	r := bitReader{buf: payload}
	g := key.Partial()
	u := keyUnits(&g)
	var (
		cand     [numBand2]uint16
		own      band3
		x        rows89
		havePrev bool
		emitted  int
	)
	fail := func(msg string) error {
		return &payloadError{msg: msg, offset: r.pos}
	}
	for {
		// Band 2: where this run leaves the previous one, then the rest.
		q0 := 0
		if havePrev {
			s := int(r.readGamma(6)) - 1
			if s < 0 {
				return fail("bad branch code")
			}
			lcp := -1
			for q := numBand2 - 1; q >= 0; q-- {
				d := g[openCell[q]]
				if cand[q]>>(d+1) != 0 {
					if s == 0 {
						lcp = q
						break
					}
					s--
				}
			}
			if lcp < 0 {
				return fail("branch point beyond the first cell")
			}
			for q := numBand2 - 1; q >= lcp; q-- {
				u.removeQ(q, g[openCell[q]])
			}
			c := openCell[lcp]
			above := cand[lcp] &^ (2<<g[c] - 1)
			i := r.readTrunc(bits.OnesCount16(above))
			g[c] = nthDigit[above][i]
			u.placeQ(lcp, g[c])
			q0 = lcp + 1
		}
		for q := q0; q < numBand2; q++ {
			c := openCell[q]
			m := u.candQ(q)
			if m == 0 {
				return fail("band 2 dead-ends")
			}
			g[c] = nthDigit[m][r.readTrunc(bits.OnesCount16(m))]
			u.placeQ(q, g[c])
			cand[q] = m
		}
		havePrev = true
		// Band 3: the chosen completions, ascending.
		b := &own
		if cache != nil {
			b = cache.get((*[81]uint8)(&g), &u.col)
		} else if !own.init((*[81]uint8)(&g), &u.col) {
			b = nil
		}
		if b == nil {
			return fail("band 2 has no completion")
		}
		x.reset()
		// The rows 7 used: a bit each, skipped a run of zeros at a time; the
		// last row's is not written when no row before it is used.
		usedAny := false
		for k := 0; k < b.n; k++ {
			if !usedAny {
				z, _ := r.zeros(uint(b.n - 1 - k))
				k += int(z) // the first used row, or the last row, implied
			} else {
				z, one := r.zeros(uint(b.n - k))
				if k += int(z); !one {
					break
				}
			}
			usedAny = true
			if cache != nil {
				cache.rows89(&x, b, k, g[63])
			} else {
				x.init(b, b.rows[k], g[63])
			}
			n := x.n
			selAny := false
			for i := 0; i < n; i++ {
				if !(i == n-1 && !selAny) && !r.bit() {
					continue
				}
				selAny = true
				if r.overrun {
					return fail("stream ends early")
				}
				x.fill((*[81]uint8)(&g), i)
				emitted++
				if !fn(&g) {
					return nil
				}
				if emitted == count {
					if n, nonzero := r.rest(); n >= 8 || nonzero {
						return fail("data after the last grid")
					}
					return nil
				}
			}
		}
		if r.overrun {
			return fail("stream ends early")
		}
	}
}
