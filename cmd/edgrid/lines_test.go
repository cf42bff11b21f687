package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// blockingReader yields its text, then blocks like a pipe whose writer
// never closes it.
type blockingReader struct {
	r     io.Reader
	block chan struct{}
}

func (b *blockingReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err == io.EOF {
		<-b.block
	}
	return n, err
}

// Defect 2: a signal (a cancelled context) ends a line command waiting on
// an input that never closes: the lines read so far are answered and
// printed, and the error says it stopped (exit 1).
func TestLineCommandStopsWhileReading(t *testing.T) {
	const g = "123456789457893612986217354274538196531964827698721435342685971715349268869172543"
	for _, name := range []string{"canon", "rank", "solve"} {
		in := &blockingReader{r: strings.NewReader(g + "\n"), block: make(chan struct{})}
		ctx, cancel := context.WithCancel(context.Background())
		var out, errb syncBuffer
		done := make(chan int)
		go func() {
			done <- runMain(ctx, []string{name}, streams{in: in, out: &out, err: &errb})
		}()
		deadline := time.Now().Add(20 * time.Second)
		for out.Len() == 0 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if out.Len() == 0 {
			t.Fatalf("%s: the line read was not answered while waiting for more", name)
		}
		cancel()
		select {
		case code := <-done:
			if code != exitFailed || strings.Count(out.String(), "\n") != 1 || !strings.Contains(errb.String(), "stopped") {
				t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1, one answer, stopped", name, code, out.String(), errb.String())
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: still waiting for input 10 s after the signal", name)
		}
		close(in.block)
	}
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Len()
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Inputs as other tools print them: empty cells as any of . 0 - * _ x,
// separators between cells, a grid over 9 lines with box rules; the
// answers are those of the plain line.
func TestInputForms(t *testing.T) {
	const p = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
	_, want, _ := run(t, "", "canon", p)
	var rows []string
	for r := 0; r < 9; r++ {
		row := p[r*9 : r*9+9]
		rows = append(rows, row[:3]+" | "+row[3:6]+" | "+row[6:])
		if r == 2 || r == 5 {
			rows = append(rows, "------+-------+------")
		}
	}
	for _, in := range []string{
		strings.ReplaceAll(p, ".", "-") + " rated",
		strings.ReplaceAll(p, ".", "_") + " rated",
		strings.ReplaceAll(p, ".", "*") + " rated",
		strings.ReplaceAll(p, ".", "x") + " rated",
		strings.Join(strings.Split(p, ""), " ") + " rated",
	} {
		code, out, errs := run(t, in+"\n", "canon")
		if code != 0 || out != strings.TrimSpace(want)+" rated\n" {
			t.Errorf("%q: exit %d, %q, %q; want %q", in, code, out, errs, want)
		}
	}
	code, out, errs := run(t, "# a grid\n"+strings.Join(rows, "\n")+"\n"+p+"\n", "canon")
	if code != 0 || out != want+want {
		t.Errorf("9 lines: exit %d, %q, %q; want %q twice", code, out, errs, want)
	}
	code, _, errs = run(t, strings.Join(rows[:4], "\n")+"\n\n"+p+"\n", "canon")
	if code != exitFailed || !strings.Contains(errs, "lines 1-3: a grid written as lines of 9 cells ends after 3 of 9 rows") {
		t.Errorf("unfinished grid: exit %d, %q", code, errs)
	}
	// The same bad character, worded the same in every command.
	bad := "?" + p[1:]
	for _, cmd := range []string{"canon", "solve", "id", "rank"} {
		_, _, errs := run(t, "", cmd, bad)
		if !strings.Contains(errs, "cell 1 (r1c1): '?' is not a digit 1-9 or an empty cell (. 0 - * _ x)") {
			t.Errorf("%s: %q", cmd, errs)
		}
	}
}
