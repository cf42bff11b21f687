package rank

import (
	"testing"

	"edgrid/band"
	"edgrid/enumerate"
)

// mustSearcher returns enumerate.NewSearcher(key) and fails the test on an
// error.
func mustSearcher(t testing.TB, key band.Key) *enumerate.Searcher {
	t.Helper()
	q, err := enumerate.NewSearcher(key)
	if err != nil {
		t.Fatal(err)
	}
	return q
}
