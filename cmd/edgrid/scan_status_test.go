package main

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestScanStatus drives the status line as two workers would: it shows
// the grids answered and the nodes of those in progress, a message clears
// it first, and stop leaves the terminal clean.
func TestScanStatus(t *testing.T) {
	var w syncBuffer
	st := newScanStatus(&w, 2, 0, time.Millisecond)
	st.begin(0)
	st.progress(0)(4096)
	st.begin(1)
	st.progress(1)(8192)
	wait := func(want string) {
		t.Helper()
		for range 2000 {
			if strings.Contains(w.String(), want) {
				return
			}
			time.Sleep(time.Millisecond)
		}
		t.Fatalf("status %q never shown; wrote %q", want, w.String())
	}
	wait("0 grids answered, 2 in progress (12.3k search nodes so far)")
	st.end(0)
	wait("1 grids answered, 1 in progress (8.2k search nodes so far)")
	st.println(&w, "edgrid scan: line 3: bad")
	// An answer on the same terminal starts on a cleared line, not after
	// the status line's "..., 7s".
	fmt.Fprintf(st.writer(&w), "%s 0\n", grid1)
	st.end(1)
	wait("2 grids answered, 0 in progress")
	st.stop()
	out := w.String()
	if !strings.Contains(out, "\r\033[Kedgrid scan: line 3: bad\n") {
		t.Errorf("the message was not written on a cleared line: %q", out)
	}
	if !strings.Contains(out, "\r\033[K"+grid1+" 0\n") && !strings.Contains(out, "bad\n"+grid1+" 0\n") {
		t.Errorf("the answer was not written on a cleared line: %q", out)
	}
	if !strings.HasSuffix(out, "\r\033[K") {
		t.Errorf("stop left the status line: %q", out)
	}
	var none *scanStatus // standard error not a terminal
	none.begin(0)
	none.end(0)
	none.stop()
	if none.progress(0) != nil {
		t.Error("a nil status gives a progress function")
	}
}
