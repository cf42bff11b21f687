package serve

import (
	"embed"
	"io/fs"
	"net/http"
)

// pageFiles are the page: HTML, a style sheet and a script, no build step
// and nothing fetched from elsewhere, so that it works offline.
//
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
		fsrv.ServeHTTP(w, r)
	})
}
