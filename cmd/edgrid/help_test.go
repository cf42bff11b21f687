package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// helpVerbs are the verbs a command's summary starts with: every summary
// says what the command does, in the imperative, as "print ..." does.
var helpVerbs = map[string]bool{"print": true, "write": true, "check": true, "solve": true, "serve": true, "enumerate": true, "read": true}

// Every command and action is listed in edgrid --help, with a summary in
// the same voice; the exit codes are written there once, and every
// command's own page points there instead of repeating them.
func TestHelpPages(t *testing.T) {
	code, top, _ := run(t, "", "--help")
	if code != 0 || strings.Count(top, "Exit codes:") != 1 {
		t.Fatalf("--help: exit %d, %d exit-code blocks; want 1", code, strings.Count(top, "Exit codes:"))
	}
	exitWord := regexp.MustCompile(`(?i)\bexit (codes? )?[0-9]`)
	root := newRoot(streams{in: strings.NewReader(""), out: &bytes.Buffer{}, err: &bytes.Buffer{}})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			path := strings.TrimPrefix(sub.CommandPath(), "edgrid ")
			if !sub.IsAvailableCommand() && sub.Name() != "help" {
				t.Errorf("%s is hidden: --help does not list it", path)
				continue
			}
			inCompletion := strings.HasPrefix(path, "completion ")
			listed := sub.Runnable() && sub.Annotations["actions only"] == "" && !inCompletion || path == "completion"
			row := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(path) + `( SHELL)? +` + regexp.QuoteMeta(sub.Short) + `$`)
			if listed && !row.MatchString(top) {
				t.Errorf("--help lacks the row %q  %q", path, sub.Short)
			}
			verb, _, _ := strings.Cut(sub.Short, " ")
			if !helpVerbs[verb] || strings.HasSuffix(sub.Short, ".") {
				t.Errorf("%s: summary %q does not start with one of the verbs %v, or ends with a period", path, sub.Short, helpVerbs)
			}
			code, page, _ := run(t, "", append(strings.Fields(path), "-h")...)
			if code != 0 || !strings.HasPrefix(page, "Usage: edgrid "+sub.Name()) && !strings.HasPrefix(page, "Usage: "+sub.CommandPath()) {
				t.Errorf("%s -h: exit %d, %.60q", path, code, page)
			}
			if strings.Contains(page, "Exit codes:") || exitWord.MatchString(page) || !strings.HasSuffix(page, "Exit codes and the line-input contract: edgrid --help.\n") {
				t.Errorf("%s -h states exit codes itself, or lacks the pointer to edgrid --help:\n%s", path, page)
			}
			walk(sub)
		}
	}
	walk(root)
}
