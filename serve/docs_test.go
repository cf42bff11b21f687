package serve

import (
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The server serves the API reference and the pages its answers are
// explained by, as text, each the same as its page of docs/ (go generate
// ./serve copies them); the API's 404 points at the reference it serves.
func TestServedDocs(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	names, err := fs.Glob(pageFiles, "page/docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) < 2 {
		t.Fatalf("docs served: %v", names)
	}
	for _, name := range append([]string{"page/docs/api.md"}, names...) {
		base := filepath.Base(name)
		src, err := os.ReadFile(filepath.Join("..", "docs", base))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.Get(ts.URL + "/docs/" + base)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		header, body, _ := strings.Cut(string(b), "\n")
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
			t.Errorf("/docs/%s: %d %q", base, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		if !strings.Contains(header, "DO NOT EDIT") || body != string(src) {
			t.Errorf("/docs/%s differs from docs/%s: run go generate ./serve", base, base)
		}
	}
	resp, a := call(t, "GET", ts.URL+"/api/nope", "")
	if resp.StatusCode != http.StatusNotFound || !strings.Contains(a.Error.Message, "/docs/api.md") {
		t.Errorf("the API's 404: %+v", a.Error)
	}
}
