package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// answerFunc answers one input of a batch.
type answerFunc func(ctx context.Context, in string) (any, error)

// A batchKind gives the answer function of a batch request (it may read
// the request's parameters) and says whether its work is expensive.
type batchKind func(r *http.Request) (fn answerFunc, expensive bool, err error)

func (s *Server) minlexKind(*http.Request) (answerFunc, bool, error) {
	return func(ctx context.Context, in string) (any, error) { return s.minlexOf(ctx, in) }, false, nil
}

func (s *Server) gridKind(*http.Request) (answerFunc, bool, error) {
	return func(ctx context.Context, in string) (any, error) { return s.gridOf(ctx, in) }, true, nil
}

func (s *Server) numberKind(r *http.Request) (answerFunc, bool, error) {
	o, err := orderOf(r)
	return func(ctx context.Context, in string) (any, error) { return s.numberOf(ctx, in, o) }, true, err
}

func (s *Server) puzzleKind(*http.Request) (answerFunc, bool, error) {
	return func(ctx context.Context, in string) (any, error) { return s.puzzleOf(ctx, in) }, true, nil
}

func (s *Server) idKind(*http.Request) (answerFunc, bool, error) {
	return func(ctx context.Context, in string) (any, error) { return s.idOf(ctx, in) }, true, nil
}

// postBatch answers a batch: a body of JSON lines, each an input as a JSON
// string ("..."), a JSON number (numbers) or an object {"input": ...};
// blank lines are skipped. The body is read whole first, so that one over
// MaxBody bytes or MaxBatch lines is refused with 413 before any answer;
// then the answers stream out, one JSON line per input in input order, each
// a response with its line number: a bad input is an error line, and the
// others are still answered; a batch that runs out of time (WorkTimeout),
// cheap or expensive, ends with an error line naming the first line not
// answered, and its answers are written within the write timeout. An
// expensive batch holds one worker of the pool from its first answer to its
// last; a client that stops reading them is cut off after WriteStall, so
// that it cannot hold the worker until the write timeout.
func (s *Server) postBatch(kind batchKind) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		writeEnd := time.Now().Add(s.writeTimeout)
		fn, expensive, err := kind(r)
		if err != nil {
			writeError(w, err)
			return
		}
		// The bodies' bytes held at once stay under s.bodies.max however
		// many clients post, each holding only what it has sent.
		body, held, err := readBody(w, r, s.opt.MaxBody, s.bodies)
		defer s.bodies.give(held)
		if err != nil {
			writeError(w, err)
			return
		}
		if n := countLines(body); n > s.opt.MaxBatch {
			writeError(w, &apiError{Type: errTooLarge, Message: "the batch has over " + strconv.Itoa(s.opt.MaxBatch) + " lines", status: http.StatusRequestEntityTooLarge})
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), s.opt.WorkTimeout)
		defer cancel()
		if expensive {
			if err := s.pool.acquire(ctx); err != nil {
				writeError(w, err)
				return
			}
			defer s.pool.release()
		}
		w.Header().Set("Content-Type", "application/x-ndjson")
		w.WriteHeader(http.StatusOK)
		rc := newStallWriter(w, s.opt.WriteStall, writeEnd)
		bw := bufio.NewWriter(rc)
		enc := json.NewEncoder(bw)
		line, flushed := 0, time.Now()
		for len(body) > 0 {
			line++
			var t []byte
			t, body, _ = bytes.Cut(body, []byte{'\n'})
			t = bytes.TrimSpace(t)
			if len(t) == 0 {
				continue
			}
			resp := response{Status: statusSuccess, Line: line}
			in, err := batchInput(t)
			if err == nil {
				// A cheap answer need not look at ctx: the batch does.
				if err = ctx.Err(); err == nil {
					resp.Data, err = fn(ctx, in)
				}
			}
			if err != nil {
				if r.Context().Err() != nil {
					return // the client is gone: nobody reads the rest
				}
				if ctx.Err() != nil {
					// Out of time: a last error line says which lines are
					// not answered, so that a short stream is never taken
					// for a whole one.
					resp = response{Status: statusError, Line: line, Error: &apiError{Type: errUnavailable,
						Message: fmt.Sprintf("the batch took over %v: line %d and the lines after it are not answered", s.opt.WorkTimeout, line),
						status:  http.StatusServiceUnavailable}}
					_ = enc.Encode(resp)
					_ = bw.Flush()
					return
				}
				resp = response{Status: statusError, Line: line, Error: toAPIError(err)}
			}
			if err := enc.Encode(resp); err != nil {
				return
			}
			// Stream: hand on what is ready every so often, not every
			// line, which would cost a write each for the cheap kinds.
			if bw.Buffered() > 32<<10 || time.Since(flushed) > 50*time.Millisecond {
				if bw.Flush() != nil || rc.Flush() != nil {
					return
				}
				flushed = time.Now()
			}
		}
		_ = bw.Flush()
	}
}

// countLines counts the lines of body: its newlines, and one more when
// its last line has none.
func countLines(body []byte) int {
	n := bytes.Count(body, []byte{'\n'})
	if len(body) > 0 && body[len(body)-1] != '\n' {
		n++
	}
	return n
}

// batchInput reads the input of one batch line.
func batchInput(t []byte) (string, error) {
	var v any
	d := json.NewDecoder(bytes.NewReader(t))
	d.UseNumber()
	if err := d.Decode(&v); err != nil || d.More() {
		return "", badInput(`not a JSON value: want "INPUT", a number or {"input": "INPUT"}`)
	}
	if o, ok := v.(map[string]any); ok && len(o) == 1 {
		v = o["input"]
	}
	switch x := v.(type) {
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	}
	return "", badInput(`want "INPUT", a number or {"input": "INPUT"}`)
}
