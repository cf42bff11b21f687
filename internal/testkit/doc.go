// Package testkit holds what edgrid's tests share and that needs nothing of
// edgrid itself: the repository's puzzle sets under testdata/, read line by
// line, and the process's CPU time for benchmarks. It imports only the
// standard library, so the tests of every package, canon's and solve's
// among them, can use it; helpers that need edgrid's packages are in
// gridkit and catalogkit below it.
//
// It is imported only by _test.go files.
package testkit
