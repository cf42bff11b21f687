package main

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"edgrid/canon"
	"edgrid/internal/lines"
)

// TestCanonStdinAsArguments answers many batches of mixed lines on
// standard input, where runs of plain 81-byte lines (LF and CRLF) are read
// in one piece and a batch's memory is reused once its answers are
// written, and checks every answer against the same lines given as
// arguments, which take neither path. Recycled memory read too early or
// a run cut wrongly would show as a differing line.
func TestCanonStdinAsArguments(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var text []string
	for i := range 3 * lines.BatchLines {
		g := canon.RandomGrid(r)
		s := g.String()
		switch i % 11 {
		case 3: // a puzzle
			b := []byte(s)
			for k := range b {
				if r.IntN(3) > 0 {
					b[k] = ".0"[r.IntN(2)]
				}
			}
			s = string(b)
		case 5:
			s += " rated 4.5" // trailing fields
		case 7:
			s = s[:40] + "a" + s[41:] // a bad cell
		case 9:
			s = s[:80] + "\r" // CRLF in a run of LF lines
		}
		if i%500 == 499 {
			text = append(text, "# a comment", "")
		}
		text = append(text, s)
	}
	var args []string
	for _, l := range text {
		if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
			args = append(args, l)
		}
	}
	for _, flags := range [][]string{{"canon", "--autos"}, {"canon", "--pattern", "--json"}} {
		_, want, _ := run(t, "", append(flags, args...)...)
		want = where.ReplaceAllString(want, "")
		for _, eol := range []string{"\n", "\r\n"} {
			_, got, _ := run(t, strings.Join(text, eol)+eol, flags...)
			got = where.ReplaceAllString(got, "")
			if got != want {
				g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
				for i := range min(len(g), len(w)) {
					if g[i] != w[i] {
						t.Fatalf("%v, lines ending %q: answer %d is %q; as an argument %q", flags, eol, i+1, g[i], w[i])
					}
				}
				t.Fatalf("%v, lines ending %q: %d answers; as arguments %d", flags, eol, len(g), len(w))
			}
		}
	}
}

// where matches the place of a bad input in JSON, which differs between
// lines and arguments.
var where = regexp.MustCompile(`"where":"[a-z]+ [0-9]+",`)
