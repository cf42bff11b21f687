package solve

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// checkRules is the independent validator for a board: every cell holds
// 1..Max, non-cells hold 0, givens are kept, no region repeats a number.
func checkRules(t *testing.T, r *Rules, v []uint8) {
	t.Helper()
	for p, b := range r.Board {
		switch {
		case b < 0 && v[p] != 0:
			t.Fatalf("non-cell %d holds %d", p, v[p])
		case b >= 0 && (v[p] < 1 || int(v[p]) > r.Max):
			t.Fatalf("cell %d holds %d", p, v[p])
		case b > 0 && v[p] != uint8(b):
			t.Fatalf("cell %d holds %d; the given is %d", p, v[p], b)
		}
	}
	for _, reg := range r.Regions {
		seen := map[uint8]bool{}
		for _, p := range reg.Cells {
			if seen[v[p]] {
				t.Fatalf("%s repeats %d", reg.Name, v[p])
			}
			seen[v[p]] = true
		}
	}
}

// TestExamples solves every rules file in examples/: each has one solution.
func TestExamples(t *testing.T) {
	files, _ := filepath.Glob("../examples/*.dat")
	if len(files) < 5 {
		t.Fatalf("found %d example files; want at least 5", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			fh, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			r, err := ParseRules(f, fh)
			if err != nil {
				t.Fatal(err)
			}
			s, err := NewSolver(r)
			if err != nil {
				t.Fatal(err)
			}
			var sol []uint8
			n, err := s.Solve(context.Background(), r.Givens(), 0, func(v []uint8) bool {
				sol = append([]uint8(nil), v...)
				return true
			})
			if err != nil || n != 1 {
				t.Fatalf("%d solutions, %v; want 1", n, err)
			}
			checkRules(t, r, sol)
			out := r.Format(sol)
			if strings.Count(out, "\n") != r.Rows || strings.Contains(out, ".") {
				t.Errorf("Format:\n%s", out)
			}
			// The file survives a round trip through String.
			r2, err := ParseRules("again", strings.NewReader(r.String()))
			if err != nil || !reflect.DeepEqual(r.Board, r2.Board) || len(r2.Regions) != len(r.Regions) {
				t.Errorf("round trip: %v", err)
			}
		})
	}
}

// latin is a 2x2 latin square file: sizes on line 2, the board on lines
// 3-4, the regions (row 1, row 2, column 1, column 2) on lines 5-12.
const latin = `# 2x2 latin square
2 2 2 4
1.
..
++
..
..
++
+.
+.
.+
.+
`

func TestBadRules(t *testing.T) {
	if _, err := ParseRules("ok", strings.NewReader(latin)); err != nil {
		t.Fatalf("good file: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(latin, "\n"), "\n")
	with := func(line int, text string) string { // latin with line (1-based) replaced
		l := append([]string(nil), lines...)
		l[line-1] = text
		return strings.Join(l, "\n") + "\n"
	}
	for _, tc := range []struct {
		name, file string
		line       int
		msg        string
	}{
		{"size word", with(2, "2 two 2 4"), 2, `"two" is not a number`},
		{"size range", with(2, "2 2 0 4"), 2, "maximum number 0 is out of range"},
		{"extra size", with(2, "2 2 2 4 5"), 2, `"5" after the four sizes`},
		{"short board row", with(3, "1"), 3, "board row 1 has 1 characters; want 2"},
		{"wide board", with(4, "..."), 4, "board row 2 has 3 characters"},
		{"unknown char", with(4, ".?"), 4, `'?' is not '.', 'x', 1-9 or A-Z`},
		{"above max", with(4, ".3"), 4, "3 is 3, above the maximum number 2"},
		{"mask shape", with(6, "+++"), 6, "region 1 row 2 has 3 characters"},
		{"mask char", with(7, "+-"), 7, `'-' is not '+', '.' or 'x'`},
		{"given repeats", with(4, "1."), 9, "region 3: 1 given twice"},
		{"given repeats, where", with(4, "1."), 9, "r1c1 (line 3) and r2c1 (line 4)"},
		{"too big region", with(6, "+."), 5, "region 1 has 3 cells, more than the maximum number 2"},
		{"empty region", with(8, ".."), 7, "region 2 has no cells"},
		{"truncated", strings.Join(lines[:9], "\n") + "\n", 10, "file ends in region 3 after 1 of 2 rows"},
		{"no sizes", "# nothing\n", 2, "file ends before the vertical size"},
		{"extra line", latin + "++\n", 13, `"++" after the last of 4 regions`},
		{"x in mask on cell", with(5, "x."), 5, "'x' where the board has a cell"},
		{"+ on non-cell", "1 2 2 1\nx.\n++\n", 3, "'+' on a position that is not a cell"},
		{"too few regions counted", with(2, "2 2 2 3"), 11, "after the last of 3 regions"},
		{"rows disagree", with(2, "3 2 2 4"), 5, "board row 3 column 1: '+' is not"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseRules("t.dat", strings.NewReader(tc.file))
			var re *RulesError
			if !errors.As(err, &re) || re.Line != tc.line || !strings.Contains(err.Error(), tc.msg) || !strings.HasPrefix(err.Error(), "t.dat:") {
				t.Errorf("%s: %v; want line %d: ...%s", tc.name, err, tc.line, tc.msg)
			}
		})
	}
}

// TestPartialRegions checks that a region with fewer cells than Max only
// forbids repeats: on a 1x3 board with numbers 1..3 and one region of the
// first two cells, there are 3*2*3 = 18 fillings.
func TestPartialRegions(t *testing.T) {
	r, err := ParseRules("p", strings.NewReader("1 3 3 1\n...\n++.\n"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(r)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := s.Solve(context.Background(), r.Givens(), 0, nil); n != 18 {
		t.Errorf("%d fillings; want 18", n)
	}
	n, err := s.Solve(context.Background(), []uint8{2, 2, 0}, 0, nil)
	var ge *GivenError
	if !errors.As(err, &ge) || ge.Unit != "region 1 (line 3)" {
		t.Errorf("clash in a partial region: %d, %v", n, err)
	}
	if _, err := s.Solve(context.Background(), []uint8{4, 0, 0}, 0, nil); err == nil {
		t.Error("given 4 on a board of 1..3: want error")
	}
}

// A byte-order mark at the start of a rules file is skipped: the file
// reads as it does without one.
func TestRulesByteOrderMark(t *testing.T) {
	data, err := os.ReadFile("../examples/latin3.dat")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := ParseRules("latin3.dat", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	marked, err := ParseRules("latin3.dat", bytes.NewReader(append([]byte("\ufeff"), data...)))
	if err != nil {
		t.Fatalf("with a byte-order mark: %v", err)
	}
	if plain.String() != marked.String() {
		t.Errorf("with a byte-order mark the rules read differently:\n%s\nagainst\n%s", marked, plain)
	}
}
