package jobs

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"edgrid/internal/crc32c"
	"edgrid/storage"
)

// FuzzReadFiles gives ReadManifest and ReadTasks arbitrary files, sealed
// with a right checksum half of the time so that the parsers behind the
// checksums are reached. Neither may panic or size anything by what the
// file claims; what they accept must say what the file says.
func FuzzReadFiles(f *testing.F) {
	rec := Record{Group: 12, Count: 3, Size: 700, Sum: 0xfeed, Codec: storage.CodecSorted, Seconds: 1.5}
	f.Add([]byte(rec.line()), true)
	rec.Adopted = true
	f.Add([]byte(rec.line()), true)
	f.Add([]byte("run 1-10 sorted 2024-01-01T00:00:00Z"), true)
	f.Add([]byte(fmt.Sprintf("%s group 7 tasks 2\n1 2\n3 4\n", tasksMagic)), true)
	f.Add([]byte(fmt.Sprintf("%s group 7 tasks 1000000000000\n", tasksMagic)), true)
	f.Add([]byte("garbage"), false)
	dir := f.TempDir() // rewritten by each input, one at a time per process
	f.Fuzz(func(t *testing.T, data []byte, seal bool) {
		// As a manifest: a sealed magic line, then data as lines.
		m := sealLine(manifestMagic)
		if seal {
			for _, l := range splitLines(data) {
				m += sealLine(l)
			}
		} else {
			m += string(data)
		}
		if err := os.WriteFile(filepath.Join(dir, ManifestName), []byte(m), 0o644); err != nil {
			t.Fatal(err)
		}
		if man, err := ReadManifest(dir); err == nil {
			for g, r := range man.Records {
				if r.Group != g || r.Count < 0 || r.Count > maxRecordCount || r.Size <= 0 || (r.Codec != storage.CodecSorted && r.Codec != storage.CodecPacked) {
					t.Fatalf("record %+v accepted", r)
				}
			}
		}
		// As a task file of group 7.
		body := data
		if seal {
			body = fmt.Appendf(append([]byte(nil), data...), "crc32c %08x\n", crc32c.Checksum(data))
		}
		os.MkdirAll(filepath.Join(dir, TasksDir), 0o755)
		if err := os.WriteFile(TasksPath(dir, 7), body, 0o644); err != nil {
			t.Fatal(err)
		}
		if ts, err := ReadTasks(dir, 7); err == nil {
			if len(ts) > len(data)/4 {
				t.Fatalf("%d tasks read from %d bytes", len(ts), len(data))
			}
			for _, x := range ts {
				if x.Grids < 0 || x.Completions < 0 {
					t.Fatalf("task %+v accepted", x)
				}
			}
		}
	})
}

// splitLines cuts data at newlines, dropping them.
func splitLines(data []byte) []string {
	var out []string
	start := 0
	for i, b := range data {
		if b == '\n' {
			out = append(out, string(data[start:i]))
			start = i + 1
		}
	}
	return append(out, string(data[start:]))
}
