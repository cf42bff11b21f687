package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// printRootHelp writes `edgrid --help`: every command and action, one a
// line, then the exit codes and the line-input contract, which hold for
// all of them and are written nowhere else.
func printRootHelp(root *cobra.Command, w io.Writer) {
	fmt.Fprintf(w, "edgrid: %s\n\nUsage: edgrid COMMAND [flags] [args]\n\nCommands:\n", root.Short)
	var rows [][2]string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if !sub.IsAvailableCommand() && sub.Name() != "help" {
				continue
			}
			name := strings.TrimPrefix(sub.CommandPath(), "edgrid ")
			switch {
			case name == "completion":
				rows = append(rows, [2]string{sub.Use, sub.Short}) // not its shells, one a row
				continue
			case sub.Runnable() && sub.Annotations["actions only"] == "":
				rows = append(rows, [2]string{name, sub.Short})
			}
			walk(sub)
		}
	}
	walk(root)
	width := 0
	for _, r := range rows {
		width = max(width, len(r[0]))
	}
	for _, r := range rows {
		fmt.Fprintf(w, "  %-*s  %s\n", width, r[0], r[1])
	}
	fmt.Fprintln(w, "\nRun 'edgrid help COMMAND' or 'edgrid COMMAND -h' for a command's flags,\n'edgrid --version' for the version.")
	fmt.Fprint(w, exitCodesHelp)
}

// printHelp writes a command's help: usage, description, actions, flags.
func printHelp(c *cobra.Command, w io.Writer) {
	fmt.Fprintf(w, "Usage: %s\n", c.UseLine())
	if c.Long != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimRight(c.Long, "\n"))
	} else if c.Short != "" {
		fmt.Fprintf(w, "\n%s.\n", upperFirst(c.Short))
	}
	if c.HasAvailableSubCommands() {
		fmt.Fprintln(w, "\nActions:")
		width := 0
		for _, sub := range c.Commands() {
			width = max(width, len(sub.Name()))
		}
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				fmt.Fprintf(w, "  %-*s  %s\n", width, sub.Name(), sub.Short)
			}
		}
		fmt.Fprintf(w, "\nRun '%s ACTION -h' for an action's flags.\n", c.CommandPath())
	}
	if f := c.LocalNonPersistentFlags(); f.HasAvailableFlags() {
		fmt.Fprintf(w, "\nFlags:\n%s", flagUsages(f))
	}
	fmt.Fprintln(w, "\nExit codes and the line-input contract: edgrid --help.")
}

// flagUsages lists the flags of f, one a line, as "-s, --name VALUE" and
// the usage text wrapped beside it; bool flags take no value.
func flagUsages(f *pflag.FlagSet) string {
	type row struct{ left, usage string }
	var rows []row
	width := 0
	f.VisitAll(func(fl *pflag.Flag) {
		if fl.Hidden {
			return
		}
		left := "      --" + fl.Name
		if sh := shownShorthand(fl); sh != "" {
			left = "  -" + sh + ", --" + fl.Name
		}
		name, usage := pflag.UnquoteUsage(fl)
		if fl.Value.Type() != "bool" && name != "" {
			left += " " + strings.ToUpper(name)
		}
		// A usage that words its default itself keeps it.
		if d := fl.DefValue; d != "" && d != "0" && d != "false" && d != "[]" && !strings.Contains(usage, "default") {
			usage += fmt.Sprintf(" (default %s)", d)
		}
		rows = append(rows, row{left, usage})
		width = max(width, len(left))
	})
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(r.left)
		pad := width + 3
		col := len(r.left)
		for i, word := range strings.Fields(r.usage) {
			if i > 0 && col+1+len(word) > 100 {
				b.WriteString("\n")
				col = 0
			}
			if col < pad {
				b.WriteString(strings.Repeat(" ", pad-col))
				col = pad
			} else {
				b.WriteByte(' ')
				col++
			}
			b.WriteString(word)
			col += len(word)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// upperFirst capitalizes a summary to make it a sentence.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

const exitCodesHelp = `
Exit codes:
  0  success
  1  some input was bad (each bad line or argument is reported on stderr with its place;
     the others are answered), damage was found in a file, the work failed, or a signal
     (Ctrl-C, SIGTERM, SIGHUP) stopped it; solve: some puzzle has no solution;
     catalog find: some grid is not in the catalog
  2  bad flags or arguments (nothing was done)
  3  solve --unique: some puzzle has more than one solution

Line input (canon, rank, unrank, solve, id, puzzle, catalog find, scan): the arguments, or else
the lines of standard input; an argument that names a file (and is not itself 81 cells or a
number) stands for the file's lines, - for standard input's. No input at all prints nothing,
exit 0. Blank lines and lines starting # are skipped, a byte-order mark at the start too. The first field of a line is the input; the fields after it are copied to the
end of the line's answer. A grid or puzzle may also be written with spaces, | or + between its
cells, or as 9 lines of 9 cells (box-rule lines such as ------+-------+------ are skipped);
empty cells are any of . 0 - * _ x. An argument that starts with - goes after --.
`
