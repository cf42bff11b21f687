package main

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// readmeExample is one `$ ...` command line of a README shell block with
// the lines shown after it.
type readmeExample struct {
	line   int      // the command's line in the README
	block  string   // the first line of its block
	cmd    string   // the command line, after "$ "
	want   []string // the lines shown after it
	partly bool     // the lines shown are only part of the output (...), or placeholders (<...>)
}

// readmeBlock is a shell block of the README: its first line identifies it.
type readmeBlock struct {
	line  int
	first string
}

// readmeShell reads the README's shell blocks (```sh) and the examples in
// them: a line starting "$ " is a command, the lines after it up to the
// next command are what it prints. A comment (a word starting with #
// outside quotes) is not part of a command, nor of an output line when
// spaces precede it; a line whose only text is an indented comment
// continues the comment above it. An output line starting with # at the
// margin is output (scan prints such lines).
func readmeShell(t *testing.T) ([]readmeBlock, []readmeExample) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	outComment := regexp.MustCompile(`\s{2,}#.*$`)
	var blocks []readmeBlock
	var exs []readmeExample
	var cur *readmeExample
	inSh, inOther := false, false
	for i, l := range strings.Split(string(data), "\n") {
		switch {
		case inOther:
			inOther = !strings.HasPrefix(l, "```")
		case !inSh && strings.HasPrefix(l, "```sh"):
			inSh = true
			blocks = append(blocks, readmeBlock{line: i + 2})
			cur = nil
		case !inSh && strings.HasPrefix(l, "```"):
			inOther = true
		case !inSh:
		case strings.HasPrefix(l, "```"):
			inSh, cur = false, nil
		case blocks[len(blocks)-1].first == "":
			blocks[len(blocks)-1].first = strings.TrimSpace(l)
			fallthrough
		default:
			b := &blocks[len(blocks)-1]
			switch {
			case strings.HasPrefix(l, "$ "):
				exs = append(exs, readmeExample{line: i + 1, block: b.first, cmd: l[2:]})
				cur = &exs[len(exs)-1]
			case strings.HasPrefix(strings.TrimSpace(l), "#") && !strings.HasPrefix(l, "#"):
				// a comment continued on its own line
			case cur != nil:
				out := strings.TrimRight(outComment.ReplaceAllString(l, ""), " ")
				cur.partly = cur.partly || elided(out) || strings.Contains(out, "<")
				cur.want = append(cur.want, out)
			}
		}
	}
	return blocks, exs
}

// elided reports whether an output line leaves something out ("...", as
// in "count":...): a "..." that is not part of a puzzle's 81 cells.
func elided(l string) bool {
	for _, f := range regexp.MustCompile(`[^.0-9]+`).Split(l, -1) {
		if strings.Contains(f, "...") && !(len(f) == 81 && strings.ContainsAny(f, "123456789")) {
			return true
		}
	}
	return false
}

// shellPipeline splits a command line into its pipeline's commands, each
// as words: quotes as the shell reads them, a word starting with # outside
// quotes ends the line. ok is false when the line uses what the test does
// not run: a variable, a redirection, a substitution, a placeholder.
func shellPipeline(s string) (stages [][]string, ok bool) {
	ok = true
	var words []string
	var w strings.Builder
	inWord := false
	end := func() {
		if inWord {
			words = append(words, w.String())
			w.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, false
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return nil, false
			}
			q := s[i+1 : i+1+j]
			ok = ok && !strings.ContainsAny(q, "$`\\")
			w.WriteString(q)
			i += j + 1
			inWord = true
		case c == ' ' || c == '\t':
			end()
		case c == '#' && !inWord:
			end()
			return append(stages, words), ok && len(words) > 0
		case c == '|':
			end()
			stages = append(stages, words)
			words = nil
		case strings.IndexByte("$<>`;&()*?[", c) >= 0:
			ok = false
			w.WriteByte(c)
			inWord = true
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	end()
	stages = append(stages, words)
	for _, st := range stages {
		ok = ok && len(st) > 0
	}
	return stages, ok
}

// runShellPipeline runs a pipeline of the README: edgrid (in the test's
// process), printf, head -N and grep -c PATTERN. It returns the last
// command's standard output, the standard error of every edgrid in it,
// and ok false when a command is none of those.
func runShellPipeline(t *testing.T, stages [][]string) (stdout, stderr string, ok bool) {
	in := ""
	for _, st := range stages {
		switch {
		case st[0] == "edgrid":
			_, out, errs := run(t, in, st[1:]...)
			in, stderr = out, stderr+errs
		case st[0] == "printf" && len(st) >= 2:
			in = shellPrintf(st[1], st[2:])
		case st[0] == "head" && len(st) == 2 && strings.HasPrefix(st[1], "-"):
			n, err := strconv.Atoi(st[1][1:])
			if err != nil {
				return "", "", false
			}
			lines := strings.SplitAfter(in, "\n")
			in = strings.Join(lines[:min(n, len(lines))], "")
		case st[0] == "grep" && len(st) == 3 && st[1] == "-c":
			re, err := regexp.Compile(st[2])
			if err != nil {
				return "", "", false
			}
			n := 0
			for _, l := range strings.Split(strings.TrimSuffix(in, "\n"), "\n") {
				if re.MatchString(l) {
					n++
				}
			}
			in = fmt.Sprintf("%d\n", n)
		default:
			return "", "", false
		}
	}
	return in, stderr, true
}

// shellPrintf is the shell's printf for %s and the escapes \n and \t: the
// format is used again while arguments are left.
func shellPrintf(format string, args []string) string {
	format = strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(format)
	var b strings.Builder
	for {
		used := 0
		b.WriteString(regexp.MustCompile(`%s`).ReplaceAllStringFunc(format, func(string) string {
			if used < len(args) {
				used++
				return args[used-1]
			}
			return ""
		}))
		args = args[used:]
		if used == 0 || len(args) == 0 {
			return b.String()
		}
	}
}

// interleaves reports whether want is out's lines and errs' lines
// interleaved, each stream in its order: the README shows a command's
// standard output and standard error as a terminal shows them.
func interleaves(want []string, out, errs string) bool {
	split := func(s string) []string {
		if s == "" {
			return nil
		}
		return strings.Split(strings.TrimRight(s, "\n"), "\n")
	}
	o, e := split(out), split(errs)
	for _, w := range want {
		switch {
		case len(o) > 0 && o[0] == w:
			o = o[1:]
		case len(e) > 0 && e[0] == w:
			e = e[1:]
		default:
			return false
		}
	}
	return len(o) == 0 && len(e) == 0
}

// unrunBlocks are the README's shell blocks that TestReadmeExamples does not
// run, by their first line, with the reason. A new block must either have
// an example the test runs (a command it can run with its whole output
// shown) or be added here.
var unrunBlocks = map[string]string{
	"git clone <this repository> edgrid && cd edgrid":                                                                          "installation: clones and builds",
	"go mod edit -require=edgrid@v0.0.0 -replace=edgrid=../edgrid":                                                             "edits another module's go.mod",
	"make run     # build bin/edgrid; enumerate first band 1's ten groups into ./catalog (resumable),":                         "make targets: CI runs make test",
	"$ edgrid enumerate --groups 3400-3541 --catalog cat/  # one group-NNNN.edg per group, written atomically":                 "writes a catalog and shows no output; the catalog tests run these commands",
	"$ edgrid run --catalog /data/catalog                  # all 3,541 groups; progress line on a terminal":                    "a full run: half an hour; TestRunAndStatusCommands runs run and status",
	"$ edgrid query --band 1                               # autos, ua4, intercalates over first band 1":                       "a million grids, output shown in part, and a catalog; the query tests run these commands",
	"edgrid serve                                   # http://127.0.0.1:8080/ ; --addr :8080 for every interface":               "starts a server; serve's tests run it",
	"$ curl -s localhost:8080/api/v1/minlex/375862194841395267962714385527641839693287451184539672256473918418956723739128546": "needs a running server; serve's tests check these answers",
	"apt-get install python3-numpy python3-setuptools python3-pip python3-venv":                                                "installs Python packages; make test-python runs the Python tests",
}

// slowExamples enumerate band 1, whose group 1 alone has 11 million
// completions: run in long mode only.
var slowExamples = map[string]bool{"enumerate --band 1 --count": true}

// Every README example that can run as it stands (edgrid, with printf, head
// and grep -c in a pipeline) prints what the README shows, standard output
// and standard error interleaved as on a terminal; the examples that matter
// most are among them; and every shell block has an example that runs or
// is listed in unrunBlocks with the reason.
func TestReadmeExamples(t *testing.T) {
	blocks, exs := readmeShell(t)
	ranBlock := map[string]bool{}
	ran := map[string]bool{}
	for _, ex := range exs {
		if len(ex.want) == 0 || ex.partly {
			continue // nothing shown, or only part of it
		}
		stages, ok := shellPipeline(ex.cmd)
		if !ok {
			continue // a variable, a redirection, a placeholder
		}
		hasEdgrid := false
		for _, st := range stages {
			hasEdgrid = hasEdgrid || st[0] == "edgrid"
		}
		if !hasEdgrid {
			continue
		}
		cmd := strings.Join(stages[len(stages)-1], " ")
		if stages[0][0] == "edgrid" {
			cmd = strings.Join(stages[0][1:], " ")
		}
		if testing.Short() && slowExamples[cmd] {
			ranBlock[ex.block] = true
			continue
		}
		out, errs, ok := runShellPipeline(t, stages)
		if !ok {
			continue
		}
		if !interleaves(ex.want, out, errs) {
			t.Errorf("README line %d, %s:\ngot stdout\n%s\nstderr\n%s\nwant\n%s", ex.line, ex.cmd, out, errs, strings.Join(ex.want, "\n"))
		}
		ranBlock[ex.block] = true
		for _, st := range stages {
			if st[0] == "edgrid" {
				ran[st[1]] = true
			}
		}
	}
	for _, c := range []string{"canon", "bands", "groups", "enumerate", "unrank", "solve", "id", "puzzle", "scan", "random"} {
		if !ran[c] {
			t.Errorf("no README example of edgrid %s was checked", c)
		}
	}
	listed := map[string]bool{}
	for _, b := range blocks {
		reason, un := unrunBlocks[b.first]
		listed[b.first] = un
		switch {
		case ranBlock[b.first] && un:
			t.Errorf("README line %d: the block %q runs; take it out of unrunBlocks (%s)", b.line, b.first, reason)
		case !ranBlock[b.first] && !un:
			t.Errorf("README line %d: no example of the block %q runs: show a command's whole output, or add the block to unrunBlocks with the reason", b.line, b.first)
		}
	}
	for first := range unrunBlocks {
		if !listed[first] {
			t.Errorf("unrunBlocks lists %q, which is not the first line of a README shell block", first)
		}
	}
}
