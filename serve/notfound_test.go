package serve

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// A path under /api/ that no endpoint has is the API's JSON 404, whatever
// the method; a GET outside /api/ that is no file of the page is the
// page's plain-text 404; another method there is the JSON 405.
func TestNotFoundShapes(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for _, m := range []string{"GET", "POST", "DELETE"} {
		resp, a := call(t, m, ts.URL+"/api/nope", "")
		if resp.StatusCode != http.StatusNotFound || a.Error.Type != errNotFound {
			t.Errorf("%s /api/nope: %d %+v", m, resp.StatusCode, a.Error)
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
