package testkit

import (
	"os"
	"strconv"
	"strings"
)

// EnvInts is the comma-separated numbers the environment variable name
// holds, or def when it is not set; benchmarks pick their groups with it.
// It panics, naming the variable, on a field that is not a number: it runs
// where no test is at hand to fail, as a package variable's value.
func EnvInts(name string, def []int) []int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	var ns []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(f)
		if err != nil {
			panic(name + ": " + err.Error())
		}
		ns = append(ns, n)
	}
	return ns
}
