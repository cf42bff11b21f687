package storage

import (
	"bytes"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
)

// FuzzCodecs is differential: any ascending subset of a group's grids,
// coded by either codec, must decode to exactly that subset.
func FuzzCodecs(f *testing.F) {
	f.Add([]byte{0xff}, uint8(2))
	f.Add([]byte{0x01, 0x80, 0x00, 0x10}, uint8(1))
	f.Add(bytes.Repeat([]byte{0x5a}, 200), uint8(2))
	f.Fuzz(func(t *testing.T, pick []byte, codec uint8) {
		if len(pick) == 0 {
			return
		}
		gg := enumerated(t, 3150)
		c := Codec(1 + codec%2)
		var in []canon.Grid
		var places []enumerate.Place
		for i := range gg.grids {
			if pick[i/8%len(pick)]>>(i%8)&1 != 0 {
				in = append(in, gg.grids[i])
				places = append(places, gg.places[i])
			}
		}
		if len(in) == 0 {
			return
		}
		p, err := encodeBlock(c, in, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		// Coded from the search's Places: the same bytes.
		if pp, err := encodeBlock(c, in, places, nil, nil); err != nil || !bytes.Equal(pp, p) {
			t.Fatalf("%v: coded from Places: %v, payloads equal %v", c, err, bytes.Equal(pp, p))
		}
		if c == CodecSorted {
			// Coded from runs, their candidates and rows 7 (AddBatch): the
			// same bytes.
			var runs []run
			var rows []enumerate.UsedRow7
			for i := 0; i < len(in); {
				j := i + 1
				for j < len(in) && eq27(bandOf(&in[j], 1), bandOf(&in[i], 1)) {
					j++
				}
				if rows, err = rowsOfPlaces(places[i:j], rows); err != nil {
					t.Fatal(err)
				}
				runs = append(runs, run{band2: *bandOf(&in[i], 1), cands: candsOf(&in[i]), end: len(rows)})
				i = j
			}
			if pr, err := encodeSortedRuns(runs, rows, nil); err != nil || !bytes.Equal(pr, p) {
				t.Fatalf("coded from runs: %v, payloads equal %v", err, bytes.Equal(pr, p))
			}
		}
		key := band.KeyOf(&in[0])
		// Without a cache, then twice with a small one (the second pass
		// finds its bands 3 there, or the colliding ones in their place).
		cache := newBand3Cache(1)
		for pass, bc := range []*band3Cache{nil, cache, cache} {
			k := 0
			err = decodeBlock(c, p, &key, len(in), bc, func(g *canon.Grid) bool {
				if k >= len(in) || *g != in[k] {
					t.Fatalf("%v, pass %d: grid %d decoded as %s; want %s", c, pass, k, g.String(), in[k].String())
				}
				k++
				return true
			})
			if err != nil || k != len(in) {
				t.Fatalf("%v, pass %d: %d of %d grids, %v", c, pass, k, len(in), err)
			}
		}
	})
}

// FuzzDecode feeds arbitrary payloads to the decoders: they must not panic,
// and whatever they pass on must be solution grids of the group, ascending
// (without the block checksum, which the reader checks first, a damaged
// payload can decode to other grids of the group, but never to anything else).
func FuzzDecode(f *testing.F) {
	gg := enumerated(f, 3150)
	for _, c := range []Codec{CodecSorted, CodecPacked} {
		p, err := encodeBlock(c, gg.grids[:50], nil, nil, nil)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(p, uint8(c), uint16(50))
		f.Add(p[:len(p)/2], uint8(c), uint16(50))
	}
	f.Add([]byte{}, uint8(2), uint16(1))
	f.Add([]byte{0xff, 0xff, 0xff}, uint8(2), uint16(3))
	key := band.KeyOf(&gg.grids[0])
	cache := newBand3Cache(1) // shared by all inputs: it must never mislead
	f.Fuzz(func(t *testing.T, payload []byte, codec uint8, count uint16) {
		c := Codec(1 + codec%2)
		var prev canon.Grid
		n := 0
		decodeBlock(c, payload, &key, int(count), cache, func(g *canon.Grid) bool {
			if c == CodecSorted {
				if err := g.Validate(); err != nil {
					t.Fatalf("decoded an invalid grid %s: %v", g.String(), err)
				}
			}
			if band.KeyOf(g) != key {
				t.Fatalf("decoded grid %s has another key", g.String())
			}
			if n > 0 && !canon.Less(&prev, g) {
				t.Fatalf("grid %d not above the one before", n+1)
			}
			prev = *g
			n++
			return true
		})
		if n > int(count) {
			t.Fatalf("%d grids decoded; asked for %d", n, count)
		}
	})
}
