package lines

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// A batch of long lines holds at most BatchBytes+MaxLine bytes,
// whatever the number of lines: many lines of nearly MaxLine bytes come one
// or two a batch, short lines up to BatchLines a batch.
func TestBatchesBoundedByBytes(t *testing.T) {
	long := strings.Repeat("1", MaxLine-100) + "\n"
	lr := newLineReader(strings.NewReader(strings.Repeat(long, 20)), false)
	n, batches := 0, 0
	for {
		b, size, err := lr.next()
		if err != nil {
			t.Fatal(err)
		}
		if b == nil {
			break
		}
		if size > BatchBytes+MaxLine || len(b) > 1+BatchBytes/len(long) {
			t.Fatalf("batch of %d lines, %d bytes; want at most %d bytes", len(b), size, BatchBytes+MaxLine)
		}
		n += len(b)
		batches++
	}
	if n != 20 || batches != 20 {
		t.Fatalf("%d lines in %d batches; want 20 in 20", n, batches)
	}
	short := strings.Repeat(strings.Repeat("2", 81)+"\n", 3*BatchLines)
	lr = newLineReader(strings.NewReader(short), true)
	for {
		b, size, err := lr.next()
		if err != nil || b == nil {
			break
		}
		if len(b) > BatchLines || size > BatchBytes+MaxLine {
			t.Fatalf("batch of %d short lines, %d bytes", len(b), size)
		}
	}
}

// readAll returns every input of r.
func readAll(t *testing.T, lr *lineReader) []Input {
	t.Helper()
	var all []Input
	for {
		b, _, err := lr.next()
		if err != nil {
			t.Fatal(err)
		}
		if b == nil {
			return all
		}
		all = append(all, b...)
	}
}

// The reader skips a byte-order mark, blank lines and comments, splits off
// the trailing fields, gathers a grid of 9 lines (box rules skipped) and
// numbers each input by its first line.
func TestReaderForms(t *testing.T) {
	const grid = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	var rows []string
	for r := range 9 {
		rows = append(rows, strings.Join(strings.Split(grid[9*r:9*r+9], ""), " "))
	}
	in := "\ufeff" + grid + " rated 4\n\n# comment\n" + rows[0] + "\n" + strings.Join(rows[1:3], "\n") +
		"\n------+-------+------\n" + strings.Join(rows[3:], "\n") + "\r\n" + "12345\n" + rows[0] + "\n\n" + grid
	got := readAll(t, newLineReader(strings.NewReader(in), true))
	want := []Input{
		{Text: grid, Rest: "rated 4", Num: 1},
		{Num: 4, Last: 13},
		{Text: "12345", Num: 14},
		{Num: 15, Last: 15},
		{Text: grid, Num: 17},
	}
	if len(got) != len(want) {
		t.Fatalf("%d inputs: %+v", len(got), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Num != w.Num || g.Last != w.Last || (w.Text != "" && (g.Text != w.Text || g.Rest != w.Rest)) {
			t.Errorf("input %d: %+v; want %+v", i, g, w)
		}
	}
	if got[1].Err != nil || strings.Count(got[1].Text, "\n") != 9 {
		t.Errorf("the grid of 9 lines: %q, %v", got[1].Text, got[1].Err)
	}
	if got[3].Err == nil || !strings.Contains(got[3].Err.Error(), "after 1 of 9 rows") {
		t.Errorf("a grid cut short after one row: %v", got[3].Err)
	}
	if w := got[1].Where(); w != "lines 4-13" {
		t.Errorf("Where: %q", w)
	}
}

// A line longer than MaxLine is a bad input; the lines after it are read.
func TestReaderLongLine(t *testing.T) {
	in := strings.Repeat("7", MaxLine+10) + "\n42 x\n"
	got := readAll(t, newLineReader(strings.NewReader(in), false))
	if len(got) != 2 || got[0].Err == nil || got[1].Text != "42" || got[1].Rest != "x" || got[1].Num != 2 {
		t.Fatalf("got %+v", got)
	}
}

// Plain lines of 81 cells, LF and CRLF, come out as written, each once.
func TestReaderPlainRuns(t *testing.T) {
	const grid = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	for _, eol := range []string{"\n", "\r\n"} {
		var b strings.Builder
		for range 3 * BatchLines {
			b.WriteString(grid + eol)
		}
		got := readAll(t, newLineReader(strings.NewReader(b.String()), true))
		if len(got) != 3*BatchLines {
			t.Fatalf("%q: %d inputs", eol, len(got))
		}
		for i, l := range got {
			if l.Text != grid || l.Rest != "" || l.Num != i+1 {
				t.Fatalf("%q: input %d is %+v", eol, i, l)
			}
		}
	}
}

func TestWhere(t *testing.T) {
	for _, c := range []struct {
		l    Input
		want string
	}{
		{Input{Num: 3}, "line 3"},
		{Input{Num: 3, Last: 11}, "lines 3-11"},
		{Input{Num: 2, Arg: true}, "argument 2"},
		{Input{Num: 5, File: "p.txt"}, "p.txt: line 5"},
		{Input{Num: 5, File: "-"}, "line 5"},
	} {
		t.Run(c.want, func(t *testing.T) {
			if got := c.l.Where(); got != c.want {
				t.Errorf("%+v: %q; want %q", c.l, got, c.want)
			}
		})
	}
	l := Input{Rest: "a b"}
	if got := string(l.AppendRest([]byte("x"))); got != "x a b" {
		t.Errorf("AppendRest: %q", got)
	}
}

// texts returns the texts of every input of bs.
func texts(t *testing.T, bs *Source) []string {
	t.Helper()
	var got []string
	err := bs.Each(context.Background(), func(b []Input, _ bool) error {
		for _, l := range b {
			got = append(got, l.Where()+" "+l.Text)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// Arguments are inputs, unless one names a file (or is "-"): then that
// file's lines stand in its place, numbered in the file.
func TestSourceArguments(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(file, []byte("11\n22\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bs := Open([]string{"5", file, "-", "6"}, strings.NewReader("33\n"), false)
	defer bs.Close()
	got := texts(t, bs)
	want := []string{"argument 1 5", file + ": line 1 11", file + ": line 2 22", "line 1 33", "argument 4 6"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q; want %q", got, want)
	}
	if ArgFile("12345", false) != "" || ArgFile("-", true) != "-" || ArgFile(file, false) != file {
		t.Error("ArgFile")
	}
	// A name that is no file is an input as written.
	none := filepath.Join(dir, "none")
	bs = Open([]string{none, "-"}, strings.NewReader("7\n"), false)
	defer bs.Close()
	if got := texts(t, bs); !slices.Equal(got, []string{"argument 1 " + none, "line 1 7"}) {
		t.Errorf("a missing file: %q", got)
	}
}

// Batches put back come first again, in their order.
func TestSourceUnread(t *testing.T) {
	bs := Open(nil, strings.NewReader("1\n2\n3\n"), false)
	defer bs.Close()
	ctx := context.Background()
	b, _, err := bs.Next(ctx)
	if err != nil || len(b) != 3 {
		t.Fatalf("%+v, %v", b, err)
	}
	bs.Unread(b[:1], b[1:])
	if len(bs.Pending()) != 2 {
		t.Errorf("%d batches pending; want 2", len(bs.Pending()))
	}
	got := texts(t, bs)
	if !slices.Equal(got, []string{"line 1 1", "line 2 2", "line 3 3"}) {
		t.Errorf("got %q", got)
	}
}

// NextWithin gives up when no batch comes in time, taking nothing; Next
// ends with Stopped's error when ctx is done first.
func TestSourceWaits(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	bs := Open(nil, r, false)
	defer bs.Close()
	ctx, cancel := context.WithCancel(context.Background())
	b, late, err := bs.NextWithin(ctx, 20*time.Millisecond)
	if b != nil || !late || err != nil {
		t.Fatalf("nothing written: %v, %v, %v", b, late, err)
	}
	go io.WriteString(w, "9\n")
	b, late, err = bs.NextWithin(ctx, 5*time.Second)
	if len(b) != 1 || b[0].Text != "9" || late || err != nil {
		t.Fatalf("a line written: %v, %v, %v", b, late, err)
	}
	stop := errors.New("stopped here")
	bs.Stopped = func(context.Context) error { return stop }
	cancel()
	if _, _, err := bs.Next(ctx); err != stop {
		t.Errorf("Next after cancel: %v; want Stopped's error", err)
	}
}
