package scan

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"edgrid/canon"
	"edgrid/internal/crc32c"
)

// testPart is a part of two grids with puzzles among five; the puzzles are
// random cell sets, which the format does not judge.
func testPart(r *rand.Rand) *Part {
	p := &Part{Label: "clues=17 minimal=auto", Group: 3541, Grids: 5}
	for _, ord := range []int64{2, 5} {
		f := Found{Ordinal: ord, Grid: canon.RandomGrid(r)}
		for range 3 {
			var m canon.Mask
			for range 17 {
				m.Set(r.IntN(81))
			}
			f.Puzzles = append(f.Puzzles, m)
		}
		sortMasks(f.Puzzles)
		f.Puzzles = compactMasks(f.Puzzles)
		p.Found = append(p.Found, f)
	}
	return p
}

func compactMasks(ms []canon.Mask) []canon.Mask {
	out := ms[:0]
	for i, m := range ms {
		if i == 0 || m != ms[i-1] {
			out = append(out, m)
		}
	}
	return out
}

func TestPartRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, p := range []*Part{testPart(r), {Label: "x", Group: 1, Grids: 0}, {Label: "x", Group: 9, Grids: 100}} {
		var b bytes.Buffer
		if err := WritePart(&b, p); err != nil {
			t.Fatal(err)
		}
		got, err := ReadPart(b.Bytes())
		if err != nil {
			t.Fatalf("ReadPart: %v\n%s", err, b.String())
		}
		if p.Found == nil {
			p.Found = []Found{}
		}
		if !reflect.DeepEqual(got, p) {
			t.Fatalf("round trip: got %+v; want %+v", got, p)
		}
		if got.Puzzles() != p.Puzzles() {
			t.Fatalf("Puzzles: got %d; want %d", got.Puzzles(), p.Puzzles())
		}
	}
}

// Every single-byte change and every truncation of a part is an error.
func TestPartDamageDetected(t *testing.T) {
	var b bytes.Buffer
	if err := WritePart(&b, testPart(rand.New(rand.NewPCG(1, 1)))); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	for i := range data {
		d := bytes.Clone(data)
		d[i] ^= 0x10
		if _, err := ReadPart(d); err == nil {
			t.Fatalf("byte %d changed: no error", i)
		}
		if _, err := ReadPart(data[:i]); err == nil {
			t.Fatalf("truncated to %d bytes: no error", i)
		}
	}
}

// A part whose checksum is right but whose contents are not consistent is
// refused with the line at fault.
func TestPartInconsistent(t *testing.T) {
	g := canon.RandomGrid(rand.New(rand.NewPCG(3, 3)))
	gs := string(g.AppendText(nil))
	wrong := []byte(strings.Repeat(".", 81))
	wrong[0] = '0' + g[0]%9 + 1 // not the grid's digit
	for _, tc := range []struct{ body, want string }{
		{"group 1 grids 1 found 1 puzzles 1\ngrid 2 " + gs + " 1\n" + string(AppendPuzzle(nil, &g, canon.Mask{1, 0})) + "\n", "line 4: grid ordinal 2"},
		{"group 1 grids 1 found 1 puzzles 2\ngrid 1 " + gs + " 1\n" + string(AppendPuzzle(nil, &g, canon.Mask{1, 0})) + "\n", "line 3: the group line says 2"},
		{"group 1 grids 1 found 1 puzzles 1\ngrid 1 " + gs + " 1\n" + string(wrong) + "\n", "line 5: cell 1"},
		{"group 1 grids 1 found 0 puzzles 0\nextra\n", "line 4: \"extra\" after"},
		{"group 0 grids 1 found 0 puzzles 0\n", "line 3"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			body := "edgrid scan part 1\nscan x\n" + tc.body
			data := []byte(body + "crc32c " + crcHex(body) + "\n")
			_, err := ReadPart(data)
			var pe *PartError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%q: got %v; want a PartError with %q", tc.body, err, tc.want)
			}
		})
	}
}

// crcHex is the part checksum of s.
func crcHex(s string) string { return fmt.Sprintf("%08x", crc32c.Checksum([]byte(s))) }

func TestWritePartRefusesBadParts(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for name, mod := range map[string]func(p *Part){
		"two-line label":    func(p *Part) { p.Label = "a\nb" },
		"ordinal past end":  func(p *Part) { p.Found[1].Ordinal = 6 },
		"ordinals reversed": func(p *Part) { p.Found[0].Ordinal = 5 },
		"unsorted puzzles":  func(p *Part) { f := p.Found[0].Puzzles; f[0], f[1] = f[1], f[0] },
		"no puzzles":        func(p *Part) { p.Found[0].Puzzles = nil },
		"bad grid":          func(p *Part) { p.Found[0].Grid[0] = p.Found[0].Grid[1] },
	} {
		p := testPart(r)
		mod(p)
		var b bytes.Buffer
		if err := WritePart(&b, p); err == nil || b.Len() != 0 {
			t.Errorf("%s: wrote %d bytes, error %v; want an error and nothing written", name, b.Len(), err)
		}
	}
}
