package cells

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"edgrid/canon"
)

const grid1 = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"

func TestIsRule(t *testing.T) {
	for in, want := range map[string]bool{"------+-------+------": true, "---------------------": true, "=====+=====": true,
		"---------": false, "- - - | - - -": false, "12-": false, "": false} {
		if got := IsRule(in); got != want {
			t.Errorf("IsRule(%q) = %v; want %v", in, got, want)
		}
	}
}

// boxed writes g as 9 lines of 9 cells with '|' between stacks and box
// rules between bands, as puzzle sites print grids.
func boxed(s string) string {
	var b strings.Builder
	for r := 0; r < 9; r++ {
		if r == 3 || r == 6 {
			b.WriteString("------+-------+------\n")
		}
		for c := 0; c < 9; c++ {
			if c == 3 || c == 6 {
				b.WriteString("| ")
			}
			b.WriteByte(s[r*9+c])
			b.WriteByte(' ')
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestReadForms(t *testing.T) {
	want, err := canon.Parse(grid1)
	if err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string]string{
		"line":   grid1,
		"boxed":  boxed(grid1),
		"spaced": strings.Join(strings.Split(grid1, ""), " "),
		"rows":   strings.Join([]string{grid1[:27], grid1[27:54], grid1[54:]}, "|"),
	} {
		g, err := ReadGrid(in)
		if err != nil || g != want {
			t.Errorf("%s: ReadGrid = %v, %v; want the grid", name, g, err)
		}
	}
	p := "." + grid1[1:40] + "0-*_x" + grid1[45:]
	g, empty, err := Read(p)
	if err != nil || empty != 6 || g[0] != 0 || g[40] != 0 || g[1] != 2 {
		t.Errorf("Read(puzzle) = %v, %d, %v; want 6 empty cells", g, empty, err)
	}
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		cell int
		msg  string
	}{
		{"?" + grid1[1:], 1, `cell 1 (r1c1): '?' is not a digit 1-9 or an empty cell (. 0 - * _ x)`},
		{grid1[:40] + "é" + grid1[41:], 41, `cell 41 (r5c5): 'é' is not a digit 1-9`},
		{grid1[:80], 0, "80 cells, want 81"},
		{grid1 + "1", 0, "82 cells, want 81"},
		{grid1 + "?", 0, "82 cells, want 81"},
		{"", 0, "0 cells, want 81"},
	} {
		t.Run(tc.msg, func(t *testing.T) {
			_, _, err := Read(tc.in)
			var pe *canon.ParseError
			if !errors.As(err, &pe) || pe.Cell != tc.cell || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Read(%.20q...) = %v; want cell %d and %q", tc.in, err, tc.cell, tc.msg)
			}
		})
	}
	if _, err := ReadGrid(grid1[:10] + "." + grid1[11:]); err == nil || !strings.Contains(err.Error(), "cell 11 (r2c2): an empty cell") {
		t.Errorf("ReadGrid(empty cell) = %v", err)
	}
	bad := "2" + grid1[1:]
	var ue *canon.UnitError
	if _, err := ReadGrid(bad); !errors.As(err, &ue) {
		t.Errorf("ReadGrid(repeat) = %v; want a *canon.UnitError", err)
	}
}

func FuzzRead(f *testing.F) {
	f.Add(grid1)
	f.Add(boxed(grid1))
	f.Add("." + grid1[1:])
	f.Fuzz(func(t *testing.T, s string) {
		g, empty, err := Read(s)
		if err != nil {
			return
		}
		n := 0
		for _, v := range g {
			if v > 9 {
				t.Fatalf("Read(%q): cell value %d", s, v)
			}
			if v == 0 {
				n++
			}
		}
		if n != empty {
			t.Fatalf("Read(%q): empty = %d; the grid has %d", s, empty, n)
		}
		// The 81-character line of the cells reads back to the same grid.
		g2, _, err := Read(string(canon.AppendPuzzle(nil, &g, '.')))
		if err != nil || g2 != g {
			t.Fatalf("Read(%q) again = %v, %v", s, g2, err)
		}
	})
}

// The eight-bytes-at-a-time path reads what the byte loop reads, and
// leaves every line it does not take (a byte other than 0-9 and '.'
// anywhere) to the loop.
func TestReadDigitsPath(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for range 2000 {
		b := make([]byte, 81)
		for i := range b {
			b[i] = byte('1' + r.IntN(9))
		}
		if r.IntN(2) == 0 {
			// One byte of every kind the fast path must refuse.
			b[r.IntN(81)] = []byte("0.-*_x| \t:/@A\x80\xff\x00")[r.IntN(16)]
		}
		var want canon.Grid
		wantEmpty, wantBad := 0, false
		for i, c := range b {
			v := Class(c)
			if v > 9 {
				wantBad = true
			}
			want[i] = v
			if v == 0 {
				wantEmpty++
			}
		}
		var g canon.Grid
		plain := true // digits and dots only
		for _, c := range b {
			plain = plain && (c == '.' || c >= '0' && c <= '9')
		}
		if _, fast := readCells(string(b), &g); fast != plain {
			t.Fatalf("%q: fast path %v", b, fast)
		}
		got, empty, err := Read(string(b))
		if !wantBad && (err != nil || got != want || empty != wantEmpty) {
			t.Fatalf("%q: Read = %v %d %v", b, got, empty, err)
		}
	}
}

// readCells takes exactly the lines of 81 digits and dots, and reads them
// as the byte loop does, empty cells counted.
func TestReadCellsEveryByte(t *testing.T) {
	base := []byte(strings.Repeat("1.3.5.7.9", 9))
	for _, pos := range []int{0, 1, 5, 7, 8, 37, 79, 80} {
		for c := range 256 {
			b := append([]byte(nil), base...)
			b[pos] = byte(c)
			var g canon.Grid
			empty, ok := readCells(string(b), &g)
			if want := c == '.' || c >= '0' && c <= '9'; ok != want {
				t.Fatalf("byte %#x at %d: fast path %v, want %v", c, pos, ok, want)
			}
			if !ok {
				continue
			}
			wantEmpty := 0
			for i, ch := range b {
				v := Class(ch)
				if v == 0 {
					wantEmpty++
				}
				if g[i] != v {
					t.Fatalf("byte %#x at %d: cell %d read %d, want %d", c, pos, i, g[i], v)
				}
			}
			if empty != wantEmpty {
				t.Fatalf("byte %#x at %d: %d empty, want %d", c, pos, empty, wantEmpty)
			}
		}
	}
}

// TestReadMask checks ReadMask against Read and canon.MaskOf on random
// lines of digits and empty cells, and that any other byte in any cell
// sends the line to Read.
func TestReadMask(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const cellChars = ".0123456789"
	for range 20000 {
		b := make([]byte, 81)
		density := r.IntN(12)
		for i := range b {
			if r.IntN(11) < density {
				b[i] = '1' + byte(r.IntN(9))
			} else {
				b[i] = ".0"[r.IntN(2)]
			}
		}
		if r.IntN(4) == 0 {
			b[r.IntN(81)] = cellChars[r.IntN(len(cellChars))]
		}
		p, empty, err := Read(string(b))
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		m, clues, ok := ReadMask(string(b))
		if !ok || m != canon.MaskOf(&p) || clues != 81-empty {
			t.Fatalf("%s: ReadMask %v %d %v, want %v %d", b, m, clues, ok, canon.MaskOf(&p), 81-empty)
		}
		// Any other byte, in any cell, is not for ReadMask.
		k := r.IntN(81)
		for _, c := range []byte{'-', '*', '_', 'x', ' ', '|', '/', ':', 'a', 0, 0x80, 0xb1, 0xff, '0' - 1, '9' + 1, '.' - 1, '.' + 1} {
			save := b[k]
			b[k] = c
			if _, _, ok := ReadMask(string(b)); ok {
				t.Fatalf("ReadMask took byte %#x in cell %d: %q", c, k+1, b)
			}
			b[k] = save
		}
	}
	for _, s := range []string{"", strings.Repeat("1", 80), strings.Repeat("1", 82)} {
		if _, _, ok := ReadMask(s); ok {
			t.Errorf("ReadMask took %d bytes", len(s))
		}
	}
}
