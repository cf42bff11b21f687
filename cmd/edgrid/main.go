// Command edgrid enumerates, stores and numbers the essentially different
// Sudoku solution grids and solves Sudoku puzzles with the same exact-cover
// engine. See README.md for usage and docs/design/method.md for the method.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"edgrid/canon"
)

// Exit codes. They are listed once, by `edgrid --help`; every subcommand
// maps its failures onto these through exitCode and nowhere else.
const (
	exitOK       = 0 // success
	exitFailed   = 1 // some input was bad, damage was found, the work failed or was stopped; other inputs were still answered
	exitUsage    = 2 // bad flags or arguments: nothing was done
	exitMultiple = 3 // solve --unique: the puzzle has more than one solution
)

// streams are the standard streams a subcommand reads and writes; tests pass buffers.
type streams struct {
	in       io.Reader
	out, err io.Writer
	quiet    bool // --quiet: no progress line, even on a terminal
}

// A commandMaker builds one subcommand (with its own subcommands, if any)
// writing to s. Adding a subcommand is one file whose init function
// registers its maker; the maker's RunE parses nothing itself (cobra has
// filled the options) and calls the file's runX.
type commandMaker func(s streams) *cobra.Command

// makers is filled by the init functions of the subcommand files.
var makers []commandMaker

// register adds a subcommand to every command tree newRoot builds.
func register(m commandMaker) { makers = append(makers, m) }

func main() {
	ctx, stop := signalContext()
	useBandCache()
	code := runMain(ctx, os.Args[1:], streams{in: os.Stdin, out: os.Stdout, err: os.Stderr})
	stop()
	os.Exit(code)
}

// useBandCache keeps canon's band tables in the user's cache directory
// (edgrid/bandtable-v1.bin), so that later commands start in a few
// milliseconds; EDGRID_NO_CACHE=1 turns that off.
func useBandCache() {
	if os.Getenv("EDGRID_NO_CACHE") != "" {
		return
	}
	if d, err := os.UserCacheDir(); err == nil {
		canon.UseCacheDir(filepath.Join(d, "edgrid"))
	}
}

// runMain runs the command line args and returns its exit code. Every
// error that cobra finds before a subcommand runs (an unknown command or
// flag, a bad flag value, arguments a command does not take) is a usage
// error; the subcommands' own errors map through exitCode.
func runMain(ctx context.Context, args []string, s streams) int {
	root := newRoot(s)
	ran := false
	wrapRunE(root, &ran)
	root.SetArgs(args)
	cmd, err := root.ExecuteContextC(ctx)
	err = asStop(ctx, err)
	if err == nil {
		return exitOK
	}
	if !ran {
		var ue *usageError
		if !errors.As(err, &ue) {
			err = &usageError{err.Error()}
		}
	}
	if !errors.Is(err, errReported) {
		fmt.Fprintf(s.err, "%s: %s\n", commandName(cmd), message(err))
	}
	return exitCode(err)
}

// commandName is the prefix of cmd's messages: "edgrid", "edgrid rank",
// "edgrid catalog find".
func commandName(cmd *cobra.Command) string {
	if cmd == nil {
		return "edgrid"
	}
	return cmd.CommandPath()
}

// wrapRunE makes every RunE of the tree under c set *ran when it starts, so
// that runMain tells a subcommand's errors from cobra's; and keeps cobra
// from adding "[flags]" to usage lines, which show their flags.
func wrapRunE(c *cobra.Command, ran *bool) {
	c.DisableFlagsInUseLine = true
	if run := c.RunE; run != nil {
		c.RunE = func(cmd *cobra.Command, args []string) error {
			*ran = true
			return run(cmd, args)
		}
	}
	for _, sub := range c.Commands() {
		wrapRunE(sub, ran)
	}
}

// newRoot builds the command tree writing to s.
func newRoot(s streams) *cobra.Command {
	root := &cobra.Command{
		Use:           "edgrid",
		Short:         "the essentially different Sudoku solution grids, enumerated and numbered",
		Version:       version(),
		SilenceErrors: true,
		SilenceUsage:  true,
		// The bare command prints the help on stderr and fails: it was
		// not asked for.
		RunE: func(cmd *cobra.Command, args []string) error {
			printRootHelp(cmd, s.err)
			return &usageError{"give a command"}
		},
	}
	root.SetIn(s.in)
	root.SetOut(s.out)
	root.SetErr(s.err)
	root.SetVersionTemplate("edgrid {{.Version}}\n")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usagef("%v (run '%s -h' for the flags)", err, c.CommandPath())
	})
	root.SetHelpFunc(func(c *cobra.Command, _ []string) {
		if c == root {
			printRootHelp(c, c.OutOrStdout())
			return
		}
		printHelp(c, c.OutOrStdout())
	})
	root.SetHelpCommand(newHelpCmd(root))
	root.CompletionOptions.HiddenDefaultCmd = false
	for _, m := range makers {
		root.AddCommand(m(s))
	}
	wordCompletion(root)
	root.InitDefaultVersionFlag()
	retireShorthand(root.Flags().Lookup("version")) // -v is --verbose (solve)
	return root
}

// wordCompletion adds cobra's completion command now rather than when the
// command runs, and words its summaries as edgrid's other commands are.
func wordCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Use = "completion SHELL"
		c.Short = "print the shell completion script for bash, zsh, fish or powershell"
		c.Long = upperFirst(c.Short) + ";\n'edgrid completion SHELL -h' says how to load it."
		for _, sh := range c.Commands() {
			sh.Short = "print the completion script for " + sh.Name()
		}
	}
}

// newHelpCmd is `edgrid help [COMMAND...]`; unlike cobra's own, an unknown
// command is a usage error.
func newHelpCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND [ACTION]]",
		Short: "print the help of edgrid or of a command",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				printRootHelp(root, cmd.OutOrStdout())
				return nil
			}
			c, rest, err := root.Find(args)
			if err != nil || c == root || len(rest) > 0 {
				return usagef("want a command, as in 'edgrid help run'; %q is not one (run 'edgrid help' for the list)", strings.Join(args, " "))
			}
			printHelp(c, cmd.OutOrStdout())
			return nil
		},
	}
}

// errReported marks a failure whose details were already written to stderr
// (for example one line per bad input); only the exit code remains to be set.
var errReported = errors.New("errors reported")

// usageError is a bad flag or argument: exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// exitError carries an explicit exit code for outcomes that are not usage
// errors (no solution, several solutions, some bad inputs).
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// exitCode is the single place where errors become exit codes.
func exitCode(err error) int {
	var ue *usageError
	var ee *exitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ue):
		return exitUsage
	case errors.As(err, &ee):
		return ee.code
	default:
		return exitFailed
	}
}
