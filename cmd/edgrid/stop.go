package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// stopSignals stop every command: SIGINT (Ctrl-C), SIGTERM, and SIGHUP
// (the terminal went away). Each stops the work cleanly, with one message
// (stopError), what was finished kept, exit status 1.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// signalStop is the cause of the context that main cancels on a signal.
type signalStop struct{ sig os.Signal }

func (s signalStop) Error() string { return "stopped by " + signalName(s.sig) }

// Is makes a signal's stop a context.Canceled, whichever of ctx.Err() and
// context.Cause(ctx) a library returns.
func (s signalStop) Is(target error) bool { return target == context.Canceled }

// signalName is a stop signal's usual name.
func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return sig.String()
}

// signalContext returns a context that the first stop signal cancels with a
// signalStop cause; stop releases the signals.
func signalContext() (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, stopSignals...)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			cancel(signalStop{sig})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(context.Canceled)
	}
}

// stopError is the error of a command a signal stopped (exit status 1),
// worded the same by every command: "stopped by SIGINT: <what was done>".
// It wraps context.Canceled.
type stopError struct {
	cause error  // the context's cause: a signalStop, or context.Canceled
	done  string // what was finished and kept, or ""
}

func (e *stopError) Error() string {
	s := "stopped"
	var ss signalStop
	if errors.As(e.cause, &ss) {
		s = ss.Error()
	}
	if e.done != "" {
		s += ": " + e.done
	}
	return s
}

func (e *stopError) Unwrap() error { return context.Canceled }

// stoppedWith is the stopError of ctx's stop, saying what was done.
func stoppedWith(ctx context.Context, done string) error {
	return &stopError{cause: context.Cause(ctx), done: done}
}

// stopped is the error of a line command a signal stopped.
func stopped(ctx context.Context) error {
	return stoppedWith(ctx, "the inputs answered so far are printed")
}

// asStop words an error that ctx's stop caused (one wrapping
// context.Canceled, from a library) as a stopError, keeping what it says
// was done and dropping Go's "context canceled"; other errors are
// returned as they are.
func asStop(ctx context.Context, err error) error {
	var se *stopError
	if err == nil || ctx.Err() == nil || !errors.Is(err, context.Canceled) || errors.As(err, &se) {
		return err
	}
	done := message(err)
	for _, s := range []string{context.Canceled.Error(), signalStop{os.Interrupt}.Error(), signalStop{syscall.SIGTERM}.Error(), signalStop{syscall.SIGHUP}.Error()} {
		done = strings.ReplaceAll(done, ": "+s, "")
		done = strings.ReplaceAll(done, s, "")
	}
	done = strings.TrimPrefix(strings.TrimSpace(done), "stopped")
	done = strings.Trim(done, " :")
	if strings.HasPrefix(done, "(") && strings.HasSuffix(done, ")") {
		done = done[1 : len(done)-1]
	}
	return stoppedWith(ctx, done)
}
