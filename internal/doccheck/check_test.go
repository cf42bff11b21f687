package doccheck

import (
	"os"
	"strings"
	"testing"
)

// Every path, page and section the repository cites exists.
func TestRepository(t *testing.T) {
	probs, err := Check("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range probs {
		t.Error(p)
	}
}

// The checker finds every kind of citation that points nowhere in a small
// repository (testdata/repo), and none of those that hold: its problems are
// the lines of testdata/repo/want.txt.
func TestFixture(t *testing.T) {
	probs, err := Check("testdata/repo")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/repo/want.txt")
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	for _, p := range probs {
		got.WriteString(p.String() + "\n")
	}
	if got.String() != string(want) {
		t.Errorf("problems:\n%swant:\n%s", got.String(), want)
	}
}
