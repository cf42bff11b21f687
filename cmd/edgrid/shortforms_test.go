package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Each short letter that help shows means one flag in every command.
func TestCommandShortFormsOneMeaning(t *testing.T) {
	root := newRoot(streams{in: strings.NewReader(""), out: &bytes.Buffer{}, err: &bytes.Buffer{}})
	meaning := map[string]string{} // letter -> flag name
	where := map[string]string{}   // letter -> the command that set its meaning
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			sh := shownShorthand(f)
			if sh == "" || f.Hidden {
				return
			}
			if m, ok := meaning[sh]; ok && m != f.Name {
				t.Errorf("-%s is --%s in %s but --%s in %s", sh, m, where[sh], f.Name, c.CommandPath())
			}
			meaning[sh], where[sh] = f.Name, c.CommandPath()
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	for letter, name := range map[string]string{"o": "out", "n": "count", "a": "all", "v": "verbose"} {
		if meaning[letter] != name {
			t.Errorf("-%s is --%s, want --%s", letter, meaning[letter], name)
		}
	}
}

// The retired short forms still work where the command has no other use
// for the letter, and help does not show them.
func TestCommandRetiredShortForms(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		stdout string
	}{
		{[]string{"rank", "-o", "lex", grid1}, ""},
		{[]string{"solve", "-n", "4", "1...........4..."}, "1234341221434321\n"},
		{[]string{"canon", "-a", grid1}, ""},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errs := run(t, "", tc.args...)
			if code != exitOK || tc.stdout != "" && out != tc.stdout {
				t.Errorf("%q: exit %d, %q, %q", tc.args, code, out, errs)
			}
		})
	}
	// The same answers as the long forms.
	for _, pair := range [][2][]string{
		{{"rank", "-o", "lex", grid1}, {"rank", "--order", "lex", grid1}},
		{{"canon", "-a", grid1}, {"canon", "--autos", grid1}},
	} {
		_, a, _ := run(t, "", pair[0]...)
		_, b, _ := run(t, "", pair[1]...)
		if a != b || a == "" {
			t.Errorf("%q: %q; %q: %q", pair[0], a, pair[1], b)
		}
	}
	for _, tc := range []struct{ cmd, hidden, shown string }{
		{"rank", "-o, --order", "--order"},
		{"unrank", "-o, --order", "--order"},
		{"solve", "-n, --size", "--size"},
		{"canon", "-a, --autos", "--autos"},
		{"enumerate", "", "-o, --out"},
		{"query", "", "-o, --out"},
		{"random", "", "-n, --count"},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			var out bytes.Buffer
			runMain(context.Background(), []string{tc.cmd, "-h"}, streams{in: strings.NewReader(""), out: &out, err: &out})
			h := out.String()
			if tc.hidden != "" && strings.Contains(h, tc.hidden) || !strings.Contains(h, tc.shown) {
				t.Errorf("%s -h shows %q or lacks %q:\n%s", tc.cmd, tc.hidden, tc.shown, h)
			}
		})
	}
}
