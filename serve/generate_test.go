package serve

import (
	"strings"
	"testing"

	"edgrid/generate"
)

// TestGenerateEndpoint checks /api/v1/generate against the library: the
// same puzzles for the same seed, n bounded, bad parameters 400.
func TestGenerateEndpoint(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	var a generateAnswer
	get(t, ts.URL+"/api/v1/generate?n=3&seed=5&over=backtrack&rating=easy..expert", &a)
	if a.Seed != 5 || len(a.Puzzles) != 3 {
		t.Fatalf("%+v", a)
	}
	i := 0
	err := generate.Run(t.Context(), generate.Options{Over: generate.OverBacktrack, Seed: 5, MinGrade: 2, MaxGrade: 5}, nil, 1, func(p *generate.Puzzle) (bool, error) {
		if got := a.Puzzles[i]; got.Clues != p.Clues || got.Guesses != p.Rating.Guesses || len(got.Puzzle) != 81 ||
			strings.Count(got.Puzzle, ".") != 81-p.Clues || got.Grade == "simple" {
			t.Errorf("puzzle %d: %+v; the library's has %d clues, %d guesses", i, got, p.Clues, p.Rating.Guesses)
		}
		i++
		return i < 3, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"n=0", "n=101", "n=x", "over=bands", "rating=medium", "rating=expert..easy", "seed=-1"} {
		resp, body := call(t, "GET", ts.URL+"/api/v1/generate?"+q, "")
		if resp.StatusCode != 400 || body.Error == nil || body.Error.Type != errBadInput {
			t.Errorf("%s: %d %+v; want 400 bad input", q, resp.StatusCode, body.Error)
		}
	}
}
