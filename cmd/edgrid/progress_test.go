package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// onTerminal makes the tests' standard error w a terminal, progress drawn
// at once, until the test ends.
func onTerminal(t *testing.T, w *syncBuffer) {
	terminal = func(x any) bool { return x == w }
	progressDelay = 0
	t.Cleanup(func() { terminal = isTerminal })
}

// Long commands show a progress line on a terminal, and --quiet turns it
// off: rank one input at a time (it showed nothing for 14 s on 15,000
// inputs) and catalog verify (silent for 19 minutes on a full catalog).
func TestProgressOnATerminal(t *testing.T) {
	cat := catalogDir(t)
	saved := progressDelay
	defer func() { progressDelay = saved }()
	rows := []struct {
		name, stdin, want string
		args              []string
	}{
		{"rank", strings.Repeat(grid1+"\n", 50), "edgrid rank: ", []string{"rank", "--bulk=false"}},
		{"canon", strings.Repeat(grid1+"\n", 50), "edgrid canon: ", []string{"canon"}},
		{"catalog verify", "", "edgrid catalog verify: ", []string{"catalog", "verify", cat}},
		{"catalog export", "", "edgrid catalog export: ", []string{"catalog", "export", cat}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			for _, quiet := range []bool{false, true} {
				var out bytes.Buffer
				var errb syncBuffer
				onTerminal(t, &errb)
				args := r.args
				if quiet {
					args = append(args[:len(args):len(args)], "--quiet")
				}
				code := runMain(context.Background(), args, streams{in: strings.NewReader(r.stdin), out: &out, err: &errb})
				errs := errb.String()
				if code != 0 {
					t.Fatalf("%q: exit %d, stderr %q", args, code, errs)
				}
				if shown := strings.Contains(errs, "\r\033[K"+r.want); shown == quiet {
					t.Errorf("%q: stderr %q; want a progress line %v", args, errs, !quiet)
				}
				if !quiet && !strings.HasSuffix(errs, "\r\033[K") {
					t.Errorf("%q: the progress line is left on the terminal: %q", args, errs)
				}
			}
		})
	}
}
