package main

import (
	"bufio"
	"edgrid/internal/testkit"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// postLines posts a batch of inputs, one JSON string a line, and returns
// each answer's data in order (nil for an error line).
func postLines(t *testing.T, base, path string, inputs []string) []map[string]any {
	t.Helper()
	var body strings.Builder
	for _, in := range inputs {
		fmt.Fprintf(&body, "%q\n", in)
	}
	resp, err := http.Post(base+path, "application/x-ndjson", strings.NewReader(body.String()))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out []map[string]any
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		var r struct {
			Status string
			Line   int
			Data   map[string]any
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil || r.Line != len(out)+1 {
			t.Fatalf("POST %s: answer %d %q: %v", path, len(out)+1, sc.Text(), err)
		}
		out = append(out, r.Data)
	}
	if len(out) != len(inputs) {
		t.Fatalf("POST %s: %d answers to %d inputs", path, len(out), len(inputs))
	}
	return out
}

// cliLines runs an edgrid command on inputs given on standard input and
// returns its output lines.
func cliLines(t *testing.T, inputs []string, args ...string) []string {
	t.Helper()
	code, out, errs := run(t, strings.Join(inputs, "\n")+"\n", args...)
	if code != 0 {
		t.Fatalf("edgrid %s: exit %d, %s", strings.Join(args, " "), code, errs)
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// num is a JSON number of an answer as the CLI prints it.
func num(v any) string { f, _ := v.(float64); return strconv.FormatInt(int64(f), 10) }

// groupOf finds the group of the grid numbered n in the groups order in
// edgrid groups --counts: the one whose numbers hold n.
func groupOf(t *testing.T, counts []string, n int64) string {
	t.Helper()
	for _, l := range counts {
		f := strings.Fields(l)
		size, _ := strconv.ParseInt(f[2], 10, 64)
		first, _ := strconv.ParseInt(f[3], 10, 64)
		if first <= n && n < first+size {
			return f[0]
		}
	}
	t.Fatalf("no group of edgrid groups --counts holds number %d", n)
	return ""
}

// A grid's automorphisms, group, first band and invariants are the
// command line's: canon --autos; the group whose numbers (groups --counts)
// hold the grid's and the band that groups --band lists it in; the grids
// of its group that query --where selects by all its invariants, which
// must list it. The grids are random ones and two of small groups, whose
// invariants query enumerates in a second.
func TestServeGridFieldsAsCLI(t *testing.T) {
	base := startServe(t)
	_, grids, _ := run(t, "", "random", "-n", "3", "--seed", "5")
	gs := strings.Fields(grids)
	small := map[string]bool{}
	for _, n := range []string{"473214985", "5457780001"} { // groups 157 (5,011 grids) and 2309 (4,646)
		g := cli(t, "unrank", "--order", "groups", n)
		gs, small[g] = append(gs, g), true
	}
	counts := cliLines(t, nil, "groups", "--counts")
	for _, g := range gs {
		d := apiData(t, base, "/api/v1/grid/"+g)
		code, out, _ := run(t, "", "canon", "--autos", g)
		if f := strings.Fields(out); code != 0 || len(f) != 2 || num(d["autos"]) != f[1] {
			t.Errorf("grid %s: autos %v; canon --autos says %q", g, d["autos"], out)
		}
		n, _ := strconv.ParseInt(num(d["numbers"].(map[string]any)["groups"]), 10, 64)
		group := groupOf(t, counts, n)
		if num(d["group"]) != group {
			t.Errorf("grid %s: group %v; groups --counts says %s", g, d["group"], group)
		}
		inBand := false
		for _, l := range cliLines(t, nil, "groups", "--band", num(d["band"])) {
			f := strings.Fields(l)
			inBand = inBand || len(f) > 0 && f[0] == group
		}
		if !inBand {
			t.Errorf("grid %s: band %v; groups --band does not list its group %s", g, d["band"], group)
		}
		if !small[g] {
			continue
		}
		inv := d["invariants"].(map[string]any)
		var names, where []string
		for k := range inv {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			where = append(where, k+" == "+num(inv[k]))
		}
		if len(names) < 10 {
			t.Errorf("grid %s: invariants %v", g, inv)
		}
		found := false
		for _, l := range cliLines(t, nil, "query", "--groups", group, "--where", strings.Join(where, " && "), "--number", "--order", "groups") {
			f := strings.Fields(l)
			found = found || len(f) > 0 && f[0] == strconv.FormatInt(n, 10)
		}
		if !found {
			t.Errorf("grid %s (number %d): query --where %q does not select it", g, n, strings.Join(where, " && "))
		}
	}
}

// The puzzle fields not compared elsewhere (automorphisms of the puzzle and
// of its pattern), /minlex against canon --json, and puzzles with two
// solutions and with none against edgrid solve.
func TestServePuzzlesAsCLI(t *testing.T) {
	base := startServe(t)
	ps := testkit.PuzzleTexts(t, "puzzles2_17_clue", 3)
	for _, p := range ps {
		d := apiData(t, base, "/api/v1/puzzle/"+p)
		if out := cliLines(t, []string{p}, "canon", "--autos", "--dots")[0]; out != d["minlex"].(string)+" "+num(d["autos"]) {
			t.Errorf("puzzle %s: autos %v; canon --autos says %q", p, d["autos"], out)
		}
		if out := cliLines(t, []string{p}, "canon", "--autos", "--dots", "--pattern")[0]; out != d["pattern"].(string)+" "+num(d["pattern_autos"]) {
			t.Errorf("puzzle %s: pattern_autos %v; canon --pattern --autos says %q", p, d["pattern_autos"], out)
		}
	}
	// /minlex, one at a time and in a batch, of grids and puzzles.
	_, grids, _ := run(t, "", "random", "-n", "2", "--seed", "9")
	ins := append(strings.Fields(grids), ps...)
	want := cliLines(t, ins, "canon", "--json", "--dots")
	batch := postLines(t, base, "/api/v1/minlex", ins)
	for i, in := range ins {
		var c struct {
			Form  string
			Autos int
		}
		if err := json.Unmarshal([]byte(want[i]), &c); err != nil {
			t.Fatal(err)
		}
		for _, d := range []map[string]any{apiData(t, base, "/api/v1/minlex/"+in), batch[i]} {
			if d["minlex"] != c.Form || num(d["autos"]) != strconv.Itoa(c.Autos) {
				t.Errorf("minlex %s: %v; canon --json says %s", in, d, want[i])
			}
		}
	}
	// Two solutions: a 17-clue puzzle without its last clue. None: row 1
	// wants a 9 in column 9, which has one.
	p := ps[0]
	last := strings.LastIndexAny(p, "123456789")
	two := p[:last] + "." + p[last+1:]
	none := "12345678........." + "9" + strings.Repeat(".", 63)
	for _, c := range []struct {
		p, unique string
		n         int
	}{{two, "multiple", 2}, {none, "none", 0}} {
		t.Run(c.unique, func(t *testing.T) {
			d := apiData(t, base, "/api/v1/puzzle/"+c.p)
			_, out, _ := run(t, "", "solve", c.p)
			sol := strings.TrimSpace(out)
			if c.n == 0 {
				sol = ""
				if strings.TrimSpace(out) != "no solution" {
					t.Errorf("edgrid solve %s: %q", c.p, out)
				}
			}
			_, u, _ := run(t, "", "solve", "--unique", c.p)
			got, _ := d["solution"].(string)
			if num(d["solutions"]) != strconv.Itoa(c.n) || strings.TrimSpace(u) != c.unique || got != sol || d["id"] != nil {
				t.Errorf("puzzle %s: solutions %v, solution %q, id %v; solve says %q, %q", c.p, d["solutions"], got, d["id"], out, u)
			}
		})
	}
}

// Batches of /number, /grid and /id answer as unrank, canon and rank, and
// puzzle do on the same lines.
func TestServeBatchesAsCLI(t *testing.T) {
	base := startServe(t)
	nums := []string{"1", "264", "5472730538", "123456789"}
	for _, o := range []string{"paper", "groups", "lex"} {
		want := cliLines(t, nums, "unrank", "--order", o)
		for i, d := range postLines(t, base, "/api/v1/number?order="+o, nums) {
			if d["grid"] != want[i] {
				t.Errorf("number %s %s in a batch: %v; unrank says %s", nums[i], o, d["grid"], want[i])
			}
		}
	}
	_, grids, _ := run(t, "", "random", "-n", "4", "--seed", "3")
	gs := strings.Fields(grids)
	minlex := cliLines(t, gs, "canon")
	paper := cliLines(t, gs, "rank")
	lex := cliLines(t, gs, "rank", "--order", "lex")
	for i, d := range postLines(t, base, "/api/v1/grid", gs) {
		n := d["numbers"].(map[string]any)
		if d["minlex"] != minlex[i] || num(n["paper"]) != paper[i] || num(n["lex"]) != lex[i] {
			t.Errorf("grid %s in a batch: %v; canon and rank say %s %s %s", gs[i], d, minlex[i], paper[i], lex[i])
		}
	}
	ps := testkit.PuzzleTexts(t, "puzzles3_magictour_top1465", 3)
	ids := cliLines(t, ps, "id")
	back := cliLines(t, ids, "puzzle", "--dots")
	for i, d := range postLines(t, base, "/api/v1/id", ids) {
		if d["puzzle"] != back[i] || d["id"] != ids[i] {
			t.Errorf("id %s in a batch: %v; edgrid puzzle says %s", ids[i], d, back[i])
		}
	}
}
