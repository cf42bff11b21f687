package query

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Expr is a compiled expression over invariants, as --where takes it:
//
//	expr    = and { "||" and }
//	and     = cmp { "&&" cmp }
//	cmp     = sum [ ("==" | "!=" | "<" | "<=" | ">" | ">=") sum ]
//	sum     = product { ("+" | "-") product }
//	product = unary { "*" unary }
//	unary   = ("!" | "-") unary | number | name | "(" expr ")"
//
// Values are 64-bit integers: a comparison, && and || give 1 or 0, ! gives
// 1 for 0 and 0 otherwise, and a grid matches when the whole expression is
// not 0. Arithmetic whose result does not fit in 64 bits is an error, not a
// wrapped value. Numbers are written in decimal, 0..9223372036854775807, or
// -9223372036854775808 with its sign. Names are invariants' names.
type Expr struct {
	src   string
	names []string // the invariants it reads, in order of first use
	eval  evalFunc
}

// ExprError is an expression that does not compile, or whose arithmetic
// overflows on some values: the message and where the problem is.
type ExprError struct {
	Expr string
	// Col is the column of the problem, 1-based, counting characters
	// (runes) of Expr; Offset is its byte offset in Expr.
	Col, Offset int
	Msg         string
	// Known lists the invariants when the problem is an unknown name.
	Known []string
}

// Error gives the message, then the expression and a caret under the
// problem on two more lines. The caret line repeats the expression's tabs,
// so that the caret stands under the problem at any tab width.
func (e *ExprError) Error() string {
	var pad strings.Builder
	for _, r := range e.Expr[:min(max(e.Offset, 0), len(e.Expr))] {
		if r == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteByte(' ')
		}
	}
	return fmt.Sprintf("%s at column %d\n  %s\n  %s^", e.Msg, e.Col, e.Expr, pad.String())
}

// newExprError returns the error of src at byte offset off.
func newExprError(src string, off int, msg string) *ExprError {
	return &ExprError{Expr: src, Col: utf8.RuneCountInString(src[:off]) + 1, Offset: off, Msg: msg}
}

// String returns the expression as written.
func (e *Expr) String() string { return e.src }

// Names returns the invariants the expression reads, in order of first use.
func (e *Expr) Names() []string { return append([]string(nil), e.names...) }

// Compile compiles src over the invariants invs (the built-ins when nil).
// Its constant parts are computed here: their overflow is an *ExprError of
// Compile, as a syntax error is; Eval reports only overflows that depend
// on the invariants' values.
func Compile(src string, invs []Invariant) (*Expr, error) {
	if invs == nil {
		invs = Builtins()
	}
	p := &parser{src: src, known: names(invs)}
	p.next()
	e := &Expr{src: src}
	f := p.or()
	if p.err == nil && p.tok.kind != tEOF {
		p.fail(p.tok.pos, fmt.Sprintf("unexpected %s", p.tok.describe()))
	}
	if p.err != nil {
		return nil, p.err
	}
	e.names, e.eval = p.used, f
	return e, nil
}

// bind returns a function of one grid's values that evaluates e, given
// where each of e's names is among the columns cols. It returns an
// *ExprError when the arithmetic overflows.
func (e *Expr) bind(cols []string) (func(v []int) (int64, error), error) {
	idx := make([]int, len(e.names))
	for i, n := range e.names {
		idx[i] = -1
		for j, c := range cols {
			if c == n {
				idx[i] = j
			}
		}
		if idx[i] < 0 {
			return nil, fmt.Errorf("query: expression %q reads %s, which is not computed", e.src, n)
		}
	}
	// The compiled function reads names by their order of first use.
	f := e.eval
	buf := make([]int, len(idx))
	return func(v []int) (int64, error) {
		for i, j := range idx {
			buf[i] = v[j]
		}
		x, err := f(buf)
		if err != nil {
			return 0, err
		}
		return x, nil
	}, nil
}

// Eval evaluates the expression on the values of its names, in the order
// Names gives them. Arithmetic that overflows 64 bits gives an *ExprError
// pointing at the operator.
func (e *Expr) Eval(values []int) (int64, error) {
	if len(values) != len(e.names) {
		return 0, fmt.Errorf("query: expression %q reads %d values, given %d", e.src, len(e.names), len(values))
	}
	x, err := e.eval(values)
	if err != nil {
		return 0, err
	}
	return x, nil
}

type tokKind int

const (
	tEOF tokKind = iota
	tNum
	tName
	tOp
	tBad
)

type token struct {
	kind tokKind
	pos  int // 0-based byte offset
	text string
	num  int64
	// minAbs marks the number 9223372036854775808, which is only a value
	// with a minus sign before it.
	minAbs bool
}

func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of expression"
	case tNum:
		return "number " + t.text
	case tName:
		return "name " + t.text
	}
	return fmt.Sprintf("%q", t.text)
}

type parser struct {
	src   string
	pos   int
	tok   token
	known []string
	used  []string
	err   *ExprError
	// konst says whether the expression the last parsing method returned
	// is a constant: it names no invariant. Constants are folded as they
	// are parsed, so that their overflow is an error of Compile.
	konst bool
}

// fold returns constant f as its value, computed now, or sets p.err to
// the overflow it meets.
func (p *parser) fold(f evalFunc) evalFunc {
	if p.err != nil {
		return f
	}
	x, err := f(nil)
	if err != nil {
		p.err = err
		return f
	}
	return func([]int) (int64, *ExprError) { return x, nil }
}

// folded ends a parsing method: it records whether f is a constant
// (konst) and folds it if so.
func (p *parser) folded(f evalFunc, konst bool) evalFunc {
	p.konst = konst
	if konst {
		return p.fold(f)
	}
	return f
}

func (p *parser) fail(pos int, msg string) {
	if p.err == nil {
		p.err = newExprError(p.src, pos, msg)
	}
}

// lookalikes are characters outside ASCII that people write for the
// expression's operators, with the operator meant.
var lookalikes = map[rune]string{
	'≥': ">=", '≤': "<=", '≠': "!=", '＝': "==", '≡': "==", '−': "-", '–': "-", '—': "-",
	'×': "*", '·': "*", '⋅': "*", '∧': "&&", '∨': "||", '¬': "!", '＜': "<", '＞': ">",
	'＋': "+", '（': "(", '）': ")",
}

// next reads the next token into p.tok.
func (p *parser) next() {
	s := p.src
	for p.pos < len(s) && (s[p.pos] == ' ' || s[p.pos] == '\t') {
		p.pos++
	}
	start := p.pos
	if p.pos == len(s) {
		p.tok = token{kind: tEOF, pos: start}
		return
	}
	c := s[p.pos]
	switch {
	case c >= '0' && c <= '9':
		for p.pos < len(s) && s[p.pos] >= '0' && s[p.pos] <= '9' {
			p.pos++
		}
		text := s[start:p.pos]
		n, err := strconv.ParseInt(text, 10, 64)
		minAbs := false
		if err != nil {
			if u, uerr := strconv.ParseUint(text, 10, 64); uerr == nil && u == 1<<63 {
				minAbs = true
			} else {
				p.fail(start, fmt.Sprintf("number %s is too large (values are 64-bit: -9223372036854775808..9223372036854775807)", text))
			}
		}
		p.tok = token{kind: tNum, pos: start, text: text, num: n, minAbs: minAbs}
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		for p.pos < len(s) && (s[p.pos] == '_' || s[p.pos] >= 'a' && s[p.pos] <= 'z' || s[p.pos] >= 'A' && s[p.pos] <= 'Z' || s[p.pos] >= '0' && s[p.pos] <= '9') {
			p.pos++
		}
		p.tok = token{kind: tName, pos: start, text: s[start:p.pos]}
	default:
		for _, op := range []string{"==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "+", "-", "*", "(", ")"} {
			if strings.HasPrefix(s[p.pos:], op) {
				p.pos += len(op)
				p.tok = token{kind: tOp, pos: start, text: op}
				return
			}
		}
		r, size := utf8.DecodeRuneInString(s[p.pos:])
		p.pos += size
		p.tok = token{kind: tBad, pos: start, text: s[start:p.pos]}
		switch {
		case r == utf8.RuneError && size == 1:
			p.fail(start, fmt.Sprintf("byte %#02x is not UTF-8", c))
		case lookalikes[r] != "":
			p.fail(start, fmt.Sprintf("'%c' is not an operator (use %s)", r, lookalikes[r]))
		case r >= utf8.RuneSelf:
			p.fail(start, fmt.Sprintf("unexpected character '%c' (%U)", r, r))
		case c == '=':
			p.fail(start, "'=' is not an operator (compare with ==)")
		case c == '&' || c == '|':
			p.fail(start, fmt.Sprintf("'%c' is not an operator (use %c%c)", c, c, c))
		default:
			p.fail(start, fmt.Sprintf("unexpected character %q", c))
		}
	}
}

func (p *parser) is(op string) bool { return p.tok.kind == tOp && p.tok.text == op }

// isCmp reports whether the token is a comparison operator.
func (p *parser) isCmp() bool {
	switch p.tok.text {
	case "==", "!=", "<", "<=", ">", ">=":
		return p.tok.kind == tOp
	}
	return false
}

// evalFunc evaluates a compiled expression on its names' values; it
// returns an error only when the arithmetic overflows.
type evalFunc = func(v []int) (int64, *ExprError)

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (p *parser) or() evalFunc {
	l := p.and()
	k := p.konst
	for p.err == nil && p.is("||") {
		p.next()
		a, b := l, p.and()
		k = k && p.konst
		l = func(v []int) (int64, *ExprError) {
			x, err := a(v)
			if err != nil || x != 0 {
				return b2i(x != 0), err
			}
			y, err := b(v)
			return b2i(y != 0), err
		}
	}
	return p.folded(l, k)
}

func (p *parser) and() evalFunc {
	l := p.cmp()
	k := p.konst
	for p.err == nil && p.is("&&") {
		p.next()
		a, b := l, p.cmp()
		k = k && p.konst
		l = func(v []int) (int64, *ExprError) {
			x, err := a(v)
			if err != nil || x == 0 {
				return 0, err
			}
			y, err := b(v)
			return b2i(y != 0), err
		}
	}
	return p.folded(l, k)
}

func (p *parser) cmp() evalFunc {
	l := p.sum()
	k := p.konst
	if p.err != nil || !p.isCmp() {
		return p.folded(l, k)
	}
	op := p.tok.text
	var f func(x, y int64) bool
	switch op {
	case "==":
		f = func(x, y int64) bool { return x == y }
	case "!=":
		f = func(x, y int64) bool { return x != y }
	case "<":
		f = func(x, y int64) bool { return x < y }
	case "<=":
		f = func(x, y int64) bool { return x <= y }
	case ">":
		f = func(x, y int64) bool { return x > y }
	case ">=":
		f = func(x, y int64) bool { return x >= y }
	}
	p.next()
	a, b := l, p.sum()
	k = k && p.konst
	if p.err == nil && p.isCmp() {
		p.fail(p.tok.pos, fmt.Sprintf("comparisons do not chain: parenthesize (... %s ...) %s", op, p.tok.text))
	}
	return p.folded(func(v []int) (int64, *ExprError) {
		x, err := a(v)
		if err != nil {
			return 0, err
		}
		y, err := b(v)
		return b2i(f(x, y)), err
	}, k)
}

// overflow returns the error of operator op at byte offset pos on x and y.
func (p *parser) overflow(pos int, x int64, op string, y int64) *ExprError {
	return newExprError(p.src, pos, fmt.Sprintf("overflow: %d %s %d does not fit in 64 bits", x, op, y))
}

// binary returns the evaluation of a op b, where f computes it and says
// whether the result fits in 64 bits.
func (p *parser) binary(pos int, op string, a, b evalFunc, f func(x, y int64) (int64, bool)) evalFunc {
	return func(v []int) (int64, *ExprError) {
		x, err := a(v)
		if err != nil {
			return 0, err
		}
		y, err := b(v)
		if err != nil {
			return 0, err
		}
		z, ok := f(x, y)
		if !ok {
			return 0, p.overflow(pos, x, op, y)
		}
		return z, nil
	}
}

// add, sub and mul return x op y and whether it fits in 64 bits.
func add(x, y int64) (int64, bool) {
	z := x + y
	return z, (x^z)&(y^z) >= 0 // overflow makes z's sign differ from both
}

func sub(x, y int64) (int64, bool) {
	z := x - y
	return z, (x^y)&(x^z) >= 0 // overflow: x and y differ in sign, z and x too
}

func mul(x, y int64) (int64, bool) {
	if x == 0 || y == 0 {
		return 0, true
	}
	z := x * y
	if (x == -1 && y == math.MinInt64) || (y == -1 && x == math.MinInt64) || z/y != x {
		return z, false
	}
	return z, true
}

func (p *parser) sum() evalFunc {
	l := p.product()
	k := p.konst
	for p.err == nil && (p.is("+") || p.is("-")) {
		op, pos := p.tok.text, p.tok.pos
		p.next()
		r := p.product()
		k = k && p.konst
		if op == "-" {
			l = p.folded(p.binary(pos, op, l, r, sub), k)
		} else {
			l = p.folded(p.binary(pos, op, l, r, add), k)
		}
	}
	p.konst = k
	return l
}

func (p *parser) product() evalFunc {
	l := p.unary()
	k := p.konst
	for p.err == nil && p.is("*") {
		pos := p.tok.pos
		p.next()
		r := p.unary()
		k = k && p.konst
		l = p.folded(p.binary(pos, "*", l, r, mul), k)
	}
	p.konst = k
	return l
}

func (p *parser) unary() evalFunc {
	t := p.tok
	switch {
	case p.err != nil:
		return nil
	case p.is("!"):
		p.next()
		a := p.unary()
		return p.folded(func(v []int) (int64, *ExprError) {
			x, err := a(v)
			return b2i(x == 0), err
		}, p.konst)
	case p.is("-"):
		p.next()
		if p.tok.kind == tNum && p.tok.minAbs {
			p.next()
			p.konst = true
			return func([]int) (int64, *ExprError) { return math.MinInt64, nil }
		}
		a := p.unary()
		return p.folded(func(v []int) (int64, *ExprError) {
			x, err := a(v)
			if err != nil {
				return 0, err
			}
			if x == math.MinInt64 {
				return 0, newExprError(p.src, t.pos, fmt.Sprintf("overflow: -(%d) does not fit in 64 bits", x))
			}
			return -x, nil
		}, p.konst)
	case p.is("("):
		p.next()
		e := p.or()
		if p.err == nil && !p.is(")") {
			p.fail(p.tok.pos, fmt.Sprintf("expected ) to close the ( at column %d, found %s", utf8.RuneCountInString(p.src[:t.pos])+1, p.tok.describe()))
		}
		p.next()
		return e
	case t.kind == tNum && t.minAbs:
		p.fail(t.pos, fmt.Sprintf("number %s is too large (values are 64-bit: -9223372036854775808..9223372036854775807)", t.text))
	case t.kind == tNum:
		p.next()
		n := t.num
		p.konst = true
		return func([]int) (int64, *ExprError) { return n, nil }
	case t.kind == tName:
		p.next()
		i := p.slot(t)
		p.konst = false
		return func(v []int) (int64, *ExprError) { return int64(v[i]), nil }
	case t.kind == tEOF:
		p.fail(t.pos, "expression ends where a value should be")
	default:
		p.fail(t.pos, fmt.Sprintf("expected a number, a name or (, found %s", t.describe()))
	}
	return nil
}

// slot returns the index of a name among p.used, adding it; an unknown name
// is an error.
func (p *parser) slot(t token) int {
	known := false
	for _, k := range p.known {
		known = known || k == t.text
	}
	if !known {
		p.fail(t.pos, fmt.Sprintf("unknown invariant %q (known: %s)", t.text, strings.Join(p.known, ", ")))
		if p.err.Known == nil {
			p.err.Known = p.known
		}
		return 0
	}
	for i, n := range p.used {
		if n == t.text {
			return i
		}
	}
	p.used = append(p.used, t.text)
	return len(p.used) - 1
}
