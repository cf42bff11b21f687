package canon

import (
	"errors"
	"strings"
	"testing"
)

func TestParseErrors(t *testing.T) {
	good := paperGrid1
	cases := []struct {
		line int
		in   string
		want string
	}{
		{3, good[:40] + "0" + good[41:], "line 3: cell 41 (r5c5): '0' is not a digit 1-9"},
		{7, good[:80], "line 7: 80 cells, want 81"},
		{1, good + "1", "line 1: 82 cells, want 81"},
		{2, "", "line 2: 0 cells, want 81"},
		{0, good[:10] + "x" + good[11:], "cell 11 (r2c2): 'x' is not a digit 1-9"},
		// r4c2 = 1 and r4c8 = 9 in grid 1; make r4c8 a second 1.
		{4, good[:34] + "1" + good[35:], "line 4: row 4 has two 1s (r4c2, r4c8)"},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			_, err := ParseLine(tc.line, tc.in)
			if err == nil || err.Error() != tc.want {
				t.Errorf("ParseLine(%d, %q) error = %v; want %q", tc.line, tc.in, err, tc.want)
			}
		})
	}
}

func TestValidateUnits(t *testing.T) {
	g := mustParse(t, paperGrid1)
	// Swapping two cells of a row keeps the row valid but breaks two columns.
	g[0], g[1] = g[1], g[0]
	var ue *UnitError
	if err := g.Validate(); !errors.As(err, &ue) || ue.Unit != "column 1" || ue.Digit != 2 {
		t.Fatalf("Validate = %v; want column 1 has two 2s", err)
	}
	h := mustParse(t, paperGrid1)
	// Swapping two rows of different bands breaks boxes only.
	for j := range 9 {
		h[j], h[27+j] = h[27+j], h[j]
	}
	if err := h.Validate(); !errors.As(err, &ue) || !strings.HasPrefix(ue.Unit, "box") {
		t.Fatalf("Validate = %v; want a box error", err)
	}
}

func TestFormatRoundTrip(t *testing.T) {
	g := mustParse(t, lexFirst)
	if g.String() != lexFirst || string(g.AppendText(nil)) != lexFirst {
		t.Fatalf("String = %s; want %s", g.String(), lexFirst)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(paperGrid1)
	f.Add(lexFirst[:80] + "0")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		if g.Validate() != nil {
			t.Fatalf("Parse accepted an invalid grid %q", s)
		}
		if g.String() != strings.TrimSpace(s) {
			t.Fatalf("round trip: %q -> %q", s, g.String())
		}
	})
}

// AppendText writes '0'+d for every byte d, eight at a time, after what
// dst holds.
func TestAppendTextEveryByte(t *testing.T) {
	for v := range 256 {
		for _, pos := range []int{0, 7, 8, 40, 79, 80} {
			var g Grid
			for i := range g {
				g[i] = uint8(i % 10)
			}
			g[pos] = uint8(v)
			got := g.AppendText([]byte("x"))
			if len(got) != 82 || got[0] != 'x' {
				t.Fatalf("byte %d at %d: %q", v, pos, got)
			}
			for i, d := range g {
				if got[1+i] != '0'+d {
					t.Fatalf("byte %d at %d: cell %d is %q, want %q", v, pos, i, got[1+i], '0'+d)
				}
			}
		}
	}
}

// AppendPuzzle writes the empty character for 0 and '0'+d for any other
// byte d, eight at a time, after what dst holds.
func TestAppendPuzzleEveryByte(t *testing.T) {
	for _, empty := range []byte{'.', '0', 'x'} {
		for v := range 256 {
			for _, pos := range []int{0, 3, 7, 8, 40, 79, 80} {
				var p Grid
				for i := range p {
					p[i] = uint8(i % 10)
				}
				p[pos] = uint8(v)
				got := AppendPuzzle([]byte("ab"), &p, empty)
				if len(got) != 83 || string(got[:2]) != "ab" {
					t.Fatalf("byte %d at %d: %q", v, pos, got)
				}
				for i, d := range p {
					want := empty
					if d != 0 {
						want = '0' + d
					}
					if got[2+i] != want {
						t.Fatalf("empty %q, byte %d at %d: cell %d is %q, want %q", empty, v, pos, i, got[2+i], want)
					}
				}
			}
		}
	}
}
