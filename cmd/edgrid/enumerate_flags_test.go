package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

func TestEnumerateCountAndStatsExclusive(t *testing.T) {
	code, out, errs := run(t, "", "enumerate", "--group", "3541", "--count", "--stats")
	if code != exitUsage || out != "" || !strings.Contains(errs, "--count") || !strings.Contains(errs, "--stats") {
		t.Fatalf("--count --stats: exit %d, %q, %q; want exit 2 naming both", code, out, errs)
	}
}

// --stats prints one JSON object on one line, automorphism counts in
// numeric order.
func TestEnumerateStatsJSON(t *testing.T) {
	code, out, errs := run(t, "", "enumerate", "--group", "3530-3541", "--stats")
	if code != 0 || strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "}\n") {
		t.Fatalf("--stats: exit %d, %q, %s; want one line", code, out, errs)
	}
	var rep struct {
		Count int64            `json:"count"`
		Autos map[string]int64 `json:"automorphisms"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Count != 102 {
		t.Fatalf("--stats: %v, %+v", err, rep)
	}
	// The keys in the order printed.
	i := strings.Index(out, `"automorphisms":{`)
	j := strings.Index(out[i:], "}")
	var keys []int
	var sum int64
	for _, kv := range strings.Split(out[i+len(`"automorphisms":{`):i+j], ",") {
		k, v, _ := strings.Cut(kv, ":")
		a, err := strconv.Atoi(strings.Trim(k, `"`))
		n, err2 := strconv.ParseInt(v, 10, 64)
		if err != nil || err2 != nil {
			t.Fatalf("automorphisms entry %q", kv)
		}
		keys = append(keys, a)
		sum += n
	}
	for k := 1; k < len(keys); k++ {
		if keys[k-1] >= keys[k] {
			t.Fatalf("automorphism keys %v not in numeric order: %s", keys, out)
		}
	}
	if len(keys) != len(rep.Autos) || sum != rep.Count {
		t.Fatalf("histogram %v adds up to %d; count %d", rep.Autos, sum, rep.Count)
	}
}
