package serve

import (
	"encoding/json"
	"net/http"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"

	"edgrid/canon"
)

// loneBand is a puzzle of one full band and nothing else: its automorphism
// group is large, and its form's search keeps some 280,000 candidates at
// one level, some 25 MB.
const loneBand = "123456789456789123789123456" + "......................................................"

// Many clients asking at once for the form of a puzzle with a large
// automorphism group keep the process under the documented 200 MB: such
// forms are found one at a time, the others wait or get 429, and every
// answer given is the form the library finds.
func TestMinlexSymmetricMemory(t *testing.T) {
	p, err := canon.ParsePuzzle(loneBand)
	if err != nil {
		t.Fatal(err)
	}
	var pc canon.PuzzleCanon
	form, autos, _, err := pc.Minlex(&p, canon.PlainOrder)
	if err != nil {
		t.Fatal(err)
	}
	want := string(canon.AppendPuzzle(nil, &form, '.'))
	s, err := New(Options{Ranker: testRanker})
	if err != nil {
		t.Fatal(err)
	}
	addr, stop := serveLoopback(t, s)
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	defer debug.SetMemoryLimit(LimitMemory())
	runtime.GC()
	base, _ := memoryNow()
	done := make(chan struct{})
	peak := peakMemory(done)
	const clients = 32
	var wg sync.WaitGroup
	codes := make([]int, clients)
	answers := make([]MinlexAnswer, clients)
	for i := range clients {
		wg.Go(func() {
			resp, a := call(t, "GET", "http://"+addr+"/api/v1/minlex/"+loneBand, "")
			codes[i] = resp.StatusCode
			if resp.StatusCode == http.StatusOK {
				if err := json.Unmarshal(a.Data, &answers[i]); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	close(done)
	m := <-peak
	ok := 0
	for i, c := range codes {
		switch c {
		case http.StatusOK:
			ok++
			if got := answers[i]; got.Minlex != want || got.Autos != autos {
				t.Errorf("client %d: %s, %d automorphisms; want %s, %d", i, got.Minlex, got.Autos, want, autos)
			}
		case http.StatusTooManyRequests:
		default:
			t.Errorf("client %d: status %d", i, c)
		}
	}
	if ok == 0 {
		t.Error("no client got the form")
	}
	t.Logf("%d MB before; %d clients: %d answered, peak memory %d MB (Go runtime), %d MB resident", base>>20, clients, ok, m[0]>>20, m[1]>>20)
	if m[0] > memoryTarget || m[1] > memoryTarget {
		t.Errorf("peak memory %d MB (Go runtime), %d MB resident: over %d MB", m[0]>>20, m[1]>>20, memoryTarget>>20)
	}
	// The expensive puzzle answer of the same puzzle has the same form.
	var pa PuzzleAnswer
	get(t, "http://"+addr+"/api/v1/puzzle/"+loneBand, &pa)
	if pa.Minlex != want || pa.Autos != autos {
		t.Errorf("puzzle answer: %s, %d automorphisms; want %s, %d", pa.Minlex, pa.Autos, want, autos)
	}
}
