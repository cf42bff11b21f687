package query

import (
	"fmt"
	"strconv"
	"strings"
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
// Values are 64-bit integers, as in C: a comparison, && and || give 1 or 0,
// ! gives 1 for 0 and 0 otherwise, and a grid matches when the whole
// expression is not 0. Names are invariants' names.
type Expr struct {
	src   string
	names []string // the invariants it reads, in order of first use
	eval  func(v []int) int64
}

// ExprError is an expression that does not compile: the message and the
// column (1-based, in bytes) where the problem is.
type ExprError struct {
	Expr string
	Col  int
	Msg  string
	// Known lists the invariants when the problem is an unknown name.
	Known []string
}

// Error gives the message, then the expression and a caret under the column
// on two more lines.
func (e *ExprError) Error() string {
	return fmt.Sprintf("%s at column %d\n  %s\n  %s^", e.Msg, e.Col, e.Expr, strings.Repeat(" ", e.Col-1))
}

// String returns the expression as written.
func (e *Expr) String() string { return e.src }

// Names returns the invariants the expression reads, in order of first use.
func (e *Expr) Names() []string { return append([]string(nil), e.names...) }

// Compile compiles src over the invariants invs (the built-ins when nil).
func Compile(src string, invs []Invariant) (*Expr, error) {
	if invs == nil {
		invs = builtins
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
// where each of e's names is among the columns cols.
func (e *Expr) bind(cols []string) (func(v []int) int64, error) {
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
	return func(v []int) int64 {
		for i, j := range idx {
			buf[i] = v[j]
		}
		return f(buf)
	}, nil
}

// Eval evaluates the expression on the values of its names, in the order
// Names gives them.
func (e *Expr) Eval(values []int) int64 { return e.eval(values) }

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
}

func (p *parser) fail(pos int, msg string) {
	if p.err == nil {
		p.err = &ExprError{Expr: p.src, Col: pos + 1, Msg: msg}
	}
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
		if err != nil {
			p.fail(start, fmt.Sprintf("number %s is too large", text))
		}
		p.tok = token{kind: tNum, pos: start, text: text, num: n}
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
		p.pos++
		p.tok = token{kind: tBad, pos: start, text: s[start:p.pos]}
		switch c {
		case '=':
			p.fail(start, "'=' is not an operator (compare with ==)")
		case '&', '|':
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

type evalFunc = func(v []int) int64

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (p *parser) or() evalFunc {
	l := p.and()
	for p.err == nil && p.is("||") {
		p.next()
		a, b := l, p.and()
		l = func(v []int) int64 { return b2i(a(v) != 0 || b(v) != 0) }
	}
	return l
}

func (p *parser) and() evalFunc {
	l := p.cmp()
	for p.err == nil && p.is("&&") {
		p.next()
		a, b := l, p.cmp()
		l = func(v []int) int64 { return b2i(a(v) != 0 && b(v) != 0) }
	}
	return l
}

func (p *parser) cmp() evalFunc {
	l := p.sum()
	if p.err != nil || !p.isCmp() {
		return l
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
	if p.err == nil && p.isCmp() {
		p.fail(p.tok.pos, fmt.Sprintf("comparisons do not chain: parenthesize (... %s ...) %s", op, p.tok.text))
	}
	return func(v []int) int64 { return b2i(f(a(v), b(v))) }
}

func (p *parser) sum() evalFunc {
	l := p.product()
	for p.err == nil && (p.is("+") || p.is("-")) {
		minus := p.is("-")
		p.next()
		a, b := l, p.product()
		if minus {
			l = func(v []int) int64 { return a(v) - b(v) }
		} else {
			l = func(v []int) int64 { return a(v) + b(v) }
		}
	}
	return l
}

func (p *parser) product() evalFunc {
	l := p.unary()
	for p.err == nil && p.is("*") {
		p.next()
		a, b := l, p.unary()
		l = func(v []int) int64 { return a(v) * b(v) }
	}
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
		return func(v []int) int64 { return b2i(a(v) == 0) }
	case p.is("-"):
		p.next()
		a := p.unary()
		return func(v []int) int64 { return -a(v) }
	case p.is("("):
		p.next()
		e := p.or()
		if p.err == nil && !p.is(")") {
			p.fail(p.tok.pos, fmt.Sprintf("expected ) to close the ( at column %d, found %s", t.pos+1, p.tok.describe()))
		}
		p.next()
		return e
	case t.kind == tNum:
		p.next()
		n := t.num
		return func([]int) int64 { return n }
	case t.kind == tName:
		p.next()
		i := p.slot(t)
		return func(v []int) int64 { return int64(v[i]) }
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
