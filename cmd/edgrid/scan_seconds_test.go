package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestScanSeconds checks that --seconds adds one field of seconds to each
// answer form and changes nothing else.
func TestScanSeconds(t *testing.T) {
	cells := one17Cells(0, 40, 80)
	base := []string{"scan", "--clues", "17", "--cells", cells}
	// secs reads a time field: a number of seconds, not negative, under an
	// hour (the scan is of a few cells).
	secs := func(form, f string) {
		t.Helper()
		v, err := strconv.ParseFloat(f, 64)
		if err != nil || v < 0 || v > 3600 {
			t.Errorf("%s: seconds field %q: want a number of seconds (%v)", form, f, err)
		}
	}

	_, out, _ := run(t, one17Grid+" name\n", append(base, "--count", "--seconds")...)
	f := strings.Fields(out)
	if len(f) != 4 || f[0] != one17Grid || f[1] != "1" || f[3] != "name" {
		t.Fatalf("--count --seconds: %q; want <grid> 1 <seconds> name", out)
	}
	secs("--count", f[2])

	_, plain, _ := run(t, "", append(base, one17Grid)...)
	_, out, _ = run(t, "", append(base, "--seconds", one17Grid)...)
	head, tail, ok := strings.Cut(out, " seconds ")
	if !ok || head+"\n" != plain || !strings.HasSuffix(tail, "\n") {
		t.Fatalf("--seconds: %q; want %q with ' seconds <t>' before its line end", out, plain)
	}
	secs("listing", strings.TrimSuffix(tail, "\n"))

	_, plain, _ = run(t, "", append(base, "--canon", one17Grid)...)
	_, out, _ = run(t, "", append(base, "--canon", "--seconds", one17Grid)...)
	head, tail, ok = strings.Cut(out, " seconds ")
	if !ok || head+"\n" != plain {
		t.Fatalf("--canon --seconds: %q; want %q with ' seconds <t>'", out, plain)
	}
	secs("--canon", strings.TrimSuffix(tail, "\n"))

	_, out, _ = run(t, "", append(base, "--json", "--seconds", one17Grid)...)
	var js map[string]any
	if err := json.Unmarshal([]byte(out), &js); err != nil {
		t.Fatalf("--json --seconds: %v in %q", err, out)
	}
	v, ok := js["seconds"].(float64)
	if !ok || v < 0 || js["count"] != 1.0 {
		t.Errorf("--json --seconds: %q; want count 1 and seconds", out)
	}
	_, plain, _ = run(t, "", append(base, "--json", one17Grid)...)
	if strings.Contains(plain, "seconds") {
		t.Errorf("--json without --seconds: %q holds seconds", plain)
	}

	for _, bad := range [][]string{{"scan", "--ua", "--seconds", one17Grid}, {"scan", "--clues", "17", "--groups", "3238", "--out", t.TempDir(), "--seconds"}} {
		code, _, errs := run(t, "", bad...)
		if code != 2 || !strings.Contains(errs, "--seconds") {
			t.Errorf("%v: exit %d, %q; want 2 and a message naming --seconds", bad, code, errs)
		}
	}
}
