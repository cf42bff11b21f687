package lines

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// AnswerEach writes every input's answer in input order, however the
// workers' delays fall, each worker with its own state, and calls Done in
// order before each answer is written.
func TestAnswerEachInOrder(t *testing.T) {
	var in strings.Builder
	const n = BatchLines + 300
	for i := range n {
		fmt.Fprintf(&in, "%d\n", i)
	}
	bs := Open(nil, strings.NewReader(in.String()), false)
	defer bs.Close()
	type state struct {
		w    int
		busy *atomic.Bool // set while the worker answers: no two share a state
	}
	var made atomic.Int32
	var out strings.Builder
	done := 0
	err := AnswerEach(context.Background(), bs, &out, EachJob[state]{
		Workers: 3,
		NewState: func(w int) state {
			made.Add(1)
			return state{w: w, busy: new(atomic.Bool)}
		},
		Work: func(s state, l Input, r *Result) {
			if !s.busy.CompareAndSwap(false, true) {
				t.Errorf("worker %d's state used by two inputs at once", s.w)
			}
			if rand.IntN(8) == 0 {
				time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
			}
			if v, _ := strconv.Atoi(l.Text); v%100 == 7 {
				r.Errs = append(r.Errs, l.Where())
			} else {
				r.Out = fmt.Appendf(r.Out, "%s %d\n", l.Text, s.w)
			}
			s.busy.Store(false)
		},
		Done: func(r *Result) {
			for _, e := range r.Errs {
				if want := fmt.Sprintf("line %d", done+1); e != want {
					t.Errorf("error %q in the place of %s", e, want)
				}
			}
			done++
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if done != n || made.Load() != 3 {
		t.Errorf("Done saw %d inputs, %d states made; want %d, 3", done, made.Load(), n)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	k := 0
	for i := range n {
		if i%100 == 7 {
			continue
		}
		f := strings.Fields(got[k])
		if len(f) != 2 || f[0] != strconv.Itoa(i) || f[1] < "0" || f[1] > "2" {
			t.Fatalf("answer %d is %q; want input %d and a worker 0-2", k, got[k], i)
		}
		k++
	}
	if k != len(got) {
		t.Errorf("%d answers; want %d", len(got), k)
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// A failed write is AnswerEach's error once every input is answered.
func TestAnswerEachWriteError(t *testing.T) {
	bs := Open([]string{"a", "b", "c"}, nil, false)
	defer bs.Close()
	var answered atomic.Int32
	err := AnswerEach(context.Background(), bs, errWriter{}, EachJob[struct{}]{
		Work: func(_ struct{}, l Input, r *Result) {
			answered.Add(1)
			r.Out = append(r.Out, l.Text+"\n"...)
		},
	})
	if err == nil || !strings.HasPrefix(err.Error(), "writing output: ") || answered.Load() != 3 {
		t.Errorf("AnswerEach to a failing writer: %v, %d answered; want the write's error, 3 answered", err, answered.Load())
	}
}

// A stopped context ends the reading: what was read is answered and
// written, and the reading's error is returned.
func TestAnswerEachStopped(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	bs := Open(nil, r, false)
	defer bs.Close()
	stop := errors.New("stopped")
	bs.Stopped = func(context.Context) error { return stop }
	ctx, cancel := context.WithCancel(context.Background())
	var out strings.Builder
	go fmt.Fprintln(w, "first")
	// The first answer stops the run; nothing more is written to the pipe.
	err := AnswerEach(ctx, bs, &out, EachJob[struct{}]{
		Work: func(_ struct{}, l Input, r *Result) {
			r.Out = append(r.Out, l.Text+"!\n"...)
			cancel()
		},
	})
	if !errors.Is(err, stop) || out.String() != "first!\n" {
		t.Errorf("stopped: %v, output %q; want the stop and the first answer", err, out.String())
	}
}
