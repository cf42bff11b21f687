package bulk

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"edgrid/canon"
	"edgrid/internal/lines"
	"edgrid/storage"
)

// gridOf is a query that numbers can be told apart by: the number's digits
// at the end of a grid whose first band, set by the number modulo 3, puts
// the queries in three first bands.
func gridOf(v int) canon.Grid {
	var g canon.Grid
	g[0] = uint8(v % 3)
	s := fmt.Sprintf("%020d", v)
	for i := range len(s) {
		g[81-len(s)+i] = s[i] - '0'
	}
	return g
}

// valueOf reads gridOf's number back.
func valueOf(g *canon.Grid) int64 {
	var v int64
	for _, d := range g[61:] {
		v = 10*v + int64(d)
	}
	return v
}

// squareJob answers an input "v" with v*v; "bad" fails to prepare. Each
// preparing goroutine counts its inputs in a state of its own; Answer
// checks that its queries are ascending, distinct and of one first band.
func squareJob(t *testing.T, states *atomic.Int64) *Job[*int] {
	return &Job[*int]{
		NewState: func() *int { states.Add(1); return new(int) },
		Prepare: func(_ context.Context, n *int, l *lines.Input) (canon.Grid, []byte, error) {
			*n++
			v, err := strconv.Atoi(l.Text)
			if err != nil {
				return canon.Grid{}, nil, fmt.Errorf("not a number")
			}
			return gridOf(v), []byte(l.Text), nil
		},
		Answer: func(_ context.Context, ms []canon.Grid) ([]Answer, error) {
			as := make([]Answer, len(ms))
			for k := range ms {
				if k > 0 && (string(ms[k-1][:]) >= string(ms[k][:]) || ms[k][0] != ms[0][0]) {
					t.Errorf("queries not ascending, distinct, of one first band")
				}
				v := valueOf(&ms[k])
				as[k].V = [3]int64{v * v, v, int64(k)}
			}
			return as, nil
		},
	}
}

// progressCount is a Progress that keeps what it was told.
type progressCount struct {
	phases []string
	done   atomic.Int64
}

func (p *progressCount) Phase(name string, total int64) {
	p.phases = append(p.phases, fmt.Sprintf("%s %d", name, total))
	p.done.Store(0)
}
func (p *progressCount) Add(n int64) { p.done.Add(n) }

// The answers come back in input order, each with its input and payload,
// in memory and spilled alike; duplicates are answered once; inputs that
// could not be prepared carry their error.
func TestRunInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var in strings.Builder
	var want []string
	for i := range 3000 {
		switch {
		case i%97 == 5:
			in.WriteString("bad\n")
			want = append(want, "error not a number")
		default:
			v := rng.IntN(700) // duplicates too
			fmt.Fprintf(&in, "%d x%d\n", v, i)
			want = append(want, fmt.Sprintf("%d %d x%d", v, v*v, i))
		}
	}
	for _, mem := range []int64{1 << 30, 4 << 10} {
		var states atomic.Int64
		bs := lines.Open(nil, strings.NewReader(in.String()), false)
		prog := &progressCount{}
		a, err := Run(context.Background(), squareJob(t, &states), t.TempDir(), mem, bs, prog)
		bs.Close()
		if err != nil {
			t.Fatal(err)
		}
		if a.Total() != int64(len(want)) {
			t.Fatalf("mem %d: %d inputs; want %d", mem, a.Total(), len(want))
		}
		q, ans := a.Spills()
		if spilled := q > 0 && ans > 0; spilled != (mem < 1<<20) {
			t.Errorf("mem %d: %d and %d runs spilled", mem, q, ans)
		}
		if len(prog.phases) != 1 || !strings.HasPrefix(prog.phases[0], "answering ") {
			t.Errorf("mem %d: phases %q", mem, prog.phases)
		}
		if states.Load() < 1 {
			t.Errorf("mem %d: no state made", mem)
		}
		var got []string
		err = a.Each(func(seq int64, r *Result) error {
			if seq != int64(len(got)) || r.Input.Num != len(got)+1 {
				t.Fatalf("mem %d: input %d (line %d) at %d", mem, seq, r.Input.Num, len(got))
			}
			if r.Err != nil {
				got = append(got, "error "+r.Err.Error())
				return nil
			}
			got = append(got, fmt.Sprintf("%s %d %s", r.Payload, r.Answer.V[0], r.Input.Rest))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if i >= len(got) || got[i] != want[i] {
				t.Fatalf("mem %d: answer %d is %q; want %q", mem, i, got[i], want[i])
			}
		}
	}
}

// With DamagePerLine, a damaged group fails only its own inputs; without,
// the whole run.
func TestDamage(t *testing.T) {
	in := "1\n2\n3\n4\n5\n6\n"
	for _, perLine := range []bool{true, false} {
		var states atomic.Int64
		job := squareJob(t, &states)
		answer := job.Answer
		job.DamagePerLine = perLine
		job.Answer = func(ctx context.Context, ms []canon.Grid) ([]Answer, error) {
			if ms[0][0] == 1 { // 1 and 4: one first band
				return nil, &storage.CorruptError{Path: "g1", Section: "block", Msg: "bad block"}
			}
			return answer(ctx, ms)
		}
		bs := lines.Open(nil, strings.NewReader(in), false)
		a, err := Run(context.Background(), job, t.TempDir(), 1<<20, bs, nil)
		bs.Close()
		if !perLine {
			var ce *storage.CorruptError
			if !errors.As(err, &ce) {
				t.Errorf("not per line: got %v; want the damage", err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var failed []string
		a.Each(func(_ int64, r *Result) error {
			var ce *storage.CorruptError
			if errors.As(r.Err, &ce) {
				failed = append(failed, r.Input.Text)
			} else if r.Err != nil {
				t.Errorf("input %s: %v", r.Input.Text, r.Err)
			}
			return nil
		})
		if strings.Join(failed, ",") != "1,4" {
			t.Errorf("damaged inputs %q; want 1 and 4", failed)
		}
	}
}

// A run stopped before its answers are known returns the stop.
func TestRunStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var states atomic.Int64
	job := squareJob(t, &states)
	job.Answer = func(ctx context.Context, ms []canon.Grid) ([]Answer, error) {
		cancel()
		<-ctx.Done()
		return nil, ctx.Err()
	}
	bs := lines.Open(nil, strings.NewReader("1\n2\n3\n"), false)
	defer bs.Close()
	if _, err := Run(ctx, job, t.TempDir(), 1<<20, bs, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v; want the stop", err)
	}
	if _, err := Run(context.Background(), &Job[int]{}, t.TempDir(), 1<<20, bs, nil); err == nil {
		t.Error("a job without Prepare or Answer ran")
	}
}

// The records of the lines file read back as written.
func TestLineRecords(t *testing.T) {
	recs := []lineRecord{
		{line: lines.Input{Text: "abc", Rest: "r s", Num: 3}, payload: []byte{1, 2, 3}},
		{line: lines.Input{Num: 4, Last: 12, Err: errors.New("cut short")}},
		{line: lines.Input{Text: "x", Num: 2, Arg: true}, prepErr: "bad cell"},
	}
	var b []byte
	for i := range recs {
		b = appendLineRecord(b, &recs[i])
	}
	lr := lineRecords{r: bufioReader(b)}
	for i, want := range recs {
		var got lineRecord
		ok, err := lr.next(&got)
		if !ok || err != nil {
			t.Fatalf("record %d: %v, %v", i, ok, err)
		}
		g, w := got.line, want.line
		if g.Text != w.Text || g.Rest != w.Rest || g.Num != w.Num || g.Last != w.Last || g.Arg != w.Arg ||
			(g.Err == nil) != (w.Err == nil) || got.prepErr != want.prepErr || string(got.payload) != string(want.payload) {
			t.Errorf("record %d: %+v; want %+v", i, got, want)
		}
	}
	if ok, err := lr.next(new(lineRecord)); ok || err != nil {
		t.Errorf("after the last record: %v, %v", ok, err)
	}
	lr = lineRecords{r: bufioReader(b[:len(b)-2])}
	lr.next(new(lineRecord))
	lr.next(new(lineRecord))
	if _, err := lr.next(new(lineRecord)); err == nil {
		t.Error("a record cut short read without an error")
	}
}
