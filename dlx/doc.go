// Package dlx is an exact-cover engine: Knuth's Algorithm X with dancing
// links (dlx1.w), with options that can be forced (the givens of a puzzle),
// counting with shortcuts, solutions visited as option numbers, and a trace
// for teaching. The layout of its nodes is documented in solver.go.
package dlx

//go:generate go run ../internal/gen/expand -in run.go.tmpl -out run.go
