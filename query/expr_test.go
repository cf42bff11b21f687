package query

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestExprEval(t *testing.T) {
	invs := []Invariant{Func("a", "", nil), Func("b", "", nil), Func("c_2", "", nil)}
	vals := map[string]int{"a": 3, "b": -4, "c_2": 0}
	for _, c := range []struct {
		src  string
		want int64
	}{
		{"a", 3},
		{"a == 3", 1},
		{"a != 3", 0},
		{"b < a && a <= 3", 1},
		{"a > 3 || b >= -4", 1},
		{"!c_2", 1},
		{"!a", 0},
		{"!a == 0", 1}, // (!a) == 0
		{"-b", 4},
		{"a + b * 2", -5},
		{"(a + b) * 2", -2},
		{"a - b - 1", 6},
		{"2 * 3 + 4 == 10", 1},
		{"a*a + b*b == 25", 1},
		{"a > 0 && (b > 0 || c_2 == 0)", 1},
		{"a > 0 && b > 0 || c_2 == 0", 1},
		{"a > 0 && (b > 0 || c_2 != 0)", 0},
		{"1 || 0 && 0", 1}, // && binds tighter
		{"  a==3&&b==-4  ", 1},
		{"--a", 3},
		{"9223372036854775807", 9223372036854775807},
		{"-9223372036854775808", -9223372036854775808},
		{"-9223372036854775808 < a", 1},
		{"-9223372036854775807 - 1", -9223372036854775808},
		{"9223372036854775807 + b", 9223372036854775803},
		{"a * -3074457345618258602", -9223372036854775806},
		{"\ta ==\t3", 1},
	} {
		t.Run(c.src, func(t *testing.T) {
			e, err := Compile(c.src, invs)
			if err != nil {
				t.Fatalf("%q: %v", c.src, err)
			}
			v := make([]int, len(e.Names()))
			for i, n := range e.Names() {
				v[i] = vals[n]
			}
			if got, err := e.Eval(v); err != nil || got != c.want {
				t.Errorf("%q = %d, %v; want %d", c.src, got, err, c.want)
			}
			if e.String() != c.src {
				t.Errorf("String() = %q; want %q", e.String(), c.src)
			}
		})
	}
}

func TestExprNames(t *testing.T) {
	e, err := Compile("ua4 == 0 && autos > 1 || ua4 > 30", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(e.Names(), ","); got != "ua4,autos" {
		t.Errorf("Names() = %s; want ua4,autos", got)
	}
	f, err := e.bind([]string{"intercalates", "autos", "ua4"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v    []int
		want int64
	}{{[]int{5, 2, 0}, 1}, {[]int{5, 1, 0}, 0}, {[]int{5, 1, 31}, 1}} {
		t.Run(fmt.Sprint(c.v), func(t *testing.T) {
			if got, err := f(c.v); err != nil || got != c.want {
				t.Errorf("bound eval %v = %d, %v; want %d", c.v, got, err, c.want)
			}
		})
	}
	if _, err := e.bind([]string{"ua4"}); err == nil {
		t.Error("bind without autos: no error")
	}
}

func TestExprErrors(t *testing.T) {
	for _, c := range []struct {
		src  string
		col  int
		want string
	}{
		{"ua4 == 0 && ua5 > 1", 13, `unknown invariant "ua5" (known: autos, ua4,`},
		{"ua4 = 0", 5, "'=' is not an operator (compare with ==)"},
		{"ua4 == 0 & autos > 1", 10, "'&' is not an operator (use &&)"},
		{"ua4 == 0 | autos > 1", 10, "'|' is not an operator (use ||)"},
		{"ua4 ==", 7, "expression ends where a value should be"},
		{"", 1, "expression ends where a value should be"},
		{"(ua4 == 0", 10, "expected ) to close the ( at column 1, found end of expression"},
		{"ua4 == 0)", 9, `unexpected ")"`},
		{"ua4 0", 5, "unexpected number 0"},
		{"1 < ua4 < 3", 9, "comparisons do not chain"},
		{"ua4 == 0 && $", 13, `unexpected character '$'`},
		{"99999999999999999999", 1, "number 99999999999999999999 is too large"},
		{"* 2", 1, `expected a number, a name or (, found "*"`},
	} {
		t.Run(c.src, func(t *testing.T) {
			_, err := Compile(c.src, nil)
			var ee *ExprError
			if !errors.As(err, &ee) {
				t.Errorf("%q: error %v; want an ExprError", c.src, err)
				return
			}
			if ee.Col != c.col || !strings.Contains(ee.Msg, c.want) {
				t.Errorf("%q: column %d, %q; want column %d, %q", c.src, ee.Col, ee.Msg, c.col, c.want)
			}
			lines := strings.Split(err.Error(), "\n")
			if len(lines) != 3 || lines[1] != "  "+c.src || lines[2] != "  "+strings.Repeat(" ", c.col-1)+"^" {
				t.Errorf("%q: message %q does not show the expression with a caret under column %d", c.src, err.Error(), c.col)
			}
		})
	}
	_, err := Compile("ua5", nil)
	var ee *ExprError
	if !errors.As(err, &ee) || len(ee.Known) != len(Builtins()) {
		t.Errorf("unknown name: Known = %v", ee)
	}
}

// Arithmetic that leaves 64 bits is an error naming the operator's column,
// not a wrapped value.
func TestExprOverflow(t *testing.T) {
	invs := []Invariant{Func("a", "", nil), Func("b", "", nil)}
	for _, c := range []struct {
		src  string
		a, b int
		col  int
	}{
		{"a * 9223372036854775807 > 0", 2, 0, 3},
		{"a * 9223372036854775807 > 0", -2, 0, 3},
		{"9223372036854775807 + a", 1, 0, 21},
		{"-9223372036854775808 - a", 1, 0, 22},
		{"-(-9223372036854775808 * a)", 1, 0, 1},
		{"-9223372036854775808 * a", -1, 0, 22},
		{"a * b * 4611686018427387904", 2, 1, 7},
		{"(a + 1) * 4611686018427387904", 1, 0, 9},
	} {
		t.Run(c.src, func(t *testing.T) {
			e, err := Compile(c.src, invs)
			if err != nil {
				t.Fatalf("%q: %v", c.src, err)
			}
			vals := map[string]int{"a": c.a, "b": c.b}
			v := make([]int, len(e.Names()))
			for i, n := range e.Names() {
				v[i] = vals[n]
			}
			got, err := e.Eval(v)
			var ee *ExprError
			if !errors.As(err, &ee) || ee.Col != c.col || !strings.Contains(ee.Msg, "overflow") {
				t.Errorf("%q with a=%d b=%d: %d, %v; want an overflow at column %d", c.src, c.a, c.b, got, err, c.col)
				return
			}
			lines := strings.Split(err.Error(), "\n")
			if len(lines) != 3 || lines[2] != "  "+strings.Repeat(" ", c.col-1)+"^" {
				t.Errorf("%q: message %q: want a caret under column %d", c.src, err.Error(), c.col)
			}
		})
	}
}

// Characters that are not ASCII are named as characters, with operators
// that look like ours pointed to the right one, and the caret stands under
// the character whatever precedes it (tabs, characters of several bytes).
func TestExprNonASCII(t *testing.T) {
	for _, c := range []struct {
		src   string
		col   int
		want  string
		caret string // the caret line without its two leading spaces
	}{
		{"ua4 ≥ 3", 5, "'≥' is not an operator (use >=)", "    ^"},
		{"ua4 ≤ 3", 5, "'≤' is not an operator (use <=)", "    ^"},
		{"ua4 ≠ 3", 5, "'≠' is not an operator (use !=)", "    ^"},
		{"ua4 − 3", 5, "'−' is not an operator (use -)", "    ^"},
		{"ua4 × 3", 5, "'×' is not an operator (use *)", "    ^"},
		{"ua4 == 3 ∧ autos > 1", 10, "'∧' is not an operator (use &&)", "         ^"},
		{"ua4 > 3 é", 9, "unexpected character 'é' (U+00E9)", "        ^"},
		{"\tua4 ≥ 3", 6, "'≥'", "\t    ^"},
		{"ua4\t\t== 3 &", 11, "'&' is not an operator", "   \t\t     ^"},
		{"ua4 ≥ 3 && autos ≥ 1", 5, "'≥'", "    ^"},
		{"× ≥ $", 1, "'×'", "^"},
		{"ua4 == \xff", 8, "byte 0xff is not UTF-8", "       ^"},
		{"9223372036854775808", 1, "too large", "^"},
		{"1 - 9223372036854775808", 5, "too large", "    ^"},
	} {
		t.Run(c.src, func(t *testing.T) {
			_, err := Compile(c.src, nil)
			var ee *ExprError
			if !errors.As(err, &ee) {
				t.Errorf("%q: error %v; want an ExprError", c.src, err)
				return
			}
			if ee.Col != c.col || !strings.Contains(ee.Msg, c.want) {
				t.Errorf("%q: column %d, %q; want column %d, %q", c.src, ee.Col, ee.Msg, c.col, c.want)
			}
			lines := strings.Split(err.Error(), "\n")
			if len(lines) != 3 || lines[1] != "  "+c.src || lines[2] != "  "+c.caret {
				t.Errorf("%q: message %q; want the expression, then %q", c.src, err.Error(), "  "+c.caret)
			}
		})
	}
}

// Constants are folded as they are parsed: their overflow is an error of
// Compile (a bad expression, before any grid), with the caret under the
// operator, not of Eval.
func TestExprConstantOverflowAtCompile(t *testing.T) {
	invs := []Invariant{Func("a", "", nil)}
	for _, c := range []struct {
		src string
		col int
	}{
		{"9223372036854775807 + 1", 21},
		{"a > 9223372036854775807 + 1", 25},
		{"a > (1 + 1) * 2305843009213693952 * 2", 35},
		{"-(-9223372036854775808)", 1},
		{"a == 0 || -9223372036854775808 - 1 < 0", 32},
		{"!(9223372036854775807 * 2)", 23},
	} {
		t.Run(c.src, func(t *testing.T) {
			_, err := Compile(c.src, invs)
			var ee *ExprError
			if !errors.As(err, &ee) || ee.Col != c.col || !strings.Contains(ee.Msg, "overflow") {
				t.Errorf("%q: %v; want an overflow at column %d", c.src, err, c.col)
				return
			}
			lines := strings.Split(err.Error(), "\n")
			if len(lines) != 3 || lines[2] != "  "+strings.Repeat(" ", c.col-1)+"^" {
				t.Errorf("%q: message %q: want a caret under column %d", c.src, err.Error(), c.col)
			}
		})
	}
	// Folded constants keep their values.
	for src, want := range map[string]int64{"a + 2 * 3": 7, "(2 + 3) * a": 5, "a > -9223372036854775808 + 1": 1, "!(0) + a": 2, "-(3 - 5) * a": 2} {
		e, err := Compile(src, invs)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if got, err := e.Eval([]int{1}); err != nil || got != want {
			t.Errorf("%q with a=1: %d, %v; want %d", src, got, err, want)
		}
	}
}
