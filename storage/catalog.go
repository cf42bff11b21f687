package storage

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/crc32c"
)

// A catalog is a directory of group files named by FileName plus an index,
// IndexName: one line per group file with its grid count, the catalog
// ordinal of its first grid, codec, size and checksum (FORMAT.md, "Catalog
// index"). Ordinals count grids group by group in the paper's order; they
// are docs/design/method.md's numbers when the catalog holds groups 1..n.

// IndexName is the name of a catalog's index file.
const IndexName = "catalog.idx"

const indexMagic = "edgrid catalog 1"

// FileName is the name of a group's file in a catalog: group-0042.edg.
func FileName(group int) string { return fmt.Sprintf("group-%04d.edg", group) }

// Entry is one group file of a catalog.
type Entry struct {
	Group    int
	Count    int64 // grids
	First    int64 // catalog ordinal of the group's first grid
	Codec    Codec
	Size     int64  // bytes
	Checksum uint32 // the file's CRC-32C, as in its footer
}

// Catalog is an opened catalog directory.
type Catalog struct {
	Dir     string
	Entries []Entry // ascending by group
}

// Total returns the number of grids in the catalog.
func (c *Catalog) Total() int64 {
	if len(c.Entries) == 0 {
		return 0
	}
	e := c.Entries[len(c.Entries)-1]
	return e.First + e.Count - 1
}

// Entry returns the entry of a group, and false if the catalog lacks it.
func (c *Catalog) Entry(group int) (Entry, bool) {
	i := sort.Search(len(c.Entries), func(i int) bool { return c.Entries[i].Group >= group })
	if i < len(c.Entries) && c.Entries[i].Group == group {
		return c.Entries[i], true
	}
	return Entry{}, false
}

// Open opens a group's file and checks that it is the one the index lists.
func (c *Catalog) Open(group int) (*File, error) {
	e, ok := c.Entry(group)
	if !ok {
		return nil, fmt.Errorf("storage: catalog %s has no group %d", c.Dir, group)
	}
	path := filepath.Join(c.Dir, FileName(group))
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	h := f.Header()
	if h.Group != group || h.Count != e.Count || f.Size() != e.Size || f.Checksum() != e.Checksum || h.Codec != e.Codec {
		f.Close()
		return nil, corrupt(path, "file", -1, "does not match the catalog index (group %d, %d grids, %d bytes, checksum %08x; index: group %d, %d grids, %d bytes, checksum %08x)",
			h.Group, h.Count, f.Size(), f.Checksum(), group, e.Count, e.Size, e.Checksum)
	}
	return f, nil
}

// Locate returns the group of a minlex grid, its ordinal in the group and
// its catalog ordinal. A grid that is not minlex, or whose group the catalog
// lacks, gives an error wrapping ErrNotFound.
func (c *Catalog) Locate(g *canon.Grid) (group int, ord, catOrd int64, err error) {
	grp, err := band.GroupOf(g)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("storage: %w: %v", ErrNotFound, err)
	}
	e, ok := c.Entry(grp.Number)
	if !ok {
		return grp.Number, 0, 0, fmt.Errorf("storage: %w: its group %d is not in catalog %s", ErrNotFound, grp.Number, c.Dir)
	}
	f, err := c.Open(grp.Number)
	if err != nil {
		return grp.Number, 0, 0, err
	}
	defer f.Close()
	ord, err = f.Ordinal(g)
	if err != nil {
		return grp.Number, 0, 0, err
	}
	return grp.Number, ord, e.First + ord - 1, nil
}

// BuildIndex opens every group file in dir (checking header, footer and
// block index, not the blocks) and writes the catalog index atomically.
func BuildIndex(dir string) (*Catalog, error) {
	names, err := filepath.Glob(filepath.Join(dir, "group-*.edg"))
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	c := &Catalog{Dir: dir}
	for _, p := range names {
		f, err := Open(p)
		if err != nil {
			return nil, err
		}
		h := f.Header()
		f.Close()
		if filepath.Base(p) != FileName(h.Group) {
			return nil, corrupt(p, "header", 0, "holds group %d, whose file is %s", h.Group, FileName(h.Group))
		}
		c.Entries = append(c.Entries, Entry{Group: h.Group, Count: h.Count, Codec: h.Codec, Size: f.Size(), Checksum: f.Checksum()})
	}
	sort.Slice(c.Entries, func(i, j int) bool { return c.Entries[i].Group < c.Entries[j].Group })
	next := int64(1)
	for i := range c.Entries {
		c.Entries[i].First = next
		next += c.Entries[i].Count
	}
	if err := WriteFileAtomic(filepath.Join(dir, IndexName), c.marshal()); err != nil {
		return nil, err
	}
	return c, nil
}

// marshal formats the index: a magic line, a column line, one line per
// group, and a last line with the CRC-32C of everything before it.
func (c *Catalog) marshal() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n# group count first codec bytes crc32c\n", indexMagic)
	for _, e := range c.Entries {
		fmt.Fprintf(&b, "%d %d %d %v %d %08x\n", e.Group, e.Count, e.First, e.Codec, e.Size, e.Checksum)
	}
	fmt.Fprintf(&b, "crc32c %08x\n", crc32c.Checksum(b.Bytes()))
	return b.Bytes()
}

// OpenCatalog reads and checks the index of the catalog in dir: checksum,
// groups ascending, ordinals adding up. It does not open the group files.
func OpenCatalog(dir string) (*Catalog, error) {
	path := filepath.Join(dir, IndexName)
	data, err := readIndex(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("storage: %s is not a catalog: no %s (write one with enumerate --catalog DIR)", dir, IndexName)
		}
		return nil, fmt.Errorf("storage: %w", err)
	}
	bad := func(line int, format string, a ...any) error {
		e := corrupt(path, "catalog index", -1, format, a...)
		if line > 0 {
			e.Msg = fmt.Sprintf("line %d: %s", line, e.Msg)
		}
		return e
	}
	body, last, ok := cutLastLine(data)
	if !ok {
		return nil, bad(0, "no checksum line: truncated")
	}
	sum, found := strings.CutPrefix(last, "crc32c ")
	if !found {
		return nil, bad(0, "last line %q is not a checksum", last)
	}
	if want := fmt.Sprintf("%08x", crc32c.Checksum(body)); sum != want {
		return nil, bad(0, "checksum %s, computed %s", sum, want)
	}
	c := &Catalog{Dir: dir}
	sc := bufio.NewScanner(bytes.NewReader(body))
	line := 0
	next := int64(1)
	for sc.Scan() {
		line++
		t := sc.Text()
		switch {
		case line == 1:
			if t != indexMagic {
				return nil, bad(line, "%q is not %q", t, indexMagic)
			}
			continue
		case strings.HasPrefix(t, "#"):
			continue
		}
		e, err := parseEntry(t)
		if err != nil {
			return nil, bad(line, "%v", err)
		}
		if len(c.Entries) > 0 && e.Group <= c.Entries[len(c.Entries)-1].Group {
			return nil, bad(line, "group %d not above the line before", e.Group)
		}
		if e.First != next {
			return nil, bad(line, "group %d starts at ordinal %d, want %d", e.Group, e.First, next)
		}
		next += e.Count
		c.Entries = append(c.Entries, e)
	}
	if line == 0 {
		return nil, bad(0, "empty")
	}
	return c, nil
}

func cutLastLine(data []byte) (body []byte, last string, ok bool) {
	if len(data) == 0 || data[len(data)-1] != '\n' {
		return nil, "", false
	}
	i := bytes.LastIndexByte(data[:len(data)-1], '\n')
	return data[:i+1], string(data[i+1 : len(data)-1]), true
}

func parseEntry(t string) (Entry, error) {
	f := strings.Fields(t)
	if len(f) != 6 {
		return Entry{}, fmt.Errorf("%d fields, want 6: group count first codec bytes crc32c", len(f))
	}
	var e Entry
	var err error
	nums := []*int64{&e.Count, &e.First, &e.Size}
	g, err := strconv.Atoi(f[0])
	if err != nil || g < 1 || g > band.NumGroups {
		return e, fmt.Errorf("group %q: want 1..%d", f[0], band.NumGroups)
	}
	e.Group = g
	for i, k := range []int{1, 2, 4} {
		if *nums[i], err = strconv.ParseInt(f[k], 10, 64); err != nil || *nums[i] < 0 {
			return e, fmt.Errorf("field %d %q: want a number", k+1, f[k])
		}
	}
	if e.Codec, err = ParseCodec(f[3]); err != nil {
		return e, err
	}
	crc, err := strconv.ParseUint(f[5], 16, 32)
	if err != nil {
		return e, fmt.Errorf("checksum %q: want 8 hex digits", f[5])
	}
	e.Checksum = uint32(crc)
	return e, nil
}

// VerifyCatalog checks a catalog: its index, that the directory holds
// exactly the group files it lists and that they match it, then Verify on
// each file in group order. It returns the first problem; once
// opt.Context is done, the cause of its stop.
func VerifyCatalog(dir string, opt VerifyOptions) (*Catalog, error) {
	c, err := OpenCatalog(dir)
	if err != nil {
		return nil, err
	}
	names, err := filepath.Glob(filepath.Join(dir, "group-*.edg"))
	if err != nil {
		return c, fmt.Errorf("storage: %w", err)
	}
	listed := map[string]bool{}
	for _, e := range c.Entries {
		listed[FileName(e.Group)] = true
	}
	for _, p := range names {
		if !listed[filepath.Base(p)] {
			return c, corrupt(filepath.Join(dir, IndexName), "catalog index", -1, "does not list %s", filepath.Base(p))
		}
	}
	for _, e := range c.Entries {
		if err := opt.stopped(); err != nil {
			return c, err
		}
		f, err := c.Open(e.Group)
		if err != nil {
			return c, err
		}
		f.Close()
		if _, err := Verify(filepath.Join(dir, FileName(e.Group)), opt); err != nil {
			return c, err
		}
	}
	return c, nil
}

// maxIndexBytes bounds a catalog index: a line a group, each well under
// 256 bytes.
const maxIndexBytes = 1 << 20

// readIndex reads the index at path, a regular file (a link to one is
// followed) of at most maxIndexBytes.
func readIndex(path string) ([]byte, error) {
	f, err := OpenRegular(path, true)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, pe // the caller tells a missing index by os.ErrNotExist
		}
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxIndexBytes+1))
	if err == nil && len(data) > maxIndexBytes {
		err = fmt.Errorf("%s has more than %d bytes: not a catalog index", path, maxIndexBytes)
	}
	return data, err
}
