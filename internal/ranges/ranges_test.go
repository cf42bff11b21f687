package ranges

import (
	"errors"
	"reflect"
	"testing"
)

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{
		{nil, ""},
		{[]int{5}, "5"},
		{[]int{1, 2, 3}, "1-3"},
		{[]int{1, 2, 3, 7, 9, 10}, "1-3,7,9-10"},
		{[]int{1, 3, 5}, "1,3,5"},
		{[]int{3540, 3541}, "3540-3541"},
	} {
		t.Run(c.want, func(t *testing.T) {
			if got := Format(c.in); got != c.want {
				t.Errorf("Format(%v) = %q; want %q", c.in, got, c.want)
			}
		})
	}
}

func TestRuns(t *testing.T) {
	got := Runs([]int{1, 2, 3, 7, 9, 10})
	if want := [][2]int{{1, 3}, {7, 7}, {9, 10}}; !reflect.DeepEqual(got, want) {
		t.Errorf("Runs = %v; want %v", got, want)
	}
	if got := Runs(nil); got != nil {
		t.Errorf("Runs(nil) = %v", got)
	}
}

// Parse reads back what Format writes, and the spelling with a space after
// each comma.
func TestParse(t *testing.T) {
	for _, gs := range [][]int{{7}, {1, 2, 3}, {1, 2, 4, 7, 8, 9, 3541}} {
		s := Format(gs)
		got, err := Parse(s, 3541)
		if err != nil || !reflect.DeepEqual(got, gs) {
			t.Errorf("Parse(%q) = %v, %v; want %v", s, got, err, gs)
		}
	}
	got, err := Parse("1-2, 4, 7-9", 3541)
	if want := []int{1, 2, 4, 7, 8, 9}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Parse with spaces = %v, %v; want %v", got, err, want)
	}
	for _, c := range []struct {
		in     string
		syntax bool
	}{{"", true}, {"x", true}, {"1-", true}, {"1,,2", true}, {"1,  2", true}, {"0", false}, {"3-1", false},
		{"5,4", false}, {"1-2,2-3", false}, {"3542", false}, {"3540-3542", false}} {
		t.Run(c.in, func(t *testing.T) {
			_, err := Parse(c.in, 3541)
			if err == nil {
				t.Fatalf("Parse(%q): no error", c.in)
			}
			if errors.Is(err, ErrSyntax) != c.syntax {
				t.Errorf("Parse(%q): %v; syntax error %v, want %v", c.in, err, !c.syntax, c.syntax)
			}
		})
	}
}

func TestParseRange(t *testing.T) {
	for _, c := range []struct {
		in   string
		a, b int
	}{{"1", 1, 1}, {"3541", 3541, 3541}, {"1-10", 1, 10}, {"7-7", 7, 7}} {
		t.Run(c.in, func(t *testing.T) {
			a, b, err := ParseRange(c.in, 3541)
			if err != nil || a != c.a || b != c.b {
				t.Errorf("ParseRange(%q) = %d, %d, %v; want %d, %d", c.in, a, b, err, c.a, c.b)
			}
		})
	}
	for _, bad := range []string{"", "0", "3542", "5-4", "1-3542", "x", "1-", "-3", "1,2", "1-2,3"} {
		t.Run("bad "+bad, func(t *testing.T) {
			_, _, err := ParseRange(bad, 3541)
			if err == nil || err.Error() != "want a number 1..3541 or a range A-B, as in 1-10" {
				t.Errorf("ParseRange(%q): %v", bad, err)
			}
		})
	}
}
