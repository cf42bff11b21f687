package rate

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"edgrid/solve"
)

var updateTable = flag.Bool("update", false, "write testdata/ratings.gz anew from the current rater")

// tableFile holds the rating of every puzzle of the shared sets and of
// testdata/qqwing_graded: a line "# set" before each set, then one line a
// puzzle, "guesses hardest" (the technique's number), in the set's order.
const tableFile = "testdata/ratings.gz"

// tableSets are the sets of the table, in its order.
var tableSets = []string{"qqwing_graded", "puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106"}

// tablePuzzles returns the puzzles of set: testdata/qqwing_graded, or a
// shared set.
func tablePuzzles(t testing.TB, set string) [][81]uint8 {
	t.Helper()
	if set != "qqwing_graded" {
		return loadSet(t, set)
	}
	data, err := os.ReadFile("testdata/qqwing_graded")
	if err != nil {
		t.Fatal(err)
	}
	var ps [][81]uint8
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		p, err := solve.ParsePuzzle(strings.Fields(l)[0])
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// TestRatingsTable rates every puzzle of the table's sets and checks the
// guesses and hardest technique against the table, which holds the
// ratings of the ladder and search as documented; go test ./rate -run
// RatingsTable -update (make rate-table) writes it anew.
func TestRatingsTable(t *testing.T) {
	r := New()
	ctx := context.Background()
	var out bytes.Buffer
	var want []string
	if !*updateTable {
		want = readTable(t)
	}
	line := 0
	for _, set := range tableSets {
		fmt.Fprintf(&out, "# %s\n", set)
		if want != nil && at(want, line) != "# "+set {
			t.Fatalf("table line %d: %q; want the set %s", line+1, at(want, line), set)
		}
		line++
		ps := tablePuzzles(t, set)
		for i := range ps {
			rt, err := r.Rate(ctx, &ps[i])
			if err != nil {
				t.Fatalf("%s #%d: %v", set, i+1, err)
			}
			got := fmt.Sprintf("%d %d", rt.Guesses, rt.Hardest)
			fmt.Fprintln(&out, got)
			if want != nil {
				if line >= len(want) || want[line] != got {
					t.Fatalf("%s #%d: guesses and hardest %q; the table has %q", set, i+1, got, at(want, line))
				}
			}
			line++
		}
	}
	if want != nil && line != len(want) {
		t.Fatalf("%d lines rated; the table has %d", line, len(want))
	}
	if *updateTable {
		writeTable(t, out.Bytes())
	}
}

// at is want[i], or "nothing" past its end.
func at(want []string, i int) string {
	if i < len(want) {
		return want[i]
	}
	return "nothing"
}

// readTable returns the table's lines.
func readTable(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(tableFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var ls []string
	sc := bufio.NewScanner(z)
	for sc.Scan() {
		ls = append(ls, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ls
}

// writeTable writes the table.
func writeTable(t *testing.T, data []byte) {
	t.Helper()
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	z.Write(data)
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tableFile, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
