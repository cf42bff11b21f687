package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// flagSet wraps flag.FlagSet so that every subcommand reports bad flags as
// usage errors (exit 2) and prints the same help layout.
type flagSet struct {
	*flag.FlagSet
	synopsis string
	out      io.Writer
}

// newFlagSet makes a flag set for a subcommand whose -h prints the usage
// line, the flags and the exit codes.
func newFlagSet(name, synopsis string, s streams) *flagSet {
	fs := &flagSet{FlagSet: flag.NewFlagSet("edgrid "+name, flag.ContinueOnError), synopsis: synopsis, out: s.out}
	fs.SetOutput(io.Discard)
	return fs
}

// parse parses args; -h prints help to stdout and returns errHelp, a bad flag
// returns a usageError that names it.
func (fs *flagSet) parse(args []string) error {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.printHelp()
		return errHelp
	}
	if err != nil {
		return usagef("%v (run '%s -h' for the flags)", err, fs.Name())
	}
	return nil
}

func (fs *flagSet) printHelp() {
	fmt.Fprintf(fs.out, "Usage: %s\n\nFlags:\n", fs.synopsis)
	fs.SetOutput(fs.out)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	fmt.Fprintln(fs.out, exitCodesHelp)
}

// flagGiven reports whether the flag was set on the command line.
func flagGiven(fs *flagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			given = true
		}
	})
	return given
}
