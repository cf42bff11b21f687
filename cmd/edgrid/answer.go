package main

import (
	"context"
	"errors"
	"fmt"
)

// answerer answers the inputs of one line command, as text or as JSON
// Lines, the same way for every command: a good input's answer, then its
// trailing fields; a bad one reported on stderr (and, in JSON, as an object
// with its error in its place).
type answerer struct {
	cmd   string // the command's name in messages
	json  bool
	quote bool // messages show the input: `line 2: "abc": not a number`
	// recycle: the work function keeps no string of its batch once it
	// returns, so that the batch's memory can be reused (batchMem).
	recycle bool
}

// answerEach answers each line of b with fn into r. fn appends the answer
// to out: in text the answer's fields, in JSON its members, each after a
// comma (`,"form":"..."`). An input that a signal's cancellation stopped is
// left out, unanswered, and named in r.unfinished.
func (a answerer) answerEach(b []inputLine, r *batchResult, fn func(l *inputLine, out []byte) ([]byte, error)) {
	for i := range b {
		l := &b[i]
		mark := len(r.out)
		err := l.err
		if err == nil {
			if a.json {
				r.out = appendJSONString(append(r.out, `{"input":`...), l.text)
			}
			r.out, err = fn(l, r.out)
		}
		if err != nil {
			r.out = r.out[:mark]
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				r.unfinished = append(r.unfinished, l.where())
				continue
			}
			if a.quote && l.err == nil {
				err = fmt.Errorf("%q: %w", short(l.text), err)
			}
			r.errs = append(r.errs, lineError(a.cmd, *l, err))
			if a.json {
				j := beginJSON(r.out)
				j.str("input", l.text)
				j.str("where", l.where())
				j.str("error", message(err))
				r.out = j.end()
			}
			continue
		}
		if a.json {
			if l.rest != "" {
				r.out = appendJSONString(append(r.out, `,"rest":`...), l.rest)
			}
			r.out = append(r.out, '}', '\n')
		} else {
			r.out = append(l.appendRest(r.out), '\n')
		}
	}
}

// run answers every input of args or s.in on all cores, in input order,
// and fails with exit status 1 when some input was bad.
func (a answerer) run(ctx context.Context, args []string, s streams, cells bool, work func(b []inputLine, r *batchResult)) error {
	bs := openBatches(args, s.in, cells)
	defer bs.close()
	bs.recycle = a.recycle
	return a.runFrom(ctx, bs, s, work)
}

// runFrom is run over the batches of bs.
func (a answerer) runFrom(ctx context.Context, bs *batchSource, s streams, work func(b []inputLine, r *batchResult)) error {
	failed, err := orderedMapFrom(ctx, bs, s, a.cmd, work)
	if err != nil {
		return err
	}
	if failed > 0 {
		return &exitError{code: exitFailed, err: fmt.Errorf("%d bad line(s)", failed)}
	}
	return nil
}

// short cuts an input for an error message.
func short(s string) string {
	if len(s) > 90 {
		return s[:87] + "..."
	}
	return s
}
