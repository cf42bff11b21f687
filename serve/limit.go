package serve

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// limitListener accepts at most cap(tokens) connections open at once: the
// next connection waits until one of them closes, so that connections
// beyond the limit wait in the kernel's backlog, unread and costing the
// process nothing, rather than each holding buffers and a goroutine. At
// the limit, a connection accepted gets the place of the keep-alive
// connection idle the longest, which is closed: idle clients cannot lock
// the others out, however many reconnect.
type limitListener struct {
	net.Listener
	tokens    chan struct{}
	done      chan struct{} // closed by Close: a waiting Accept returns
	idled     chan struct{} // a connection went idle (capacity 1)
	closeOnce sync.Once
	// rewrite, when not nil, may replace a write of a connection whole
	// (Server.asAPIError).
	rewrite func(p []byte) ([]byte, bool)

	mu   sync.Mutex
	idle map[*limitConn]time.Time // idle keep-alive connections, and since when
}

// newLimitListener returns ln accepting at most n connections at once.
func newLimitListener(ln net.Listener, n int) *limitListener {
	return &limitListener{Listener: ln, tokens: make(chan struct{}, n), done: make(chan struct{}),
		idled: make(chan struct{}, 1), idle: make(map[*limitConn]time.Time)}
}

// Accept waits for a connection, then for a place for it: a free one, or
// that of an idle connection, closed for it. While it holds a connection
// without a place, the next ones wait in the backlog.
func (l *limitListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	for {
		select {
		case l.tokens <- struct{}{}:
			lc := &limitConn{Conn: c, rewrite: l.rewrite}
			lc.release = func() { l.forget(lc); <-l.tokens }
			return lc, nil
		default:
		}
		if l.closeIdle() {
			continue // its place is free
		}
		select {
		case l.tokens <- struct{}{}:
			lc := &limitConn{Conn: c, rewrite: l.rewrite}
			lc.release = func() { l.forget(lc); <-l.tokens }
			return lc, nil
		case <-l.idled:
		case <-l.done:
			c.Close()
			return nil, net.ErrClosed
		}
	}
}

// closeIdle closes the connection idle the longest and reports whether
// there was one.
func (l *limitListener) closeIdle() bool {
	l.mu.Lock()
	var oldest *limitConn
	var since time.Time
	for c, t := range l.idle {
		if oldest == nil || t.Before(since) {
			oldest, since = c, t
		}
	}
	delete(l.idle, oldest)
	l.mu.Unlock()
	if oldest == nil {
		return false
	}
	oldest.Close()
	return true
}

// forget drops c from the idle connections.
func (l *limitListener) forget(c *limitConn) {
	l.mu.Lock()
	delete(l.idle, c)
	l.mu.Unlock()
}

// connState is the http.Server's ConnState hook: it keeps the set of idle
// keep-alive connections, and wakes an Accept waiting for a place.
func (l *limitListener) connState(c net.Conn, st http.ConnState) {
	lc, ok := c.(*limitConn)
	if !ok {
		return
	}
	if st != http.StateIdle {
		l.forget(lc)
		return
	}
	l.mu.Lock()
	l.idle[lc] = time.Now()
	l.mu.Unlock()
	select {
	case l.idled <- struct{}{}:
	default:
	}
}

// open is the number of connections open.
func (l *limitListener) open() int { return len(l.tokens) }

// Close closes the listener and ends a waiting Accept; closing it again
// does nothing (Serve closes it before the http.Server's Shutdown does).
func (l *limitListener) Close() error {
	var err error
	l.closeOnce.Do(func() {
		close(l.done)
		err = l.Listener.Close()
	})
	return err
}

// limitConn gives its place back once, on its first Close.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
	rewrite func(p []byte) ([]byte, bool)
}

// Write writes p, or what rewrite makes of it; it reports len(p) written
// when the rewrite is written whole.
func (c *limitConn) Write(p []byte) (int, error) {
	if c.rewrite != nil {
		if q, ok := c.rewrite(p); ok {
			if _, err := c.Conn.Write(q); err != nil {
				return 0, err
			}
			return len(p), nil
		}
	}
	return c.Conn.Write(p)
}

// Close closes the connection and frees its place.
func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
