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

	"edgrid/band"
	"edgrid/storage"
)

// Entry is a manifest's record of one finished group, whatever the kind:
//
//	<verb> <group> <count> <bytes> <crc64> <fields...> <seconds>   a group the run made
//	adopted <group> <count> <bytes> <crc64> <fields...>            a file the run found and verified
//
// followed, as every manifest line, by the CRC-32C of the text before it.
type Entry struct {
	Group int
	Count int64 // what the kind counts in the file (grids for catalogs and query parts)
	Size  int64 // bytes of the file
	// Sum is the CRC-64 (ECMA) of the whole file. Not CRC-32C: a file
	// that ends with its own CRC-32C, as group files do, has the same
	// CRC-32C as every other intact one.
	Sum     uint64
	Seconds float64 // time to make it; 0 for an adopted file
	// Adopted is set for a file the run found rather than made (a cluster
	// job's, or one whose run stopped before recording it), verified
	// before it was recorded.
	Adopted bool
	// Fields are the kind's own fields (Kind.Fields checks them).
	Fields []string
}

// maxRecordCount bounds a record's count: more than all the grids of all
// groups (docs/design/method.md), and small enough that sums cannot overflow.
const maxRecordCount = 1 << 40

// line formats e, without its checksum, for kind k.
func (e *Entry) line(k *Kind) string {
	var b strings.Builder
	verb := k.Verb
	if e.Adopted {
		verb = "adopted"
	}
	fmt.Fprintf(&b, "%s %d %d %d %016x", verb, e.Group, e.Count, e.Size, e.Sum)
	for _, f := range e.Fields {
		b.WriteString(" " + f)
	}
	if !e.Adopted {
		fmt.Fprintf(&b, " %.3f", e.Seconds)
	}
	return b.String()
}

// parseEntry reads the text of a record line of kind k.
func parseEntry(k *Kind, text string) (Entry, error) {
	f := strings.Fields(text)
	if len(f) < 5 || (f[0] != k.Verb && f[0] != "adopted") {
		return Entry{}, fmt.Errorf("want: %s group count bytes crc64 ... seconds, or adopted group count bytes crc64 ...", k.Verb)
	}
	e := Entry{Adopted: f[0] == "adopted"}
	var err error
	if e.Group, err = strconv.Atoi(f[1]); err != nil || e.Group < 1 || e.Group > band.NumGroups {
		return e, fmt.Errorf("group %q: want 1..%d", f[1], band.NumGroups)
	}
	if e.Count, err = strconv.ParseInt(f[2], 10, 64); err != nil || e.Count < 0 || e.Count > maxRecordCount {
		return e, fmt.Errorf("count %q", f[2])
	}
	if e.Size, err = strconv.ParseInt(f[3], 10, 64); err != nil || e.Size <= 0 {
		return e, fmt.Errorf("size %q", f[3])
	}
	if e.Sum, err = strconv.ParseUint(f[4], 16, 64); err != nil || len(f[4]) != 16 {
		return e, fmt.Errorf("checksum %q: want 16 hex digits", f[4])
	}
	rest := f[5:]
	if !e.Adopted {
		if len(rest) == 0 {
			return e, errors.New("no seconds")
		}
		s := rest[len(rest)-1]
		if e.Seconds, err = strconv.ParseFloat(s, 64); err != nil || !(e.Seconds >= 0) {
			return e, fmt.Errorf("seconds %q", s)
		}
		rest = rest[:len(rest)-1]
	}
	if k.Fields != nil {
		if err := k.Fields(e.Adopted, rest); err != nil {
			return e, err
		}
	} else if len(rest) > 0 {
		return e, fmt.Errorf("%d fields too many", len(rest))
	}
	if len(rest) > 0 {
		e.Fields = rest
	}
	return e, nil
}

// dirManifest is what a result directory's manifest says: the last record
// of each group, the runs, and the lines that could not be read.
type dirManifest struct {
	Label   string // the "kind" line of a labeled kind
	Entries map[int]Entry
	Runs    [][2]int // the group ranges of the runs recorded, in order
	// Damaged lists unreadable lines (line number and reason), ignored:
	// their groups count as unrecorded.
	Damaged []string
	exists  bool
	good    int64    // length of the prefix made of whole lines
	kept    []string // the readable lines, sealed, in order
}

// readDirManifest reads the manifest of kind k in dir without following a
// symbolic link. A missing manifest is an empty one. A damaged line is
// listed in Damaged and skipped, but a damaged or foreign first line (or
// label line) makes the directory not k's. A last line cut short (a crash
// while appending) is dropped silently.
func readDirManifest(k *Kind, dir string) (*dirManifest, error) {
	m := &dirManifest{Entries: map[int]Entry{}}
	path := filepath.Join(dir, k.Manifest)
	data, err := readNoFollow(path)
	if errors.Is(err, os.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return nil, err
	}
	m.exists = true
	r := bufio.NewReader(bytes.NewReader(data))
	header := 1
	if k.Labeled {
		header = 2
	}
	for n := 1; ; n++ {
		line, err := r.ReadString('\n')
		if err == io.EOF {
			break // a line without its newline never counted
		}
		m.good += int64(len(line))
		text, err := unseal(strings.TrimSuffix(line, "\n"))
		if err != nil && n == 1 {
			return nil, fmt.Errorf("jobs: %s: line 1 is not %q: not a %s directory's manifest (or a damaged one: move it away to start over)",
				path, k.Magic, k.Name)
		}
		if err != nil && n <= header {
			return nil, fmt.Errorf("jobs: %s: line %d damaged (%v): move the directory away to start over", path, n, err)
		}
		if err != nil {
			m.Damaged = append(m.Damaged, fmt.Sprintf("line %d: %v", n, err))
			continue
		}
		switch {
		case n == 1:
			if text != k.Magic {
				return nil, fmt.Errorf("jobs: %s: line 1 is %q, not %q: not a %s directory's manifest", path, text, k.Magic, k.Name)
			}
		case n == 2 && k.Labeled:
			label, ok := strings.CutPrefix(text, "kind ")
			if !ok {
				return nil, fmt.Errorf("jobs: %s: line 2 %q is not the kind line", path, text)
			}
			m.Label = label
		case strings.HasPrefix(text, "run "):
			var a, b int
			if _, err := fmt.Sscanf(text, "run %d-%d", &a, &b); err != nil || a < 1 || a > b || b > band.NumGroups {
				m.Damaged = append(m.Damaged, fmt.Sprintf("line %d: bad run line %q", n, text))
				continue
			}
			m.Runs = append(m.Runs, [2]int{a, b})
		default:
			e, err := parseEntry(k, text)
			if err != nil {
				m.Damaged = append(m.Damaged, fmt.Sprintf("line %d: %v", n, err))
				continue
			}
			m.Entries[e.Group] = e
		}
		m.kept = append(m.kept, line)
	}
	if k.Labeled && len(m.kept) < 2 && len(m.Damaged) == 0 {
		// Only the magic line, or nothing whole: a manifest whose creation
		// was cut short (its header is now written at once) records
		// nothing, and the directory is a new one.
		return &dirManifest{Entries: map[int]Entry{}}, nil
	}
	return m, nil
}

// manifestWriter appends lines to a manifest, each synced before the next.
type manifestWriter struct {
	f    *os.File
	path string
}

// openDirManifest opens dir's manifest of kind k for appending, creating
// it with its header (label being its kind line), and leaves it made of
// whole readable lines only: a torn last line is cut off, and a manifest
// with damaged lines is first rewritten atomically without them, so that
// damage once repaired is not reported again.
func openDirManifest(k *Kind, dir string, m *dirManifest, label string) (*manifestWriter, error) {
	path := filepath.Join(dir, k.Manifest)
	if len(m.Damaged) > 0 {
		if err := storage.WriteFileAtomic(path, []byte(strings.Join(m.kept, ""))); err != nil {
			return nil, fmt.Errorf("jobs: rewriting %s without its damaged lines: %w", path, err)
		}
		m.good = 0
		for _, l := range m.kept {
			m.good += int64(len(l))
		}
	}
	if m.good == 0 {
		// A new manifest gets its whole header at once, so that no crash
		// leaves a manifest of the magic line alone.
		header := sealLine(k.Magic)
		if k.Labeled {
			header += sealLine("kind " + label)
		}
		if err := storage.WriteFileAtomic(path, []byte(header)); err != nil {
			return nil, fmt.Errorf("jobs: creating %s: %w", path, err)
		}
		m.good = int64(len(header))
	}
	f, err := openNoFollow(path, os.O_RDWR)
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
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("jobs: %s: %w", path, err)
	}
	return w, nil
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
