package progress

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a strings.Builder safe for the ticker and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A message or an answer written while the line is shown starts on a line
// of its own: the line is erased before it, and drawn again only after.
func TestWritesClearTheLine(t *testing.T) {
	var term syncBuffer
	var c Counter
	c.SetTotal(10)
	c.Add(3)
	// A delay and period longer than the test: the line is drawn only by
	// the test's Draw calls.
	l := Start(&term, time.Hour, time.Hour, c.Text("edgrid x", "grids"))
	l.Draw()
	l.Write(&term, []byte("answer 1\n"))
	l.Println(&term, "a message")
	l.Draw()
	l.Stop()
	l.Stop() // a second Stop does nothing
	want := clearLine + "edgrid x: 3 of 10 grids (30.0%), 0s" + clearLine + "answer 1\na message\n" +
		clearLine + "edgrid x: 3 of 10 grids (30.0%), 0s" + clearLine
	if got := term.String(); got != want {
		t.Fatalf("terminal got %q; want %q", got, want)
	}
}

// Nothing is drawn before the delay, and a nil line writes straight through.
func TestQuietLine(t *testing.T) {
	var term syncBuffer
	l := Start(&term, time.Hour, time.Hour, func(time.Duration) string { return "progress" })
	l.Println(&term, "m")
	l.Stop()
	if got := term.String(); got != "m\n" {
		t.Fatalf("got %q; want only the message", got)
	}
	var nl *Line
	var out syncBuffer
	nl.Draw()
	nl.Println(&out, "x")
	nl.Writer(&out).Write([]byte("y\n"))
	nl.Stop()
	if got := out.String(); got != "x\ny\n" {
		t.Fatalf("nil line wrote %q; want %q", got, "x\ny\n")
	}
}

func TestCounterText(t *testing.T) {
	var c Counter
	c.Add(1234567)
	if got, want := c.Text("rank", "inputs")(7*time.Second+400*time.Millisecond), "rank: 1,234,567 inputs, 7s"; got != want {
		t.Errorf("got %q; want %q", got, want)
	}
	c.SetTotal(2469134)
	if got, want := c.Text("rank", "inputs")(0), "rank: 1,234,567 of 2,469,134 inputs (50.0%), 0s"; got != want {
		t.Errorf("got %q; want %q", got, want)
	}
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", -1234: "-1,234", 5472730538: "5,472,730,538"} {
		if got := Group(n); got != want {
			t.Errorf("Group(%d) = %q; want %q", n, got, want)
		}
	}
}

// A line without delay is drawn before Start returns.
func TestNoDelay(t *testing.T) {
	var term syncBuffer
	l := Start(&term, 0, time.Hour, func(time.Duration) string { return "at once" })
	if got := term.String(); got != clearLine+"at once" {
		t.Fatalf("got %q; want the line drawn", got)
	}
	l.Stop()
}
