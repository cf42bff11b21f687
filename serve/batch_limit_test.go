package serve

import (
	"net/http"
	"strings"
	"testing"
)

// The batch limit counts lines, with or without a final newline: exactly
// MaxBatch lines are answered, one more is 413.
func TestBatchLineLimit(t *testing.T) {
	for _, max := range []int{3, 0} {
		_, ts := newTestServer(t, Options{MaxBatch: max})
		limit := max
		if limit == 0 {
			limit = 10000
		}
		for _, n := range []int{limit, limit + 1} {
			for _, final := range []string{"\n", ""} {
				body := strings.TrimSuffix(strings.Repeat("\"1\"\n", n), "\n") + final
				resp, err := http.Post(ts.URL+"/api/v1/minlex", "application/x-ndjson", strings.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				want := http.StatusOK
				if n > limit {
					want = http.StatusRequestEntityTooLarge
				}
				if resp.StatusCode != want {
					t.Errorf("limit %d, %d lines, final newline %t: %d; want %d", limit, n, final != "", resp.StatusCode, want)
				}
			}
		}
	}
	if got := countLines([]byte("a\n\nb")); got != 3 {
		t.Errorf("countLines(a, blank, b without newline) = %d", got)
	}
}
