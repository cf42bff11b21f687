package serve

import (
	"errors"
	"net/http"
	"time"
)

// stallWriter writes a streamed answer with a deadline on each write and
// flush: stall from its start. The server's write timeout bounds the whole
// answer; this bounds each wait, so that a client that stops reading is
// cut off at once rather than at the end of the write timeout.
type stallWriter struct {
	w     http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
}

// deadline sets the next write's deadline; a writer without deadlines
// (a test's recorder) is written without one.
func (s *stallWriter) deadline() error {
	err := s.rc.SetWriteDeadline(time.Now().Add(s.stall))
	if errors.Is(err, http.ErrNotSupported) {
		return nil
	}
	return err
}

// Write writes p within stall.
func (s *stallWriter) Write(p []byte) (int, error) {
	if err := s.deadline(); err != nil {
		return 0, err
	}
	return s.w.Write(p)
}

// Flush sends what is buffered within stall.
func (s *stallWriter) Flush() error {
	if err := s.deadline(); err != nil {
		return err
	}
	return s.rc.Flush()
}
