package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// statsJSON is a --stats --json object as the tests read it.
type statsJSON struct {
	N, Attempts int64
	Over        string
	Seeds       []uint64
	Counts      map[string]int64
	Shares      map[string]float64
	Errors      map[string]float64
}

// statsRunJSON runs generate --stats with args and returns its output and
// that output read.
func statsRunJSON(t *testing.T, args ...string) (string, statsJSON) {
	t.Helper()
	code, out, errs := run(t, "", append([]string{"generate", "--stats", "--method", "controlled-bias", "--json"}, args...)...)
	var v statsJSON
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil {
		t.Fatalf("generate --stats %v: exit %d, %q %s", args, code, out, errs)
	}
	return out, v
}

// TestGenerateMerge checks --merge: runs of two seeds merged give the
// summed counts and attempts, both seeds, and the shares the corrected
// formula gives for the sums (w_n c_n / sum w_m c_m, w = C(81, n)); a run
// merged alone gives its own bytes back.
func TestGenerateMerge(t *testing.T) {
	dir := t.TempDir()
	outA, a := statsRunJSON(t, "-n", "2", "--seed", "5")
	outB, b := statsRunJSON(t, "-n", "1", "--seed", "6")
	fa, fb := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	for f, data := range map[string]string{fa: outA, fb: outB} {
		if err := os.WriteFile(f, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if code, out, errs := run(t, "", "generate", "--merge", "--json", fa); code != 0 || out != outA {
		t.Fatalf("--merge of one run: exit %d, %q %s; want %q", code, out, errs, outA)
	}
	code, out, errs := run(t, "", "generate", "--merge", "--json", fa, fb)
	var m statsJSON
	if code != 0 || json.Unmarshal([]byte(out), &m) != nil {
		t.Fatalf("--merge: exit %d, %q %s", code, out, errs)
	}
	if m.N != 3 || m.Attempts != a.Attempts+b.Attempts || len(m.Seeds) != 2 || m.Seeds[0] != 5 || m.Seeds[1] != 6 || m.Over != "grids" {
		t.Fatalf("--merge: %+v; want n 3, attempts %d, seeds [5 6]", m, a.Attempts+b.Attempts)
	}
	sum := map[string]int64{}
	for _, v := range []statsJSON{a, b} {
		for k, c := range v.Counts {
			sum[k] += c
		}
	}
	var total float64
	w := map[string]float64{}
	for k, c := range sum {
		n, err := strconv.Atoi(k)
		if err != nil {
			t.Fatalf("counts key %q: %v", k, err)
		}
		lg, _ := math.Lgamma(82)
		ln, _ := math.Lgamma(float64(n + 1))
		lr, _ := math.Lgamma(float64(82 - n))
		w[k] = math.Exp(lg-ln-lr) * float64(c)
		total += w[k]
	}
	if len(m.Counts) != len(sum) {
		t.Fatalf("--merge counts %v; want %v", m.Counts, sum)
	}
	for k, c := range sum {
		if m.Counts[k] != c || math.Abs(m.Shares[k]-w[k]/total) > 1e-5*w[k]/total || m.Errors[k] <= 0 && len(sum) > 1 {
			t.Errorf("%s clues: count %d share %v error %v; want %d and %v", k, m.Counts[k], m.Shares[k], m.Errors[k], c, w[k]/total)
		}
	}
	// Text output: a comment line, then a line a clue count.
	if code, out, _ := run(t, "", "generate", "--merge", fa, fb); code != 0 || !strings.HasPrefix(out, "# 3 controlled-bias puzzles,") || strings.Count(out, "\n") != 1+len(sum) {
		t.Errorf("--merge (text): exit %d, %q", code, out)
	}
}

// TestGenerateMergeBad checks that --merge refuses what would not be one
// sample (a seed twice, runs over other grids) and what is damaged,
// naming each file, and still merges the good files, with exit status 1.
func TestGenerateMergeBad(t *testing.T) {
	dir := t.TempDir()
	outA, _ := statsRunJSON(t, "-n", "1", "--seed", "7")
	write := func(name, data string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	good := write("good.json", outA)
	var a statsJSON
	json.Unmarshal([]byte(outA), &a)
	var k string
	for k = range a.Shares {
	}
	damaged := strings.Replace(outA, `"shares":{"`+k+`":1`, `"shares":{"`+k+`":0.5`, 1)
	if damaged == outA {
		t.Fatalf("the test's edit left %q unchanged", outA)
	}
	other := strings.Replace(strings.Replace(outA, `"grids"`, `"classes"`, 1), `"seeds":[7]`, `"seeds":[8]`, 1)
	cases := []struct{ name, data, want string }{
		{"again.json", outA, "seed 7 is also in"},
		{"damaged.json", damaged, `shares "` + k + `": 0.5, but`},
		{"classes.json", other, "over classes, but " + good + " drew over grids"},
		{"text.json", "# 1 controlled-bias puzzles\n28 1 0\n", "not the JSON object"},
		{"counts.json", strings.Replace(outA, `"n":1,`, `"n":2,`, 1), "counts add up to 1 puzzles, n is 2"},
		{"old.json", strings.Replace(outA, `"seeds":[7],`, ``, 1), "no seeds"},
	}
	// The missing file first: the refusals name the file the merge began
	// with, not the first named.
	args := []string{"generate", "--merge", "--json", filepath.Join(dir, "missing.json"), good}
	for _, c := range cases {
		args = append(args, write(c.name, c.data))
	}
	code, out, errs := run(t, "", args...)
	var m statsJSON
	if code != 1 || json.Unmarshal([]byte(out), &m) != nil || m.N != 1 || len(m.Seeds) != 1 {
		t.Fatalf("exit %d, %q; want 1 and the good file's estimate", code, out)
	}
	for _, c := range cases {
		if !strings.Contains(errs, c.name+": "+c.want) {
			t.Errorf("stderr %q lacks %q", errs, c.name+": "+c.want)
		}
	}
	for _, want := range []string{"missing.json: no such file or directory", "the estimate printed is of 1 of 8 files"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr %q lacks %q", errs, want)
		}
	}
	if code, out, _ := run(t, "", "generate", "--merge", filepath.Join(dir, "missing.json")); code != 1 || out != "" {
		t.Errorf("--merge of no good file: exit %d, %q; want 1 and nothing", code, out)
	}
}
