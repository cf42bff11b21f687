package main

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// chooseOn runs choose (not forced) over the lines of in and returns its
// choice and the inputs it put back followed by the rest, as a later
// reader of bs sees them.
func chooseOn(t *testing.T, in io.Reader) (bool, int, []inputLine) {
	t.Helper()
	ctx := context.Background()
	bs := openBatches(nil, in, true)
	defer bs.close()
	var o bulkOptions
	use, err := o.choose(ctx, bs)
	if err != nil {
		t.Fatal(err)
	}
	held := 0
	for _, b := range bs.pending {
		held += batchSize(b)
	}
	var all []inputLine
	if err := bs.each(ctx, func(b []inputLine, _ bool) error {
		all = append(all, b...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return use, held, all
}

// gridLines returns n lines, each grid1 and its line number.
func gridLines(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(grid1 + " " + itoa(i+1) + "\n")
	}
	return b.String()
}

// checkLines fails unless lines are the n inputs of gridLines in order:
// the batches choose read are put back in front, none lost or repeated.
func checkLines(t *testing.T, lines []inputLine, n int) {
	t.Helper()
	if len(lines) != n {
		t.Fatalf("%d inputs after choose, want %d", len(lines), n)
	}
	for i, l := range lines {
		if l.num != i+1 || l.rest != itoa(i+1) {
			t.Fatalf("input %d after choose is line %d (%q)", i+1, l.num, l.rest)
		}
	}
}

// Bulk is chosen by itself from autoBulkLines inputs read fast, not below.
func TestChooseThreshold(t *testing.T) {
	for _, c := range []struct {
		n    int
		want bool
	}{{autoBulkLines - 1, false}, {autoBulkLines, true}, {autoBulkLines + 5000, true}, {10, false}} {
		use, _, lines := chooseOn(t, strings.NewReader(gridLines(c.n)))
		if use != c.want {
			t.Errorf("%d inputs: bulk %v, want %v", c.n, use, c.want)
		}
		checkLines(t, lines, c.n)
	}
}

// --bulk and --bulk=false decide without reading anything.
func TestChooseForced(t *testing.T) {
	for _, want := range []bool{true, false} {
		bs := openBatches(nil, strings.NewReader(gridLines(10)), true)
		o := bulkOptions{bulk: want, forced: true}
		use, err := o.choose(context.Background(), bs)
		bs.close()
		if err != nil || use != want || len(bs.pending) != 0 {
			t.Errorf("forced %v: %v, %v, %d batches read", want, use, err, len(bs.pending))
		}
	}
}

// A slow pipe (a pause longer than bulkWait between batches) is answered
// one at a time, its lines all answered, in order.
func TestChooseSlowPipe(t *testing.T) {
	r, w := io.Pipe()
	const n = autoBulkLines + 100
	go func() {
		text := gridLines(n)
		half := strings.Index(text[len(text)/4:], "\n") + len(text)/4 + 1
		io.WriteString(w, text[:half])
		time.Sleep(3 * bulkWait)
		io.WriteString(w, text[half:])
		w.Close()
	}()
	use, _, lines := chooseOn(t, r)
	if use {
		t.Error("a pipe that paused: bulk chosen")
	}
	checkLines(t, lines, n)
}

// choose holds at most chooseBytes (and one batch) of long lines while it
// decides, however many of them come fast, and then answers one at a time.
func TestChooseBoundedInBytes(t *testing.T) {
	defer func(b int) { chooseBytes = b }(chooseBytes)
	chooseBytes = 4 << 20
	long := grid1 + " " + strings.Repeat("x", maxLine-200) + "\n"
	const n = 40 // 40 MB of lines, far under autoBulkLines of them
	pr, pw := io.Pipe()
	go func() {
		for range n {
			if _, err := io.WriteString(pw, long); err != nil {
				return
			}
		}
		pw.Close()
	}()
	use, held, lines := chooseOn(t, pr)
	if use {
		t.Error("long lines: bulk chosen")
	}
	if limit := chooseBytes + batchBytes + maxLine; held > limit {
		t.Errorf("choose held %d bytes of input, want at most %d", held, limit)
	}
	if len(lines) != n {
		t.Errorf("%d inputs after choose, want %d", len(lines), n)
	}
}
