// Command edgrid enumerates, stores and numbers the essentially different
// Sudoku solution grids and solves Sudoku puzzles with the same exact-cover
// engine. See README.md for usage and docs/method.md for the method.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"edgrid/canon"
)

// Exit codes. They are listed by `edgrid --help`; every subcommand maps its
// failures onto these through exitCode and nowhere else.
const (
	exitOK       = 0 // success
	exitFailed   = 1 // some input was bad, damage was found, or the work failed; other inputs were still answered
	exitUsage    = 2 // bad flags or arguments: nothing was done
	exitMultiple = 3 // solve --unique: the puzzle has more than one solution
)

// streams are the standard streams a subcommand reads and writes; tests pass buffers.
type streams struct {
	in       io.Reader
	out, err io.Writer
}

// command is one subcommand. run parses its own flags from args.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, s streams) error
}

// commands is filled by the init functions of the subcommand files.
var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("edgrid: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

func main() {
	// SIGHUP (the terminal went away) stops work as Ctrl-C and SIGTERM do:
	// cleanly, with a message, what was finished kept.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
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

// runMain dispatches to a subcommand and maps its error to an exit code.
func runMain(ctx context.Context, args []string, s streams) int {
	if len(args) == 0 {
		usage(s.err)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		usage(s.out)
		return exitOK
	case "help":
		if len(args) == 1 {
			usage(s.out)
			return exitOK
		}
		if _, ok := commands[args[1]]; !ok || len(args) > 2 {
			fmt.Fprintf(s.err, "edgrid help: want one command, as in 'edgrid help run'; %q is not one (run 'edgrid help' for the list)\n", strings.Join(args[1:], " "))
			return exitUsage
		}
		args = []string{args[1], "-h"}
	case "-version", "--version", "version":
		fmt.Fprintln(s.out, "edgrid", version())
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(s.err, "edgrid: unknown command %q (run 'edgrid --help' for the list)\n", args[0])
		return exitUsage
	}
	err := c.run(ctx, args[1:], s)
	code := exitCode(err)
	if err != nil && !errors.Is(err, errHelp) && !errors.Is(err, errReported) {
		fmt.Fprintf(s.err, "edgrid %s: %v\n", c.name, err)
	}
	return code
}

// errHelp is returned when -h was asked for: the help was printed, exit 0.
var errHelp = errors.New("help requested")

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
	case err == nil, errors.Is(err, errHelp):
		return exitOK
	case errors.As(err, &ue):
		return exitUsage
	case errors.As(err, &ee):
		return ee.code
	default:
		return exitFailed
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "edgrid: the essentially different Sudoku solution grids, enumerated and numbered")
	fmt.Fprintln(w, "\nUsage: edgrid <command> [flags] [args]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'edgrid help <command>' or 'edgrid <command> -h' for a command's flags,\n'edgrid --version' for the version.")
	fmt.Fprintln(w, exitCodesHelp)
}

const exitCodesHelp = `
Exit codes:
  0  success
  1  some input was bad (each bad line or argument is reported on stderr with its place;
     the others are answered), damage was found in a file, or the work failed;
     solve: some puzzle has no solution; catalog find: some grid is not in the catalog
  2  bad flags or arguments (nothing was done)
  3  solve --unique: some puzzle has more than one solution

Line input (canon, rank, unrank, solve, id, puzzle, catalog find): the arguments, or else the
lines of standard input; blank lines and lines starting # are skipped, a byte-order mark at the start
too. The first field of a line is the input; the fields after it are copied to the end of the
line's answer.`
