package serve

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	rtmetrics "runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// memoryTarget is the bound on the process's memory under any load
// the limits allow.
const memoryTarget = 200 << 20

// memoryNow returns the memory the Go runtime has mapped
// (runtime/metrics' /memory/classes/total:bytes) and the process's
// resident set (from /proc/self/statm; 0 where there is none).
func memoryNow() (total, rss uint64) {
	sample := []rtmetrics.Sample{{Name: "/memory/classes/total:bytes"}}
	rtmetrics.Read(sample)
	total = sample[0].Value.Uint64()
	if b, err := os.ReadFile("/proc/self/statm"); err == nil {
		if f := strings.Fields(string(b)); len(f) > 1 {
			pages, _ := strconv.ParseUint(f[1], 10, 64)
			rss = pages * uint64(os.Getpagesize())
		}
	}
	return total, rss
}

// peakMemory samples memoryNow every 10 ms until stop closes, then sends
// the peaks.
func peakMemory(stop <-chan struct{}) <-chan [2]uint64 {
	out := make(chan [2]uint64, 1)
	go func() {
		var peak [2]uint64
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			total, rss := memoryNow()
			peak[0], peak[1] = max(peak[0], total), max(peak[1], rss)
			select {
			case <-stop:
				out <- peak
				return
			case <-tick.C:
			}
		}
	}()
	return out
}

// memoryPhase is the last phase of TestLoad: a server of its own with the
// default limits (connections, bodies) and 16 workers, so that the cap on
// batch bodies held at once is at its 64 MiB bound, gets as many clients
// as it takes: posters of 1 MiB batch bodies (minlex ones, answered at once,
// and grid ones, which wait for a worker holding their body), and idle
// connections that have sent half a request, more of them than MaxConns.
// It returns the peaks of memoryNow, the load generator's own memory
// included, under the memory limit edgrid serve sets (LimitMemory), and
// fails on any answer but 200 and 429.
func memoryPhase(t *testing.T, phase time.Duration) (total, rss uint64) {
	s, err := New(Options{Ranker: testRanker, Workers: 16})
	if err != nil {
		t.Fatal(err)
	}
	if held := s.bodies.max; held != maxHeldBytes {
		t.Fatalf("the bodies held at once: %d bytes; this phase wants them at the bound", held)
	}
	addr, stopServe := serveLoopback(t, s)
	base := "http://" + addr

	// One body of 104 lines of a grid padded to 10,000 bytes: just under
	// the 1 MiB limit, shared by every poster.
	line := fmt.Sprintf("%-9999s\n", fmt.Sprintf("%q", testGrid))
	body := []byte(strings.Repeat(line, 104))
	if int64(len(body)) > s.opt.MaxBody {
		t.Fatalf("a body of %d bytes is over the limit", len(body))
	}

	// The memory limit that edgrid serve sets.
	defer debug.SetMemoryLimit(LimitMemory())
	runtime.GC()
	debug.FreeOSMemory()
	stop := make(chan struct{})
	stopCtx, stopPosting := context.WithCancel(context.Background())
	peak := peakMemory(stop)
	var codes sync.Map
	var failed atomic.Int64
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256}}
	for i := range 128 {
		path := "/api/v1/minlex"
		if i%2 == 1 {
			path = "/api/v1/grid"
		}
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				req, err := http.NewRequestWithContext(stopCtx, "POST", base+path, bytes.NewReader(body))
				if err != nil {
					t.Error(err)
					return
				}
				resp, err := client.Do(req)
				if stopCtx.Err() != nil {
					if err == nil {
						resp.Body.Close()
					}
					return
				}
				if err != nil {
					failed.Add(1) // a 429 before the body was read may reset the connection
					time.Sleep(50 * time.Millisecond)
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				v, _ := codes.LoadOrStore(resp.StatusCode, new(atomic.Int64))
				v.(*atomic.Int64).Add(1)
				if resp.StatusCode == http.StatusTooManyRequests {
					time.Sleep(50 * time.Millisecond)
				}
			}
		})
	}
	time.Sleep(300 * time.Millisecond)
	var idle []net.Conn
	for range s.opt.MaxConns + 256 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			break // the backlog is full: enough are waiting
		}
		_, _ = c.Write([]byte("GET /healthz HTTP/1.1\r\nHost: x\r\n"))
		idle = append(idle, c)
	}
	time.Sleep(phase)
	close(stop)
	stopPosting()
	p := <-peak
	for _, c := range idle {
		c.Close()
	}
	wg.Wait()
	if err := stopServe(); err != nil {
		t.Error(err)
	}
	var summary []string
	codes.Range(func(k, v any) bool {
		summary = append(summary, fmt.Sprintf("%v: %d", k, v.(*atomic.Int64).Load()))
		if k != http.StatusOK && k != http.StatusTooManyRequests {
			t.Errorf("a batch of 1 MiB answered %v", k)
		}
		return true
	})
	t.Logf("1 MiB batches from 128 clients with %d idle connections: %s, %d cut off; peak memory %d MB (Go runtime), %d MB resident",
		len(idle), strings.Join(summary, ", "), failed.Load(), p[0]>>20, p[1]>>20)
	return p[0], p[1]
}
