package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"

	"edgrid/canon"
	"edgrid/solve"
)

// response is the one shape of every answer of the API, success and error
// alike: {"status":"success","data":{...}} or {"status":"error","error":{...}}.
// Line is set in the answers of a batch only: the input line answered.
type response struct {
	Status string    `json:"status"`
	Line   int       `json:"line,omitempty"`
	Data   any       `json:"data,omitempty"`
	Error  *apiError `json:"error,omitempty"`
}

// Error types, one for each status the API answers with.
const (
	errBadInput    = "bad_input"   // 400
	errNotFound    = "not_found"   // 404
	errMethod      = "method"      // 405
	errTimeout     = "timeout"     // 408
	errTooLarge    = "too_large"   // 413
	errBusy        = "busy"        // 429
	errUnavailable = "unavailable" // 503: shutting down, or the work took too long
	errInternal    = "internal"    // 500
	statusSuccess  = "success"     // response.Status of an answer
	statusError    = "error"       // response.Status of an error
)

// apiError says what went wrong and where: Cell is the 1-based cell of a
// grid or puzzle (0 when the fault is not one cell's).
type apiError struct {
	Type    string `json:"type"`
	Message string `json:"message"`
	Cell    int    `json:"cell,omitempty"`
	status  int
}

func (e *apiError) Error() string { return e.Message }

// badInput is a 400 error with message msg.
func badInput(format string, a ...any) *apiError {
	return &apiError{Type: errBadInput, Message: fmt.Sprintf(format, a...), status: http.StatusBadRequest}
}

// errQueueFull is the error of a call that found the pool full.
var errQueueFull = &apiError{Type: errBusy, Message: "too many expensive requests at once: retry later", status: http.StatusTooManyRequests}

// errBodiesFull is the error of a batch whose body finds the bytes of
// batch bodies held at once at their bound.
var errBodiesFull = &apiError{Type: errBusy, Message: "too many batch bodies being received at once: retry later", status: http.StatusTooManyRequests}

// errWideBusy is the error of a puzzle with a large automorphism group
// whose form would wait behind too many others.
var errWideBusy = &apiError{Type: errBusy, Message: "too many puzzles with large automorphism groups at once: retry later", status: http.StatusTooManyRequests}

// errDraining is the error of a request that came while the server shuts down.
var errDraining = &apiError{Type: errUnavailable, Message: "the server is shutting down", status: http.StatusServiceUnavailable}

// toAPIError classifies err: the input faults of the library (a bad cell, a
// digit twice in a unit, clashing givens) are 400 with their cell; a body
// over the limit 413; a body cut short by its client 400 and one cut by the
// server's read timeout 408; a request that ran out of time 503; anything
// else 500, which is then a bug.
func toAPIError(err error) *apiError {
	var ae *apiError
	var pe *canon.ParseError
	var ue *canon.UnitError
	var ge *solve.GivenError
	var me *http.MaxBytesError
	switch {
	case errors.As(err, &ae):
		return ae
	case errors.As(err, &pe):
		return &apiError{Type: errBadInput, Message: err.Error(), Cell: pe.Cell, status: http.StatusBadRequest}
	case errors.As(err, &ue):
		return &apiError{Type: errBadInput, Message: err.Error(), Cell: ue.Cells[1] + 1, status: http.StatusBadRequest}
	case errors.As(err, &ge):
		e := &apiError{Type: errBadInput, Message: err.Error(), status: http.StatusBadRequest}
		if ge.Cell {
			e.Cell = ge.Pos + 1
		}
		return e
	case errors.As(err, &me):
		return &apiError{Type: errTooLarge, Message: fmt.Sprintf("the body is over %d bytes", me.Limit), status: http.StatusRequestEntityTooLarge}
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return &apiError{Type: errUnavailable, Message: "the request took too long or was cancelled", status: http.StatusServiceUnavailable}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return badInput("the body ended before the length it announced (Content-Length or chunks)")
	case errors.Is(err, os.ErrDeadlineExceeded):
		return &apiError{Type: errTimeout, Message: "the body was not received within the read timeout", status: http.StatusRequestTimeout}
	}
	return &apiError{Type: errInternal, Message: err.Error(), status: http.StatusInternalServerError}
}

// writeJSON writes v as the whole body with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"status":"error","error":{"type":"internal","message":"the answer could not be encoded"}}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// writeData writes a successful answer.
func writeData(w http.ResponseWriter, data any) {
	writeJSON(w, http.StatusOK, response{Status: statusSuccess, Data: data})
}

// writeError writes err as the API's JSON error with its status; it is the
// only place errors leave the server, so that every one has the same shape.
// A 429 says when to retry.
func writeError(w http.ResponseWriter, err error) {
	e := toAPIError(err)
	if e.status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "1")
	}
	if e.status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "5")
	}
	writeJSON(w, e.status, response{Status: statusError, Error: e})
}
