package serve

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// rawPost sends a batch request's head announcing length bytes of body,
// then part of the body, then (when closeWrite) ends its side of the
// connection; it returns the answer's status and error type.
func rawPost(t *testing.T, addr string, length int, part string, closeWrite bool) (int, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	head := "POST /api/v1/minlex HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\nContent-Length: " +
		strconv.Itoa(length) + "\r\n\r\n"
	if _, err := c.Write([]byte(head + part)); err != nil {
		t.Fatal(err)
	}
	if closeWrite {
		if err := c.(*net.TCPConn).CloseWrite(); err != nil {
			t.Fatal(err)
		}
	}
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	defer resp.Body.Close()
	var a answer
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil || a.Error == nil {
		t.Fatalf("status %d: not a JSON error (%v)", resp.StatusCode, err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q", ct)
	}
	return resp.StatusCode, a.Error.Type
}

// A body its client cuts off before its announced length is a 400, and a
// body still arriving at the read timeout a 408, both JSON errors.
func TestCutBody(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	ts := httptest.NewUnstartedServer(s)
	ts.Config.ReadTimeout = 300 * time.Millisecond
	ts.Start()
	defer ts.Close()
	addr := ts.Listener.Addr().String()
	part := `"` + testGrid + `"` + "\n\"" + testGrid[:20]
	if status, typ := rawPost(t, addr, 1000, part, true); status != http.StatusBadRequest || typ != errBadInput {
		t.Errorf("a truncated body: %d %s; want 400 %s", status, typ, errBadInput)
	}
	start := time.Now()
	if status, typ := rawPost(t, addr, 1000, part, false); status != http.StatusRequestTimeout || typ != errTimeout {
		t.Errorf("a body cut by the read timeout: %d %s; want 408 %s", status, typ, errTimeout)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("a slow body held its connection %v", d)
	}
}

// Clients that send their bodies a byte now and then hold only the bytes
// they have sent: however many of them there are (more than the batch
// bodies held at once), a batch posted beside them is answered.
func TestSlowBodiesHoldNoPlace(t *testing.T) {
	s, err := New(Options{Ranker: testRanker, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	addr, stop := serveLoopback(t, s)
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	slow := 2*(1+4) + 2 // more than a pool admitting 5 holds bodies for
	for range slow {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if _, err := c.Write([]byte("POST /api/v1/minlex HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n\"1")); err != nil {
			t.Fatal(err)
		}
	}
	// All of them reached a handler: in flight (with the metrics request
	// itself) or answered.
	waitFor(t, func() bool {
		m := metricsText(t, "http://"+addr)
		return metricValue(m, "edgrid_http_in_flight_requests")+
			metricValue(m, `edgrid_http_requests_total{code="429",endpoint="POST /api/v1/minlex"}`) == float64(slow+1)
	})
	got := batch(t, "http://"+addr+"/api/v1/minlex", fmt.Sprintf("%q\n", testGrid))
	if len(got) != 1 || got[0].Status != "success" {
		t.Errorf("a batch beside %d slow bodies: %+v", slow, got)
	}
}

// metricsText is the text of GET base/metrics.
func metricsText(t *testing.T, base string) string {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// metricValue is the value of the series named (with its labels) name in
// the metrics text m, 0 when it is absent.
func metricValue(m, name string) float64 {
	for _, l := range strings.Split(m, "\n") {
		if v, ok := strings.CutPrefix(l, name+" "); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return f
		}
	}
	return 0
}
