package lines

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sync"
	"unsafe"

	"edgrid/cells"
)

// batchMem is the memory of a batch read from standard input: its inputs
// and the bytes their strings point into. A consumer that knows that no
// string of the batch is in use any more may give it back with release,
// for a later batch to reuse without allocating and zeroing it again;
// one that does not leaves it to the garbage collector.
type batchMem struct {
	buf   []byte
	lines []Input
}

// batchMems holds the memory of released batches.
var batchMems = sync.Pool{New: func() any {
	return &batchMem{buf: make([]byte, 0, BatchBytes+BatchLines), lines: make([]Input, 0, BatchLines)}
}}

// newBatchMem returns empty memory for a batch.
func newBatchMem() *batchMem { return batchMems.Get().(*batchMem) }

// release gives m back for reuse.
func (m *batchMem) release() {
	if cap(m.buf) <= 2*MaxLine {
		batchMems.Put(m)
	}
}

// lineReader reads the inputs of a stream (standard input, a file) into
// batches.
type lineReader struct {
	r     *bufio.Reader
	file  string // the file read, named by an argument, or "" for standard input
	cells bool   // grids and puzzles: rows and separators are read as cells
	n     int    // lines read

	long []byte // a line longer than the reader's buffer, being gathered

	// A grid written as 9 lines, being gathered: its rows' text, the line
	// it started on and the rows so far.
	block     []byte
	blockLine int
	rows      int

	// The text of the current batch's inputs, and the inputs, whose
	// strings point into buf: its bytes are written once and not again
	// until the batch's consumer is done with it (see batchMem), so they
	// need no second copy.
	buf  []byte
	b    []Input
	mem  *batchMem // the memory buf and b came from
	last *batchMem // the memory of the batch done handed over last
	eof  bool
}

// newLineReader returns a reader of the inputs of in (cells: grids and
// puzzles).
func newLineReader(in io.Reader, cells bool) *lineReader {
	// Room for a whole batch from the start: a batch's slices never grow
	// line by line.
	m := newBatchMem()
	return &lineReader{r: bufio.NewReaderSize(in, 256<<10), cells: cells, buf: m.buf, b: m.lines, mem: m}
}

// next returns the next batch of inputs, or nil at the end of the input.
// A batch ends early, before it is full, when no more input is buffered,
// so that the lines of a slow producer are answered as they come.
func (lr *lineReader) next() ([]Input, int, error) {
	for !lr.eof {
		if lr.plainLines() {
			break
		}
		line, err := lr.readLine()
		if err == io.EOF {
			lr.eof = true
		} else if err != nil {
			return nil, 0, fmt.Errorf("reading %s at line %d: %w", lr.name(), lr.n, err)
		}
		if line != nil {
			lr.take(line)
		}
		if lr.eof {
			lr.endBlock()
		}
		if lr.ready() {
			break
		}
	}
	return lr.done()
}

// name names the input read in messages.
func (lr *lineReader) name() string {
	if lr.file == "" || lr.file == "-" {
		return "standard input"
	}
	return lr.file
}

// ready reports whether the batch is to be handed over: it is full, or no
// more input is buffered.
func (lr *lineReader) ready() bool {
	return len(lr.b) > 0 && (len(lr.buf) >= BatchBytes || len(lr.b) >= BatchLines || lr.r.Buffered() == 0 && lr.rows == 0)
}

// plainLines takes the buffered lines that are the usual input, 81 bytes
// with no separator among them and an end of line ("\n" or "\r\n", the
// same for the run), as a run: one copy for all of them and none of the
// per-line work of readLine and take. It reports whether the batch is then
// ready.
func (lr *lineReader) plainLines() bool {
	if lr.n == 0 || lr.rows > 0 || lr.r.Buffered() < 83 {
		return false // the first line may start with a byte-order mark
	}
	p, _ := lr.r.Peek(lr.r.Buffered())
	w := 82 // 81 bytes and the end of line
	if p[81] == '\r' && p[82] == '\n' {
		w = 83
	}
	room := min(BatchLines-len(lr.b), (BatchBytes-len(lr.buf))/w)
	k := 0
	for k < room && (k+1)*w <= len(p) {
		line := p[k*w : (k+1)*w]
		if line[w-1] != '\n' || line[81] != p[81] || line[0] == '#' || cells.FirstSpace(line[:81]) != 81 {
			break
		}
		k++
	}
	if k == 0 {
		return false
	}
	start := len(lr.buf)
	lr.buf = append(lr.buf, p[:k*w]...)
	run := lr.buf[start:]
	for i := range k {
		lr.n++
		lr.b = append(lr.b, Input{Num: lr.n, File: lr.file, Text: unsafe.String(&run[i*w], 81)})
	}
	lr.r.Discard(k * w)
	return lr.ready()
}

// readLine returns the next line, its end of line removed, or nil for a
// line too long (reported by readLine itself) and io.EOF at the end.
func (lr *lineReader) readLine() ([]byte, error) {
	line, err := lr.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		lr.long = append(lr.long[:0], line...)
		for err == bufio.ErrBufferFull {
			line, err = lr.r.ReadSlice('\n')
			if len(lr.long) <= MaxLine {
				lr.long = append(lr.long, line...)
			}
		}
		line = lr.long
	}
	if err != nil && err != io.EOF {
		return nil, err
	}
	if len(line) == 0 && err == io.EOF {
		return nil, err
	}
	lr.n++
	if len(line) > MaxLine {
		lr.endBlock()
		lr.add(Input{Num: lr.n, Err: fmt.Errorf("longer than %d bytes", MaxLine)}, nil, nil)
		return nil, err
	}
	if lr.n == 1 {
		line = bytes.TrimPrefix(line, []byte("\ufeff"))
	}
	return line, err
}

// take handles one line of text.
func (lr *lineReader) take(line []byte) {
	t := cells.Trim(line)
	if len(t) == 0 || t[0] == '#' {
		lr.endBlock()
		return
	}
	if lr.cells && lr.rows > 0 && cells.IsRule(t) {
		return // between the rows of a grid
	}
	input, rest, rowCells := cells.SplitInput(t, lr.cells)
	if lr.cells && rowCells == 9 {
		if lr.rows == 0 {
			lr.block, lr.blockLine = lr.block[:0], lr.n
		}
		lr.block = append(append(lr.block, t...), '\n')
		if lr.rows++; lr.rows == 9 {
			lr.rows = 0
			lr.add(Input{Num: lr.blockLine, Last: lr.n}, lr.block, nil)
		}
		return
	}
	if lr.cells && lr.rows == 0 && cells.IsRule(t) {
		return // before a grid's first row
	}
	lr.endBlock()
	lr.add(Input{Num: lr.n}, input, rest)
}

// endBlock reports a grid of 9 lines that stopped early.
func (lr *lineReader) endBlock() {
	if lr.rows == 0 {
		return
	}
	lr.add(Input{Num: lr.blockLine, Last: lr.blockLine + lr.rows - 1,
		Err: fmt.Errorf("a grid written as lines of 9 cells ends after %d of 9 rows", lr.rows)}, nil, nil)
	lr.rows = 0
}

// add appends an input to the batch, copying its text into buf.
func (lr *lineReader) add(l Input, text, rest []byte) {
	start := len(lr.buf)
	lr.buf = append(append(lr.buf, text...), rest...)
	l.File = lr.file
	l.Text = bufString(lr.buf[start : start+len(text)])
	l.Rest = bufString(lr.buf[start+len(text):])
	lr.b = append(lr.b, l)
}

// bufString is b as a string without a copy; b is part of a batch's buf,
// whose bytes are not written again while the batch is in use.
func bufString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// done hands the batch over, its memory as last, and starts the next one
// in memory of its own.
func (lr *lineReader) done() ([]Input, int, error) {
	if len(lr.b) == 0 {
		return nil, 0, nil
	}
	b, size := lr.b, len(lr.buf)
	// The slices may have outgrown the memory they came from.
	lr.mem.buf, lr.mem.lines = lr.buf[:0], lr.b[:0]
	lr.last, lr.mem = lr.mem, newBatchMem()
	lr.b, lr.buf = lr.mem.lines, lr.mem.buf
	return b, size, nil
}
