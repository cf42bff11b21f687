package serve

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// smallBuffers accepts connections with small socket buffers, so that a
// client that does not read blocks the server's writes at once.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(4096)
	}
	return c, err
}

// Neither a batch whose body comes slowly nor one whose answers are read
// slowly holds the one worker of the pool: the body is read before the
// worker is taken, and a client that stops reading is cut off after
// WriteStall and the worker freed for the next expensive call. No deadline
// but the stall's: the work, read and write timeouts are an hour, so that an
// expensive call answered at all proves the worker freed by the stall, and
// a loaded machine only makes the test slower.
func TestSlowBatchClients(t *testing.T) {
	s, err := New(Options{Ranker: testRanker, Workers: 1, WorkTimeout: time.Hour, WriteStall: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	s.writeTimeout = time.Hour
	ts := httptest.NewUnstartedServer(s)
	ts.Listener = smallBuffers{ts.Listener}
	ts.Config = s.HTTPServer()
	// The read deadlines, which also end a waiting request's context, an
	// hour too: the grid call may wait for the worker as long as the
	// machine makes it.
	ts.Config.ReadHeaderTimeout, ts.Config.ReadTimeout = time.Hour, time.Hour
	ts.Start()
	defer ts.Close()
	// expensiveCall must be answered while the slow clients hang on.
	expensiveCall := func(what string) {
		t.Helper()
		start := time.Now()
		resp, a := call(t, "GET", ts.URL+"/api/v1/grid/"+testGrid, "")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: a grid call got %d %+v after %v", what, resp.StatusCode, a.Error, time.Since(start))
		}
	}
	dial := func() *net.TCPConn {
		c, err := net.Dial("tcp", ts.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		tc := c.(*net.TCPConn)
		_ = tc.SetReadBuffer(4096)
		return tc
	}

	// A slow body: half of it, then nothing.
	slow := dial()
	defer slow.Close()
	line := fmt.Sprintf("%q\n", testGrid)
	fmt.Fprintf(slow, "POST /api/v1/grid HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s", 2*len(line), line)
	time.Sleep(100 * time.Millisecond)
	expensiveCall("a slow body")

	// A slow reader: a batch of answers far over the socket buffers,
	// none of them read.
	reader := dial()
	defer reader.Close()
	body := strings.Repeat(line, 3000)
	fmt.Fprintf(reader, "POST /api/v1/grid HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	waitFor(t, func() bool { return len(s.pool.run) == 1 })
	expensiveCall("a slow reader")
	if n := len(s.pool.run); n != 0 {
		t.Errorf("%v workers still running", n)
	}
}
