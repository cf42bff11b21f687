package serve

import (
	"io"
	"net/http"
	"sync/atomic"
)

// byteBudget bounds the bytes of the batch bodies held at once.
type byteBudget struct {
	held atomic.Int64
	max  int64
}

// take takes n bytes of the budget, or reports that fewer are left.
func (b *byteBudget) take(n int64) bool {
	for {
		h := b.held.Load()
		if h+n > b.max {
			return false
		}
		if b.held.CompareAndSwap(h, h+n) {
			return true
		}
	}
}

// give gives back n bytes that take took.
func (b *byteBudget) give(n int64) { b.held.Add(-n) }

// readBody reads a request's body of at most limit bytes (413 beyond),
// taking from b the bytes it holds as they arrive, so that a client that
// sends its body slowly holds only what it has sent, not the place of a
// whole body; it fails with 429 when b has too few left. It returns the
// bytes taken, which the caller gives back once done with the body, error
// or not. The slice grows by doubling from 4 KiB up to the length the body
// announces (and one byte more, to read its end), never past it.
func readBody(w http.ResponseWriter, r *http.Request, limit int64, b *byteBudget) (body []byte, held int64, err error) {
	end := limit + 1 // a byte past limit tells a body over it
	if n := r.ContentLength; n >= 0 && n <= limit {
		end = n + 1
	}
	rd := http.MaxBytesReader(w, r.Body, limit)
	for {
		if len(body) == cap(body) {
			size := min(end, max(4<<10, 2*int64(cap(body))))
			if !b.take(size - int64(cap(body))) {
				return nil, held, errBodiesFull
			}
			held += size - int64(cap(body))
			grown := make([]byte, len(body), size)
			copy(grown, body)
			body = grown
		}
		n, err := rd.Read(body[len(body):cap(body)])
		body = body[:len(body)+n]
		if err == io.EOF {
			return body, held, nil
		}
		if err != nil {
			return nil, held, err
		}
	}
}
