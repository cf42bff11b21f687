package serve

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"

	"edgrid/rank"
)

// getMinlex answers GET /api/v1/minlex/{input}: cheap, outside the pool,
// within the work timeout.
func (s *Server) getMinlex(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), s.opt.WorkTimeout)
	defer cancel()
	a, err := s.minlexOf(ctx, r.PathValue("input"))
	if err != nil {
		writeError(w, err)
		return
	}
	writeData(w, a)
}

// expensive runs fn in the pool with the work timeout and writes its
// answer or its error.
func (s *Server) expensive(w http.ResponseWriter, r *http.Request, fn func(ctx context.Context) (any, error)) {
	ctx, cancel := context.WithTimeout(r.Context(), s.opt.WorkTimeout)
	defer cancel()
	if err := s.pool.acquire(ctx); err != nil {
		writeError(w, err)
		return
	}
	a, err := fn(ctx)
	s.pool.release()
	if err != nil {
		writeError(w, err)
		return
	}
	writeData(w, a)
}

// getGrid answers GET /api/v1/grid/{grid}.
func (s *Server) getGrid(w http.ResponseWriter, r *http.Request) {
	s.expensive(w, r, func(ctx context.Context) (any, error) { return s.gridOf(ctx, r.PathValue("grid")) })
}

// getNumber answers GET /api/v1/number/{n}?order=paper|groups|lex.
func (s *Server) getNumber(w http.ResponseWriter, r *http.Request) {
	o, err := orderOf(r)
	if err != nil {
		writeError(w, err)
		return
	}
	s.expensive(w, r, func(ctx context.Context) (any, error) { return s.numberOf(ctx, r.PathValue("n"), o) })
}

// orderOf reads the order parameter: paper (the default), groups or lex.
func orderOf(r *http.Request) (rank.Order, error) {
	name := r.URL.Query().Get("order")
	if name == "" {
		return rank.Paper, nil
	}
	o, err := rank.ParseOrder(name)
	if err != nil {
		return 0, badInput("order=%s: want paper, groups or lex", short(name))
	}
	return o, nil
}

// getPuzzle answers GET /api/v1/puzzle/{puzzle}.
func (s *Server) getPuzzle(w http.ResponseWriter, r *http.Request) {
	s.expensive(w, r, func(ctx context.Context) (any, error) { return s.puzzleOf(ctx, r.PathValue("puzzle")) })
}

// getID answers GET /api/v1/id/{id}.
func (s *Server) getID(w http.ResponseWriter, r *http.Request) {
	s.expensive(w, r, func(ctx context.Context) (any, error) { return s.idOf(ctx, r.PathValue("id")) })
}

// getRandom answers GET /api/v1/random?over=grids|classes&seed=S: a grid
// drawn uniformly over all grids (the default) or over classes, with its
// answer. The same seed gives the same grid.
func (s *Server) getRandom(w http.ResponseWriter, r *http.Request) {
	overGrids, seed, err := randomParams(r.URL.Query())
	if err != nil {
		writeError(w, err)
		return
	}
	s.expensive(w, r, func(ctx context.Context) (any, error) {
		g, err := s.randomGrid(ctx, rand.New(rand.NewPCG(seed, seed^0x9E3779B97F4A7C15)), overGrids)
		if err != nil {
			return nil, err
		}
		return s.describeGrid(ctx, &g)
	})
}

// randomParams reads the parameters of /api/v1/random: over (grids, the
// default, or classes) and seed (a random one when absent).
func randomParams(q url.Values) (overGrids bool, seed uint64, err error) {
	switch q.Get("over") {
	case "", "grids":
		overGrids = true
	case "classes":
	default:
		return false, 0, badInput("over=%s: want grids or classes", short(q.Get("over")))
	}
	seed = rand.Uint64()
	if t := q.Get("seed"); t != "" {
		if seed, err = strconv.ParseUint(t, 10, 64); err != nil {
			return false, 0, badInput("seed=%s: want a number 0..18446744073709551615", short(t))
		}
	}
	return overGrids, seed, nil
}

// getHealth answers GET /healthz: 200 while serving, 503 once shutting
// down (the wrapper answers that).
func (s *Server) getHealth(w http.ResponseWriter, _ *http.Request) {
	writeData(w, map[string]string{"health": "ok"})
}

// notFound answers the API paths no endpoint has, as JSON.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	writeError(w, &apiError{Type: errNotFound, Message: "no endpoint " + r.Method + " " + short(r.URL.Path) + " (see /docs/api.md)", status: http.StatusNotFound})
}
