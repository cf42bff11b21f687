package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"edgrid/storage"
)

// The round trip the format promises: enumerate -> write -> export is the
// enumeration's text, byte for byte, for both codecs, file and directory.
func TestEnumerateOutExportRoundTrip(t *testing.T) {
	_, want, _ := run(t, "", "enumerate", "--group", "3150")
	if strings.Count(want, "\n") != 1193 {
		t.Fatalf("enumerate --group 3150: %d lines", strings.Count(want, "\n"))
	}
	for _, codec := range []string{"sorted", "packed"} {
		for _, level := range []string{"fast", "small"} {
			file := filepath.Join(t.TempDir(), "g.edg")
			if code, out, errs := run(t, "", "enumerate", "--group", "3150", "--out", file, "--codec", codec, "--compress", level); code != 0 || out != "" {
				t.Fatalf("enumerate --out %s --codec %s --compress %s: exit %d, stdout %q, stderr %s", file, codec, level, code, out, errs)
			}
			if code, got, errs := run(t, "", "catalog", "export", file); code != 0 || got != want {
				t.Fatalf("%s, %s: export of the file differs from enumerate (exit %d, %d bytes, want %d): %s", codec, level, code, len(got), len(want), errs)
			}
		}
	}
	dir := filepath.Join(t.TempDir(), "cat")
	_, want2, _ := run(t, "", "enumerate", "--group", "3540-3541")
	if code, _, errs := run(t, "", "enumerate", "--group", "3540-3541", "--out", dir); code != 0 {
		t.Fatalf("enumerate --out DIR: exit %d: %s", code, errs)
	}
	if code, got, _ := run(t, "", "catalog", "export", dir); code != 0 || got != want2 {
		t.Fatalf("export DIR: exit %d, %q; want %q", code, got, want2)
	}
	if code, got, _ := run(t, "", "catalog", "export", dir, "--group", "3541"); code != 0 || got != strings.SplitAfter(want2, "\n")[3] {
		t.Fatalf("export DIR --group 3541: exit %d, %q", code, got)
	}
	for _, name := range []string{storage.IndexName, storage.FileName(3540), storage.FileName(3541)} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s missing: %v", name, err)
		}
	}
	// --band writes a directory even for one group's worth of work.
	bandDir := filepath.Join(t.TempDir(), "b")
	if code, _, errs := run(t, "", "enumerate", "--band", "401", "--out", bandDir); code != 0 {
		t.Fatalf("enumerate --band 401 --out: exit %d: %s", code, errs)
	}
	if code, out, errs := run(t, "", "catalog", "verify", bandDir); code != 0 || !strings.HasPrefix(out, "ok: ") {
		t.Fatalf("verify: exit %d, %q, %s", code, out, errs)
	}
}

func TestCatalogCommands(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cat")
	if code, _, errs := run(t, "", "enumerate", "--group", "3539-3541", "--out", dir); code != 0 {
		t.Fatalf("enumerate: exit %d: %s", code, errs)
	}
	_, all, _ := run(t, "", "enumerate", "--group", "3539-3541")
	lines := strings.Split(strings.TrimSpace(all), "\n")
	code, out, _ := run(t, "", "catalog", "verify", dir)
	if code != 0 || !strings.Contains(out, "3 groups") {
		t.Fatalf("verify: exit %d, %q", code, out)
	}
	code, out, _ = run(t, "", "catalog", "info", dir)
	if code != 0 || !strings.Contains(out, "# total: 3 groups") {
		t.Fatalf("info: exit %d, %q", code, out)
	}
	// find every grid: its catalog number is its line number.
	code, out, errs := run(t, strings.Join(lines, "\n")+"\n", "catalog", "find", dir)
	found := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(found) != len(lines) {
		t.Fatalf("find: exit %d, %d answers for %d grids: %s", code, len(found), len(lines), errs)
	}
	for i, f := range found {
		fs := strings.Fields(f)
		if len(fs) != 4 || fs[0] != lines[i] || fs[3] != itoa(i+1) {
			t.Fatalf("find line %d: %q", i+1, f)
		}
		// get gives the grid back from its group and ordinal.
		if code, g, _ := run(t, "", "catalog", "get", dir, "--group", fs[1], fs[2]); code != 0 || strings.TrimSpace(g) != lines[i] {
			t.Fatalf("get --group %s %s: exit %d, %q; want %s", fs[1], fs[2], code, g, lines[i])
		}
	}
	// A grid that is not minlex is reported, the others still answered.
	notMinlex := "123456789456789123789123456231564897564897231897231564312645978645978312978312645"
	code, out, errs = run(t, "", "catalog", "find", dir, notMinlex, lines[0])
	if code != exitFailed || !strings.Contains(errs, "argument 1") || !strings.HasPrefix(out, lines[0]) {
		t.Fatalf("find with a missing grid: exit %d, %q, %q", code, out, errs)
	}
}

func TestCatalogVerifyNamesBlock(t *testing.T) {
	file := filepath.Join(t.TempDir(), "g.edg")
	if code, _, errs := run(t, "", "enumerate", "--group", "3150", "--out", file); code != 0 {
		t.Fatalf("enumerate: exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	b[600] ^= 0xff // inside block 0, after the 512-byte header
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "catalog", "verify", file)
	if code != exitFailed || out != "" || !strings.Contains(errs, "g.edg: block 0") || !strings.Contains(errs, "checksum") {
		t.Fatalf("verify of a damaged file: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = run(t, "", "catalog", "export", file)
	if code != exitFailed || out != "" || !strings.Contains(errs, "block 0") {
		t.Fatalf("export of a damaged file: exit %d, %d bytes out, stderr %q", code, len(out), errs)
	}
}

func TestCatalogBadArguments(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "x")
	os.WriteFile(file, []byte("x"), 0o644)
	for _, args := range [][]string{
		{"catalog"},
		{"catalog", "nosuch", dir},
		{"catalog", "export"},
		{"catalog", "export", filepath.Join(dir, "missing")},
		{"catalog", "export", dir, "--group", "0"},
		{"catalog", "get", dir},
		{"catalog", "verify", dir, "extra"},
		{"catalog", "verify", dir, "--workers", "-1"},
		{"enumerate", "--group", "1", "--codec", "sorted"},
		{"enumerate", "--group", "1", "--out", file + "d", "--codec", "zip"},
		{"enumerate", "--group", "1", "--compress", "small"},
		{"enumerate", "--group", "1", "--out", file + "d", "--compress", "best"},
		{"enumerate", "--group", "3540-3541", "--out", file},
	} {
		code, _, errs := run(t, "", args...)
		if code != exitUsage || !strings.Contains(errs, "edgrid ") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 with a message", args, code, errs)
		}
	}
	// A directory that is no catalog, and a file that is no group file: exit 1.
	for _, target := range []string{dir, file} {
		if code, _, errs := run(t, "", "catalog", "export", target); code != exitFailed || errs == "" {
			t.Errorf("export %s: exit %d, %q; want 1", target, code, errs)
		}
	}
	if code, out, _ := run(t, "", "catalog", "-h"); code != 0 || !strings.Contains(out, "export") {
		t.Errorf("catalog -h: exit %d, %q", code, out)
	}
}

func itoa(n int) string {
	s := ""
	for {
		s = string(rune('0'+n%10)) + s
		n /= 10
		if n == 0 {
			return s
		}
	}
}

// Cluster tasks write one group each into a shared directory; catalog index
// then lists them all, whatever index the last task left behind.
func TestCatalogIndex(t *testing.T) {
	dir := t.TempDir()
	for _, g := range []string{"3541", "3539", "3540"} {
		if code, _, errs := run(t, "", "enumerate", "--group", g, "--out", dir); code != 0 {
			t.Fatalf("enumerate --group %s --out DIR: exit %d: %s", g, code, errs)
		}
	}
	if err := os.Remove(filepath.Join(dir, storage.IndexName)); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "catalog", "index", dir)
	if code != 0 || !strings.Contains(out, "3 group files") {
		t.Fatalf("catalog index: exit %d, %q, %s", code, out, errs)
	}
	_, want, _ := run(t, "", "enumerate", "--group", "3539-3541")
	if code, got, _ := run(t, "", "catalog", "export", dir); code != 0 || got != want {
		t.Fatalf("export after index: exit %d, %q, want %q", code, got, want)
	}
	if code, _, _ := run(t, "", "catalog", "index", t.TempDir()); code != 1 {
		t.Errorf("index of an empty directory: exit %d, want 1", code)
	}
	if code, _, _ := run(t, "", "catalog", "index", filepath.Join(dir, storage.FileName(3541))); code != 2 {
		t.Errorf("index of a file: exit %d, want 2", code)
	}
}

// verify of a catalog adds up the automorphism histogram and the Burnside
// sum; both agree with enumerate --stats for the same groups.
func TestCatalogVerifyTotals(t *testing.T) {
	dir := t.TempDir()
	if code, _, errs := run(t, "", "enumerate", "--group", "3530-3541", "--out", dir); code != 0 {
		t.Fatalf("enumerate: exit %d: %s", code, errs)
	}
	_, js, _ := run(t, "", "enumerate", "--group", "3530-3541", "--stats")
	var rep struct {
		Autos map[string]int64 `json:"automorphisms"`
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "catalog", "verify", dir)
	if code != 0 {
		t.Fatalf("verify: exit %d: %s", code, errs)
	}
	sum := new(big.Int)
	for a, n := range rep.Autos {
		if !strings.Contains(out, fmt.Sprintf(" %s:%d", a, n)) {
			t.Errorf("verify output %q lacks %s:%d", out, a, n)
		}
		ai, _ := strconv.ParseInt(a, 10, 64)
		sum.Add(sum, new(big.Int).Mul(big.NewInt(n), big.NewInt(1218998108160/ai)))
	}
	if !strings.Contains(out, "automorphisms): "+sum.String()+"\n") {
		t.Errorf("verify output %q: want Burnside sum %s", out, sum)
	}
}
