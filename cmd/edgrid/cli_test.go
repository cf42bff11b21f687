package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"edgrid/storage"
)

// The command line behaves as cobra's users expect: flags after arguments,
// suggestions, help listing every command, bounded --workers.
func TestCommandLine(t *testing.T) {
	const g = "123456789457893612986217354274538196531964827698721435342685971715349268869172543"
	_, before, _ := run(t, "", "rank", "--order", "lex", g)
	code, after, errs := run(t, "", "rank", g, "--order", "lex")
	if code != 0 || after != before || after != "5472730538\n" {
		t.Errorf("rank G --order lex: exit %d, %q, %q; want %q", code, after, errs, before)
	}
	if code, _, errs := run(t, "", "cannon"); code != exitUsage || !strings.Contains(errs, "canon") {
		t.Errorf("cannon: exit %d, %q; want 2 and a suggestion", code, errs)
	}
	code, out, _ := run(t, "", "--help")
	for _, w := range []string{"catalog index", "catalog find", "query merge", "completion", "Exit codes:"} {
		if code != 0 || !strings.Contains(out, w) {
			t.Errorf("--help lacks %q", w)
		}
	}
	code, out, _ = run(t, "", "catalog", "find", "-h")
	if code != 0 || !strings.HasPrefix(out, "Usage: edgrid catalog find") || strings.Contains(out, "Exit codes:") {
		t.Errorf("catalog find -h: exit %d, %q", code, out)
	}
	for _, args := range [][]string{
		{"enumerate", "--groups", "3541", "--workers", "9223372036854775807"},
		{"run", "--catalog", t.TempDir(), "--workers", "100000000"},
		{"query", "--groups", "3541", "--workers", "1025"},
		{"catalog", "verify", t.TempDir(), "--workers", "5000"},
	} {
		if code, _, errs := run(t, "", args...); code != exitUsage || !strings.Contains(errs, "--workers") {
			t.Errorf("%v: exit %d, %q; want 2 naming --workers", args, code, errs)
		}
	}
	for _, shell := range []string{"bash", "zsh", "fish"} {
		if code, out, _ := run(t, "", "completion", shell); code != 0 || !strings.Contains(out, "edgrid") {
			t.Errorf("completion %s: exit %d", shell, code)
		}
	}
	if code, _, errs := run(t, "", "rank", "--order", "nope", g); code != exitUsage || !strings.HasPrefix(errs, "edgrid rank: --order nope") {
		t.Errorf("bad --order: exit %d, %q", code, errs)
	}
}

// enumerate --out DIR/ and --catalog DIR make the directory; catalog find
// takes any grid of a class, as rank does; the old names still work.
func TestCatalogNames(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new") + "/"
	if code, _, errs := run(t, "", "enumerate", "--group", "3541", "--out", dir); code != 0 {
		t.Fatalf("enumerate --out DIR/: exit %d, %s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, storage.IndexName)); err != nil {
		t.Fatal(err)
	}
	cat := filepath.Join(t.TempDir(), "cat")
	if code, _, errs := run(t, "", "enumerate", "--groups", "3541", "--catalog", cat); code != 0 {
		t.Fatalf("enumerate --catalog: %s", errs)
	}
	const last = "123456789457893612986217354274538196531964827698721435342685971715349268869172543"
	// The same class: digits 1 and 2 swapped.
	other := strings.NewReplacer("1", "2", "2", "1").Replace(last)
	for _, args := range [][]string{{"catalog", "find", cat, other}, {"catalog", "find", "--catalog", cat, other}} {
		code, out, errs := run(t, "", args...)
		if code != 0 || out != last+" 3541 1 1\n" {
			t.Errorf("%v: exit %d, %q, %q", args, code, out, errs)
		}
	}
	code, out, _ := run(t, "", "catalog", "find", "--json", cat, last)
	var v map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || v["group"] != 3541.0 || v["minlex"] != last {
		t.Errorf("catalog find --json: %q", out)
	}
	// The place in a catalog is not a class number, which rank calls
	// "number": it has a name of its own.
	if _, ok := v["number"]; ok || v["catalog_ordinal"] != 1.0 {
		t.Errorf("catalog find --json: %q; want catalog_ordinal 1 and no number", out)
	}
}

// --json prints one object a line, bad inputs in their place.
func TestJSONLines(t *testing.T) {
	const p = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
	for _, args := range [][]string{{"canon"}, {"solve"}, {"id"}, {"solve", "--count"}, {"solve", "--unique"}, {"solve", "--all"}} {
		code, out, _ := run(t, p+" r\nbad\n", append(args, "--json")...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != exitFailed || len(lines) != 2 {
			t.Fatalf("%v --json: exit %d, %q", args, code, out)
		}
		var good, bad map[string]any
		if json.Unmarshal([]byte(lines[0]), &good) != nil || good["input"] != p || good["rest"] != "r" || len(good) < 3 {
			t.Errorf("%v --json: %s", args, lines[0])
		}
		if json.Unmarshal([]byte(lines[1]), &bad) != nil || bad["where"] != "line 2" || bad["error"] == nil {
			t.Errorf("%v --json bad line: %s", args, lines[1])
		}
	}
	code, out, _ := run(t, "", "enumerate", "--groups", "3541", "--count", "--json")
	if code != 0 || out != `{"groups":"3541","count":1}`+"\n" {
		t.Errorf("enumerate --count --json: %q", out)
	}
}

// solve --size reads one-line puzzles of the standard boxes.
func TestSolveSize(t *testing.T) {
	code, out, errs := run(t, "", "solve", "--size", "4", "1...........4...")
	if code != 0 || out != "1234341221434321\n" {
		t.Errorf("--size 4: exit %d, %q, %q", code, out, errs)
	}
	code, out, _ = run(t, "", "solve", "--size", "6", "--count", "--limit", "3", strings.Repeat(".", 36))
	if code != 0 || out != "at least 3\n" {
		t.Errorf("--size 6 --count: exit %d, %q", code, out)
	}
	code, _, errs = run(t, "", "solve", "--size", "4", "1..5")
	if code != exitFailed || !strings.Contains(errs, "cell 4 (r1c4): '5' is not a number 1-4") {
		t.Errorf("--size 4 with a 5: exit %d, %q", code, errs)
	}
	if code, _, _ := run(t, "", "solve", "--size", "10", "1"); code != exitUsage {
		t.Errorf("--size 10: exit %d", code)
	}
}

func TestTidyJSON(t *testing.T) {
	in := `{"a": 24.820999999999998, "b": "24.820999999999998", "c": [1, 2.5e-7, -3], "d": 0.30000000000000004}`
	want := `{"a":24.821,"b":"24.820999999999998","c":[1,0,-3],"d":0.3}` + "\n"
	if got := string(tidyJSON([]byte(in))); got != want {
		t.Errorf("tidyJSON = %s; want %s", got, want)
	}
}

// A signal during solve --count of a puzzle with astronomically many
// solutions prints the count so far as "at least N", and exits 1.
func TestSolveCountStopped(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	var out, errb bytes.Buffer
	err := runSolve(ctx, solveOptions{count: true}, []string{strings.Repeat(".", 81)}, streams{in: strings.NewReader(""), out: &out, err: &errb})
	if exitCode(err) != exitFailed || !strings.Contains(err.Error(), "stopped") || !strings.HasPrefix(out.String(), "at least ") {
		t.Fatalf("%v, %q", err, out.String())
	}
	n, perr := strconv.ParseInt(strings.TrimSpace(strings.TrimPrefix(out.String(), "at least ")), 10, 64)
	if perr != nil || n <= 0 {
		t.Fatalf("%q: want a positive count", out.String())
	}
}
