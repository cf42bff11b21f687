package serve

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"
)

// pageFiles are the page: HTML, a style sheet and a script, no build step
// and nothing fetched from elsewhere, so that it works offline; and under
// docs/ the pages of docs/ its answers are explained by, the API reference
// first, copied by go generate (internal/gen/pagedocs).
//
//go:generate go run ../internal/gen/pagedocs
//go:embed page
var pageFiles embed.FS

// pageHandler serves the page's files at /.
func (s *Server) pageHandler() http.Handler {
	sub, err := fs.Sub(pageFiles, "page")
	if err != nil {
		panic(err) // the directory is embedded: it exists
	}
	fsrv := http.FileServerFS(sub)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "no-cache")
		if strings.HasSuffix(r.URL.Path, ".md") {
			// Markdown is text to read: shown, not downloaded.
			h.Set("Content-Type", "text/plain; charset=utf-8")
		}
		fsrv.ServeHTTP(w, r)
	})
}
