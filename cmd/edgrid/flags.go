package main

import (
	"math"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The flags that mean one idea in several commands are defined here, once,
// with one name each; the names older versions used are hidden aliases
// that set the same variable.

// groupsFlag adds --groups (-g) for a group N or a range A-B, with the
// hidden alias --group.
func groupsFlag(fs *pflag.FlagSet, p *string, usage string) {
	fs.StringVarP(p, "groups", "g", "", usage)
	fs.StringVar(p, "group", "", usage)
	_ = fs.MarkHidden("group")
}

// catalogFlag adds --catalog (-c) for a catalog directory.
func catalogFlag(fs *pflag.FlagSet, p *string, usage string) {
	fs.StringVarP(p, "catalog", "c", "", usage)
}

// outIsCatalog adds the hidden --out that run and status took for their
// catalog directory: it sets the same variable as --catalog.
func outIsCatalog(fs *pflag.FlagSet, p *string) {
	fs.StringVar(p, "out", "", "the catalog directory (use --catalog)")
	_ = fs.MarkHidden("out")
}

// maxWorkers bounds --workers: more goroutines than this buy nothing on any
// machine edgrid runs on, and absurd values would exhaust memory before the
// work starts.
const maxWorkers = 1024

// workersFlag adds --workers (-w).
func workersFlag(fs *pflag.FlagSet, p *int, usage string) {
	fs.IntVarP(p, "workers", "w", 0, usage+" (default: one per core; at most 1024)")
}

// checkWorkers is the check every --workers gets: 0 (one per core) or 1..maxWorkers.
func checkWorkers(n int) error {
	if n < 0 || n > maxWorkers {
		return usagef("--workers %d: want 1..%d (0 or absent: one per core)", n, maxWorkers)
	}
	return nil
}

// jsonFlag adds --json.
func jsonFlag(fs *pflag.FlagSet, p *bool, usage string) {
	fs.BoolVar(p, "json", false, usage)
}

// changed reports whether any of the named flags was given.
func changed(cmd *cobra.Command, names ...string) bool {
	for _, n := range names {
		if f := cmd.Flags().Lookup(n); f != nil && f.Changed {
			return true
		}
	}
	return false
}

// noArgs is cobra.NoArgs worded as edgrid words it; an argument close to
// one of the command's actions is suggested as that action.
func noArgs(cmd *cobra.Command, args []string) error {
	if err := misspeltAction(cmd, args); err != nil {
		return err
	}
	if len(args) > 0 {
		return usagef("unexpected argument %q", args[0])
	}
	return nil
}

// seconds is a duration in JSON: seconds to the millisecond, so that no
// float artifacts (24.820999999999998) reach the output.
type seconds float64

// secondsOf returns the seconds of d.
func secondsOf(d time.Duration) seconds { return seconds(d.Seconds()) }

// MarshalJSON writes s with at most three decimals.
func (s seconds) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, math.Round(float64(s)*1000)/1000, 'f', -1, 64), nil
}
