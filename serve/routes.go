package serve

import (
	"net/http"
	"strings"
)

// routes registers every endpoint: the API under /api/v1/, GET for one
// input and POST for a batch of JSON lines; health, metrics and the page.
func (s *Server) routes() {
	s.mux = http.NewServeMux()
	s.handle("GET /api/v1/minlex/{input}", s.getMinlex)
	s.handle("POST /api/v1/minlex", s.postBatch(s.minlexKind))
	s.handle("GET /api/v1/grid/{grid}", s.getGrid)
	s.handle("POST /api/v1/grid", s.postBatch(s.gridKind))
	s.handle("GET /api/v1/number/{n}", s.getNumber)
	s.handle("POST /api/v1/number", s.postBatch(s.numberKind))
	s.handle("GET /api/v1/puzzle/{puzzle}", s.getPuzzle)
	s.handle("POST /api/v1/puzzle", s.postBatch(s.puzzleKind))
	s.handle("GET /api/v1/id/{id}", s.getID)
	s.handle("POST /api/v1/id", s.postBatch(s.idKind))
	s.handle("GET /api/v1/random", s.getRandom)
	s.handle("GET /api/v1/generate", s.getGenerate)
	s.handle("GET /api/v1/unavoidable/{grid}", s.getUnavoidable)
	s.handle("GET /api/v1/scan/{grid}", s.getScan)
	s.handle("GET /api/", s.noRoute)
	s.handle("POST /api/", s.noRoute)
	s.handle("GET /healthz", s.getHealth)
	s.handle("GET /metrics", s.metrics.handler().ServeHTTP)
	s.handle("GET /", s.pageHandler().ServeHTTP)
	s.handle("/", s.noRoute)
	if s.opt.CORSOrigin != "" {
		s.handle("OPTIONS /api/", s.preflight)
	}
}

// handle registers h under pattern, wrapped in what every request gets:
// the 503 of a server shutting down, CORS, the metrics of the pattern and
// the access log.
func (s *Server) handle(pattern string, h http.HandlerFunc) {
	s.mux.Handle(pattern, s.instrument(pattern, h))
}

// fallback are the patterns of noRoute (and "" of no pattern at all).
// The preflight's pattern is one too: it matches every /api/ path, so that
// a path no endpoint has would otherwise be 405 "want OPTIONS".
var fallback = map[string]bool{"": true, "/": true, "GET /api/": true, "POST /api/": true, "OPTIONS /api/": true}

// noRoute answers a request that no pattern of its method matches: 405
// with the methods the path takes (Allow) when another method's pattern
// matches it, and 404 otherwise, both as the API's JSON errors.
func (s *Server) noRoute(w http.ResponseWriter, r *http.Request) {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodOptions} {
		if m == r.Method {
			continue
		}
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := s.mux.Handler(probe); !fallback[pattern] {
			allow = append(allow, m)
			if m == http.MethodGet {
				allow = append(allow, http.MethodHead)
			}
		}
	}
	if len(allow) == 0 {
		s.notFound(w, r)
		return
	}
	w.Header().Set("Allow", strings.Join(allow, ", "))
	writeError(w, &apiError{Type: errMethod, Message: r.Method + " " + short(r.URL.Path) + ": want " + strings.Join(allow, " or "), status: http.StatusMethodNotAllowed})
}
