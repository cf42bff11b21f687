package serve

import (
	"bufio"
	"context"
	"edgrid/internal/testkit/gridkit"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
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
	gs := gridkit.RandomGrids(40, 7, 11)
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

// A keep-alive connection idle when the server starts shutting down is
// left open a while: the next request on it gets the documented 503, as
// JSON with its CORS header, and the connection is closed after it. No
// deadline: the server keeps idle connections an hour, and Serve returns
// once the last one is closed.
func TestShutdownIdle503(t *testing.T) {
	s, err := New(Options{Ranker: testRanker, CORSOrigin: "*"})
	if err != nil {
		t.Fatal(err)
	}
	s.drainIdle = time.Hour
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	br := bufio.NewReader(c)
	request := func() *http.Response {
		t.Helper()
		if _, err := c.Write([]byte("GET /api/v1/minlex/" + testGrid + " HTTP/1.1\r\nHost: x\r\n\r\n")); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("a request on the keep-alive connection: %v", err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.HasPrefix(string(body), `{"status":`) {
			t.Errorf("status %d, body %q: not the API's JSON", resp.StatusCode, body)
		}
		return resp
	}
	if resp := request(); resp.StatusCode != http.StatusOK {
		t.Fatalf("before shutdown: %d", resp.StatusCode)
	}
	cancel()
	waitFor(t, s.draining.Load)
	resp := request()
	if resp.StatusCode != http.StatusServiceUnavailable || !resp.Close || resp.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("after shutdown began: %d, close %t, CORS %q; want 503, close, *", resp.StatusCode, resp.Close, resp.Header.Get("Access-Control-Allow-Origin"))
	}
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
}
