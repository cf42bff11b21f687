package main

import (
	"strings"
	"testing"

	"edgrid/internal/lines"
)

// The line contract (package lines), checked the same way for every
// line-oriented command: a byte-order mark, trailing fields passed through,
// a bad line and a line longer than lines.MaxLine reported with their line
// numbers (once each), comments and blank lines skipped, every good line
// answered, exit status 1.
func TestLineContract(t *testing.T) {
	const last = "123456789457893612986217354274538196531964827698721435342685971715349268869172543"
	const puzzle = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
	const solution = "145327698839654127672918543496185372218473956753296481367542819984761235521839764"
	cat := t.TempDir()
	if code, _, errs := run(t, "", "enumerate", "--group", "3541", "--out", cat); code != 0 {
		t.Fatalf("enumerate --out: %s", errs)
	}
	_, idOut, _ := run(t, "", "id", puzzle)
	id := strings.TrimSpace(idOut)
	_, named, _ := run(t, "", "puzzle", id)
	for _, tc := range []struct {
		args       []string
		good, bad  string
		answer     string // the good line's answer, before the passed-through fields
		badMessage string
	}{
		{[]string{"canon"}, last, "12345", last, "5 cells"},
		{[]string{"rank"}, last, "12345", "5472730538", "5 cells"},
		{[]string{"unrank"}, "5472730538", "10,00", last, "not a number"},
		{[]string{"solve"}, puzzle, "12345", solution, "5 cells"},
		{[]string{"catalog", "find", cat}, last, "12345", last + " 3541 1 1", "5 cells"},
		{[]string{"id"}, puzzle, "12345", id, "5 cells"},
		{[]string{"puzzle"}, id, "1-x", strings.TrimSpace(named), "want NUMBER-MASK"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			name := strings.Join(tc.args[:1], " ")
			in := "\ufeff" + tc.good + " \t9.9 a name\n" + tc.bad + "\n" + strings.Repeat("1", lines.MaxLine+10) + "\n# a comment\n\n" + tc.good + "\n"
			code, out, errs := run(t, in, tc.args...)
			want := tc.answer + " 9.9 a name\n" + tc.answer + "\n"
			if code != exitFailed || out != want {
				t.Errorf("%s: exit %d, stdout %q; want exit 1, %q (stderr %q)", name, code, out, want, errs)
			}
			if !strings.Contains(errs, "line 2: ") || !strings.Contains(errs, tc.badMessage) || !strings.Contains(errs, "line 3: longer than") {
				t.Errorf("%s: stderr %q should name line 2 (%s) and line 3 (too long)", name, errs, tc.badMessage)
			}
			if strings.Contains(errs, "line 2: line 2") || strings.Contains(errs, "line 4") || strings.Count(errs, "line ") != 2 {
				t.Errorf("%s: stderr %q: each bad line once, nothing else", name, errs)
			}
			// Arguments: the same, named by position.
			args := append(append([]string(nil), tc.args...), tc.good, tc.bad)
			code, out, errs = run(t, "", args...)
			if code != exitFailed || out != tc.answer+"\n" || !strings.Contains(errs, "argument 2: ") {
				t.Errorf("%s with arguments: exit %d, stdout %q, stderr %q", name, code, out, errs)
			}
		})
	}
}
