package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// goErrorHeaders are the headers of the answer Go's HTTP server writes
// itself, before any handler, to a request it cannot read (a bad escape in
// the path, headers too large, a missing Host): right after the status
// line, which no answer of a handler has (those carry a Date, and
// Connection sorts before Content-Type).
const goErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// asAPIError rewrites p, when it is such an answer, as the API's JSON error
// with the same status (and the CORS header when it is on), so that every
// answer has the one shape; it reports whether it did.
func (s *Server) asAPIError(p []byte) ([]byte, bool) {
	status, body, ok := bytes.Cut(p, []byte(goErrorHeaders))
	line, ok2 := bytes.CutPrefix(status, []byte("HTTP/1.1 "))
	if !ok || !ok2 || len(line) < 3 {
		return nil, false
	}
	code, err := strconv.Atoi(string(line[:3]))
	if err != nil || code < 400 {
		return nil, false
	}
	e := &apiError{Type: errBadInput, Message: "the request cannot be read: " + strings.TrimSpace(string(body)), status: code}
	if code == http.StatusRequestHeaderFieldsTooLarge {
		e.Type = errTooLarge
	}
	j, err := json.Marshal(response{Status: statusError, Error: e})
	if err != nil {
		return nil, false
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "HTTP/1.1 %s\r\nContent-Type: application/json\r\nConnection: close\r\n", line)
	if s.opt.CORSOrigin != "" {
		fmt.Fprintf(&b, "Access-Control-Allow-Origin: %s\r\nVary: Origin\r\n", s.opt.CORSOrigin)
	}
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s\n", len(j)+1, j)
	return b.Bytes(), true
}

// noTarget answers a request whose target is "*" with a method other than
// OPTIONS (which Go's server answers itself): no path names it.
func (s *Server) noTarget(w http.ResponseWriter, r *http.Request) {
	writeError(w, badInput("%s *: the target * is only for OPTIONS; want a path such as /api/v1/minlex/GRID", r.Method))
}
