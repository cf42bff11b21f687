// Package ranges is edgrid's one spelling of sets of group numbers: a
// number ("3541"), a range ("1-10"), or a list of those joined by commas
// ("1-3,7,9-10"), ascending. Flags, outputs and result files all use it.
package ranges

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Runs cuts ascending, distinct numbers into runs of consecutive ones,
// each [first, last]: [1 2 3 7 9 10] gives [[1 3] [7 7] [9 10]].
func Runs(ns []int) [][2]int {
	var out [][2]int
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		out = append(out, [2]int{ns[i], ns[j]})
		i = j + 1
	}
	return out
}

// Format writes ascending, distinct numbers as ranges: [1 2 3 7 9 10] gives
// "1-3,7,9-10". An empty list gives "".
func Format(ns []int) string {
	var b strings.Builder
	for _, r := range Runs(ns) {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(r[0]))
		if r[1] > r[0] {
			b.WriteByte('-')
			b.WriteString(strconv.Itoa(r[1]))
		}
	}
	return b.String()
}

// ErrSyntax is what Parse's and ParseRange's errors wrap when the text is
// not a list of ranges at all (rather than numbers out of bounds or order).
var ErrSyntax = errors.New("not a number or a range A-B")

// ParseRange reads one number "N" or one range "A-B", with 1 <= A <= B <=
// max. Its errors say what is wanted ("want a number 1..max or a range
// A-B, as in 1-10").
func ParseRange(s string, max int) (a, b int, err error) {
	a, b, err = item(s)
	if err != nil || a < 1 || b > max || a > b {
		return 0, 0, fmt.Errorf("want a number 1..%d or a range A-B, as in 1-10", max)
	}
	return a, b, nil
}

// Parse reads what Format writes, a space after each comma allowed: the
// numbers of a non-empty list of ranges, each within 1..max and each range
// above the one before. It returns them in order.
func Parse(s string, max int) ([]int, error) {
	var out []int
	for i, f := range strings.Split(s, ",") {
		if i > 0 {
			f = strings.TrimPrefix(f, " ")
		}
		a, b, err := item(f)
		if err != nil {
			return nil, fmt.Errorf("%q: %w", s, err)
		}
		if a < 1 || b > max || a > b || len(out) > 0 && a <= out[len(out)-1] {
			return nil, fmt.Errorf("%q: want ascending ranges within 1..%d", s, max)
		}
		for g := a; g <= b; g++ {
			out = append(out, g)
		}
	}
	return out, nil
}

// item reads "N" or "A-B" as the numbers A and B (both N for "N").
func item(s string) (a, b int, err error) {
	lo, hi, isRange := strings.Cut(s, "-")
	if a, err = strconv.Atoi(lo); err != nil {
		return 0, 0, ErrSyntax
	}
	b = a
	if isRange {
		if b, err = strconv.Atoi(hi); err != nil {
			return 0, 0, ErrSyntax
		}
	}
	return a, b, nil
}
