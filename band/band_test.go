package band

import (
	"math/rand/v2"
	"testing"

	"edgrid/canon"
)

const (
	paperGrid1 = "123456789456789123789123456214835697367291845598647312632918574845372961971564238"
	lexFirst   = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	band133302 = "123456789457189623968327145"
)

func TestCounts(t *testing.T) {
	if n := len(Forms()); n != 416 {
		t.Errorf("%d band forms; want 416", n)
	}
	if n := len(FirstBands()); n != NumFirstBands {
		t.Errorf("%d first bands; want %d", n, NumFirstBands)
	}
	if n := len(Groups()); n != NumGroups {
		t.Errorf("%d groups; want %d", n, NumGroups)
	}
	cands := 0
	for _, f := range FirstBands() {
		cands += len(CandidateKeys(f))
	}
	if cands != NumCandidates {
		t.Errorf("%d candidates of first bands; want %d", cands, NumCandidates)
	}
}

func TestOrderAndRules(t *testing.T) {
	fb := FirstBands()
	for i := 1; i < len(fb); i++ {
		if string(fb[i-1][:]) >= string(fb[i][:]) {
			t.Fatalf("first bands %d and %d out of order", i, i+1)
		}
	}
	gs := Groups()
	for i, g := range gs {
		if g.Number != i+1 {
			t.Fatalf("group at %d numbered %d", i+1, g.Number)
		}
		if i > 0 && gs[i-1].Key.Compare(g.Key) >= 0 {
			t.Fatalf("groups %d and %d out of order", i, i+1)
		}
		c := g.Key.Column1()
		b1 := g.Key.Band1()
		if !(c[0] < c[1] && c[1] < c[2] && c[3] < c[4] && c[4] < c[5] && c[0] < c[3]) {
			t.Fatalf("group %d: column 1 %v breaks (28)<(37)<(46), (55)<(64)<(73), (28)<(55)", g.Number, c)
		}
		seen := map[uint8]bool{b1[0]: true, b1[9]: true, b1[18]: true}
		for _, d := range c {
			if seen[d] {
				t.Fatalf("group %d: column 1 repeats %d", g.Number, d)
			}
			seen[d] = true
		}
		if fb[g.Band-1] != b1 {
			t.Fatalf("group %d: band %d is not its first band", g.Number, g.Band)
		}
		if got, ok := Find(g.Key); !ok || got != g {
			t.Fatalf("Find(%s) = %v, %v", g.Key, got, ok)
		}
	}
}

func TestMethodGrids(t *testing.T) {
	g, _ := canon.Parse(paperGrid1)
	grp, err := GroupOf(&g)
	if err != nil || grp.Number != 1 || grp.Band != 1 {
		t.Errorf("group of paper's grid 1 = %+v, %v; want group 1 of band 1", grp, err)
	}
	h, _ := canon.Parse(lexFirst)
	grp2, err := GroupOf(&h)
	if err != nil || grp2.Band != 1 || grp2.Number <= 1 {
		t.Errorf("group of the lexicographically first grid = %+v, %v; want a later group of band 1", grp2, err)
	}
	if got := grp2.Key.Column1(); got != [6]uint8{2, 3, 8, 5, 6, 9} {
		t.Errorf("its column 1 reads %v; docs/design/method.md says 2,3,8 | 5,6,9", got)
	}
	found := false
	for _, f := range FirstBands() {
		if digitsOf(f[:]) == band133302 {
			found = true
		}
	}
	if !found {
		t.Errorf("%s is not among the first bands", band133302)
	}
}

func TestGroupOfRandomMinlex(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for range 500 {
		g := canon.RandomGrid(r)
		m, _, _ := canon.Minlex(&g)
		grp, err := GroupOf(&m)
		if err != nil {
			t.Fatal(err)
		}
		if KeyOf(&m) != grp.Key {
			t.Fatalf("GroupOf(%s) = group %d with key %s", m.String(), grp.Number, grp.Key)
		}
	}
	g, _ := canon.Parse(paperGrid1)
	g[0], g[1] = g[1], g[0]
	if _, err := GroupOf(&g); err == nil {
		t.Error("GroupOf accepted a grid that is not minlex")
	}
}

func TestKeyParse(t *testing.T) {
	k := Groups()[0].Key
	back, err := ParseKey(k.String())
	if err != nil || back != k {
		t.Errorf("ParseKey(%s) = %v, %v", k, back, err)
	}
	for _, bad := range []string{"", "12345678945678912378912345623568", "1234567894567891237891234562356890"} {
		if _, err := ParseKey(bad); err == nil {
			t.Errorf("ParseKey(%q) accepted", bad)
		}
	}
	if _, err := ByNumber(0); err == nil {
		t.Error("ByNumber(0) accepted")
	}
	if _, err := ByNumber(NumGroups + 1); err == nil {
		t.Error("ByNumber(3542) accepted")
	}
}

func digitsOf(ds []uint8) string {
	b := make([]byte, len(ds))
	for i, d := range ds {
		b[i] = '0' + d
	}
	return string(b)
}
