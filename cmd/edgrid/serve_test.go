package main

import (
	"bytes"
	"context"
	"edgrid/internal/testkit"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// startServe runs edgrid serve on a free port until the test ends and
// returns its base URL.
func startServe(t *testing.T) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	done := make(chan error, 1)
	var errb bytes.Buffer
	o := serveOptions{addr: "127.0.0.1:0", ready: func(a string) { addr <- a }}
	go func() { done <- runServe(ctx, o, streams{in: strings.NewReader(""), out: io.Discard, err: &errb}) }()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case err := <-done:
		t.Fatalf("serve: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve stopped with %v", err)
		}
		if !strings.Contains(errb.String(), "edgrid serve: stopped") || !strings.Contains(errb.String(), "msg=request") {
			t.Errorf("serve's stderr: %q", errb.String())
		}
	})
	return base
}

// apiData fetches GET path and decodes its data.
func apiData(t *testing.T, base, path string) map[string]any {
	t.Helper()
	resp, err := http.Get(base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r struct {
		Status string
		Data   map[string]any
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil || r.Status != "success" {
		t.Fatalf("GET %s: %d %v %+v", path, resp.StatusCode, err, r)
	}
	return r.Data
}

// cli runs one edgrid command and returns its output's first field.
func cli(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errs := run(t, "", args...)
	if code != 0 {
		t.Fatalf("edgrid %s: exit %d, %s", strings.Join(args, " "), code, errs)
	}
	return strings.Fields(out)[0]
}

// The service answers as the commands do, on grids, numbers, the shared
// puzzle sets and their IDs, one at a time and in batches.
func TestServeAnswersAsCLI(t *testing.T) {
	base := startServe(t)
	_, grids, _ := run(t, "", "random", "-n", "3", "--seed", "5")
	for _, g := range strings.Fields(grids) {
		d := apiData(t, base, "/api/v1/grid/"+g)
		if want := cli(t, "canon", g); d["minlex"] != want {
			t.Errorf("grid %s: minlex %v; canon says %s", g, d["minlex"], want)
		}
		nums := d["numbers"].(map[string]any)
		for _, o := range []string{"paper", "groups", "lex"} {
			want := cli(t, "rank", "--order", o, g)
			if got := fmt.Sprint(int64(nums[o].(float64))); got != want {
				t.Errorf("grid %s: %s number %s; rank says %s", g, o, got, want)
			}
			if back := apiData(t, base, "/api/v1/number/"+want+"?order="+o); back["grid"] != cli(t, "unrank", "--order", o, want) {
				t.Errorf("number %s %s: %v; unrank disagrees", want, o, back["grid"])
			}
		}
	}
	var ps []string
	for _, set := range []string{"puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106"} {
		ps = append(ps, testkit.PuzzleTexts(t, set, 3)...)
	}
	var batch strings.Builder
	for _, p := range ps {
		d := apiData(t, base, "/api/v1/puzzle/"+url.PathEscape(p))
		for field, args := range map[string][]string{
			"minlex":        {"canon", "--dots", p},
			"pattern_first": {"canon", "--dots", "--pattern-first", p},
			"pattern":       {"canon", "--dots", "--pattern", p},
			"solution":      {"solve", p},
			"id":            {"id", p},
		} {
			if want := cli(t, args...); d[field] != want {
				t.Errorf("puzzle %s: %s %v; edgrid %s says %s", p, field, d[field], args[0], want)
			}
		}
		if d["solutions"] != 1.0 || cli(t, "solve", "--unique", p) != "unique" {
			t.Errorf("puzzle %s: solutions %v", p, d["solutions"])
		}
		id := d["id"].(string)
		if back := apiData(t, base, "/api/v1/id/"+id); back["puzzle"] != cli(t, "puzzle", "--dots", id) {
			t.Errorf("id %s: puzzle %v; edgrid puzzle disagrees", id, back["puzzle"])
		}
		fmt.Fprintf(&batch, "%q\n", p)
	}
	// A batch of the puzzles: the IDs that edgrid id gives for them on its
	// standard input, line by line.
	_, ids, _ := run(t, strings.Join(ps, "\n")+"\n", "id")
	resp, err := http.Post(base+"/api/v1/puzzle", "application/x-ndjson", strings.NewReader(batch.String()))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	dec := json.NewDecoder(resp.Body)
	for i, want := range strings.Fields(ids) {
		var r struct {
			Status string
			Line   int
			Data   struct{ ID string }
		}
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("batch answer %d: %v", i+1, err)
		}
		if r.Status != "success" || r.Line != i+1 || r.Data.ID != want {
			t.Errorf("batch answer %d: %+v; want line %d, id %s", i+1, r, i+1, want)
		}
	}
}

// Bad flags are usage errors, exit 2, naming the flag.
func TestServeFlags(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--addr", "8080"},
		{"serve", "--cors", "example.org"},
		{"serve", "--workers", "-1"},
		{"serve", "--max-conns", "0"},
		{"serve", "--max-conns", "2049"},
		{"serve", "extra"},
	} {
		if code, _, errs := run(t, "", args...); code != exitUsage || !strings.Contains(errs, "edgrid serve:") {
			t.Errorf("%v: exit %d, %q; want 2", args, code, errs)
		}
	}
	if code, _, errs := run(t, "", "serve", "--addr", "256.0.0.1:1"); code != exitFailed || !strings.Contains(errs, "--addr 256.0.0.1:1") {
		t.Errorf("unusable address: exit %d, %q; want 1", code, errs)
	}
}
