package main

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/canon"
	"edgrid/rank"
	"edgrid/storage"
)

// bulkGroups are the groups of the bulk tests' catalog: small ones.
const bulkLo, bulkHi = 3530, 3541

// bulkInput returns lines of grids of groups bulkLo..bulkHi in random
// frames (random ones, each group's first and last, bucket boundaries,
// duplicates), the first and last grids of all, trailing fields, and bad
// lines among them.
func bulkInput(t *testing.T, n int) string {
	t.Helper()
	ctx := context.Background()
	r, err := rank.New(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	tb := r.Tables()
	rng := rand.New(rand.NewPCG(3, 4))
	lo, hi := tb.GroupFirst(bulkLo)+1, tb.GroupFirst(bulkHi)+tb.GroupCount(bulkHi)
	type q struct {
		n int64
		o rank.Order
	}
	qs := []q{{1, rank.Lex}, {tb.Total(), rank.Lex}, {1, rank.Paper}, {tb.Total(), rank.Paper}}
	for g := bulkLo; g <= bulkHi; g++ {
		f, c := tb.GroupFirst(g), tb.GroupCount(g)
		qs = append(qs, q{f + 1, rank.Groups}, q{f + c, rank.Groups})
		cum, err := tb.Buckets(g)
		if err != nil {
			t.Fatal(err)
		}
		i := len(cum) / 2
		qs = append(qs, q{f + cum[i], rank.Groups}, q{f + cum[i] + 1, rank.Groups})
	}
	for len(qs) < n {
		qs = append(qs, q{lo + rng.Int64N(hi-lo+1), rank.Groups})
	}
	var lines []string
	for k, x := range qs {
		m, err := r.Unrank(ctx, x.n, x.o)
		if err != nil {
			t.Fatal(err)
		}
		tr := canon.RandomTransform(rng)
		g := tr.Apply(&m)
		line := g.String()
		if k%5 == 0 {
			line += " rating " + itoa(k)
		}
		lines = append(lines, line)
		if k%9 == 0 {
			lines = append(lines, line) // a duplicate
		}
	}
	bad := []byte(lines[7][:81])
	bad[0], bad[1] = bad[1], bad[0]
	lines = append(lines[:20], append([]string{"abc", string(bad), lines[3][:80], "# a comment", ""}, lines[20:]...)...)
	return strings.Join(lines, "\n") + "\n"
}

// bulkCatalog writes a catalog of groups bulkLo..bulkHi and returns its
// directory.
func bulkCatalog(t *testing.T) string {
	t.Helper()
	cat := filepath.Join(t.TempDir(), "cat")
	if code, _, errs := run(t, "", "enumerate", "--group", itoa(bulkLo)+"-"+itoa(bulkHi), "--out", cat); code != 0 {
		t.Fatalf("enumerate --out: %s", errs)
	}
	return cat
}

// sameInBulk runs args on in one input at a time and then in bulk at each
// --mem of mems, and fails unless bulk printed the same, byte for byte on
// both streams, with the same exit code. It returns the one-at-a-time run.
func sameInBulk(t *testing.T, in string, args []string, mems ...string) (int, string, string) {
	t.Helper()
	code, want, wantErr := run(t, in, append(args, "--bulk=false")...)
	for _, mem := range mems {
		c, got, gotErr := run(t, in, append(args, "--bulk", "--mem", mem)...)
		if c != code || got != want || gotErr != wantErr {
			t.Fatalf("%q --bulk --mem %s: exit %d, stderr %q; one at a time: exit %d, stderr %q; stdout equal: %v", args, mem, c, gotErr, code, wantErr, got == want)
		}
	}
	return code, want, wantErr
}

// Bulk answering prints what one-at-a-time answering prints, byte for byte
// on both streams, with the same exit code: in every order, with and
// without a catalog, in text and JSON, in memory and with runs spilled.
func TestRankBulkMatchesOneByOne(t *testing.T) {
	cat := bulkCatalog(t)
	// 600 queries: at --mem 64K both the queries and the answers are
	// sorted in several runs.
	in := bulkInput(t, 600)
	for _, order := range []string{"paper", "groups", "lex"} {
		for _, extra := range [][]string{nil, {"--catalog", cat}, {"--json"}, {"--json", "--catalog", cat}} {
			args := append([]string{"rank", "--canonical", "--order", order}, extra...)
			code, _, wantErr := sameInBulk(t, in, args, "1G", "64K")
			if code != exitFailed || strings.Count(wantErr, "\n") != 4 {
				t.Fatalf("%q one at a time: exit %d, stderr %q; want exit 1, three bad lines and the count", args, code, wantErr)
			}
		}
	}
}

// id in bulk gives the IDs one at a time gives, with and without a
// catalog, with runs of both the queries and the answers spilled.
func TestIDBulkMatchesOneByOne(t *testing.T) {
	defer func(f func(int, int)) { bulkSpills = f }(bulkSpills)
	var spills [2]int
	bulkSpills = func(q, a int) { spills = [2]int{q, a} }
	cat := bulkCatalog(t)
	var puzzles []string
	// Over 600 queries: several runs at --mem 64K.
	for _, l := range strings.Split(bulkInput(t, 600), "\n") {
		if len(l) < 81 || strings.Trim(l[:81], "123456789") != "" {
			puzzles = append(puzzles, l)
			continue
		}
		p := []byte(l)
		p[0], p[40], p[80] = '.', '.', '.'
		puzzles = append(puzzles, string(p))
	}
	puzzles = append(puzzles, "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..", strings.Repeat(".", 81))
	in := strings.Join(puzzles, "\n")
	for _, extra := range [][]string{nil, {"--catalog", cat}} {
		args := append([]string{"id"}, extra...)
		spills = [2]int{}
		if code, _, wantErr := sameInBulk(t, in, args, "64K"); code != exitFailed {
			t.Fatalf("%q one at a time: exit %d, stderr %q; want exit 1", args, code, wantErr)
		}
		if spills[0] < 2 || spills[1] < 1 {
			t.Fatalf("%q --mem 64K: %d runs of queries and %d of answers spilled; want runs of both", args, spills[0], spills[1])
		}
	}
}

// A damaged block in the catalog costs rank and id in bulk the inputs of
// its group only, as one at a time (they print the same); it ends catalog
// find in bulk, as one at a time, with the file named and nothing printed.
func TestBulkDamagedCatalog(t *testing.T) {
	cat := bulkCatalog(t)
	p := filepath.Join(cat, storage.FileName(3536))
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	b[513] ^= 0x40 // block 0, past the 512-byte header
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	in := bulkInput(t, 200)
	for _, args := range [][]string{
		{"rank", "--order", "groups", "--catalog", cat},
		{"rank", "--order", "lex", "--catalog", cat},
		{"id", "--catalog", cat},
	} {
		stdin := in
		if args[0] == "id" {
			stdin = strings.ReplaceAll(in, "1", ".") // puzzles, many of them of group 3536's grids
		}
		code, out, errs := sameInBulk(t, stdin, args, "1G")
		if code != exitFailed || !strings.Contains(errs, storage.FileName(3536)) && args[0] == "rank" || strings.Count(out, "\n") < 50 {
			t.Fatalf("%q over a damaged file: exit %d, %d bytes out, stderr %.200q; want exit 1, the others answered, the file named", args, code, len(out), errs)
		}
	}
	code, out, errs := run(t, in, "catalog", "find", cat, "--bulk")
	if code != exitFailed || out != "" || !strings.Contains(errs, storage.FileName(3536)) {
		t.Fatalf("catalog find --bulk over a damaged file: exit %d, %d bytes out, stderr %q; want exit 1, nothing printed, the file named", code, len(out), errs)
	}
}

// --mem is checked: a usage error names the flag.
func TestBulkMemFlag(t *testing.T) {
	for _, m := range []string{"0", "1K", "x", "-5G", "12Q"} {
		if code, _, errs := run(t, grid1, "rank", "--mem", m); code != exitUsage || !strings.Contains(errs, "--mem "+m) {
			t.Errorf("--mem %s: exit %d, %q; want a usage error naming it", m, code, errs)
		}
	}
	for s, want := range map[string]int64{"64K": 64 << 10, "512M": 512 << 20, "4G": 4 << 30, "2GiB": 2 << 30, "100000": 100000} {
		if n, ok := parseMem(s); !ok || n != want {
			t.Errorf("parseMem(%q) = %d, %v; want %d", s, n, ok, want)
		}
	}
}

// Grids drawn uniformly from the classes (rank.Unrank of random numbers),
// in random frames, without a catalog: bulk answers equal one-at-a-time
// answers in every order, in memory and spilled.
func TestRankBulkRandomGrids(t *testing.T) {
	ctx := context.Background()
	r, err := rank.New(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(21, 22))
	var b strings.Builder
	for range 40 {
		m, err := r.Unrank(ctx, 1+rng.Int64N(r.Tables().Total()), rank.Lex)
		if err != nil {
			t.Fatal(err)
		}
		tr := canon.RandomTransform(rng)
		g := tr.Apply(&m)
		b.WriteString(g.String() + "\n")
	}
	for _, order := range []string{"paper", "groups", "lex"} {
		if code, out, errs := sameInBulk(t, b.String(), []string{"rank", "--canonical", "--order", order}, "1G", "64K"); code != 0 || strings.Count(out, "\n") != 40 {
			t.Fatalf("--order %s one at a time: exit %d, %d answers, stderr %q", order, code, strings.Count(out, "\n"), errs)
		}
	}
}
