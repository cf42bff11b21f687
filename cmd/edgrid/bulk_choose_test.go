package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"edgrid/internal/lines"
)

// chooseOn runs choose (not forced) over the lines of in and returns its
// choice and the inputs it put back followed by the rest, as a later
// reader of bs sees them.
func chooseOn(t *testing.T, in io.Reader) (bool, int, []lines.Input) {
	t.Helper()
	ctx := context.Background()
	bs := openBatches(nil, in, true)
	defer bs.Close()
	var o bulkOptions
	use, err := o.choose(ctx, bs)
	if err != nil {
		t.Fatal(err)
	}
	held := 0
	for _, b := range bs.Pending() {
		held += batchSize(b)
	}
	var all []lines.Input
	if err := bs.Each(ctx, func(b []lines.Input, _ bool) error {
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
func checkLines(t *testing.T, inputs []lines.Input, n int) {
	t.Helper()
	if len(inputs) != n {
		t.Fatalf("%d inputs after choose, want %d", len(inputs), n)
	}
	for i, l := range inputs {
		if l.Num != i+1 || l.Rest != itoa(i+1) {
			t.Fatalf("input %d after choose is line %d (%q)", i+1, l.Num, l.Rest)
		}
	}
}

// Bulk is chosen by itself from autoBulkLines inputs read fast, not below.
func TestChooseThreshold(t *testing.T) {
	for _, c := range []struct {
		n    int
		want bool
	}{{autoBulkLines - 1, false}, {autoBulkLines, true}, {autoBulkLines + 5000, true}, {10, false}} {
		t.Run(fmt.Sprint(c.n), func(t *testing.T) {
			use, _, inputs := chooseOn(t, strings.NewReader(gridLines(c.n)))
			if use != c.want {
				t.Errorf("%d inputs: bulk %v, want %v", c.n, use, c.want)
			}
			checkLines(t, inputs, c.n)
		})
	}
}

// --bulk and --bulk=false decide without reading anything.
func TestChooseForced(t *testing.T) {
	for _, want := range []bool{true, false} {
		bs := openBatches(nil, strings.NewReader(gridLines(10)), true)
		o := bulkOptions{bulk: want, forced: true}
		use, err := o.choose(context.Background(), bs)
		bs.Close()
		if err != nil || use != want || len(bs.Pending()) != 0 {
			t.Errorf("forced %v: %v, %v, %d batches read", want, use, err, len(bs.Pending()))
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
	use, _, inputs := chooseOn(t, r)
	if use {
		t.Error("a pipe that paused: bulk chosen")
	}
	checkLines(t, inputs, n)
}

// choose holds at most chooseBytes (and one batch) of long lines while it
// decides, however many of them come fast, and then answers one at a time.
func TestChooseBoundedInBytes(t *testing.T) {
	defer func(b int) { chooseBytes = b }(chooseBytes)
	chooseBytes = 4 << 20
	long := grid1 + " " + strings.Repeat("x", lines.MaxLine-200) + "\n"
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
	use, held, inputs := chooseOn(t, pr)
	if use {
		t.Error("long lines: bulk chosen")
	}
	if limit := chooseBytes + lines.BatchBytes + lines.MaxLine; held > limit {
		t.Errorf("choose held %d bytes of input, want at most %d", held, limit)
	}
	if len(inputs) != n {
		t.Errorf("%d inputs after choose, want %d", len(inputs), n)
	}
}
