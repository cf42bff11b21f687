package serve

import (
	"context"
	"net/http"
	"testing"
)

// FuzzInputs feeds any text to every parser of the API: each either
// answers or fails with a 4xx error, never a panic or a 500.
func FuzzInputs(f *testing.F) {
	s, err := New(Options{Ranker: testRanker})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(testGrid)
	f.Add("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	f.Add("264")
	f.Add("3785787929-028061150450010102188")
	f.Add(`{"input":"1"}`)
	f.Fuzz(func(t *testing.T, in string) {
		ctx := context.Background()
		check := func(what string, err error) {
			if err != nil {
				if e := toAPIError(err); e.status < 400 || e.status >= 500 {
					t.Fatalf("%s(%q): %v (status %d)", what, in, err, e.status)
				}
			}
		}
		_, err := s.minlexOf(ctx, in)
		check("minlex", err)
		_, err = s.gridOf(ctx, in)
		check("grid", err)
		_, err = s.puzzleOf(ctx, in)
		check("puzzle", err)
		_, err = s.numberOf(ctx, in, 0)
		check("number", err)
		_, err = s.idOf(ctx, in)
		check("id", err)
		_, err = batchInput([]byte(in))
		check("batch line", err)
		if err != nil && toAPIError(err).status != http.StatusBadRequest {
			t.Fatalf("batch line %q: %v", in, err)
		}
	})
}
