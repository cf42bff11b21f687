package serve

import (
	"net/http"
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
	s.handle("GET /api/", s.notFound)
	s.handle("POST /api/", s.notFound)
	s.handle("GET /healthz", s.getHealth)
	s.handle("GET /metrics", s.metrics.handler().ServeHTTP)
	s.handle("GET /", s.pageHandler().ServeHTTP)
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
