package serve

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The work timeout bounds a minlex batch as it does the others: a batch of
// puzzles whose forms take long ends with an error line naming the first
// line not answered.
func TestMinlexBatchOutOfTime(t *testing.T) {
	_, ts := newTestServer(t, Options{WorkTimeout: 100 * time.Millisecond})
	const n = 40
	body := strings.Repeat(fmt.Sprintf("%q\n", loneBand), n)
	got := batch(t, ts.URL+"/api/v1/minlex", body)
	if len(got) == 0 || len(got) == n {
		t.Fatalf("%d answers to %d lone bands in 100 ms; want a batch cut short", len(got), n)
	}
	last := got[len(got)-1]
	if last.Status != "error" || last.Error == nil || last.Error.Type != errUnavailable || last.Line != len(got) ||
		!strings.Contains(last.Error.Message, fmt.Sprintf("line %d and the lines after it are not answered", len(got))) {
		t.Fatalf("the last of %d answers: %+v; want an unavailable error naming line %d", len(got), last, len(got))
	}
}

// deadlines is a ResponseWriter that records the write deadlines set on it.
type deadlines struct {
	http.ResponseWriter
	set []time.Time
}

func (d *deadlines) SetWriteDeadline(t time.Time) error { d.set = append(d.set, t); return nil }
func (d *deadlines) Flush()                             {}

// A batch's stall deadline never reaches past its write deadline: each
// write waits at most the stall, and the whole answer ends by the write
// timeout however steadily the client reads.
func TestStallWithinWriteTimeout(t *testing.T) {
	d := &deadlines{ResponseWriter: discardWriter{}}
	end := time.Now().Add(time.Second)
	sw := newStallWriter(d, 10*time.Second, end)
	if _, err := sw.Write([]byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	if len(d.set) != 2 {
		t.Fatalf("%d deadlines set; want 2", len(d.set))
	}
	for _, dl := range d.set {
		if dl.After(end) {
			t.Errorf("a write deadline %v past the end of the write timeout %v", dl.Sub(end), end)
		}
	}
	sw = newStallWriter(d, 10*time.Millisecond, time.Now().Add(time.Hour))
	d.set = nil
	_, _ = sw.Write([]byte("x"))
	if len(d.set) != 1 || time.Until(d.set[0]) > time.Second {
		t.Errorf("deadlines %v; want the stall's", d.set)
	}
}

// discardWriter is a ResponseWriter that keeps nothing.
type discardWriter struct{}

func (discardWriter) Header() http.Header         { return http.Header{} }
func (discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (discardWriter) WriteHeader(int)             {}
