package main

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"edgrid/canon"
)

// relabelled returns n lines: the grids of base, each relabelled and
// transformed at random, in turn.
func relabelled(base []string, n int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	for i := range n {
		g, err := canon.Parse(base[i%len(base)])
		if err != nil {
			panic(err)
		}
		tr := canon.RandomTransform(rng)
		x := tr.Apply(&g)
		b.WriteString(x.String() + "\n")
	}
	return b.String()
}

// baseGrids returns the distinct grids of bulkInput's good lines.
func baseGrids(t *testing.T, n int) []string {
	t.Helper()
	seen := map[string]bool{}
	var out []string
	for _, l := range strings.Split(bulkInput(t, n), "\n") {
		if len(l) >= 81 && strings.Trim(l[:81], "123456789") == "" {
			if _, err := canon.Parse(l[:81]); err == nil && !seen[l[:81]] {
				seen[l[:81]] = true
				out = append(out, l[:81])
			}
		}
	}
	return out
}

// With few file descriptors (ulimit -n 100) and more runs than that
// (40,000 queries at --mem 64K: over a hundred runs of queries), bulk
// answering merges in passes and prints what one at a time prints.
func TestBulkSpillFewFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("a child process")
	}
	cat := bulkCatalog(t)
	in := relabelled(baseGrids(t, 200), 40000, 5)
	code, want, wantErr := run(t, in, "catalog", "find", cat, "--bulk=false")
	cmd := exec.Command("sh", "-c", `ulimit -n 100 && exec "$0" -test.run='^$'`, os.Args[0])
	cmd.Env = append(os.Environ(), mainChildEnv+"="+strings.Join([]string{"catalog", "find", cat, "--bulk", "--mem", "64K"}, "\n"))
	cmd.Stdin = strings.NewReader(in)
	var out, errs strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errs
	cmd.Run()
	if c := cmd.ProcessState.ExitCode(); c != code || out.String() != want || errs.String() != wantErr {
		t.Fatalf("ulimit -n 100, --mem 64K: exit %d, stderr %q; one at a time: exit %d, stderr %q; stdout equal: %v", c, errs.String(), code, wantErr, out.String() == want)
	}
}
