package storage

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/internal/crc32c"
)

// WriterOptions tune a Writer; the zero value writes DefaultCodec with
// CompressFast in blocks of the default size.
type WriterOptions struct {
	Codec Codec // 0 means DefaultCodec
	// Compression is how hard zstd works; the zero value is CompressFast.
	Compression Compression
	// BlockWork closes a block once its grids plus 4 for each band 2 reach
	// it; 0 means DefaultBlockWork. Decoding time is about proportional to
	// this work, so it bounds the time of one random access.
	BlockWork int
}

// DefaultBlockWork is the block size writers use unless told otherwise: a
// block holds about 3,400 grids in the densest groups, 1,200 in sparse ones,
// and decodes in well under a millisecond.
const DefaultBlockWork = 4096

// MaxBlockWork is the largest BlockWork a writer takes. A block holds at
// most BlockWork grids, so readers reject a block that claims more than
// MaxBlockWork: a damaged or crafted index cannot make them size a buffer
// by an arbitrary count.
const MaxBlockWork = 1 << 20

// Writer writes the grids of one group, ascending, to a group file. Blocks
// are compressed in the background while the caller goes on (and coded
// there too, unless they came from AddBatch); the file appears, complete,
// only when Close succeeds.
type Writer struct {
	path  string
	codec Codec
	level Compression
	limit int
	h     Header

	// The block being filled holds either grids (Add, AddPlaced), with
	// each one's Place in places, or runs (AddBatch), coded as they come
	// into enc's stream: then first is the block's first grid and nruns
	// its number of grids; rows is room for the rows 7 of a run cut by the
	// block's end.
	block    []canon.Grid
	places   []enumerate.Place
	enc      sortedEncoder
	rows     []enumerate.UsedRow7
	first    canon.Grid
	nruns    int
	work     int
	prev     canon.Grid // the last grid added, once a block was handed on or AddBatch returned
	havePrev bool
	closed   bool

	jobs chan blockJob
	free chan blockJob
	done chan struct{}

	failed  atomic.Bool // set once err is: Add checks it for every grid without locking
	mu      sync.Mutex
	err     error // first error of the background or of AddBatch's coding (fail)
	frames  [][]byte
	entries []blockEntry
}

// Create starts a group file at path for group (1..3541). Nothing exists at
// path until Close.
func Create(path string, group int, opt WriterOptions) (*Writer, error) {
	grp, err := band.ByNumber(group)
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	if opt.Codec == 0 {
		opt.Codec = DefaultCodec
	}
	if !opt.Codec.valid() {
		return nil, fmt.Errorf("storage: unknown codec %d", opt.Codec)
	}
	if opt.Compression > CompressSmall {
		return nil, fmt.Errorf("storage: unknown compression %d", opt.Compression)
	}
	if opt.BlockWork <= 0 {
		opt.BlockWork = DefaultBlockWork
	}
	if opt.BlockWork > MaxBlockWork {
		return nil, fmt.Errorf("storage: block work %d, at most %d", opt.BlockWork, MaxBlockWork)
	}
	// The file is created at Close; fail now if it cannot be.
	if fi, err := os.Stat(filepath.Dir(path)); err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	} else if !fi.IsDir() {
		return nil, fmt.Errorf("storage: %s: not a directory", filepath.Dir(path))
	}
	w := &Writer{
		path:  path,
		codec: opt.Codec,
		level: opt.Compression,
		limit: opt.BlockWork,
		h:     Header{Version: FormatVersion, Codec: opt.Codec, Group: grp.Number, Key: grp.Key},
		jobs:  make(chan blockJob, 2),
		free:  make(chan blockJob, 3),
		done:  make(chan struct{}),
	}
	go w.background()
	return w, nil
}

// blockJob is a block handed to the background coder: grids with their
// Places, or (AddBatch) the payload already coded, the first grid and the
// number of grids.
type blockJob struct {
	grids   []canon.Grid
	places  []enumerate.Place
	coded   bool // payload, first and n are set
	payload []byte
	first   canon.Grid
	n       int
}

// count returns the grids of the block.
func (j *blockJob) count() int {
	if j.coded {
		return j.n
	}
	return len(j.grids)
}

// Add appends g, which has automorphisms automorphisms. Grids must come
// strictly ascending and carry the group's key; an error from the background
// coding of an earlier block is returned here too.
func (w *Writer) Add(g *canon.Grid, automorphisms int) error {
	return w.AddPlaced(g, automorphisms, enumerate.Place{})
}

// AddPlaced is Add for a grid whose Place the enumerator passed with it
// (enumerate.GroupPlaced), which spares the coder finding it again (AddBatch
// spares more). A known Place that does not fit g is an error; an unknown
// one is allowed, and the grid is then coded as Add does.
func (w *Writer) AddPlaced(g *canon.Grid, automorphisms int, p enumerate.Place) error {
	if w.closed {
		return errors.New("storage: Add after Close")
	}
	if err := w.bgErr(); err != nil {
		return err
	}
	if automorphisms < 1 || automorphisms > canon.MaxAutomorphisms {
		return fmt.Errorf("storage: grid %d: %d automorphisms, want 1..%d", w.h.Count+1, automorphisms, canon.MaxAutomorphisms)
	}
	if w.nruns > 0 {
		w.flush() // a block holds grids or runs, not both
	}
	newRun, err := w.check(g, w.last())
	if err != nil {
		return err
	}
	if p.Known() && !p.Fits(g) {
		return fmt.Errorf("storage: grid %d (%s): its Place is another grid's", w.h.Count+1, g.String())
	}
	if w.codec == CodecPacked {
		// The sorted codec's encoder rejects digits that are not
		// candidates; the packed one would store any nibble.
		for _, d := range g {
			if d < 1 || d > 9 {
				return fmt.Errorf("storage: grid %d has digit %d", w.h.Count+1, d)
			}
		}
	}
	if len(w.block) == 0 || newRun {
		w.work += 4
	}
	if w.block == nil {
		// A block holds at most limit grids.
		w.block = make([]canon.Grid, 0, w.limit)
		w.places = make([]enumerate.Place, 0, w.limit)
	}
	w.block = append(w.block, *g)
	w.places = append(w.places, p)
	w.work++
	w.havePrev = true
	w.h.Count++
	w.h.Autos[automorphisms]++
	if w.work >= w.limit {
		w.flush()
	}
	return nil
}

// last returns the grid added last (meaningful once havePrev is set): the
// last of the open block of grids, or w.prev, which flush and AddBatch keep.
func (w *Writer) last() *canon.Grid {
	if len(w.block) > 0 {
		return &w.block[len(w.block)-1]
	}
	return &w.prev
}

// flush hands the current block to the background coder.
func (w *Writer) flush() {
	switch {
	case w.nruns > 0:
		w.jobs <- blockJob{coded: true, payload: w.enc.finish(), first: w.first, n: w.nruns}
	case len(w.block) > 0:
		w.prev = w.block[len(w.block)-1]
		w.jobs <- blockJob{grids: w.block, places: w.places}
	default:
		return
	}
	select {
	case b := <-w.free:
		w.block, w.places, w.enc.w.buf = b.grids[:0], b.places[:0], b.payload[:0]
	default:
		w.block, w.places, w.enc.w.buf = nil, nil, nil // allocated as the next block starts
	}
	w.work, w.nruns = 0, 0
}

func (w *Writer) bgErr() error {
	if !w.failed.Load() {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// fail records err as the writer's first error, unless it has one: every
// call after it returns it.
func (w *Writer) fail(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil {
		w.err = err
	}
	w.failed.Store(true)
}

// background codes the blocks of grids and compresses every block, in
// order as they come.
func (w *Writer) background() {
	defer close(w.done)
	var payload []byte
	var cache *band3Cache
	first := int64(1)
	for job := range w.jobs {
		if w.bgErr() != nil {
			continue
		}
		n := job.count()
		var err error
		p := job.payload
		if !job.coded {
			// The band-3 cache, for grids without Places, grows with the
			// file, as a reader's would be sized.
			if m := first - 1 + int64(n); w.codec == CodecSorted && !allKnown(job.places) && (cache == nil || cache.small(m)) {
				cache = newBand3Cache(m)
			}
			payload, err = encodeBlock(w.codec, job.grids, job.places, payload[:0], cache)
			p, job.first = payload, job.grids[0]
		}
		if err != nil {
			w.fail(fmt.Errorf("%w (grids %d-%d)", err, first, first+int64(n)-1))
			continue
		}
		frame := compress(w.codec, w.level, p, nil)
		e := blockEntry{clen: len(frame), plen: len(p), count: n, first: first,
			crc: crc32c.Checksum(frame)}
		e.open = keyOf((*[81]uint8)(&job.first))
		first += int64(n)
		w.mu.Lock()
		w.frames = append(w.frames, frame)
		w.entries = append(w.entries, e)
		w.mu.Unlock()
		select {
		case w.free <- job:
		default:
		}
	}
}

// Close codes the last block and writes the file atomically (see
// writeAtomic). After an error nothing is left at the path.
func (w *Writer) Close() error {
	if w.closed {
		return errors.New("storage: Close called twice")
	}
	w.closed = true
	w.flush()
	close(w.jobs)
	<-w.done
	if err := w.bgErr(); err != nil {
		return err
	}
	return writeAtomic(w.path, w.writeTo)
}

// Abort stops the writer without creating the file.
func (w *Writer) Abort() {
	if w.closed {
		return
	}
	w.closed = true
	close(w.jobs)
	<-w.done
}

// writeTo writes the whole file: header, blocks, index, footer, computing
// the file checksum on the way.
func (w *Writer) writeTo(out io.Writer) (int64, error) {
	w.h.Blocks = len(w.entries)
	hdr, err := w.h.marshal()
	if err != nil {
		return 0, err
	}
	crc := crc32c.New()
	cw := &countWriter{w: io.MultiWriter(out, crc)}
	cw.Write(hdr)
	for i, f := range w.frames {
		w.entries[i].offset = cw.n
		cw.Write(f)
	}
	ft := footer{indexOffset: cw.n, blocks: len(w.entries), count: w.h.Count}
	idx := marshalIndex(w.entries)
	ft.indexLen = len(idx)
	cw.Write(idx)
	cw.Write(ft.marshalPrefix())
	ft.fileCRC = crc.Sum32()
	cw.Write(ft.marshalSuffix())
	return cw.n, cw.err
}

// countWriter counts bytes and keeps the first error, so that writeTo can
// check once at the end.
type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

// Write writes p unless an earlier write failed.
func (c *countWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}
