package lines

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Answer writes every input's answer in input order, however the workers'
// delays fall, with done called in order before each piece is written.
func TestAnswerInOrder(t *testing.T) {
	var in strings.Builder
	const n = 3*BatchLines + 17
	for i := range n {
		fmt.Fprintf(&in, "%d\n", i)
	}
	for _, recycle := range []bool{false, true} {
		bs := Open(nil, strings.NewReader(in.String()), false)
		bs.Recycle = recycle
		var out strings.Builder
		seen, lastErr := 0, 0
		err := bs.Answer(context.Background(), &out, func(b []Input, r *Result) {
			if rand.IntN(4) == 0 {
				time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
			}
			for _, l := range b {
				if v, _ := strconv.Atoi(l.Text); v%1000 == 7 {
					r.Errs = append(r.Errs, l.Where())
					continue
				}
				r.Out = append(append(r.Out, l.Text...), '\n')
			}
		}, func(k int, r *Result) {
			for _, e := range r.Errs {
				num, _ := strconv.Atoi(strings.TrimPrefix(e, "line "))
				if num <= lastErr || num <= seen || num > seen+k {
					t.Errorf("error of %q in the piece of lines %d-%d, after line %d's", e, seen+1, seen+k, lastErr)
				}
				lastErr = num
			}
			seen += k
		})
		bs.Close()
		if err != nil {
			t.Fatal(err)
		}
		if seen != n {
			t.Errorf("done saw %d inputs; want %d", seen, n)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		k := 0
		for i := range n {
			if i%1000 == 7 {
				continue
			}
			if k >= len(lines) || lines[k] != strconv.Itoa(i) {
				t.Fatalf("recycle %v: answer %d is not input %d's", recycle, k, i)
			}
			k++
		}
		if k != len(lines) {
			t.Errorf("%d answers; want %d", len(lines), k)
		}
	}
}

// A write error is returned, wrapped; the inputs are still all worked.
func TestAnswerWriteError(t *testing.T) {
	bs := Open([]string{"1", "2", "3"}, nil, false)
	defer bs.Close()
	worked := 0
	err := bs.Answer(context.Background(), failWriter{}, func(b []Input, r *Result) {
		worked += len(b)
		r.Out = append(r.Out, strings.Repeat("x", 1<<17)...)
	}, func(int, *Result) {})
	if err == nil || !strings.HasPrefix(err.Error(), "writing output: ") || worked != 3 {
		t.Errorf("got %v after %d inputs", err, worked)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, fmt.Errorf("disk full") }

// split cuts a batch into at most workers pieces, in order, none smaller
// than minPiece but the last.
func TestSplit(t *testing.T) {
	for _, c := range []struct{ n, workers, pieces int }{{1, 4, 1}, {minPiece * 2, 4, 2}, {1000, 4, 4}, {1001, 4, 4}, {1000, 1, 1}} {
		t.Run(fmt.Sprintf("n%d/workers%d", c.n, c.workers), func(t *testing.T) {
			b := make([]Input, c.n)
			for i := range b {
				b[i].Num = i
			}
			ps := split(b, c.workers)
			if len(ps) != c.pieces {
				t.Errorf("%d lines on %d workers: %d pieces; want %d", c.n, c.workers, len(ps), c.pieces)
			}
			next := 0
			for i, p := range ps {
				if i < len(ps)-1 && len(p) < minPiece {
					t.Errorf("%d lines: piece %d of %d lines", c.n, i, len(p))
				}
				for _, l := range p {
					if l.Num != next {
						t.Fatalf("%d lines: line %d out of order", c.n, l.Num)
					}
					next++
				}
			}
			if next != c.n {
				t.Errorf("%d lines: %d in the pieces", c.n, next)
			}
		})
	}
}
