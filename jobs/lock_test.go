package jobs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A lock file that is a symbolic link is refused, and what it points to is
// left alone.
func TestLockSymlinkRefused(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "precious")
	if err := os.WriteFile(outside, []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, LockName)); err != nil {
		t.Fatal(err)
	}
	_, err := Run(context.Background(), Options{Dir: dir, First: testLast, Last: testLast, Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "symbolic link") || !strings.Contains(err.Error(), LockName) {
		t.Fatalf("run with a symlinked lock: %v; want a refusal naming the link", err)
	}
	if b, _ := os.ReadFile(outside); string(b) != "keep me\n" {
		t.Fatalf("the link's target now holds %q", b)
	}
	// Nor is a manifest that is a link, even to a manifest.
	os.Remove(filepath.Join(dir, LockName))
	other := filepath.Join(t.TempDir(), ManifestName)
	os.WriteFile(other, []byte(sealLine(manifestMagic)), 0o644)
	if err := os.Symlink(other, filepath.Join(dir, ManifestName)); err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), Options{Dir: dir, First: testLast, Last: testLast, Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("run with a symlinked manifest: %v; want a refusal", err)
	}
	if b, _ := os.ReadFile(other); string(b) != sealLine(manifestMagic) {
		t.Fatalf("the manifest the link points to now holds %q", b)
	}
}
