package serve

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

const testGrid = "123456789456789123789123456214365897365897214897241635531672948642938571978514362"

// Every error path: its status, type and cell, in the API's one shape.
func TestErrors(t *testing.T) {
	s, ts := newTestServer(t, Options{MaxBody: 4096, MaxBatch: 3})
	badCell := url.PathEscape(testGrid[:40] + "?" + testGrid[41:])
	twice := testGrid[:80] + "1" // row 9 holds 1 twice
	for _, tc := range []struct {
		method, path, body string
		status             int
		typ                string
		cell               int
		msg                string
	}{
		{"GET", "/api/v1/grid/" + badCell, "", 400, errBadInput, 41, "cell 41 (r5c5): '?' is not a digit"},
		{"GET", "/api/v1/grid/" + twice, "", 400, errBadInput, 81, "row 9 has two 1s"},
		{"GET", "/api/v1/grid/" + testGrid[:80], "", 400, errBadInput, 0, "80 cells, want 81"},
		{"GET", "/api/v1/grid/." + testGrid[1:], "", 400, errBadInput, 1, "an empty cell: want a solution grid"},
		{"GET", "/api/v1/minlex/" + badCell, "", 400, errBadInput, 41, "'?'"},
		{"GET", "/api/v1/puzzle/" + badCell, "", 400, errBadInput, 41, "'?'"},
		{"GET", "/api/v1/puzzle/11" + strings.Repeat(".", 79), "", 400, errBadInput, 2, "row 1"},
		{"GET", "/api/v1/number/0", "", 400, errBadInput, 0, "out of range: want 1..5472730538"},
		{"GET", "/api/v1/number/5472730539", "", 400, errBadInput, 0, "out of range"},
		{"GET", "/api/v1/number/12a", "", 400, errBadInput, 0, "not a number"},
		{"GET", "/api/v1/number/5?order=size", "", 400, errBadInput, 0, "order=size: want paper, groups or lex"},
		{"GET", "/api/v1/id/12-34", "", 400, errBadInput, 0, "want NUMBER-MASK"},
		{"GET", "/api/v1/id/9999999999-1ffffffffffffffffffff", "", 400, errBadInput, 0, "out of range"},
		{"GET", "/api/v1/id/1-000000000000000000000", "", 404, errNotFound, 0, "names no puzzle"},
		{"GET", "/api/v1/random?over=bands", "", 400, errBadInput, 0, "over=bands"},
		{"GET", "/api/v1/random?seed=-1", "", 400, errBadInput, 0, "seed=-1"},
		{"GET", "/api/v1/gird/" + testGrid, "", 404, errNotFound, 0, "no endpoint"},
		{"POST", "/api/v1/grid", strings.Repeat("x", 5000), 413, errTooLarge, 0, "over 4096 bytes"},
		{"POST", "/api/v1/minlex", "1\n2\n3\n4\n", 413, errTooLarge, 0, "over 3 lines"},
		{"POST", "/api/v1/number?order=x", "1\n", 400, errBadInput, 0, "order=x"},
		{"PUT", "/api/v1/minlex/" + testGrid, "", 405, errMethod, 0, "want GET or HEAD"},
		{"DELETE", "/api/v1/grid", "", 405, errMethod, 0, "want POST"},
		{"GET", "/api/v1/puzzle", "", 405, errMethod, 0, "want POST"},
		{"PATCH", "/healthz", "", 405, errMethod, 0, "want GET"},
		{"DELETE", "/api/v9/grid", "", 404, errNotFound, 0, "no endpoint DELETE /api/v9/grid"},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			resp, a := call(t, tc.method, ts.URL+tc.path, tc.body)
			if resp.StatusCode != tc.status || a.Error == nil || a.Error.Type != tc.typ || a.Error.Cell != tc.cell || !strings.Contains(a.Error.Message, tc.msg) {
				t.Errorf("%s %.60s: %d %+v; want %d %s cell %d %q", tc.method, tc.path, resp.StatusCode, a.Error, tc.status, tc.typ, tc.cell, tc.msg)
			}
		})
	}

	// A full pool: the expensive calls get 429 with Retry-After, the cheap
	// ones are answered.
	ctx := context.Background()
	held := 0
	for s.pool.acquire(ctx) == nil {
		held++
		if held == s.opt.Workers {
			break
		}
	}
	// The workers are taken; fill the queue with waiters that give up later.
	wctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	for range s.opt.Queue {
		go func() { _ = s.pool.acquire(wctx); done <- struct{}{} }()
	}
	waitFor(t, func() bool { return len(s.pool.admit) == cap(s.pool.admit) })
	for _, path := range []string{"/api/v1/grid/" + testGrid, "/api/v1/number/264", "/api/v1/random"} {
		resp, a := call(t, "GET", ts.URL+path, "")
		if resp.StatusCode != http.StatusTooManyRequests || a.Error.Type != errBusy || resp.Header.Get("Retry-After") == "" {
			t.Errorf("full pool: GET %.40s: %d %+v, Retry-After %q", path, resp.StatusCode, a.Error, resp.Header.Get("Retry-After"))
		}
	}
	if resp, a := call(t, "POST", ts.URL+"/api/v1/grid", testGrid+"\n"); resp.StatusCode != 429 || a.Error.Type != errBusy {
		t.Errorf("full pool: batch: %d %+v", resp.StatusCode, a.Error)
	}
	if resp, _ := call(t, "GET", ts.URL+"/api/v1/minlex/"+testGrid, ""); resp.StatusCode != 200 {
		t.Errorf("full pool: minlex: %d", resp.StatusCode)
	}
	// Batch bodies held at once are bounded too, cheap batches included.
	if !s.bodies.take(s.bodies.max) {
		t.Fatal("the bodies' budget is not free")
	}
	if resp, a := call(t, "POST", ts.URL+"/api/v1/minlex", testGrid+"\n"); resp.StatusCode != 429 || a.Error.Type != errBusy {
		t.Errorf("bodies full: minlex batch: %d %+v", resp.StatusCode, a.Error)
	}
	s.bodies.give(s.bodies.max)
	cancel()
	for range s.opt.Queue {
		<-done
	}
	for range held {
		s.pool.release()
	}
	if resp, _ := call(t, "GET", ts.URL+"/api/v1/grid/"+testGrid, ""); resp.StatusCode != 200 {
		t.Errorf("pool released: %d", resp.StatusCode)
	}

	// Shutting down: 503 with Retry-After, for every endpoint.
	s.Drain()
	for _, path := range []string{"/api/v1/minlex/" + testGrid, "/healthz", "/api/v1/grid/" + testGrid} {
		resp, a := call(t, "GET", ts.URL+path, "")
		if resp.StatusCode != http.StatusServiceUnavailable || a.Error.Type != errUnavailable || resp.Header.Get("Retry-After") == "" {
			t.Errorf("draining: GET %.40s: %d %+v", path, resp.StatusCode, a.Error)
		}
	}
}

// waitFor polls cond for up to 5 s.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	// A minute: the bound only ends a test that fails, so that a loaded
	// machine never makes one fail.
	for i := 0; i < 6000; i++ {
		if cond() {
			return
		}
		sleep()
	}
	t.Fatal("timed out waiting")
}

// A method a path does not take: 405 with Allow listing the ones it does.
func TestMethodNotAllowedAllow(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for path, want := range map[string]string{"/api/v1/minlex/" + testGrid: "GET, HEAD", "/api/v1/minlex": "POST"} {
		resp, _ := call(t, "PUT", ts.URL+path, "")
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != want {
			t.Errorf("PUT %.30s: %d, Allow %q; want 405, %q", path, resp.StatusCode, resp.Header.Get("Allow"), want)
		}
	}
}
