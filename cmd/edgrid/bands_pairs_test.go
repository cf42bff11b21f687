package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestBandsPairs counts the last two band forms by the command line, in
// text and JSON, and compares them with docs/results/pairs.json (the count
// of every form, checked against the published total in package band).
func TestBandsPairs(t *testing.T) {
	data, err := os.ReadFile("../../docs/results/pairs.json")
	if err != nil {
		t.Fatal(err)
	}
	type class struct {
		Class       int
		Autos       int `json:"automorphisms"`
		Completions uint64
		Pairs       uint64
	}
	var all struct{ Classes []class }
	if err := json.Unmarshal(data, &all); err != nil || len(all.Classes) != 416 {
		t.Fatalf("docs/results/pairs.json: %v, %d classes", err, len(all.Classes))
	}
	want := all.Classes[414:]

	code, out, errs := run(t, "", "bands", "--pairs", "--forms", "415-416", "--json", "--workers", "2")
	if code != 0 {
		t.Fatalf("bands --pairs --json: exit %d, %s", code, errs)
	}
	var got struct {
		Forms   string
		Classes []class
		Pairs   uint64
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("bands --pairs --json: %v in %q", err, out)
	}
	if got.Forms != "415-416" || len(got.Classes) != 2 || got.Classes[0] != want[0] || got.Classes[1] != want[1] || got.Pairs != want[0].Pairs+want[1].Pairs {
		t.Errorf("bands --pairs --forms 415-416 --json: %+v; want %+v", got, want)
	}

	code, out, _ = run(t, "", "bands", "--pairs", "--forms", "416")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	w := want[1]
	if code != 0 || len(lines) != 3 || !strings.HasPrefix(lines[0], "# ") ||
		lines[1] != fmt.Sprintf("416 %d %d %d", w.Autos, w.Completions, w.Pairs) ||
		!strings.HasPrefix(lines[2], fmt.Sprintf("# bands 1+2 of band forms 416-416: %d essentially different, ", w.Pairs)) {
		t.Errorf("bands --pairs --forms 416: exit %d, %q", code, out)
	}

	for _, bad := range [][]string{
		{"--pairs", "--forms", "0"}, {"--pairs", "--forms", "417"}, {"--pairs", "--forms", "9-3"}, {"--pairs", "--forms", "x"},
		{"--all", "--pairs"}, {"--json"}, {"--forms", "3"}, {"--pairs", "--workers", "5000"},
	} {
		code, _, errs := run(t, "", append([]string{"bands"}, bad...)...)
		if code != 2 || errs == "" {
			t.Errorf("bands %v: exit %d, %q; want 2 and a message", bad, code, errs)
		}
	}
}
