// Package extsort sorts fixed-size records by their bytes within a memory
// bound: a Sorter holds records in memory up to its bound, and beyond that
// writes them sorted to run files in a directory, which it merges (in
// passes, so that few files are open at once) when the records are read
// back in order. Bulk answering sorts its queries and its answers with it.
package extsort

import (
	"bufio"
	"bytes"
	"container/heap"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
)

// Sorter sorts fixed-size records by their bytes within a memory bound:
// it holds at most max records, and beyond that writes them sorted to a
// run file in dir, merging the runs at the end.
type Sorter struct {
	dir    string
	name   string // the runs' file name prefix
	size   int    // bytes a record
	max    int    // records held in memory
	fanIn  int    // the most runs merged at once
	buf    []byte
	runs   []string
	merged int // runs written by merging others
	spills int // runs written from memory
}

// MergeFanIn is the most runs a Sorter merges at once.
const MergeFanIn = 64

// New returns a sorter of records of size bytes holding at most mem bytes
// of them (at least one record) before it spills to run files in dir,
// named name-000000 and on.
func New(dir, name string, size int, mem int64) (*Sorter, error) {
	if size <= 0 {
		return nil, fmt.Errorf("extsort: records of %d bytes", size)
	}
	return &Sorter{dir: dir, name: name, size: size, max: int(max(1, mem/int64(size))), fanIn: MergeFanIn}, nil
}

// Spills returns the number of runs written from memory so far.
func (s *Sorter) Spills() int { return s.spills }

// Add takes one record (copied).
func (s *Sorter) Add(rec []byte) error {
	if len(rec) != s.size {
		return fmt.Errorf("internal error: a record of %d bytes in a sorter of %d", len(rec), s.size)
	}
	if len(s.buf)+s.size > cap(s.buf) {
		// Doubling, but never past the bound: append would take up to a
		// quarter more.
		b := make([]byte, len(s.buf), min(max(2*cap(s.buf), 1<<20), s.max*s.size))
		copy(b, s.buf)
		s.buf = b
	}
	s.buf = append(s.buf, rec...)
	if len(s.buf)/s.size >= s.max {
		return s.spill()
	}
	return nil
}

// records sorts flat fixed-size records in place.
type records struct {
	b    []byte
	size int
	tmp  []byte
}

func (r *records) Len() int { return len(r.b) / r.size }
func (r *records) Less(i, j int) bool {
	return bytes.Compare(r.b[i*r.size:(i+1)*r.size], r.b[j*r.size:(j+1)*r.size]) < 0
}
func (r *records) Swap(i, j int) {
	a, b := r.b[i*r.size:(i+1)*r.size], r.b[j*r.size:(j+1)*r.size]
	copy(r.tmp, a)
	copy(a, b)
	copy(b, r.tmp)
}

func (s *Sorter) sortBuf() {
	sort.Sort(&records{b: s.buf, size: s.size, tmp: make([]byte, s.size)})
}

// spill writes the records held, sorted, to a new run file.
func (s *Sorter) spill() error {
	if len(s.buf) == 0 {
		return nil
	}
	s.sortBuf()
	path := filepath.Join(s.dir, fmt.Sprintf("%s-%06d", s.name, len(s.runs)))
	if err := os.WriteFile(path, s.buf, 0o600); err != nil {
		return fmt.Errorf("spilling to the temporary directory: %w", err)
	}
	s.runs = append(s.runs, path)
	s.spills++
	s.buf = s.buf[:0]
	return nil
}

// Spilled reports whether some records went to run files.
func (s *Sorter) Spilled() bool { return len(s.runs) > 0 }

// Sorted returns the records in ascending order, one by one: next returns
// a record (valid until the next call), or nil at the end. The sorter is
// spent afterwards; closeAll releases the run files' handles.
func (s *Sorter) Sorted() (next func() ([]byte, error), closeAll func(), err error) {
	if len(s.runs) == 0 {
		s.sortBuf()
		b := s.buf
		return func() ([]byte, error) {
			if len(b) == 0 {
				return nil, nil
			}
			r := b[:s.size]
			b = b[s.size:]
			return r, nil
		}, func() {}, nil
	}
	if err := s.spill(); err != nil {
		return nil, nil, err
	}
	s.buf = nil
	// Merged in passes of at most fanIn runs, so that no more than that
	// many files are open at once.
	for len(s.runs) > s.fanIn {
		var runs []string
		for a := 0; a < len(s.runs); a += s.fanIn {
			b := min(a+s.fanIn, len(s.runs))
			path, err := s.mergeRuns(s.runs[a:b])
			if err != nil {
				return nil, nil, err
			}
			runs = append(runs, path)
		}
		s.runs = runs
	}
	return s.merge(s.runs)
}

// mergeRuns merges the runs at paths into a new run file and removes them.
func (s *Sorter) mergeRuns(paths []string) (string, error) {
	next, closeAll, err := s.merge(paths)
	if err != nil {
		return "", err
	}
	defer closeAll()
	path := filepath.Join(s.dir, fmt.Sprintf("%s-m%06d", s.name, s.merged))
	s.merged++
	f, err := os.Create(path)
	if err != nil {
		return "", fmt.Errorf("spilling to the temporary directory: %w", err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	for {
		rec, err := next()
		if err != nil {
			f.Close()
			return "", err
		}
		if rec == nil {
			break
		}
		if _, err := w.Write(rec); err != nil {
			f.Close()
			return "", fmt.Errorf("spilling to the temporary directory: %w", err)
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return "", fmt.Errorf("spilling to the temporary directory: %w", err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("spilling to the temporary directory: %w", err)
	}
	for _, p := range paths {
		os.Remove(p)
	}
	return path, nil
}

// merge returns the records of the runs at paths in ascending order, as
// Sorted does.
func (s *Sorter) merge(paths []string) (next func() ([]byte, error), closeAll func(), err error) {
	h := &runHeap{}
	var files []*os.File
	closeAll = func() {
		for _, f := range files {
			f.Close()
		}
	}
	// Each run gets an equal share of a read buffer of at most 16 MiB.
	bufSize := max(4096, (16<<20)/len(paths))
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("reading the temporary directory: %w", err)
		}
		files = append(files, f)
		c := &runCursor{r: bufio.NewReaderSize(f, bufSize), rec: make([]byte, s.size)}
		if ok, err := c.advance(); err != nil {
			closeAll()
			return nil, nil, err
		} else if ok {
			h.cs = append(h.cs, c)
		}
	}
	heap.Init(h)
	out := make([]byte, s.size)
	return func() ([]byte, error) {
		if len(h.cs) == 0 {
			return nil, nil
		}
		c := h.cs[0]
		copy(out, c.rec)
		ok, err := c.advance()
		if err != nil {
			return nil, err
		}
		if ok {
			heap.Fix(h, 0)
		} else {
			heap.Pop(h)
		}
		return out, nil
	}, closeAll, nil
}

// runCursor is the next record of one run file.
type runCursor struct {
	r   *bufio.Reader
	rec []byte
}

// advance reads the next record, reporting false at the run's end.
func (c *runCursor) advance() (bool, error) {
	if _, err := io.ReadFull(c.r, c.rec); err != nil {
		if errors.Is(err, io.EOF) {
			return false, nil
		}
		return false, fmt.Errorf("reading a run of the temporary directory: %w", err)
	}
	return true, nil
}

// runHeap orders run cursors by their records.
type runHeap struct{ cs []*runCursor }

func (h *runHeap) Len() int           { return len(h.cs) }
func (h *runHeap) Less(i, j int) bool { return bytes.Compare(h.cs[i].rec, h.cs[j].rec) < 0 }
func (h *runHeap) Swap(i, j int)      { h.cs[i], h.cs[j] = h.cs[j], h.cs[i] }
func (h *runHeap) Push(x any)         { h.cs = append(h.cs, x.(*runCursor)) }
func (h *runHeap) Pop() any {
	c := h.cs[len(h.cs)-1]
	h.cs = h.cs[:len(h.cs)-1]
	return c
}
