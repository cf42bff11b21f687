package serve

import (
	"errors"
	"net/http"
	"time"
)

// stallWriter writes a streamed answer with a deadline on each write and
// flush: stall from its start, and never past end, the end of the server's
// write timeout, which a deadline set on the connection would otherwise
// replace. The write timeout bounds the whole answer; the stall bounds each
// wait, so that a client that stops reading is cut off at once rather than
// at the end of the write timeout.
type stallWriter struct {
	w     http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
	end   time.Time
}

// newStallWriter returns a stallWriter of w whose writes wait at most
// stall each and end by end.
func newStallWriter(w http.ResponseWriter, stall time.Duration, end time.Time) *stallWriter {
	return &stallWriter{w: w, rc: http.NewResponseController(w), stall: stall, end: end}
}

// deadline sets the next write's deadline; a writer without deadlines
// (a test's recorder) is written without one.
func (s *stallWriter) deadline() error {
	dl := time.Now().Add(s.stall)
	if dl.After(s.end) {
		dl = s.end
	}
	err := s.rc.SetWriteDeadline(dl)
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
