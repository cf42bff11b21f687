package main

import (
	"bytes"
	"strings"
	"testing"
)

// screen returns the rows a terminal shows for out: a carriage return goes
// back to the row's start, "\033[K" erases to the row's end, later text
// overwrites, trailing blanks dropped.
func screen(out string) []string {
	var rows []string
	for _, line := range strings.Split(out, "\n") {
		var row []byte
		col := 0
		for i := 0; i < len(line); i++ {
			if line[i] == '\r' {
				col = 0
				continue
			}
			if strings.HasPrefix(line[i:], "\033[K") {
				row = row[:min(col, len(row))]
				i += 2
				continue
			}
			if col < len(row) {
				row[col] = line[i]
			} else {
				row = append(row, line[i])
			}
			col++
		}
		rows = append(rows, strings.TrimRight(string(row), " "))
	}
	return rows
}

// A message written while progress is shown gets a row of its own, and
// the progress line is drawn again after it.
func TestBulkProgressMessages(t *testing.T) {
	defer func(f func(any) bool) { bulkTerminal = f }(bulkTerminal)
	bulkTerminal = func(any) bool { return true }
	var b bytes.Buffer
	p := newBulkProgress(&b, false)
	p.Phase("answering", 5000)
	p.Add(4863)
	p.show()
	const msg = "edgrid rank: line 2501: cell 1 (r1c1): '?' is not a digit"
	p.println(msg)
	p.Phase("writing", 10)
	rows := screen(b.String())
	want := []string{msg, "writing: 0 of 10 inputs (0.0%)"}
	if len(rows) != 2 || rows[0] != want[0] || rows[1] != want[1] {
		t.Fatalf("the terminal shows %q; want %q", rows, want)
	}
	if !strings.Contains(strings.Split(b.String(), "\n")[0], "answering: 4863 of 5000 inputs (97.3%)\r\033[K"+msg) {
		t.Errorf("the progress line is not cleared before the message: %q", b.String())
	}
	p.stop()
	if rows := screen(b.String()); rows[len(rows)-1] != "" {
		t.Errorf("stop left %q on the terminal", rows[len(rows)-1])
	}
}

// Bad lines reported by bulk answering on a terminal each get a row of
// their own, never glued to the progress line.
func TestBulkProgressBadLines(t *testing.T) {
	defer func(f func(any) bool) { bulkTerminal = f }(bulkTerminal)
	bulkTerminal = func(any) bool { return true }
	// Each phase is drawn as it starts: the writing phase's progress line
	// is on the terminal when the first bad line is reported.
	code, _, errs := run(t, bulkInput(t, 300), "rank", "--order", "paper", "--bulk")
	if code != exitFailed || !strings.Contains(errs, "\r") {
		t.Fatalf("exit %d, stderr %q; want exit 1 and progress", code, errs)
	}
	bad := 0
	for _, row := range screen(errs) {
		switch {
		case row == "":
		case strings.HasPrefix(row, "edgrid rank: line "):
			bad++
			if strings.Contains(row, "inputs") {
				t.Errorf("a message glued to the progress line: %q", row)
			}
		case strings.HasPrefix(row, "edgrid rank: "):
		case strings.Contains(row, " inputs"):
			if strings.Contains(row, "edgrid") {
				t.Errorf("a message glued to the progress line: %q", row)
			}
		default:
			t.Errorf("row %q", row)
		}
	}
	if bad != 3 {
		t.Errorf("%d rows of bad lines, want 3: %q", bad, screen(errs))
	}
}
