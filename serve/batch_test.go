package serve

import (
	"bytes"
	"edgrid/internal/testkit"
	"edgrid/internal/testkit/gridkit"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A batch answers each line as the GET of its input does, with its line
// number; bad lines are error lines and the others still answered.
func TestBatch(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	gs := gridkit.RandomGrids(3, 7, 11)
	body := fmt.Sprintf("%q\n\n{\"input\":%q}\n\"%s?\"\n[1]\n%q\n", gs[0].String(), gs[1].String(), gs[2].String()[:80], gs[2].String())
	got := batch(t, ts.URL+"/api/v1/grid", body)
	type want struct {
		line int
		grid string
		cell int
	}
	wants := []want{{1, gs[0].String(), 0}, {3, gs[1].String(), 0}, {4, "", 81}, {5, "", 0}, {6, gs[2].String(), 0}}
	if len(got) != len(wants) {
		t.Fatalf("%d answers; want %d", len(got), len(wants))
	}
	for i, w := range wants {
		a := got[i]
		if a.Line != w.line {
			t.Errorf("answer %d: line %d; want %d", i, a.Line, w.line)
		}
		if w.grid == "" {
			if a.Status != "error" || a.Error == nil || a.Error.Type != errBadInput || a.Error.Cell != w.cell {
				t.Errorf("line %d: %+v; want a bad_input error at cell %d", w.line, a, w.cell)
			}
			continue
		}
		var one answer
		_, one = call(t, "GET", ts.URL+"/api/v1/grid/"+w.grid, "")
		if a.Status != "success" || !bytes.Equal(a.Data, one.Data) {
			t.Errorf("line %d: %s; want the GET's %s", w.line, a.Data, one.Data)
		}
	}
	// Numbers take the order of the request; IDs and puzzles and minlex
	// answer as their GETs.
	nums := batch(t, ts.URL+"/api/v1/number?order=lex", "264\n\"265\"\n")
	_, one := call(t, "GET", ts.URL+"/api/v1/number/265?order=lex", "")
	if len(nums) != 2 || !bytes.Equal(nums[1].Data, one.Data) {
		t.Errorf("numbers: %+v", nums)
	}
	p := testkit.PuzzleTexts(t, "puzzles2_17_clue", 1)[0]
	var pa PuzzleAnswer
	get(t, ts.URL+"/api/v1/puzzle/"+p, &pa)
	for _, c := range []struct{ path, in string }{{"puzzle", p}, {"id", pa.ID}, {"minlex", p}, {"minlex", gs[0].String()}} {
		t.Run(c.in, func(t *testing.T) {
			b := batch(t, ts.URL+"/api/v1/"+c.path, fmt.Sprintf("%q\n", c.in))
			_, one := call(t, "GET", ts.URL+"/api/v1/"+c.path+"/"+c.in, "")
			if len(b) != 1 || !bytes.Equal(b[0].Data, one.Data) {
				t.Errorf("%s batch: %+v; want %s", c.path, b, one.Data)
			}
		})
	}
}

// CORS headers only when asked, and the preflight answered then.
func TestCORS(t *testing.T) {
	_, plain := newTestServer(t, Options{})
	_, cors := newTestServer(t, Options{CORSOrigin: "https://example.org"})
	resp, _ := call(t, "GET", plain.URL+"/api/v1/minlex/"+testGrid, "")
	if h := resp.Header.Get("Access-Control-Allow-Origin"); h != "" {
		t.Errorf("without --cors: Access-Control-Allow-Origin %q", h)
	}
	resp, _ = call(t, "GET", cors.URL+"/api/v1/minlex/"+testGrid, "")
	if h := resp.Header.Get("Access-Control-Allow-Origin"); h != "https://example.org" {
		t.Errorf("with --cors: Access-Control-Allow-Origin %q", h)
	}
	req, _ := http.NewRequest("OPTIONS", cors.URL+"/api/v1/grid", nil)
	pre, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	pre.Body.Close()
	if pre.StatusCode != 204 || !strings.Contains(pre.Header.Get("Access-Control-Allow-Methods"), "POST") {
		t.Errorf("preflight: %d %v", pre.StatusCode, pre.Header)
	}
}

// Every request is counted and logged; /metrics shows the counts, the
// latencies and the pool in the Prometheus text format.
func TestMetricsAndLog(t *testing.T) {
	var logs bytes.Buffer
	_, ts := newTestServer(t, Options{Log: slog.New(slog.NewJSONHandler(&logs, nil))})
	call(t, "GET", ts.URL+"/api/v1/minlex/"+testGrid, "")
	call(t, "GET", ts.URL+"/api/v1/grid/"+testGrid[:80], "")
	call(t, "GET", ts.URL+"/healthz", "")
	resp, err := http.Get(ts.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	_, _ = b.ReadFrom(resp.Body)
	resp.Body.Close()
	for _, w := range []string{
		`edgrid_http_requests_total{code="200",endpoint="GET /api/v1/minlex/{input}"} 1`,
		`edgrid_http_requests_total{code="400",endpoint="GET /api/v1/grid/{grid}"} 1`,
		`edgrid_http_errors_total{code="400",endpoint="GET /api/v1/grid/{grid}"} 1`,
		`edgrid_http_request_duration_seconds_count{endpoint="GET /healthz"} 1`,
		"edgrid_http_in_flight_requests 1", // this one
		"edgrid_work_running 0", "edgrid_work_queued 0", "edgrid_work_rejected_total 0",
		"go_goroutines", "process_resident_memory_bytes",
	} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("/metrics lacks %q", w)
		}
	}
	var rec struct {
		Msg, Method, Path, Endpoint string
		Status                      int
	}
	line, _, _ := strings.Cut(logs.String(), "\n")
	if err := json.Unmarshal([]byte(line), &rec); err != nil || rec.Msg != "request" || rec.Status != 200 || rec.Endpoint != "GET /api/v1/minlex/{input}" {
		t.Errorf("access log: %q (%v)", line, err)
	}
	if n := strings.Count(logs.String(), "\n"); n != 4 {
		t.Errorf("%d access-log records; want 4", n)
	}
}

// The page: HTML, style and script from the binary, nothing from elsewhere.
func TestPageFiles(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for path, want := range map[string]string{"/": `id="q"`, "/app.js": "api/v1/", "/style.css": "#board"} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		_, _ = b.ReadFrom(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(b.String(), want) {
			t.Errorf("GET %s: %d, lacks %q", path, resp.StatusCode, want)
		}
		if strings.Contains(b.String(), "http://") || strings.Contains(b.String(), "https://") {
			t.Errorf("GET %s: refers to another site; the page must work offline", path)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q", path, csp)
		}
	}
}

// A client that sends its request too slowly is cut off at the timeout.
func TestSlowClient(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	hs := s.HTTPServer()
	hs.ReadHeaderTimeout = 200 * time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ln)
	defer hs.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	start := time.Now()
	if _, err := c.Write([]byte("GET /healthz HTTP/1.1\r\nHost: x\r\n")); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	b := make([]byte, 512)
	for {
		if _, err := c.Read(b); err != nil {
			break // closed by the server (or a 408 then closed)
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("a slow client held its connection %v; the header timeout is %v", d, hs.ReadHeaderTimeout)
	}
	if hs.ReadTimeout == 0 || hs.WriteTimeout == 0 || hs.IdleTimeout == 0 {
		t.Errorf("a timeout is unset: %+v", hs)
	}
}

// A batch that runs out of time ends with an error line naming the first
// line not answered, after the answers of the lines before it.
func TestBatchOutOfTime(t *testing.T) {
	_, ts := newTestServer(t, Options{WorkTimeout: 50 * time.Millisecond, MaxBatch: 5000})
	var body strings.Builder
	for n := range 5000 {
		fmt.Fprintf(&body, "%d\n", 1000003*n%5472730538+1)
	}
	got := batch(t, ts.URL+"/api/v1/number?order=lex", body.String())
	if len(got) == 0 || len(got) == 5000 {
		t.Fatalf("%d answers to 5,000 numbers in 50 ms", len(got))
	}
	last := got[len(got)-1]
	if last.Status != "error" || last.Error == nil || last.Error.Type != errUnavailable || last.Line != len(got) ||
		!strings.Contains(last.Error.Message, fmt.Sprintf("line %d and the lines after it are not answered", len(got))) {
		t.Fatalf("the last of %d answers: %+v; want an unavailable error naming line %d", len(got), last, len(got))
	}
	for _, a := range got[:len(got)-1] {
		if a.Status != "success" {
			t.Fatalf("line %d: %+v", a.Line, a)
		}
	}
}
