package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// signalled returns a context stopped as main's is by SIGINT.
func signalled() context.Context {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(signalStop{os.Interrupt})
	return ctx
}

// runStopped runs args with a context a signal has stopped, stdin an
// input that never ends (after text), and returns the exit code, stdout
// and stderr.
func runStopped(t *testing.T, text string, args ...string) (int, string, string) {
	t.Helper()
	block := make(chan struct{})
	t.Cleanup(func() { close(block) })
	in := &blockingReader{r: strings.NewReader(text), block: block}
	var out, errb syncBuffer
	code := runMain(signalled(), args, streams{in: in, out: &out, err: &errb})
	return code, out.String(), errb.String()
}

// Every command that can run long stops on a signal the same way: exit 1
// and one message "edgrid CMD: stopped by SIGINT: ..." saying what was
// done, with no Go-internal text.
func TestEveryLongCommandStops(t *testing.T) {
	cat := catalogDir(t)
	const hard = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
	empty := strings.Repeat(".", 81)
	rows := []struct {
		name  string
		stdin string
		args  []string
	}{
		{"run", "", []string{"run", "--catalog", "@out", "--groups", "3000-3541", "--workers", "1"}},
		{"enumerate", "", []string{"enumerate", "--groups", "3000-3541", "--count"}},
		{"enumerate to a catalog", "", []string{"enumerate", "--groups", "3000-3541", "--catalog", "@out"}},
		{"scan a grid", "", []string{"scan", "--clues", "17", grid1}},
		{"scan grids of stdin", grid1 + "\n" + grid648 + "\n", []string{"scan", "--clues", "17"}},
		{"scan groups", "", []string{"scan", "--clues", "20", "--groups", "3539-3541", "--catalog", cat, "--out", "@out"}},
		{"query", "", []string{"query", "--catalog", cat, "--where", "autos>1"}},
		{"query to parts", "", []string{"query", "--catalog", cat, "--where", "autos>1", "--out", "@out"}},
		{"catalog export", "", []string{"catalog", "export", cat}},
		{"catalog verify", "", []string{"catalog", "verify", cat}},
		{"catalog find", grid1 + "\n", []string{"catalog", "find", cat}},
		{"canon", grid1 + "\n", []string{"canon"}},
		{"rank", grid1 + "\n", []string{"rank"}},
		{"unrank", "1\n", []string{"unrank"}},
		{"id", hard + "\n", []string{"id"}},
		{"puzzle", "", []string{"puzzle"}},
		{"solve", hard + "\n", []string{"solve"}},
		{"solve --count", "", []string{"solve", "--count", empty}},
		{"random", "", []string{"random", "-n", "1000000000"}},
		{"rank in bulk", strings.Repeat(grid1+"\n", 10), []string{"rank", "--bulk"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			args := append([]string(nil), r.args...)
			for i, a := range args {
				if a == "@out" {
					args[i] = filepath.Join(t.TempDir(), "out")
				}
			}
			code, _, errs := runStopped(t, r.stdin, args...)
			lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
			last := lines[len(lines)-1]
			if code != exitFailed || !strings.Contains(last, ": stopped by SIGINT") || !strings.HasPrefix(last, "edgrid ") {
				t.Fatalf("%q: exit %d, stderr %q; want exit 1 and 'edgrid ...: stopped by SIGINT...'", args, code, errs)
			}
			if strings.Contains(errs, "context canceled") || strings.Contains(errs, "signal received") {
				t.Errorf("%q: stderr %q holds Go's words", args, errs)
			}
		})
	}
}

// A scan of grids stopped by a signal exits 1 and says which grids it did
// not finish (it used to exit 0 with nothing said).
func TestScanLinesStopNamesTheGrids(t *testing.T) {
	code, out, errs := runStopped(t, "", "scan", "--clues", "17", grid1, grid648)
	if code != exitFailed || out != "" || !strings.Contains(errs, "edgrid scan: stopped by SIGINT: ") || !strings.Contains(errs, "not finished: argument 1, argument 2") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1 naming arguments 1 and 2", code, out, errs)
	}
}
