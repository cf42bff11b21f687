package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// roffText is a page's text without roff's escapes and font changes, its
// white space collapsed.
func roffText(page string) string {
	page = roffMacro.ReplaceAllString(page, "")
	page = strings.NewReplacer(`\&`, "", `\fB`, "", `\fP`, "", `\fI`, "", `\-`, "-", `\\`, `\`, `\(aq`, "'").Replace(page)
	return strings.Join(strings.Fields(page), " ")
}

// roffMacro is a roff request that starts a paragraph or a section.
var roffMacro = regexp.MustCompile(`(?m)^\.(TP|PP|SH|RS|RE|nh)\b`)

// edgrid man DIR writes a page per command, titled after it, with each
// flag's whole usage (go-md2man drops <...> unless escaped); edgrid.1
// describes the input contract and the exit status.
func TestManPages(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "man")
	if code, _, errs := run(t, "", "man", dir); code != 0 {
		t.Fatalf("man: exit %d, %s", code, errs)
	}
	root := newRoot(streams{in: strings.NewReader(""), out: &bytes.Buffer{}, err: &bytes.Buffer{}})
	pages := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if !c.IsAvailableCommand() {
			return
		}
		dashed := strings.ReplaceAll(c.CommandPath(), " ", "-")
		b, err := os.ReadFile(filepath.Join(dir, dashed+".1"))
		if err != nil {
			t.Error(err)
			return
		}
		pages++
		page := string(b)
		title := strings.ToUpper(dashed)
		if !strings.Contains(page, `.TH "`+title+`" "1"`) {
			t.Errorf("%s: not titled %s(1): %.80q", dashed, title, page)
		}
		text := roffText(page)
		if c.HasParent() && !strings.Contains(text, roffText(c.Short)) {
			t.Errorf("%s: the summary %q is cut", dashed, c.Short)
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Hidden {
				return
			}
			_, usage := pflag.UnquoteUsage(f)
			if !strings.Contains(text, roffText(usage)) {
				t.Errorf("%s: --%s's usage %q is cut", dashed, f.Name, usage)
			}
			if sh := shownShorthand(f); sh == "" && f.Shorthand != "" && strings.Contains(page, `\fB-`+f.Shorthand+`\fP, \fB--`+f.Name) {
				t.Errorf("%s: shows the retired -%s of --%s", dashed, f.Shorthand, f.Name)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if pages < 25 {
		t.Errorf("%d pages", pages)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "edgrid.1"))
	page := string(b)
	sections := regexp.MustCompile(`(?m)^\.SH (.*)$`).FindAllStringSubmatch(page, -1)
	var names []string
	for _, s := range sections {
		names = append(names, s[1])
	}
	if got := strings.Join(names, ","); got != "NAME,SYNOPSIS,DESCRIPTION,OPTIONS,EXIT STATUS,SEE ALSO" {
		t.Errorf("edgrid.1 sections %s", got)
	}
	text := roffText(page)
	for _, want := range []string{
		"Line input (canon, rank, unrank, solve, id, puzzle, catalog find, scan)",
		"empty cells are any of . 0 - * _ x",
		"EXIT STATUS 0 success 1 some input was bad",
		"2 bad flags or arguments (nothing was done) 3 solve --unique: some puzzle has more than one solution",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("edgrid.1 lacks %q:\n%s", want, page)
		}
	}
}
