package solve

import (
	"errors"
	"strings"
	"testing"
)

func TestParsePuzzle(t *testing.T) {
	good := "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
	g, err := ParsePuzzle(good + "\r\n")
	if err != nil {
		t.Fatal(err)
	}
	if g[0] != 1 || g[1] != 0 || g[5] != 7 || g[80] != 0 {
		t.Errorf("parsed %v", g)
	}
	if got := FormatGrid(&g); got != good {
		t.Errorf("FormatGrid = %q; want %q", got, good)
	}
	zeros, err := ParsePuzzle(strings.ReplaceAll(good, ".", "0"))
	if err != nil || zeros != g {
		t.Errorf("with 0 for empty: %v, %v", zeros, err)
	}
	for _, tc := range []struct {
		in, msg string
	}{
		{good[:80], "80 characters; want 81"},
		{good + "1", "82 characters; want 81"},
		{good[:40] + "x" + good[41:], `cell 41 (r5c5): 'x' is not a digit 1-9 or . or 0`},
		{"é" + good[1:], `cell 1 (r1c1): 'é' is not a digit 1-9 or . or 0`},
		{good[:80] + " ", "80 characters; want 81"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			_, err := ParsePuzzle(tc.in)
			var pe *PuzzleError
			if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), tc.msg) {
				t.Errorf("ParsePuzzle(%q) = %v; want %q", tc.in, err, tc.msg)
			}
			pe.Line = 3
			if !strings.HasPrefix(pe.Error(), "line 3: ") {
				t.Errorf("with Line: %q", pe.Error())
			}
		})
	}
}
