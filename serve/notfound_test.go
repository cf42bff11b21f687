package serve

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// A path under /api/ that no endpoint has is the API's JSON 404, whatever
// the method; a GET outside /api/ that is no file of the page is the
// page's plain-text 404; another method there is the JSON 405.
func TestNotFoundShapes(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	// With CORS on (its preflight route matches every /api/ path), the
	// same 404s, and 405s that do not offer OPTIONS.
	_, cors := newTestServer(t, Options{CORSOrigin: "*"})
	for _, base := range []string{ts.URL, cors.URL} {
		for _, m := range []string{"GET", "POST", "DELETE"} {
			resp, a := call(t, m, base+"/api/nope", "")
			if resp.StatusCode != http.StatusNotFound || a.Error.Type != errNotFound {
				t.Errorf("%s /api/nope (cors %t): %d %+v", m, base == cors.URL, resp.StatusCode, a.Error)
			}
		}
		resp, a := call(t, "DELETE", base+"/api/v1/minlex", "")
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST" {
			t.Errorf("DELETE /api/v1/minlex (cors %t): %d Allow %q %+v; want 405 Allow POST", base == cors.URL, resp.StatusCode, resp.Header.Get("Allow"), a.Error)
		}
	}
	resp, err := http.Get(ts.URL + "/nope")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		t.Errorf("GET /nope: %d %q %q", resp.StatusCode, resp.Header.Get("Content-Type"), b)
	}
	resp, a := call(t, "POST", ts.URL+"/nope", "")
	if resp.StatusCode != http.StatusMethodNotAllowed || a.Error.Type != errMethod {
		t.Errorf("POST /nope: %d %+v", resp.StatusCode, a.Error)
	}
}

// Requests that Go's server refuses before any handler (a bad escape in
// the path) or that no path names (GET *) get the API's JSON 400 too, with
// the CORS header when it is on, not Go's plain text.
func TestMalformedRequests(t *testing.T) {
	s, err := New(Options{Ranker: testRanker, CORSOrigin: "*"})
	if err != nil {
		t.Fatal(err)
	}
	addr, stop := serveLoopback(t, s)
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	for _, target := range []string{"/api/v1/minlex/%zz", "*", "/%"} {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Write([]byte("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n")); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("GET %s: %v", target, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		c.Close()
		var a answer
		if err := json.Unmarshal(b, &a); err != nil || resp.StatusCode != http.StatusBadRequest || a.Status != "error" || a.Error == nil || a.Error.Type != errBadInput ||
			resp.Header.Get("Content-Type") != "application/json" || resp.Header.Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("GET %s: %d %v %q; want the JSON 400 with CORS", target, resp.StatusCode, resp.Header, b)
		}
	}
}
