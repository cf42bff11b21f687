package jobs

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// A kill -9 while a new parts directory's manifest was being created could
// leave it holding only its magic line; every later run then refused the
// directory ("holds parts of another kind"). Such a manifest, with no
// label and nothing recorded, is a new one: the run starts and records.
func TestManifestWithoutLabelIsNew(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, PartsManifestName)
	if err := os.WriteFile(path, []byte(sealLine(partsMagic)), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := RunParts(context.Background(), slowParts(dir, 3539, 3541, nil))
	if err != nil || sum.Done != 3 {
		t.Fatalf("run on a manifest of its magic line only: %+v, %v; want the 3 groups done", sum, err)
	}
	m, err := ReadPartsManifest(dir)
	if err != nil || m.Label != "test parts" || len(m.Records) != 3 {
		t.Fatalf("manifest after the run: %+v, %v", m, err)
	}
}
