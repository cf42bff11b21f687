package main

import (
	"time"

	"github.com/spf13/pflag"

	"edgrid/internal/progress"
)

// quietFlag adds --quiet (-q), which every command that can run long has:
// it turns the progress line off. The flag is bound to the command's
// streams, so that the command's runX finds it with the streams it writes.
func quietFlag(fs *pflag.FlagSet, s *streams) {
	fs.BoolVarP(&s.quiet, "quiet", "q", false, "show no progress line (one is shown on a terminal while the work lasts more than a second)")
}

// progressDelay is how long a command runs before its progress line is
// first drawn (a variable for the tests).
var progressDelay = progress.Delay

// terminal reports whether w is a terminal (a variable for the tests).
var terminal = isTerminal

// progressOn reports whether the command shows a progress line: standard
// error is a terminal and --quiet was not given.
func (s streams) progressOn() bool { return !s.quiet && terminal(s.err) }

// startProgress starts a progress line on standard error showing text,
// or returns nil when there is none to show (progressOn).
func (s streams) startProgress(text func(elapsed time.Duration) string) *progress.Line {
	if !s.progressOn() {
		return nil
	}
	return progress.Start(s.err, progressDelay, progress.Period, text)
}

// progressGroup writes n with thousands separators, as progress lines do.
func progressGroup(n int64) string { return progress.Group(n) }
