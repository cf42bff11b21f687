package serve

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"edgrid/canon"
	"edgrid/generate"
	"edgrid/rate"
)

// maxGenerate bounds the puzzles of one /api/v1/generate call.
const maxGenerate = 100

// generated is one puzzle of /api/v1/generate, as edgrid generate --json
// writes it.
type generated struct {
	Puzzle    string `json:"puzzle"`
	Clues     int    `json:"clues"`
	Guesses   int64  `json:"guesses"`
	Grade     string `json:"grade"`
	Technique string `json:"technique"`
	Solution  string `json:"solution"`
}

// generateAnswer is the answer of /api/v1/generate.
type generateAnswer struct {
	Seed    uint64      `json:"seed"`
	Puzzles []generated `json:"puzzles"`
}

// getGenerate answers GET /api/v1/generate?n=N&over=grids|classes|backtrack&rating=A..B&seed=S:
// N (1..100, default 1) top-down minimal puzzles, rated, the same for the
// same seed as edgrid generate's first N.
func (s *Server) getGenerate(w http.ResponseWriter, r *http.Request) {
	opt, n, err := generateParams(r.URL.Query())
	if err != nil {
		writeError(w, err)
		return
	}
	s.expensive(w, r, func(ctx context.Context) (any, error) {
		a := generateAnswer{Seed: opt.Seed}
		err := generate.Run(ctx, opt, s.ranker, 1, func(p *generate.Puzzle) (bool, error) {
			g, sol := canon.Grid(p.Givens), canon.Grid(p.Solution)
			a.Puzzles = append(a.Puzzles, generated{Puzzle: string(canon.AppendPuzzle(nil, &g, '.')), Clues: p.Clues,
				Guesses: p.Rating.Guesses, Grade: p.Rating.Grade().String(), Technique: p.Rating.Hardest.String(), Solution: sol.String()})
			return len(a.Puzzles) < n, nil
		})
		return a, err
	})
}

// generateParams reads the parameters of /api/v1/generate.
func generateParams(q url.Values) (generate.Options, int, error) {
	opt := generate.Options{Seed: rand.Uint64(), MaxTries: 1 << 16}
	n := 1
	if t := q.Get("n"); t != "" {
		v, err := strconv.Atoi(t)
		if err != nil || v < 1 || v > maxGenerate {
			return opt, 0, badInput("n=%s: want 1..%d", short(t), maxGenerate)
		}
		n = v
	}
	if t := q.Get("over"); t != "" {
		o, err := generate.ParseOver(t)
		if err != nil {
			return opt, 0, badInput("over=%s: want grids, classes or backtrack", short(t))
		}
		opt.Over = o
	}
	if t := q.Get("rating"); t != "" {
		a, b, isRange := strings.Cut(t, "..")
		lo, err1 := rate.ParseGrade(a)
		hi, err2 := lo, error(nil)
		if isRange {
			hi, err2 = rate.ParseGrade(b)
		}
		if err1 != nil || err2 != nil || lo > hi {
			return opt, 0, badInput("rating=%s: want a grade or A..B of simple, easy, intermediate, hard, expert", short(t))
		}
		opt.MinGrade, opt.MaxGrade = lo, hi
	}
	if t := q.Get("seed"); t != "" {
		v, err := strconv.ParseUint(t, 10, 64)
		if err != nil {
			return opt, 0, badInput("seed=%s: want a number 0..18446744073709551615", short(t))
		}
		opt.Seed = v
	}
	return opt, n, nil
}
