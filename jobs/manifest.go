package jobs

import (
	"errors"
	"fmt"
	"strings"

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

// entry returns r as the manifest's entry: the catalog's own fields are the
// codec, and for an adopted file whether it has its task file.
func (r *Record) entry() Entry {
	e := Entry{Group: r.Group, Count: r.Count, Size: r.Size, Sum: r.Sum, Seconds: r.Seconds, Adopted: r.Adopted,
		Fields: []string{r.Codec.String()}}
	if r.Adopted {
		tasks := "no-tasks"
		if r.Tasks {
			tasks = "tasks"
		}
		e.Fields = append(e.Fields, tasks)
	}
	return e
}

// recordOf returns the catalog record of an entry catalogFields accepted.
func recordOf(e Entry) Record {
	r := Record{Group: e.Group, Count: e.Count, Size: e.Size, Sum: e.Sum, Seconds: e.Seconds, Adopted: e.Adopted, Tasks: !e.Adopted}
	if len(e.Fields) > 0 {
		r.Codec, _ = storage.ParseCodec(e.Fields[0])
	}
	if e.Adopted && len(e.Fields) > 1 {
		r.Tasks = e.Fields[1] == "tasks"
	}
	return r
}

// catalogFields checks a catalog record's own fields: "codec" for a group
// the run enumerated, "codec tasks|no-tasks" for one it adopted.
func catalogFields(adopted bool, f []string) error {
	want := 1
	if adopted {
		want = 2
	}
	if len(f) != want {
		return errors.New("want: done group count bytes crc64 codec seconds, or adopted group count bytes crc64 codec tasks|no-tasks")
	}
	if _, err := storage.ParseCodec(f[0]); err != nil {
		return err
	}
	if adopted && f[1] != "tasks" && f[1] != "no-tasks" {
		return fmt.Errorf("%q: want tasks or no-tasks", f[1])
	}
	return nil
}

// line formats r without its checksum: "done group count bytes crc64 codec
// seconds" for a group the run enumerated, "adopted group count bytes crc64
// codec tasks|no-tasks" for one it adopted.
func (r *Record) line() string {
	e := r.entry()
	return e.line(catalogKind)
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

// ReadManifest reads the manifest of dir. A missing manifest is an empty
// one. A damaged line is listed in Damaged and skipped; a last line cut
// short (a crash while appending) is dropped silently. A manifest that is
// a symbolic link is refused.
func ReadManifest(dir string) (*Manifest, error) {
	dm, err := readDirManifest(catalogKind, dir)
	if err != nil {
		return nil, err
	}
	m := &Manifest{Records: make(map[int]Record, len(dm.Entries)), Damaged: dm.Damaged, Runs: dm.Runs}
	for g, e := range dm.Entries {
		m.Records[g] = recordOf(e)
	}
	return m, nil
}
