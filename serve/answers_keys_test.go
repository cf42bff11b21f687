package serve

import (
	"encoding/json"
	"strings"
	"testing"
)

// Answers encode with snake_case keys and decode from those and from the
// camelCase spellings alike; the new key wins where both are given.
func TestAnswerKeys(t *testing.T) {
	p := PuzzleAnswer{Puzzle: "p", PatternFirst: "f", PatternAutos: 3, Solutions: 1}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); !strings.Contains(s, `"pattern_first":"f"`) || !strings.Contains(s, `"pattern_autos":3`) || strings.Contains(s, "patternFirst") {
		t.Errorf("PuzzleAnswer encodes as %s", s)
	}
	u := UnavoidableAnswer{Grid: "g", MaxSize: 8, Count: 1}
	if b, _ := json.Marshal(u); !strings.Contains(string(b), `"max_size":8`) {
		t.Errorf("UnavoidableAnswer encodes as %s", b)
	}
	for _, c := range []struct{ name, in string }{
		{"new", `{"puzzle":"p","pattern_first":"f","pattern_autos":3,"solutions":1}`},
		{"old", `{"puzzle":"p","patternFirst":"f","patternAutos":3,"solutions":1}`},
		{"both", `{"puzzle":"p","pattern_first":"f","patternFirst":"x","pattern_autos":3,"patternAutos":9,"solutions":1}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got PuzzleAnswer
			if err := json.Unmarshal([]byte(c.in), &got); err != nil || got != p {
				t.Errorf("decoded %+v, %v; want %+v", got, err, p)
			}
		})
	}
	for _, in := range []string{`{"grid":"g","max_size":8,"count":1}`, `{"grid":"g","maxSize":8,"count":1}`} {
		var got UnavoidableAnswer
		if err := json.Unmarshal([]byte(in), &got); err != nil || got.Grid != "g" || got.MaxSize != 8 || got.Count != 1 {
			t.Errorf("%s: decoded %+v, %v", in, got, err)
		}
	}
	var bad PuzzleAnswer
	if err := json.Unmarshal([]byte(`{"patternAutos":"x"}`), &bad); err == nil {
		t.Error("a string for patternAutos: no error")
	}
}
