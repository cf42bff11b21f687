package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// oldNames are the spellings that have a canonical name: --groups for
// --group, --catalog DIR for a catalog written or read as --out DIR.
var oldNames = regexp.MustCompile(`--group\b[^s]|--group$|\b(run|status) --out\b|enumerate (--groups? \S+ )?--out (DIR|/catalog|"\$dir")`)

// The docs, deploy scripts and their tests use the canonical names; the
// old ones appear only where a line says they are still accepted. (The
// measured figures of docs/benchmarks.md and docs/results/fullrun.md
// keep the command lines they were measured with.)
func TestCommandNamesInDocsAndDeploy(t *testing.T) {
	root := "../.."
	skip := map[string]bool{"docs/benchmarks.md": true, "docs/results/fullrun.md": true}
	var files []string
	for _, dir := range []string{"docs", "deploy", ".ci", "storage"} {
		filepath.WalkDir(filepath.Join(root, dir), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && regexp.MustCompile(`\.(md|sh|sbatch|yaml|go)$|Containerfile$`).MatchString(p) {
				files = append(files, p)
			}
			return nil
		})
	}
	files = append(files, filepath.Join(root, "README.md"))
	for _, f := range files {
		rel, _ := filepath.Rel(root, f)
		if skip[rel] {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if oldNames.MatchString(line) && !strings.Contains(line, "still") {
				t.Errorf("%s:%d: an old name: %s", rel, i+1, strings.TrimSpace(line))
			}
		}
	}
}

// enumerate's help says once which name writes a catalog, and a directory
// that is not a catalog names the canonical way to write one.
func TestCommandCatalogNameInMessages(t *testing.T) {
	_, h, _ := run(t, "", "enumerate", "-h")
	if !strings.Contains(h, "--catalog is the name for a catalog") || strings.Contains(h, "FILE|DIR") {
		t.Errorf("enumerate -h:\n%s", h)
	}
	_, _, errs := run(t, "", "catalog", "find", t.TempDir(), grid1)
	if !strings.Contains(errs, "write one with enumerate --catalog DIR") {
		t.Errorf("catalog find of a directory that is not a catalog: %q", errs)
	}
}
