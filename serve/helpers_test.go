package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"edgrid/canon"
	"edgrid/rank"
)

// testRanker is one Ranker for every test of the package: its tables load once.
var testRanker = func() *rank.Ranker {
	r, err := rank.New(nil, nil)
	if err != nil {
		panic(err)
	}
	return r
}()

// newTestServer returns a Server over testRanker and an httptest server
// serving it, closed at the test's end.
func newTestServer(t testing.TB, opt Options) (*Server, *httptest.Server) {
	t.Helper()
	opt.Ranker = testRanker
	s, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return s, ts
}

// answer is a response with its data left raw, to decode into the type
// the endpoint promises.
type answer struct {
	Status string          `json:"status"`
	Line   int             `json:"line"`
	Data   json.RawMessage `json:"data"`
	Error  *struct {
		Type    string `json:"type"`
		Message string `json:"message"`
		Cell    int    `json:"cell"`
	} `json:"error"`
}

// call sends a request and decodes its one JSON answer; it fails the test
// when the body is not exactly one answer of the API's shape.
func call(t testing.TB, method, url, body string) (*http.Response, answer) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var a answer
	d := json.NewDecoder(strings.NewReader(string(b)))
	d.DisallowUnknownFields()
	if err := d.Decode(&a); err != nil {
		t.Fatalf("%s %s: %v in %q", method, url, err, b)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("%s %s: Content-Type %q", method, url, ct)
	}
	if (a.Status == "success") != (resp.StatusCode == 200) || (a.Error == nil) != (a.Status == "success") {
		t.Errorf("%s %s: status %d with %q", method, url, resp.StatusCode, b)
	}
	return resp, a
}

// get fetches a successful answer's data into v.
func get(t testing.TB, url string, v any) {
	t.Helper()
	resp, a := call(t, "GET", url, "")
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d %+v", url, resp.StatusCode, a.Error)
	}
	d := json.NewDecoder(strings.NewReader(string(a.Data)))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

// batch posts body and returns the answers, one a line.
func batch(t testing.TB, url, body string) []answer {
	t.Helper()
	resp, err := http.Post(url, "application/x-ndjson", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("POST %s: %d %s", url, resp.StatusCode, b)
	}
	var out []answer
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var a answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("POST %s: line %q: %v", url, sc.Text(), err)
		}
		out = append(out, a)
	}
	return out
}

// sleep waits a little while polling.
func sleep() { time.Sleep(10 * time.Millisecond) }

// parsePuzzleForTest reads an 81-character puzzle line.
func parsePuzzleForTest(s string) (canon.Grid, error) { return canon.ParsePuzzle(s) }

// serveLoopback runs s.Serve on a listener of 127.0.0.1 and returns its
// address and a function that stops it and returns what Serve returned.
func serveLoopback(t testing.TB, s *Server) (addr string, stop func() error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	return ln.Addr().String(), func() error {
		cancel()
		return <-served
	}
}
