package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
)

// inputLine is one input to a line-oriented subcommand: an argument or a line
// of standard input, with the name its errors carry ("line 3", "argument 2").
type inputLine struct {
	text  string
	where string
	num   int // 1-based line number on stdin, 0 for arguments
}

// readInputs yields the arguments if there are any, else the non-blank lines of
// in, in batches, to fn. It stops at the first error fn returns.
func readInputs(args []string, in io.Reader, batch int, fn func([]inputLine) error) error {
	if len(args) > 0 {
		b := make([]inputLine, len(args))
		for i, a := range args {
			b[i] = inputLine{text: a, where: fmt.Sprintf("argument %d", i+1)}
		}
		return fn(b)
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var b []inputLine
	n := 0
	for sc.Scan() {
		n++
		t := strings.TrimSpace(sc.Text())
		if t == "" {
			continue
		}
		b = append(b, inputLine{text: t, where: fmt.Sprintf("line %d", n), num: n})
		if len(b) == batch {
			if err := fn(b); err != nil {
				return err
			}
			b = nil
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading standard input at line %d: %w", n+1, err)
	}
	if len(b) > 0 {
		return fn(b)
	}
	return nil
}

// result of processing one batch: the text for stdout and the error lines for stderr.
type batchResult struct {
	out  []byte
	errs []string
}

// orderedMap runs work on batches of input with one worker per core and writes
// each batch's output in input order. It reports how many inputs failed.
func orderedMap(ctx context.Context, args []string, s streams, work func(b []inputLine, r *batchResult)) (failed int, err error) {
	workers := runtime.GOMAXPROCS(0)
	type job struct {
		lines []inputLine
		done  chan *batchResult
	}
	jobs := make(chan job, workers)
	queue := make(chan job, 2*workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				r := &batchResult{}
				work(j.lines, r)
				j.done <- r
			}
		}()
	}
	out := bufio.NewWriterSize(s.out, 1<<16)
	writeErr := make(chan error, 1)
	go func() {
		var werr error
		for j := range queue {
			r := <-j.done
			for _, e := range r.errs {
				fmt.Fprintln(s.err, e)
				failed++
			}
			if werr == nil {
				_, werr = out.Write(r.out)
			}
		}
		if werr == nil {
			werr = out.Flush()
		}
		writeErr <- werr
	}()
	err = readInputs(args, s.in, 4096, func(b []inputLine) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		j := job{lines: b, done: make(chan *batchResult, 1)}
		queue <- j
		jobs <- j
		return nil
	})
	close(jobs)
	close(queue)
	wg.Wait()
	if werr := <-writeErr; err == nil && werr != nil {
		err = fmt.Errorf("writing output: %w", werr)
	}
	return failed, err
}
