package query

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestGroupSpan(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{{nil, "none"}, {[]int{5}, "5"}, {[]int{1, 2, 3}, "1-3"}, {[]int{1, 2, 4, 7, 8, 9}, "1-2,4,7-9"}} {
		t.Run(c.want, func(t *testing.T) {
			if got := GroupSpan(c.in); got != c.want {
				t.Errorf("GroupSpan(%v) = %q; want %q", c.in, got, c.want)
			}
		})
	}
}

// A result survives JSON (the form parts keep) exactly, and so does a part.
func TestResultJSONAndPart(t *testing.T) {
	res, out := mustRun(t, Options{Invariants: allInvariants(), Where: "ua4 > 2",
		Line: func(dst []byte, p *Position) ([]byte, error) { return append(p.Grid.AppendText(dst), '\n'), nil }},
		Enumerator{}, []int{3535, 3536, 3541})
	js, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&back, res) {
		t.Fatalf("JSON round trip:\n%+v\nwant\n%+v", back, *res)
	}
	var b bytes.Buffer
	if err := WritePart(&b, "inv=ua4 where=ua4 > 2", res, []byte(out)); err != nil {
		t.Fatal(err)
	}
	desc, r2, lines, err := ReadPart(b.Bytes())
	if err != nil || desc != "inv=ua4 where=ua4 > 2" || !reflect.DeepEqual(r2, res) || string(lines) != out {
		t.Fatalf("part round trip: %q, %v, %d bytes of lines (want %d), %v", desc, r2, len(lines), len(out), err)
	}
	// Damage anywhere is caught.
	data := b.Bytes()
	for _, i := range []int{0, 25, len(data) / 2, len(data) - 3} {
		d := append([]byte(nil), data...)
		d[i] ^= 1
		if _, _, _, err := ReadPart(d); err == nil {
			t.Errorf("part damaged at byte %d: no error", i)
		}
	}
	if _, _, _, err := ReadPart(data[:len(data)-10]); err == nil {
		t.Error("truncated part: no error")
	}
	// An inconsistent result is refused even with a right checksum.
	bad := bytes.Replace(js, []byte(`"matched":`), []byte(`"matched":1`), 1)
	if err := json.Unmarshal(bad, &back); err == nil {
		t.Error("result whose histogram does not add up: no error")
	}
}

func TestWriteTable(t *testing.T) {
	res, _ := mustRun(t, Options{Invariants: []Invariant{Autos, UA4}}, Enumerator{}, []int{3540, 3541})
	var b bytes.Buffer
	if err := res.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	n := res.Grids
	for _, want := range []string{
		"groups 3540-3541: " + itoa(int(n)) + " grids\n",
		"invariant  grids",
		"autos min",
		"ua4 max",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("table lacks %q:\n%s", want, got)
		}
	}
	// Each histogram line's numbers are there: value then grids, right-aligned.
	for v, c := range res.Stats[1].Hist {
		if !strings.Contains(got, " "+itoa(v)+"  ") || !strings.Contains(got, itoa(int(c))) {
			t.Errorf("ua4 %d: %d grids not in the table:\n%s", v, c, got)
		}
	}
	t.Log("\n" + got)
}

func TestParseSpan(t *testing.T) {
	for _, gs := range [][]int{nil, {7}, {1, 2, 3}, {1, 2, 4, 7, 8, 9, 3541}} {
		got, err := parseSpan(GroupSpan(gs))
		if err != nil || !reflect.DeepEqual(got, gs) {
			t.Errorf("parseSpan(%q) = %v, %v; want %v", GroupSpan(gs), got, err, gs)
		}
	}
	// The spelling with a space after each comma reads too: parts may hold it.
	if got, err := parseSpan("1-2, 4, 7-9"); err != nil || !reflect.DeepEqual(got, []int{1, 2, 4, 7, 8, 9}) {
		t.Errorf("parseSpan with spaces = %v, %v", got, err)
	}
	for _, bad := range []string{"", "0", "3-1", "5, 4", "1-2, 2-3", "x", "3542"} {
		if _, err := parseSpan(bad); err == nil {
			t.Errorf("parseSpan(%q): no error", bad)
		}
	}
}
