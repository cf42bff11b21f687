package testkit

import (
	"slices"
	"testing"
)

func TestEnvInts(t *testing.T) {
	t.Setenv("EDGRID_TESTKIT_INTS", "")
	if got := EnvInts("EDGRID_TESTKIT_INTS", []int{4, 5}); !slices.Equal(got, []int{4, 5}) {
		t.Errorf("unset: %v; want the default", got)
	}
	t.Setenv("EDGRID_TESTKIT_INTS", "1201,601,7")
	if got := EnvInts("EDGRID_TESTKIT_INTS", []int{4, 5}); !slices.Equal(got, []int{1201, 601, 7}) {
		t.Errorf("set: %v; want [1201 601 7]", got)
	}
	t.Setenv("EDGRID_TESTKIT_INTS", "12,x")
	defer func() {
		if r, _ := recover().(string); r == "" || r[:19] != "EDGRID_TESTKIT_INTS" {
			t.Errorf("a bad field: panic %q; want one naming the variable", r)
		}
	}()
	EnvInts("EDGRID_TESTKIT_INTS", nil)
}
