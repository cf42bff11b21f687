package jobs

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"edgrid/band"
	"edgrid/internal/crc32c"
	"edgrid/storage"
)

// ManifestName is the name of the manifest in a run's directory.
const ManifestName = "manifest.edr"

// manifestMagic is the first line of a manifest.
const manifestMagic = "edgrid run manifest 1"

// Record is the manifest's line for a finished group.
type Record struct {
	Group int
	Count int64 // grids in the file
	Size  int64 // bytes of the file
	// Sum is the CRC-64 (ECMA) of the whole file. Not CRC-32C: a group
	// file ends with the CRC-32C of what precedes it, so the CRC-32C of
	// the whole file is the same constant for every intact file.
	Sum     uint64
	Codec   storage.Codec // record codec of the file
	Seconds float64       // enumeration and writing time; 0 for an adopted file
	// Adopted is set for a file the run found rather than wrote (a
	// cluster job's, or one whose run stopped before recording it): every
	// grid of it was verified before it was recorded.
	Adopted bool
	// Tasks is set when the group has a task file, which then must match
	// the record. Every group a run enumerates has one; an adopted group
	// has one only if it was found beside the file, whole and matching.
	Tasks bool
}

// maxRecordCount bounds a record's grid count: more than all the grids of
// all groups (docs/method.md), and small enough that sums cannot overflow.
const maxRecordCount = 1 << 40

// line formats r without its checksum: "done group count bytes crc64 codec
// seconds" for a group the run enumerated, "adopted group count bytes crc64
// codec tasks|no-tasks" for one it adopted.
func (r *Record) line() string {
	if r.Adopted {
		tasks := "no-tasks"
		if r.Tasks {
			tasks = "tasks"
		}
		return fmt.Sprintf("adopted %d %d %d %016x %v %s", r.Group, r.Count, r.Size, r.Sum, r.Codec, tasks)
	}
	return fmt.Sprintf("done %d %d %d %016x %v %.3f", r.Group, r.Count, r.Size, r.Sum, r.Codec, r.Seconds)
}

// Manifest is what a directory's manifest says: the last record of each
// group, and the lines that could not be read.
type Manifest struct {
	Records map[int]Record
	// Damaged lists problems with lines of the manifest (line number and
	// reason); such lines are ignored, so their groups count as unrecorded.
	Damaged []string
	// Runs are the group ranges of the runs recorded, in order.
	Runs [][2]int
	// good is the length of the manifest's prefix made of whole lines.
	good int64
}

// sealLine appends the CRC-32C of text to it: every manifest line carries
// its own checksum, so that a torn or damaged line is recognized alone.
func sealLine(text string) string {
	return fmt.Sprintf("%s %08x\n", text, crc32c.Checksum([]byte(text)))
}

// unseal checks a line's checksum and returns the text before it.
func unseal(line string) (string, error) {
	i := strings.LastIndexByte(line, ' ')
	if i < 0 {
		return "", errors.New("no checksum")
	}
	text, sum := line[:i], line[i+1:]
	if want := fmt.Sprintf("%08x", crc32c.Checksum([]byte(text))); sum != want {
		return "", fmt.Errorf("checksum %s, computed %s", sum, want)
	}
	return text, nil
}

// parseRecord reads the text of a done or adopted line.
func parseRecord(text string) (Record, error) {
	f := strings.Fields(text)
	if len(f) != 7 || (f[0] != "done" && f[0] != "adopted") {
		return Record{}, errors.New("want: done group count bytes crc64 codec seconds, or adopted group count bytes crc64 codec tasks|no-tasks")
	}
	r := Record{Adopted: f[0] == "adopted", Tasks: f[0] == "done"}
	var err error
	if r.Group, err = strconv.Atoi(f[1]); err != nil || r.Group < 1 || r.Group > band.NumGroups {
		return r, fmt.Errorf("group %q: want 1..%d", f[1], band.NumGroups)
	}
	if r.Count, err = strconv.ParseInt(f[2], 10, 64); err != nil || r.Count < 0 || r.Count > maxRecordCount {
		return r, fmt.Errorf("count %q", f[2])
	}
	if r.Size, err = strconv.ParseInt(f[3], 10, 64); err != nil || r.Size <= 0 {
		return r, fmt.Errorf("size %q", f[3])
	}
	if r.Sum, err = strconv.ParseUint(f[4], 16, 64); err != nil || len(f[4]) != 16 {
		return r, fmt.Errorf("checksum %q: want 16 hex digits", f[4])
	}
	if r.Codec, err = storage.ParseCodec(f[5]); err != nil {
		return r, err
	}
	switch {
	case r.Adopted && (f[6] == "tasks" || f[6] == "no-tasks"):
		r.Tasks = f[6] == "tasks"
	case r.Adopted:
		return r, fmt.Errorf("%q: want tasks or no-tasks", f[6])
	default:
		if r.Seconds, err = strconv.ParseFloat(f[6], 64); err != nil || !(r.Seconds >= 0) {
			return r, fmt.Errorf("seconds %q", f[6])
		}
	}
	return r, nil
}

// ReadManifest reads the manifest of dir. A missing manifest is an empty
// one. A damaged line is listed in Damaged and skipped; a last line cut
// short (a crash while appending) is dropped silently.
func ReadManifest(dir string) (*Manifest, error) {
	m := &Manifest{Records: map[int]Record{}}
	data, err := readNoFollow(filepath.Join(dir, ManifestName))
	if errors.Is(err, os.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return nil, err
	}
	r := bufio.NewReader(bytes.NewReader(data))
	for n := 1; ; n++ {
		line, err := r.ReadString('\n')
		if err == io.EOF {
			// A line without its newline was being appended when the
			// run stopped; it never counted.
			break
		}
		m.good += int64(len(line))
		text, err := unseal(strings.TrimSuffix(line, "\n"))
		if err != nil && n == 1 {
			return nil, fmt.Errorf("jobs: %s: line 1 is not %q: not a run directory's manifest (or a damaged one: move it away to start over)",
				filepath.Join(dir, ManifestName), manifestMagic)
		}
		if err != nil {
			m.Damaged = append(m.Damaged, fmt.Sprintf("line %d: %v", n, err))
			continue
		}
		switch {
		case n == 1:
			if text != manifestMagic {
				return nil, fmt.Errorf("jobs: %s: line 1 is %q, not %q: not a run directory's manifest",
					filepath.Join(dir, ManifestName), text, manifestMagic)
			}
		case strings.HasPrefix(text, "run "):
			var a, b int
			if _, err := fmt.Sscanf(text, "run %d-%d", &a, &b); err == nil && a >= 1 && a <= b && b <= band.NumGroups {
				m.Runs = append(m.Runs, [2]int{a, b})
			}
		default:
			rec, err := parseRecord(text)
			if err != nil {
				m.Damaged = append(m.Damaged, fmt.Sprintf("line %d: %v", n, err))
				continue
			}
			m.Records[rec.Group] = rec
		}
	}
	return m, nil
}

// manifestWriter appends lines to a manifest, each synced before the next.
type manifestWriter struct {
	f    *os.File
	path string
}

// openManifest opens dir's manifest for appending, creating it with its
// first line, and cuts off a torn last line so that appends start clean.
func openManifest(dir string, m *Manifest) (*manifestWriter, error) {
	path := filepath.Join(dir, ManifestName)
	f, err := openNoFollow(path, os.O_RDWR|os.O_CREATE)
	if err != nil {
		return nil, err
	}
	w := &manifestWriter{f: f, path: path}
	fi, err := f.Stat()
	if err == nil && fi.Size() != m.good {
		err = f.Truncate(m.good)
	}
	if err == nil {
		_, err = f.Seek(m.good, io.SeekStart)
	}
	if err == nil && m.good == 0 {
		err = w.append(manifestMagic)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("jobs: %s: %w", path, err)
	}
	return w, nil
}

// appendRun records the start of a run.
func (w *manifestWriter) appendRun(first, last int, codec storage.Codec) error {
	return w.append(fmt.Sprintf("run %d-%d %v %s", first, last, codec, time.Now().UTC().Format(time.RFC3339)))
}

// append writes one sealed line and syncs it.
func (w *manifestWriter) append(text string) error {
	if _, err := w.f.WriteString(sealLine(text)); err != nil {
		return fmt.Errorf("jobs: appending to %s: %w", w.path, err)
	}
	if err := w.f.Sync(); err != nil {
		return fmt.Errorf("jobs: syncing %s: %w", w.path, err)
	}
	return nil
}

func (w *manifestWriter) close() error { return w.f.Close() }
