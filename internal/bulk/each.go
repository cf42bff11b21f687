package bulk

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"os"

	"edgrid/internal/lines"
)

// Result is one input of a run with its answer.
type Result struct {
	// Input is the input as read; its Err, when not nil, says why it
	// could not be read (it was not prepared).
	Input lines.Input
	// Err is the error of preparing the input, or of the damaged group
	// file that kept its answer from being found; nil when answered.
	Err error
	// Payload is what Prepare kept for the answer.
	Payload []byte
	// Answer is the answer to the input's query.
	Answer Answer
}

// Each calls fn with every input and its answer, in input order, seq
// counting from 0; it stops at fn's first error and returns it. The
// Result and its slices are valid during the call only.
func (a *Answers) Each(fn func(seq int64, r *Result) error) error {
	f, err := os.Open(a.linesPath)
	if err != nil {
		return fmt.Errorf("bulk answering: %w", err)
	}
	defer f.Close()
	lr := lineRecords{r: bufio.NewReaderSize(f, 1<<20)}
	next, closeRuns, err := a.answers.Sorted()
	if err != nil {
		return err
	}
	defer closeRuns()
	ans, err := next()
	if err != nil {
		return err
	}
	var rec lineRecord
	var r Result
	for seq := uint64(0); ; seq++ {
		ok, err := lr.next(&rec)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		r = Result{Input: rec.line, Payload: rec.payload}
		switch {
		case rec.line.Err != nil:
		case rec.prepErr != "":
			r.Err = errors.New(rec.prepErr)
		default:
			if ans == nil || binary.BigEndian.Uint64(ans) != seq {
				return fmt.Errorf("internal error: bulk answering lost the answer of input %d", seq+1)
			}
			r.Answer.Status = ans[8]
			for v := range 3 {
				r.Answer.V[v] = int64(binary.BigEndian.Uint64(ans[9+8*v:]))
			}
			if ans, err = next(); err != nil {
				return err
			}
			if r.Answer.Status == damaged {
				r.Err = a.damage.get(r.Answer.V[0])
			}
		}
		if err := fn(int64(seq), &r); err != nil {
			return err
		}
	}
}
