package query

import (
	"bytes"
	"fmt"
	"io"
	"os"
)

// spillLimit is how many bytes of a group's output a spill keeps in memory
// before it moves them to a temporary file.
const spillLimit = 32 << 20

// spill holds a group's output lines until the group is done and its turn
// to be written comes: in memory, then in a temporary file.
type spill struct {
	mem  bytes.Buffer
	file *os.File
}

// Write keeps p, in memory until spillLimit, then in the temporary file.
func (s *spill) Write(p []byte) (int, error) {
	if s.file == nil && s.mem.Len()+len(p) > spillLimit {
		f, err := os.CreateTemp("", "edgrid-query-*")
		if err != nil {
			return 0, fmt.Errorf("query: %w", err)
		}
		s.file = f
		if _, err := s.mem.WriteTo(f); err != nil {
			return 0, fmt.Errorf("query: %w", err)
		}
	}
	if s.file != nil {
		n, err := s.file.Write(p)
		if err != nil {
			err = fmt.Errorf("query: %w", err)
		}
		return n, err
	}
	return s.mem.Write(p)
}

// writeTo copies the output to w.
func (s *spill) writeTo(w io.Writer) error {
	if s.file == nil {
		_, err := s.mem.WriteTo(w)
		return err
	}
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("query: %w", err)
	}
	_, err := io.Copy(w, s.file)
	return err
}

// close removes the temporary file, if any.
func (s *spill) close() {
	if s.file != nil {
		s.file.Close()
		os.Remove(s.file.Name())
		s.file = nil
	}
	s.mem.Reset()
}
