package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
)

// FuzzParams feeds any query string to the parsers of the order, over and
// seed parameters: each takes a value it accepts, as documented, or fails
// with a 400, never a panic.
func FuzzParams(f *testing.F) {
	f.Add("order=lex&over=classes&seed=7")
	f.Add("order=&over=grids&seed=18446744073709551615")
	f.Add("order=Paper&seed=18446744073709551616&over=%00")
	f.Add("order=lex;order=groups&seed=-1&seed=+1")
	f.Fuzz(func(t *testing.T, raw string) {
		r := httptest.NewRequest("GET", "/api/v1/random", nil)
		r.URL.RawQuery = raw
		q := r.URL.Query()
		bad := func(what string, err error) {
			if e := toAPIError(err); e.status != http.StatusBadRequest {
				t.Fatalf("%s of %q: %v (status %d)", what, raw, err, e.status)
			}
		}
		if _, err := orderOf(r); err != nil {
			bad("order", err)
		} else if o := q.Get("order"); o != "" && o != "paper" && o != "groups" && o != "lex" {
			t.Fatalf("order=%q accepted", o)
		}
		overGrids, seed, err := randomParams(q)
		if err != nil {
			bad("random", err)
			return
		}
		if over := q.Get("over"); overGrids != (over == "" || over == "grids") || !overGrids && over != "classes" {
			t.Fatalf("over=%q read as over grids %t", over, overGrids)
		}
		if t0 := q.Get("seed"); t0 != "" {
			if n, err := strconv.ParseUint(t0, 10, 64); err != nil || n != seed {
				t.Fatalf("seed=%q read as %d", t0, seed)
			}
		}
	})
}

// FuzzBatch posts any body as a batch of minlex inputs under small limits:
// a body over its byte or line limit is a 413 before any answer, and any
// other is answered line by line, one answer for each line not blank, in
// order, each a success or a 400; never a 500 or a panic.
func FuzzBatch(f *testing.F) {
	const maxBody, maxBatch = 2048, 6
	s, err := New(Options{Ranker: testRanker, MaxBody: maxBody, MaxBatch: maxBatch})
	if err != nil {
		f.Fatal(err)
	}
	h := s.postBatch(s.minlexKind)
	f.Add([]byte(`"` + testGrid + `"` + "\n\n{\"input\":\"1\"}\n[1]\n"))
	f.Add([]byte("1\n2\n3\n4\n5\n6\n7"))
	f.Add([]byte("\r\n \n\"" + testGrid + " 17\"\r\n"))
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := httptest.NewRecorder()
		h(rec, httptest.NewRequest("POST", "/api/v1/minlex", bytes.NewReader(body)))
		lines := bytes.Split(body, []byte{'\n'})
		if len(body) > 0 && body[len(body)-1] == '\n' {
			lines = lines[:len(lines)-1]
		}
		if len(body) > maxBody || len(lines) > maxBatch {
			if rec.Code != http.StatusRequestEntityTooLarge {
				t.Fatalf("%d bytes, %d lines: %d; want 413", len(body), len(lines), rec.Code)
			}
			return
		}
		if rec.Code != http.StatusOK {
			t.Fatalf("%d bytes, %d lines: %d %s", len(body), len(lines), rec.Code, rec.Body.Bytes())
		}
		sc := bufio.NewScanner(rec.Body)
		for i, l := range lines {
			if len(bytes.TrimSpace(l)) == 0 {
				continue
			}
			if !sc.Scan() {
				t.Fatalf("no answer to line %d of %d", i+1, len(lines))
			}
			var a answer
			if err := json.Unmarshal(sc.Bytes(), &a); err != nil || a.Line != i+1 ||
				a.Status != "success" && (a.Error == nil || a.Error.Type != errBadInput) {
				t.Fatalf("line %d: answer %s (%v)", i+1, sc.Bytes(), err)
			}
		}
		if sc.Scan() {
			t.Fatalf("an answer too many: %s", sc.Bytes())
		}
	})
}
