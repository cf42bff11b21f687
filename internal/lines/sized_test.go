package lines

import (
	"strings"
	"testing"
)

func TestParseSized(t *testing.T) {
	g, err := ParseSized("1.3|4 A...", 3)
	if err == nil {
		t.Errorf("A in a 3x3 puzzle read as %v", g)
	}
	g, err = ParseSized("1.3|..2 G...", 4)
	if err == nil {
		t.Errorf("G in a 4x4: %v", g)
	}
	g, err = ParseSized("1 2 . 4 | . . . . | 3 . . . | . . . 1", 4)
	if err != nil {
		t.Fatal(err)
	}
	if want := []uint8{1, 2, 0, 4, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 1}; string(g) != string(want) {
		t.Errorf("got %v; want %v", g, want)
	}
	if _, err := ParseSized(strings.Repeat(".", 15), 4); err == nil {
		t.Error("15 cells read as a 4x4 puzzle")
	}
	g, err = ParseSized("A"+strings.Repeat(".", 99), 10)
	if err != nil || g[0] != 10 || len(g) != 100 {
		t.Errorf("a 10x10 with A: %v, %v", g[:1], err)
	}
}

func TestSplitSized(t *testing.T) {
	l := Input{Text: "1", Rest: "2 . 4 . . . . 3 . . . . . . 1 rated 5"}
	if err := SplitSized(&l, 4); err != nil {
		t.Fatal(err)
	}
	if l.Text != "1 2 . 4 . . . . 3 . . . . . . 1" || l.Rest != "rated 5" {
		t.Errorf("got %q + %q", l.Text, l.Rest)
	}
	l = Input{Text: "1", Rest: "10 . ."}
	if err := SplitSized(&l, 12); err == nil {
		t.Error("a spaced field 10 in a 12x12 read as two cells")
	}
}

func TestNumberChar(t *testing.T) {
	for v, want := range map[int]byte{1: '1', 9: '9', 10: 'A', 16: 'G', 35: 'Z'} {
		if got := NumberChar(v); got != want {
			t.Errorf("NumberChar(%d) = %c; want %c", v, got, want)
		}
	}
}
