package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

func TestBandsCommand(t *testing.T) {
	code, out, _ := run(t, "", "bands")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 401 || lines[0] != "1 123456789456789123789123456" {
		t.Fatalf("bands: exit %d, %d lines, first %q", code, len(lines), lines[0])
	}
	code, out, _ = run(t, "", "bands", "--all")
	lines = strings.Split(strings.TrimSpace(out), "\n")
	no := 0
	for _, l := range lines {
		if strings.HasSuffix(l, " no") {
			no++
		}
	}
	if code != 0 || len(lines) != 416 || no != 15 {
		t.Fatalf("bands --all: exit %d, %d lines, %d that cannot start; want 416, 15", code, len(lines), no)
	}
}

func TestGroupsCommand(t *testing.T) {
	code, out, _ := run(t, "", "groups")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 3541 || lines[0] != "1 123456789456789123789123456235689" {
		t.Fatalf("groups: exit %d, %d lines, first %q", code, len(lines), lines[0])
	}
	code, out, _ = run(t, "", "groups", "--band", "1")
	if n := strings.Count(out, "\n"); code != 0 || n != 10 {
		t.Fatalf("groups --band 1: exit %d, %d lines; want 10", code, n)
	}
	for _, bad := range [][]string{{"groups", "--band", "0"}, {"groups", "--band", "402"}, {"groups", "x"}} {
		if code, _, errs := run(t, "", bad...); code != exitUsage || !strings.Contains(errs, "--band") && !strings.Contains(errs, "unexpected") {
			t.Errorf("%v: exit %d, stderr %q", bad, code, errs)
		}
	}
}

func TestEnumerateCommand(t *testing.T) {
	code, out, errs := run(t, "", "enumerate", "--group", "3541")
	if code != 0 {
		t.Fatalf("enumerate: exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := band.Groups()[3540]
	for _, l := range lines {
		g, err := canon.Parse(l)
		if err != nil || !canon.IsMinlex(&g) || band.KeyOf(&g) != last.Key {
			t.Fatalf("line %q: not a minlex grid of group 3541 (%v)", l, err)
		}
	}
	code, out, _ = run(t, "", "enumerate", "--group", "3540-3541", "--stats")
	var rep enumerateReport
	if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil {
		t.Fatalf("--stats: exit %d, %v: %s", code, err, out)
	}
	_, c1, _ := run(t, "", "enumerate", "--group", "3540", "--count")
	_, c2, _ := run(t, "", "enumerate", "--group", "3541", "--count", "--workers", "1")
	var n1, n2 int64
	if _, err := fmtSscan(c1, &n1); err != nil {
		t.Fatal(err)
	}
	if _, err := fmtSscan(c2, &n2); err != nil {
		t.Fatal(err)
	}
	if rep.Count != n1+n2 || n2 != int64(len(lines)) || rep.Groups != "3540-3541" || rep.Candidates == 0 {
		t.Fatalf("stats %+v; counts %d + %d; %d lines", rep, n1, n2, len(lines))
	}
	var hist int64
	for _, n := range rep.Autos {
		hist += n
	}
	if hist != rep.Count {
		t.Fatalf("histogram sums to %d, count %d", hist, rep.Count)
	}
}

func TestEnumerateBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"enumerate"},
		{"enumerate", "--group", "0"},
		{"enumerate", "--group", "3542"},
		{"enumerate", "--group", "abc"},
		{"enumerate", "--group", "5-3"},
		{"enumerate", "--band", "402"},
		{"enumerate", "--band", "0"},
		{"enumerate", "--group", "1", "--band", "1"},
		{"enumerate", "--group", "1", "--workers", "-1"},
	} {
		code, _, errs := run(t, "", args...)
		if code != exitUsage || !strings.Contains(errs, "edgrid enumerate:") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 with a message", args, code, errs)
		}
	}
}

func fmtSscan(s string, n *int64) (int, error) { return fmt.Sscan(strings.TrimSpace(s), n) }
