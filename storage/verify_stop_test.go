package storage

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// A catalog's check counts every grid it checks, and stops with its
// context's cause once the context is done.
func TestVerifyCatalogProgressAndStop(t *testing.T) {
	dir := catalogOf(t)
	var grids atomic.Int64
	c, err := VerifyCatalog(dir, VerifyOptions{Progress: func(n int) { grids.Add(int64(n)) }})
	if err != nil {
		t.Fatal(err)
	}
	if got := grids.Load(); got != c.Total() {
		t.Errorf("progress counted %d grids; want %d", got, c.Total())
	}
	cause := errors.New("stopped by a test")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(cause)
	if _, err := VerifyCatalog(dir, VerifyOptions{Context: ctx}); err != cause {
		t.Fatalf("VerifyCatalog with a done context: %v; want %v", err, cause)
	}
	path := dir + "/" + FileName(3150)
	if _, err := Verify(path, VerifyOptions{Context: ctx}); err != cause {
		t.Fatalf("Verify with a done context: %v; want %v", err, cause)
	}
}
