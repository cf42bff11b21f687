package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"edgrid/canon"
	"edgrid/puzzleid"
	"edgrid/rank"
	"edgrid/solve"
)

// Options configure a Server. The zero value serves the embedded tables on
// one worker per core with the default limits, logging to nowhere.
type Options struct {
	// Ranker numbers grids; nil: one over the embedded tables, without a
	// catalog. The caller closes it.
	Ranker *rank.Ranker
	// Workers is the number of expensive calls computed at once; 0: one
	// per core. The cheap calls do not wait for the pool: they run beside
	// it, and Go's scheduler shares the cores between them.
	Workers int
	// Queue is the number of expensive calls that may wait for a worker
	// before more are refused with 429; 0: 4 per worker.
	Queue int
	// MaxBody bounds a request body in bytes (413 beyond); 0: 1 MiB.
	MaxBody int64
	// MaxBatch bounds the lines of a batch (413 beyond); 0: 10,000.
	MaxBatch int
	// MaxConns bounds the connections Serve keeps open at once; more
	// wait, not accepted, until one closes; 0: DefaultMaxConns.
	MaxConns int
	// WorkTimeout bounds the computing time of one request; 0: 30 s.
	WorkTimeout time.Duration
	// WriteStall bounds the wait of one write of a batch's answers: a
	// client that reads so slowly that a write waits longer is cut off,
	// and the worker its batch holds freed; 0: 10 s.
	WriteStall time.Duration
	// CORSOrigin, when not "", is sent as Access-Control-Allow-Origin on
	// the API's answers, and preflight requests are answered.
	CORSOrigin string
	// Log receives one access-log record per request; nil: none.
	Log *slog.Logger
}

// Server answers the API and serves the page. Its handlers are methods that
// share the ranker, the pool of expensive work and the metrics.
type Server struct {
	opt      Options
	ranker   *rank.Ranker
	pool     *pool
	forms    chan struct{}     // a token per cheap puzzle form being found
	wide     *pool             // the forms of puzzles over maxCandidates, one at a time
	widePC   canon.PuzzleCanon // their working space, kept: growing it anew each time costs more
	metrics  *metrics
	mux      *http.ServeMux
	bodies   *byteBudget // the bytes of the batch bodies being read or held
	draining atomic.Bool
	canons   sync.Pool // *canon.PuzzleCanon, for the cheap minlex calls
	// writeTimeout and idleTimeout are the http.Server's, which the
	// batches' stall deadlines keep to; drainIdle is how long Serve keeps
	// idle connections open once shutting down, to answer them 503 (tests
	// set them before HTTPServer or Serve).
	writeTimeout, idleTimeout, drainIdle time.Duration
	workers                              sync.Pool // *worker, for the expensive calls
}

// worker is the per-goroutine state of the expensive calls: none of it is
// safe for concurrent use.
type worker struct {
	pc    canon.PuzzleCanon
	fast  *solve.Fast
	namer *puzzleid.Namer
}

// New returns a Server. It fails when the embedded rank tables do not load,
// or MaxConns is over MaxMaxConns.
func New(opt Options) (*Server, error) {
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.Queue <= 0 {
		opt.Queue = 4 * opt.Workers
	}
	if opt.MaxBody <= 0 {
		opt.MaxBody = 1 << 20
	}
	if opt.MaxBatch <= 0 {
		opt.MaxBatch = 10000
	}
	if opt.MaxConns <= 0 {
		opt.MaxConns = DefaultMaxConns
	}
	if opt.MaxConns > MaxMaxConns {
		return nil, fmt.Errorf("serve: %d connections at once: at most %d", opt.MaxConns, MaxMaxConns)
	}
	if opt.WorkTimeout <= 0 {
		opt.WorkTimeout = 30 * time.Second
	}
	if opt.WriteStall <= 0 {
		opt.WriteStall = 10 * time.Second
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	r := opt.Ranker
	if r == nil {
		var err error
		if r, err = rank.New(nil, nil); err != nil {
			return nil, err
		}
	}
	s := &Server{opt: opt, ranker: r, metrics: newMetrics(), writeTimeout: writeTimeout, idleTimeout: idleTimeout, drainIdle: drainIdle}
	s.pool = newPool(opt.Workers, opt.Queue, s.metrics)
	s.forms = make(chan struct{}, min(runtime.GOMAXPROCS(0), maxCheapForms))
	s.wide = newPool(1, wideQueue, nil)
	s.bodies = &byteBudget{max: int64(heldBodies(opt.Workers+opt.Queue, opt.MaxBody)) * opt.MaxBody}
	s.canons.New = func() any { return &canon.PuzzleCanon{MaxCandidates: maxCandidates} }
	s.workers.New = func() any {
		return &worker{pc: canon.PuzzleCanon{MaxCandidates: maxCandidates}, fast: solve.NewFast(), namer: puzzleid.New(r)}
	}
	s.routes()
	go canon.Prepare()
	return s, nil
}

// Limits of the memory that clients can make the server hold.
const (
	// DefaultMaxConns is the default of Options.MaxConns: with the Go HTTP
	// server's buffers and goroutine, some 25 KiB each at most.
	DefaultMaxConns = 512
	// MaxMaxConns is the largest Options.MaxConns edgrid serve accepts.
	MaxMaxConns = 2048
	// maxHeldBytes bounds the batch bodies held at once, whatever the
	// pool's size.
	maxHeldBytes = 64 << 20
	// maxCandidates bounds the working space of a puzzle's form (2 MiB,
	// canon.PuzzleCanon.MaxCandidates): ordinary puzzles need far less;
	// those with a large automorphism group, which need more (some 25 MB
	// for a lone full band), are found one at a time beside the pool.
	maxCandidates = 1 << 16
	// maxCheapForms bounds the puzzle forms the cheap calls find at once
	// (one per core up to that), each in at most maxCandidates' space:
	// more wait, which costs them no speed, as the forms are all CPU.
	maxCheapForms = 8
	// wideQueue is the number of such forms that may wait for their turn
	// before more are refused with 429.
	wideQueue = 3
)

// heldBodies is the number of batch bodies of at most maxBody bytes whose
// bytes may be held at once: twice as many as the pool admits, so that a batch waiting for a
// worker leaves room for cheap ones, but never more than maxHeldBytes of
// them (and at least one).
func heldBodies(admitted int, maxBody int64) int {
	return int(max(1, min(int64(2*admitted), maxHeldBytes/maxBody)))
}

// ServeHTTP answers one request; a Server is an http.Handler. A request
// for "*" is answered here, as the mux would answer it with a bare 400.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.RequestURI == "*" {
		s.instrument("*", s.noTarget).ServeHTTP(w, r)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// Timeouts of the http.Server that Serve runs: a client that sends its
// headers or body slowly, or reads the answer slowly, or keeps an idle
// connection, is cut off.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 2 * time.Minute // a batch of MaxBatch expensive lines
	idleTimeout       = 2 * time.Minute
	shutdownGrace     = 30 * time.Second
	// drainIdle is how long a server shutting down keeps its idle
	// keep-alive connections open, so that a client's next request on one
	// gets 503 rather than a closed connection.
	drainIdle = time.Second
)

// Serve answers on ln, at most MaxConns connections at once (an idle
// keep-alive one gives its place to a new one at the limit), until ctx
// ends, then shuts down gracefully: the listener closes, requests already
// in flight finish (up to a grace period), requests that still arrive on
// open connections, idle ones included, get 503 with Connection: close.
// It returns nil after a clean shutdown.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := s.HTTPServer()
	ll := newLimitListener(ln, s.opt.MaxConns)
	ll.rewrite = s.asAPIError
	hs.ConnState = ll.connState
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ll) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.Drain()
	// Accept no more, but leave the open connections a while: a request
	// on one gets 503 and closes it. Shutdown then closes those still idle.
	_ = ll.Close()
	for wait := time.Now().Add(s.drainIdle); ll.open() > 0 && time.Now().Before(wait); {
		time.Sleep(10 * time.Millisecond)
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	err := hs.Shutdown(sctx)
	if e := <-errc; !errors.Is(e, http.ErrServerClosed) && !errors.Is(e, net.ErrClosed) && err == nil {
		err = e
	}
	return err
}

// HTTPServer returns an http.Server for s with every timeout set.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      s.writeTimeout,
		IdleTimeout:       s.idleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.opt.Log.Handler(), slog.LevelWarn),
	}
}

// Drain makes s answer every new request with 503 from now on, as it does
// while shutting down.
func (s *Server) Drain() { s.draining.Store(true) }
