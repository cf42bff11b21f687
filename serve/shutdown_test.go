package serve

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
)

// Shutting down with requests in flight loses none: each batch under way
// gets every one of its answers, and Serve returns nil.
func TestShutdownInFlight(t *testing.T) {
	s, _ := newTestServer(t, Options{Workers: 2})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()

	var body strings.Builder
	gs := randomGrids(40)
	for _, g := range gs {
		fmt.Fprintf(&body, "%q\n", g.String())
	}
	const clients = 4
	var wg sync.WaitGroup
	counts := make([]int, clients)
	for i := range clients {
		wg.Go(func() { counts[i] = len(batch(t, url+"/api/v1/grid", body.String())) })
	}
	// All four admitted to the pool: two computing, two waiting for a worker.
	waitFor(t, func() bool { return len(s.pool.admit) == clients })
	cancel()
	wg.Wait()
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
	for i, n := range counts {
		if n != len(gs) {
			t.Errorf("client %d: %d answers; want %d", i, n, len(gs))
		}
	}
	if _, err := net.Dial("tcp", ln.Addr().String()); err == nil {
		t.Error("the listener is still open after shutdown")
	}
}
