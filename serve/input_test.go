package serve

import (
	"bytes"
	"edgrid/internal/testkit"
	"fmt"
	"net/url"
	"testing"
)

// An input followed by extra fields (a rating, a name) is read as the
// command line reads such a line: the first field is the input, by GET and
// in a batch alike; cells written with spaces between them still count.
func TestTrailingFields(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	p := testkit.PuzzleTexts(t, "puzzles2_17_clue", 1)[0]
	var pa PuzzleAnswer
	get(t, ts.URL+"/api/v1/puzzle/"+p, &pa)
	spaced := ""
	for i := 0; i < 81; i += 9 {
		spaced += testGrid[i:i+9] + " "
	}
	for _, c := range []struct{ path, in, extra string }{
		{"puzzle", p, " 17"},
		{"minlex", p, "\t17 a name"},
		{"grid", testGrid, " 3.2"},
		{"grid", spaced, " x"},
		{"minlex", testGrid, " x"},
		{"number", "264", " 17"},
		{"id", pa.ID, " x"},
	} {
		t.Run(c.in, func(t *testing.T) {
			_, plain := call(t, "GET", ts.URL+"/api/v1/"+c.path+"/"+c.in, "")
			resp, a := call(t, "GET", ts.URL+"/api/v1/"+c.path+"/"+url.PathEscape(c.in+c.extra), "")
			if resp.StatusCode != 200 || plain.Status != "success" || !bytes.Equal(a.Data, plain.Data) {
				t.Errorf("GET %s %q: %d %+v; want the answer without the extra field", c.path, c.in+c.extra, resp.StatusCode, a.Error)
			}
			b := batch(t, ts.URL+"/api/v1/"+c.path, fmt.Sprintf("%q\n", c.in+c.extra))
			if len(b) != 1 || b[0].Status != "success" || !bytes.Equal(b[0].Data, plain.Data) {
				t.Errorf("batch %s %q: %+v; want the answer without the extra field", c.path, c.in+c.extra, b)
			}
		})
	}
}
