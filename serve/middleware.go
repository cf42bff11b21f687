package serve

import (
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// recorder keeps the status and size of an answer for the log and the
// metrics, and lets batches flush.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// Unwrap gives http.ResponseController the connection's writer (Flush,
// deadlines).
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// instrument wraps the handler of pattern: a draining server answers 503
// and closes the connection; the API gets CORS headers when configured;
// every request is counted, timed and logged.
func (s *Server) instrument(pattern string, h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		s.metrics.inFlight.Inc()
		rec := &recorder{ResponseWriter: w}
		if s.opt.CORSOrigin != "" && (strings.HasPrefix(r.URL.Path, "/api/") || r.RequestURI == "*") {
			rec.Header().Set("Access-Control-Allow-Origin", s.opt.CORSOrigin)
			rec.Header().Add("Vary", "Origin")
		}
		if s.draining.Load() {
			rec.Header().Set("Connection", "close")
			writeError(rec, errDraining)
		} else {
			h(rec, r)
		}
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		d := time.Since(start)
		s.metrics.inFlight.Dec()
		s.metrics.observe(pattern, rec.status, d)
		s.opt.Log.LogAttrs(r.Context(), slog.LevelInfo, "request",
			slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.String("endpoint", pattern),
			slog.Int("status", rec.status), slog.Int64("bytes", rec.bytes),
			slog.Duration("duration", d), slog.String("remote", r.RemoteAddr))
	})
}

// preflight answers a CORS preflight request of the API.
func (s *Server) preflight(w http.ResponseWriter, _ *http.Request) {
	h := w.Header()
	h.Set("Access-Control-Allow-Methods", "GET, POST")
	h.Set("Access-Control-Allow-Headers", "Content-Type")
	h.Set("Access-Control-Max-Age", "86400")
	w.WriteHeader(http.StatusNoContent)
}
