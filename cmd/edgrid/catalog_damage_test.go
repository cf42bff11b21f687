package main

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/storage"
)

// A group the catalog lacks is an error for export and info, as for get,
// whether asked alone or in a range.
func TestCatalogMissingGroups(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cat")
	if code, _, errs := run(t, "", "enumerate", "--group", "3539-3541", "--out", dir); code != 0 {
		t.Fatalf("enumerate: exit %d: %s", code, errs)
	}
	file := filepath.Join(dir, storage.FileName(3541))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"catalog", "export", dir, "--group", "3500"}, "3500"},
		{[]string{"catalog", "export", dir, "--group", "3535-3541"}, "3535-3538"},
		{[]string{"catalog", "info", dir, "--group", "1-10"}, "1-10"},
		{[]string{"catalog", "export", file, "--group", "3540"}, "3540"},
		{[]string{"catalog", "info", file, "--group", "3540"}, "3540"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errs := run(t, "", c.args...)
			if code != exitFailed || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 1, nothing printed, one line naming %s", c.args, code, out, errs, c.want)
			}
		})
	}
	if code, out, _ := run(t, "", "catalog", "export", dir, "--group", "3540-3541"); code != 0 || strings.Count(out, "\n") == 0 {
		t.Errorf("export of groups the catalog holds: exit %d", code)
	}
}

// export and info print the good groups and report the damaged ones (exit
// 1); export writes whole lines only.
func TestCatalogDamagedGroups(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cat")
	if code, _, errs := run(t, "", "enumerate", "--group", "3530-3541", "--out", dir); code != 0 {
		t.Fatalf("enumerate: exit %d: %s", code, errs)
	}
	var want, wantInfo strings.Builder
	for g := 3530; g <= 3541; g++ {
		if g != 3535 && g != 3537 {
			_, out, _ := run(t, "", "enumerate", "--group", itoa(g))
			want.WriteString(out)
		}
		// info reads headers and block indexes, not blocks: it sees the
		// damage in 3535's header only.
		if g != 3535 {
			_, info, _ := run(t, "", "catalog", "info", dir, "--group", itoa(g))
			wantInfo.WriteString(strings.Split(info, "\n")[1] + "\n")
		}
	}
	flip := func(g int, at int) {
		p := filepath.Join(dir, storage.FileName(g))
		b, _ := os.ReadFile(p)
		b[at] ^= 0x40
		os.WriteFile(p, b, 0o644)
	}
	flip(3535, 100) // header
	flip(3537, 513) // block 0, just after the 512-byte header
	code, out, errs := run(t, "", "catalog", "export", dir)
	if code != exitFailed || out != want.String() {
		t.Fatalf("export over damage: exit %d, %d bytes; want exit 1 and the other groups' %d bytes", code, len(out), want.Len())
	}
	if !strings.Contains(errs, storage.FileName(3535)+": header") || !strings.Contains(errs, storage.FileName(3537)+": block 0") || !strings.Contains(errs, "2 damaged groups") {
		t.Fatalf("export over damage: stderr %q", errs)
	}
	code, out, errs = run(t, "", "catalog", "info", dir)
	head := "# group grids blocks bytes bits/grid codec\n"
	if code != exitFailed || !strings.HasPrefix(out, head+wantInfo.String()+"# total: 11 groups, ") {
		t.Fatalf("info over damage: exit %d, %q; want the 11 good groups' lines", code, out)
	}
	if !strings.Contains(errs, storage.FileName(3535)+": header") || !strings.Contains(errs, "1 damaged group") {
		t.Fatalf("info over damage: stderr %q", errs)
	}
}

// A damaged block after more than a buffer's worth of lines (group 2874:
// 14,770 grids, 1.2 MB) leaves no partial line on stdout.
func TestCatalogExportWholeLines(t *testing.T) {
	file := filepath.Join(t.TempDir(), "g.edg")
	if code, _, errs := run(t, "", "enumerate", "--group", "2874", "--out", file); code != 0 {
		t.Fatalf("enumerate: exit %d: %s", code, errs)
	}
	b, _ := os.ReadFile(file)
	indexAt := int(binary.LittleEndian.Uint64(b[len(b)-40:]))
	b[indexAt-10] ^= 0x01 // in the last block
	os.WriteFile(file, b, 0o644)
	code, out, errs := run(t, "", "catalog", "export", file)
	if code != exitFailed || !strings.Contains(errs, "block ") {
		t.Fatalf("export: exit %d, stderr %q", code, errs)
	}
	if out != "" && !strings.HasSuffix(out, "\n") {
		t.Fatalf("export ends with a partial line %q", out[strings.LastIndexByte(out, '\n')+1:])
	}
	for i, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if out != "" && len(l) != 81 {
			t.Fatalf("line %d: %q", i+1, l)
		}
	}
}
