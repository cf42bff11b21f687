package testkit

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Line is one line of a testdata set that holds a puzzle: its number in
// the file, from 1, and its text with surrounding space trimmed.
type Line struct {
	N    int
	Text string
}

// DataPath is the path of name in the repository's testdata directory,
// found by walking up from the working directory (a package's own
// directory when tests run). The test fails when no directory above holds
// testdata/name.
func DataPath(tb testing.TB, name string) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		path := filepath.Join(dir, "testdata", name)
		if _, err := os.Stat(path); err == nil {
			return path
		}
		up := filepath.Dir(dir)
		if up == dir {
			tb.Fatalf("no testdata/%s above the package", name)
		}
		dir = up
	}
}

// Lines reads the testdata set name (DataPath): its lines that are neither
// blank nor comments ('#' first), trimmed, in file order.
func Lines(tb testing.TB, name string) []Line {
	tb.Helper()
	f, err := os.Open(DataPath(tb, name))
	if err != nil {
		tb.Fatalf("puzzle set: %v", err)
	}
	defer f.Close()
	var ls []Line
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		ls = append(ls, Line{N: n, Text: text})
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return ls
}

// Puzzles reads the testdata set name (Lines) and parses each line's text
// with parse; the test fails, naming file and line, on the first error.
func Puzzles[T any](tb testing.TB, name string, parse func(text string) (T, error)) []T {
	tb.Helper()
	ls := Lines(tb, name)
	ps := make([]T, 0, len(ls))
	for _, l := range ls {
		p, err := parse(l.Text)
		if err != nil {
			tb.Fatalf("%s:%d: %v", name, l.N, err)
		}
		ps = append(ps, p)
	}
	return ps
}

// PuzzleTexts returns the first 81 characters of up to n lines of the
// testdata set name that hold at least 81 (all of them when n <= 0): the
// puzzles as text, without what may follow them on the line.
func PuzzleTexts(tb testing.TB, name string, n int) []string {
	tb.Helper()
	var ps []string
	for _, l := range Lines(tb, name) {
		if n > 0 && len(ps) == n {
			break
		}
		if len(l.Text) >= 81 {
			ps = append(ps, l.Text[:81])
		}
	}
	return ps
}
