package serve

import (
	"net"
	"sync"
)

// limitListener accepts at most cap(tokens) connections open at once: the
// next Accept waits until one of them closes, so that connections beyond
// the limit wait in the kernel's backlog, unread and costing the process
// nothing, rather than each holding buffers and a goroutine.
type limitListener struct {
	net.Listener
	tokens    chan struct{}
	done      chan struct{} // closed by Close: a waiting Accept returns
	closeOnce sync.Once
}

// newLimitListener returns ln accepting at most n connections at once.
func newLimitListener(ln net.Listener, n int) *limitListener {
	return &limitListener{Listener: ln, tokens: make(chan struct{}, n), done: make(chan struct{})}
}

// Accept waits for a free place, then for a connection.
func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.tokens <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.tokens
		return nil, err
	}
	return &limitConn{Conn: c, release: func() { <-l.tokens }}, nil
}

// Close closes the listener and ends a waiting Accept.
func (l *limitListener) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// limitConn gives its place back once, on its first Close.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

// Close closes the connection and frees its place.
func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
