package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
	"github.com/spf13/pflag"
)

func init() { register(newManCmd) }

// newManCmd is `edgrid man DIR`: a man page per command (edgrid.1,
// edgrid-rank.1, ...) written into DIR, which is created if needed.
func newManCmd(streams) *cobra.Command {
	return &cobra.Command{
		Use:   "man DIR",
		Short: "write the man pages (edgrid.1, edgrid-rank.1, ...) into DIR",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("give one directory, as in: edgrid man man/")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := os.MkdirAll(args[0], 0o755); err != nil {
				return err
			}
			return writeManPages(cmd.Root(), args[0])
		},
	}
}

// writeManPages writes a page per command of the tree under root into dir,
// each titled after its command (EDGRID-RANK(1)). The page of edgrid
// itself describes the input contract and has an EXIT STATUS section.
// The tree is made for this one run: its texts are rewritten for go-md2man,
// which reads them as Markdown.
func writeManPages(root *cobra.Command, dir string) error {
	root.DisableAutoGenTag = true
	root.Long = rootManDescription(root.Short)
	root.Use = "edgrid COMMAND [flags] [args]"
	var walk func(c *cobra.Command) error
	walk = func(c *cobra.Command) error {
		if !c.IsAvailableCommand() || c.IsAdditionalHelpTopicCommand() {
			return nil
		}
		if c != root {
			c.Short, c.Long = mdEscape(c.Short), mdEscape(c.Long)
		}
		c.Use = mdEscape(c.Use)
		c.Flags().VisitAll(manFlag)
		var b bytes.Buffer
		if err := doc.GenMan(c, &doc.GenManHeader{Section: "1", Source: "edgrid " + version()}, &b); err != nil {
			return err
		}
		page := b.Bytes()
		if c == root {
			page = moveSection(page, ".SH EXIT STATUS", ".SH SEE ALSO")
		}
		name := strings.ReplaceAll(c.CommandPath(), " ", "-") + ".1"
		if err := os.WriteFile(filepath.Join(dir, name), page, 0o644); err != nil {
			return err
		}
		for _, sub := range c.Commands() {
			if err := walk(sub); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(root)
}

// manFlag readies a flag's usage for go-md2man: the value's name without
// its backquotes, Markdown's characters escaped, a retired short form
// (shortforms.go) left out.
func manFlag(f *pflag.Flag) {
	_, usage := pflag.UnquoteUsage(f)
	f.Usage = mdEscape(usage)
	if shownShorthand(f) == "" && f.Shorthand != "" {
		f.ShorthandDeprecated = "retired"
	}
}

// mdEscape escapes the characters Markdown would read as markup: go-md2man
// drops <...> as HTML and reads * and _ as emphasis.
func mdEscape(s string) string {
	return mdEscaper.Replace(s)
}

var mdEscaper = strings.NewReplacer(`\`, `\\`, "<", `\<`, ">", `\>`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`)

// rootManDescription is the DESCRIPTION of edgrid.1, in Markdown: what
// edgrid does, the line-input contract, then an EXIT STATUS section built
// from the exit codes of `edgrid --help`.
func rootManDescription(short string) string {
	var b strings.Builder
	b.WriteString(mdEscape(upperFirst(short)) + ". Each command has its own page (see SEE ALSO); " +
		"**edgrid help COMMAND** or **edgrid COMMAND -h** prints the same flags.\n\n")
	codes, contract := exitCodeParagraphs()
	b.WriteString(mdEscape(contract) + "\n\n# EXIT STATUS\n")
	for _, c := range codes {
		b.WriteString("**" + c[0] + "**\n: " + mdEscape(c[1]) + "\n\n")
	}
	return b.String()
}

// exitCodeParagraphs reads exitCodesHelp: each exit code with its text on
// one line, and the line-input contract as one paragraph.
func exitCodeParagraphs() (codes [][2]string, contract string) {
	var para []string
	for _, line := range strings.Split(exitCodesHelp, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case t == "" || t == "Exit codes:":
		case len(line) > 4 && line[:2] == "  " && line[2] >= '0' && line[2] <= '9' && line[3] == ' ':
			codes = append(codes, [2]string{line[2:3], strings.TrimSpace(line[3:])})
		case strings.HasPrefix(line, "     ") && len(codes) > 0:
			codes[len(codes)-1][1] += " " + t
		default:
			para = append(para, t)
		}
	}
	return codes, strings.Join(para, " ")
}

// moveSection moves the roff section that starts with the line from (up
// to the next .SH) to before the line before; page is unchanged when either
// is missing.
func moveSection(page []byte, from, before string) []byte {
	s := string(page)
	i := strings.Index(s, from+"\n")
	if i < 0 {
		return page
	}
	j := strings.Index(s[i+len(from):], "\n.SH ")
	if j < 0 {
		return page
	}
	sec := s[i : i+len(from)+j+1]
	rest := s[:i] + s[i+len(sec):]
	k := strings.Index(rest, before+"\n")
	if k < 0 {
		return page
	}
	return []byte(rest[:k] + sec + rest[k:])
}
