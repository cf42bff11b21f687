package serve

import (
	"bufio"
	"errors"
	"net"
	"net/http"
	"testing"
	"time"
)

// getOn sends GET /healthz on c and reads the answer, or fails with the
// read's error when none comes within wait.
func getOn(c net.Conn, wait time.Duration) error {
	if _, err := c.Write([]byte("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")); err != nil {
		return err
	}
	_ = c.SetReadDeadline(time.Now().Add(wait))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Connections beyond MaxConns wait, unaccepted, until one closes, when
// those open are busy: here each has sent half a request.
func TestMaxConns(t *testing.T) {
	s, err := New(Options{Ranker: testRanker, MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	addr, stop := serveLoopback(t, s)
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	var open []net.Conn
	for range 3 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		open = append(open, c)
	}
	for _, c := range open[:2] {
		if _, err := c.Write([]byte("GET /healthz HTTP/1.1\r\n")); err != nil {
			t.Fatal(err)
		}
	}
	if err := getOn(open[2], 300*time.Millisecond); err == nil {
		t.Fatal("a third connection was answered with two busy ones open and MaxConns 2")
	}
	open[0].Close()
	_ = open[2].SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(open[2]), nil)
	if err != nil {
		t.Fatalf("the third connection once the first closed: %v", err)
	}
	resp.Body.Close()
	if _, err := New(Options{Ranker: testRanker, MaxConns: MaxMaxConns + 1}); err == nil {
		t.Errorf("MaxConns %d accepted", MaxMaxConns+1)
	}
}

// The batch bodies held at once stay under maxHeldBytes whatever the pool.
func TestHeldBodiesBound(t *testing.T) {
	for _, workers := range []int{1, 4, 64, 1024} {
		s, err := New(Options{Ranker: testRanker, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if held := s.bodies.max; held > maxHeldBytes || held < s.opt.MaxBody {
			t.Errorf("%d workers: %d bytes of bodies of %d bytes held at once", workers, held, s.opt.MaxBody)
		}
	}
	if n := heldBodies(5, 1<<20); n != 10 {
		t.Errorf("a pool admitting 5: %d bodies; want 10", n)
	}
	if n := heldBodies(10, 1<<30); n != 1 {
		t.Errorf("bodies of 1 GiB: %d held; want 1", n)
	}
}

// At the limit, a new connection takes the place of the keep-alive
// connection idle the longest, which is closed: idle clients cannot lock the
// others out. No deadline: the idle timeout is an hour, so that the new
// connection's answer proves an idle one gave way.
func TestIdleConnsGiveWay(t *testing.T) {
	s, err := New(Options{Ranker: testRanker, MaxConns: 3})
	if err != nil {
		t.Fatal(err)
	}
	s.idleTimeout = time.Hour
	addr, stop := serveLoopback(t, s)
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	var idle []net.Conn
	for i := range 3 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if err := getOn(c, time.Hour); err != nil {
			t.Fatalf("idle connection %d: %v", i+1, err)
		}
		idle = append(idle, c)
	}
	// Each new client gets an answer, several times over.
	for i := range 5 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if err := getOn(c, time.Hour); err != nil {
			t.Fatalf("new client %d with 3 idle connections and MaxConns 3: %v", i+1, err)
		}
		c.Close()
	}
	// An idle connection was closed for them: the oldest one the server
	// had seen go idle (on a loaded machine the first may go idle in the
	// server's books after the second). A closed one reads its end at
	// once; the open ones time out.
	closed := 0
	for _, c := range idle {
		_ = c.SetReadDeadline(time.Now().Add(2 * time.Second))
		var ne net.Error
		if _, err := c.Read(make([]byte, 1)); err != nil && !(errors.As(err, &ne) && ne.Timeout()) {
			closed++
		}
	}
	if closed == 0 {
		t.Error("no idle connection was closed; want one closed for the new clients")
	}
}

// closeIdle closes the connection idle the longest.
func TestCloseIdleOldest(t *testing.T) {
	l := newLimitListener(nil, 3)
	var conns [3]*limitConn
	now := time.Now()
	for i, age := range []time.Duration{time.Second, 3 * time.Second, 2 * time.Second} {
		a, b := net.Pipe()
		defer b.Close()
		conns[i] = &limitConn{Conn: a, release: func() {}}
		l.idle[conns[i]] = now.Add(-age)
	}
	if !l.closeIdle() {
		t.Fatal("closeIdle: none closed")
	}
	if _, ok := l.idle[conns[1]]; ok || len(l.idle) != 2 {
		t.Errorf("closeIdle left %d idle, the oldest among them: %v", len(l.idle), ok)
	}
	l.idle = map[*limitConn]time.Time{}
	if l.closeIdle() {
		t.Error("closeIdle with none idle: true")
	}
}
