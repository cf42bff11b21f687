package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// TestScanSaysItIsLong: on a terminal, a scan for minimal puzzles of more
// clues than any known, or for more puzzles than anyone reads, says so
// once before it answers; off a terminal, or with --quiet, it says
// nothing. The many-clue scans that are not long (79 and 81 clues, all
// puzzles) answer at once, and a count keeps no puzzles.
func TestScanSaysItIsLong(t *testing.T) {
	saved := progressDelay
	defer func() { progressDelay = saved }()
	rows := []struct {
		name, want string
		args       []string
	}{
		{"minimal", "no minimal puzzle of more than 40 clues is known", []string{"scan", "--clues", "41", "--first"}},
		{"many", "puzzles of 70 clues (every 70-cell set holding", []string{"scan", "--clues", "70", "--all", "--count"}},
		{"not long", "", []string{"scan", "--clues", "79", "--all", "--count"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			for _, quiet := range []bool{false, true} {
				var out bytes.Buffer
				var errb syncBuffer
				onTerminal(t, &errb)
				ctx, cancel := context.WithCancel(context.Background())
				args := append(r.args[:len(r.args):len(r.args)], grid1)
				if quiet {
					args = append(args, "--quiet")
				}
				done := make(chan int)
				go func() { done <- runMain(ctx, args, streams{in: strings.NewReader(""), out: &out, err: &errb}) }()
				if r.want != "" && !quiet {
					waitFor(t, &errb, r.want)
				}
				if r.want != "" {
					cancel() // the long scans are stopped once they said so
				}
				code := <-done
				cancel()
				errs := errb.String()
				switch {
				case r.want == "" && (code != 0 || out.String() != grid1+" 3240\n"):
					t.Errorf("%q: exit %d, stdout %q; want 3240 puzzles", args, code, out.String())
				case r.want == "" || quiet:
					if strings.Contains(errs, "note:") {
						t.Errorf("%q: stderr %q; want no note", args, errs)
					}
				case strings.Count(errs, "note:") != 1:
					t.Errorf("%q: the note %d times: %q", args, strings.Count(errs, "note:"), errs)
				}
			}
		})
	}
}

// waitFor waits until w holds want.
func waitFor(t *testing.T, w *syncBuffer, want string) {
	t.Helper()
	for range 20000 {
		if strings.Contains(w.String(), want) {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("%q never written; wrote %q", want, w.String())
}
