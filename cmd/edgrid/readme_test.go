package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// readmeExample is one `$ edgrid ...` line of a README code block with the
// lines shown after it.
type readmeExample struct {
	line int
	args []string
	head int // | head -N, or 0
	want []string
}

// readmeExamples returns the README's examples that can be run as they
// stand: a plain edgrid command line, optionally piped into head -N, whose
// shown output is literal (no "...", no placeholders). Comments after # are
// not part of a command or of its output.
func readmeExamples(t *testing.T) []readmeExample {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	comment := regexp.MustCompile(`\s+#.*$`)
	var exs []readmeExample
	var cur *readmeExample
	inBlock := false
	for i, l := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(l, "```"):
			inBlock = !inBlock
			cur = nil
		case !inBlock:
		case strings.HasPrefix(l, "$ edgrid "):
			cur = nil
			cmd := strings.TrimSpace(comment.ReplaceAllString(l[2:], ""))
			head := 0
			if k := strings.Index(cmd, " | head -"); k >= 0 {
				head, _ = strconv.Atoi(cmd[k+9:])
				cmd = cmd[:k]
			}
			if strings.ContainsAny(cmd, "|<>$") || head < 0 {
				continue // a shell construct or a placeholder
			}
			fields := strings.Fields(cmd)[1:]
			for j, f := range fields {
				fields[j] = strings.Trim(f, "'")
			}
			exs = append(exs, readmeExample{line: i + 1, args: fields, head: head})
			cur = &exs[len(exs)-1]
		case strings.HasPrefix(strings.TrimSpace(l), "#"):
			// a comment continued on its own line
		case cur != nil:
			out := strings.TrimSpace(comment.ReplaceAllString(l, ""))
			if strings.Contains(out, "...") || strings.Contains(out, "<") {
				exs = exs[:len(exs)-1] // output shown only in part
				cur = nil
				continue
			}
			cur.want = append(cur.want, out)
		}
	}
	return exs
}

// slowExamples enumerate band 1, whose group 1 alone has 11 million
// completions: run in long mode only.
var slowExamples = map[string]bool{"enumerate --group 1": true, "enumerate --band 1 --count": true}

// Every README example that can run as it stands prints what the README
// shows (stdout, then stderr), and at least the examples that matter most
// are among them.
func TestReadmeExamples(t *testing.T) {
	exs := readmeExamples(t)
	ran := map[string]bool{}
	for _, ex := range exs {
		if len(ex.want) == 0 || ex.args[0] == "run" || ex.args[0] == "status" {
			continue // nothing shown, or work on a directory of the reader's
		}
		cmd := strings.Join(ex.args, " ")
		if testing.Short() && slowExamples[cmd] {
			continue
		}
		_, out, errs := run(t, "", ex.args...)
		var lines []string
		if out != "" {
			lines = strings.Split(strings.TrimRight(out, "\n"), "\n")
		}
		if ex.head > 0 && len(lines) > ex.head {
			lines = lines[:ex.head]
		}
		if errs != "" {
			lines = append(lines, strings.Split(strings.TrimRight(errs, "\n"), "\n")...)
		}
		if strings.Join(lines, "\n") != strings.Join(ex.want, "\n") {
			t.Errorf("README line %d, edgrid %s:\ngot\n%s\nwant\n%s", ex.line, strings.Join(ex.args, " "), strings.Join(lines, "\n"), strings.Join(ex.want, "\n"))
		}
		ran[ex.args[0]] = true
	}
	for _, c := range []string{"canon", "bands", "groups", "enumerate", "unrank", "solve"} {
		if !ran[c] {
			t.Errorf("no README example of edgrid %s was checked", c)
		}
	}
}
