package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"edgrid/internal/tempdir"
)

// Without a usable $TMPDIR, bulk answering chosen by itself gives way to
// one-at-a-time answering, with a note; --bulk fails, printing nothing.
func TestBulkNoTempDir(t *testing.T) {
	// Enough inputs for bulk to come on by itself; bad lines are cheap
	// to answer one at a time.
	var b strings.Builder
	b.WriteString(grid1 + "\n")
	for range autoBulkLines {
		b.WriteString("abc\n")
	}
	in := b.String()
	code, want, wantErr := run(t, in, "rank", "--bulk=false")
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	c, got, gotErr := run(t, in, "rank")
	const note = "edgrid rank: bulk answering needs a temporary directory ($TMPDIR): "
	first, rest, _ := strings.Cut(gotErr, "\n")
	if c != code || got != want || rest != wantErr || !strings.HasPrefix(first, note) || !strings.HasSuffix(first, "; answering one at a time") {
		t.Fatalf("no $TMPDIR, bulk by itself: exit %d (want %d), stdout equal %v, first line of stderr %q, rest equal %v", c, code, got == want, first, rest == wantErr)
	}
	c, got, gotErr = run(t, in, "rank", "--bulk")
	if c != exitFailed || got != "" || !strings.HasPrefix(gotErr, note) || strings.Contains(gotErr, "one at a time") {
		t.Fatalf("no $TMPDIR, --bulk: exit %d, %d bytes out, stderr %q; want exit 1, nothing printed, the error", c, len(got), gotErr)
	}
}

// The spill directory of a bulk run killed before it removed it (its lock
// free) is removed by the next bulk run, which leaves none of its own.
func TestBulkRemovesStaleSpill(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	stale := filepath.Join(tmp, "edgrid-bulk-1234")
	if err := os.MkdirAll(stale, 0o700); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(stale, tempdir.LockName), nil, 0o600)
	os.WriteFile(filepath.Join(stale, "lines"), make([]byte, 1<<16), 0o600)
	if code, _, errs := run(t, grid1+"\n"+grid648+"\n", "rank", "--bulk"); code != 0 {
		t.Fatalf("rank --bulk: exit %d, %s", code, errs)
	}
	left, _ := filepath.Glob(filepath.Join(tmp, "edgrid-bulk-*"))
	if len(left) != 0 {
		t.Fatalf("left in $TMPDIR: %q; want nothing", left)
	}
}

// A $TMPDIR with too little room: bulk answering chosen by itself gives
// way to one at a time with a note (it used to fail with nothing
// printed); --bulk, asked for, still tries.
func TestBulkSmallTempDir(t *testing.T) {
	defer func(f func(string) (int64, error)) { tempFree = f }(tempFree)
	tempFree = func(string) (int64, error) { return 1 << 20, nil }
	// Enough inputs for bulk to come on by itself; bad lines are cheap
	// to answer one at a time.
	var b strings.Builder
	b.WriteString(grid1 + "\n")
	for range autoBulkLines {
		b.WriteString("abc\n")
	}
	in := b.String()
	code, want, wantErr := run(t, in, "rank", "--bulk=false")
	c, got, gotErr := run(t, in, "rank")
	first, rest, _ := strings.Cut(gotErr, "\n")
	if c != code || got != want || rest != wantErr || !strings.Contains(first, "bulk answering needs room in $TMPDIR") || !strings.HasSuffix(first, "; answering one at a time") {
		t.Fatalf("small $TMPDIR: exit %d (want %d), stdout equal %v, stderr %q", c, code, got == want, gotErr)
	}
	// --bulk still runs in bulk: the room is enough for this input.
	if c, got, _ := run(t, in, "rank", "--bulk"); c != code || got != want {
		t.Fatalf("small $TMPDIR, --bulk: exit %d, stdout equal %v", c, got == want)
	}
}

// A $TMPDIR that fills up during a bulk run chosen by itself: the inputs
// are answered one at a time, with a note, when they can be read again (a
// file on standard input or named, arguments); from a pipe, or with
// --bulk, the run fails as before, printing nothing.
func TestBulkTempDirFillsUp(t *testing.T) {
	defer func() { bulkFault = nil }()
	// Enough inputs for bulk to come on by itself, one grid to answer in
	// a pass; bad lines are cheap to answer one at a time.
	var b strings.Builder
	b.WriteString(grid1 + "\n")
	for range autoBulkLines {
		b.WriteString("abc\n")
	}
	in := b.String()
	file := filepath.Join(t.TempDir(), "grids.txt")
	if err := os.WriteFile(file, []byte(in), 0o600); err != nil {
		t.Fatal(err)
	}
	// runWith runs args with the file on standard input or none.
	runWith := func(t *testing.T, stdin bool, args ...string) (int, string, string) {
		var in io.Reader = strings.NewReader("")
		if stdin {
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			in = f
		}
		var out, errb bytes.Buffer
		c := runMain(context.Background(), args, streams{in: in, out: &out, err: &errb})
		return c, out.String(), errb.String()
	}
	const note = "filled up during bulk answering (writing a run: no space left on device); answering one at a time"
	for _, c := range []struct {
		name  string
		stdin bool
		args  []string
	}{{"standard input", true, []string{"rank"}}, {"a file named", false, []string{"rank", file}}, {"-", true, []string{"rank", "-"}}} {
		t.Run(c.name, func(t *testing.T) {
			code, want, wantErr := runWith(t, c.stdin, append(c.args, "--bulk=false")...)
			bulkFault = fmt.Errorf("writing a run: %w", syscall.ENOSPC)
			defer func() { bulkFault = nil }()
			got, out, errs := runWith(t, c.stdin, c.args...)
			first, rest, _ := strings.Cut(errs, "\n")
			if got != code || out != want || !strings.HasPrefix(first, "edgrid rank: $TMPDIR ") || !strings.HasSuffix(first, note) || rest != wantErr {
				t.Fatalf("exit %d (want %d), stdout equal %v, stderr's first line %q, the rest equal %v", got, code, out == want, first, rest == wantErr)
			}
		})
	}
	bulkFault = fmt.Errorf("writing a run: %w", syscall.ENOSPC)
	// From a pipe the inputs are gone: the run fails, printing nothing.
	c, got, gotErr := run(t, in, "rank")
	if c != exitFailed || got != "" || !strings.Contains(gotErr, "is full: answer with --bulk=false") {
		t.Fatalf("a pipe: exit %d, %d bytes out, stderr %q", c, len(got), gotErr)
	}
	if c, out, errs := runWith(t, true, "rank", "--bulk"); c != exitFailed || out != "" || !strings.Contains(errs, "is full") {
		t.Fatalf("--bulk: exit %d, %d bytes out, stderr %q", c, len(out), errs)
	}
}
