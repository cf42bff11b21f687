package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"edgrid/serve"
)

func init() { register(newServeCmd) }

func newServeCmd(s streams) *cobra.Command {
	var o serveOptions
	c := &cobra.Command{
		Use:   "serve [--addr HOST:PORT] [--catalog DIR] [--workers K] [--max-conns N] [--cors ORIGIN]",
		Short: "serve the lookup page and the JSON API (/api/v1/) over HTTP",
		Long: `Serve a page for looking up grids, grid numbers, puzzles and puzzle IDs, and the JSON API
behind it (docs/guide/api.md), until SIGINT or SIGTERM: then requests in flight finish and new ones
get 503. It listens on localhost unless --addr says otherwise; one access-log line a request
goes to standard error.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.validate(); err != nil {
				return err
			}
			return runServe(cmd.Context(), o, s)
		},
	}
	f := c.Flags()
	f.StringVar(&o.addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT` (0.0.0.0:8080 or :8080 for every interface)")
	catalogFlag(f, &o.catalog, "number grids by reading this catalog directory (groups and lex orders) instead of the embedded tables alone")
	f.IntVarP(&o.workers, "workers", "w", 0, "expensive calls computed at once (the grid, number, puzzle, ID and random calls and their batches; not minlex); more wait in a queue of 4 a worker, beyond it 429 (default: one per core; the cheap calls run beside the pool, not behind it; at most 1024)")
	f.IntVar(&o.maxConns, "max-conns", serve.DefaultMaxConns, fmt.Sprintf("connections open at once; more wait, not accepted, until one closes (1..%d), so that memory stays bounded", serve.MaxMaxConns))
	f.StringVar(&o.cors, "cors", "", "allow the API to be called from pages of `ORIGIN` (as https://example.org, or *); off by default")
	return c
}

// serveOptions are the flags of edgrid serve.
type serveOptions struct {
	addr, catalog, cors string
	workers, maxConns   int

	// ready, when set, is told the address listened on (tests).
	ready func(addr string)
}

// validate checks the flags' forms; whether the address can be listened on
// is found when listening.
func (o *serveOptions) validate() error {
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	if o.maxConns < 1 || o.maxConns > serve.MaxMaxConns {
		return usagef("--max-conns %d: want 1..%d", o.maxConns, serve.MaxMaxConns)
	}
	if _, port, err := net.SplitHostPort(o.addr); err != nil || !validPort(port) {
		return usagef("--addr %s: want HOST:PORT, PORT 0..65535, as in --addr 127.0.0.1:8080", o.addr)
	}
	if o.cors != "" && o.cors != "*" {
		u, err := url.Parse(o.cors)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.TrimSuffix(u.Path, "/") != "" {
			return usagef("--cors %s: want an origin, as in --cors https://example.org, or *", o.cors)
		}
		o.cors = strings.TrimSuffix(o.cors, "/")
	}
	return nil
}

// runServe serves until ctx ends (SIGINT, SIGTERM), then shuts down
// gracefully.
func runServe(ctx context.Context, o serveOptions, s streams) error {
	r, err := newRanker(o.catalog)
	if err != nil {
		return err
	}
	defer r.Close()
	serve.LimitMemory()
	log := slog.New(slog.NewTextHandler(s.err, nil))
	srv, err := serve.New(serve.Options{Ranker: r, Workers: o.workers, MaxConns: o.maxConns, CORSOrigin: o.cors, Log: log})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fmt.Errorf("--addr %s: %w", o.addr, err)
	}
	addr := ln.Addr().String()
	fmt.Fprintf(s.err, "edgrid serve: listening on http://%s/\n", addr)
	if o.ready != nil {
		o.ready(addr)
	}
	if err := srv.Serve(ctx, ln); err != nil {
		return err
	}
	fmt.Fprintln(s.err, "edgrid serve: stopped")
	return nil
}

// validPort reports whether p is a port number, 0..65535 (0 or "": any
// free port), or a service name such as "http" that the listener looks up.
func validPort(p string) bool {
	if p == "" {
		return true
	}
	n, err := strconv.ParseUint(p, 10, 16)
	if err == nil {
		return n <= 65535
	}
	return !strings.ContainsAny(p[:1], "0123456789+-") // a name, not a bad number
}
