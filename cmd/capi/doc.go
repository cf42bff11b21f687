// Command capi is edgrid's C API, built as a shared library for the Python
// package in python/ (and any other caller that speaks C):
//
//	go build -buildmode=c-shared -o libedgrid.so ./capi
//
// writes libedgrid.so and libedgrid.h (the signatures; each function's
// contract is its comment in exports.go, which cgo does not copy into the
// header; edgrid.h holds the status codes and edgrid_error). Every function
// takes plain C types:
// rows of 81 cells as uint8_t (0 for an empty cell, row by row), numbers as
// int64_t, text as char with an explicit length or stride, and a row count
// n; the caller owns every buffer, inputs and outputs alike, and the library
// keeps no pointer to any of them after it returns. Each returns a status
// (EDGRID_OK, EDGRID_BAD_INPUT, EDGRID_BAD_ARGUMENT, EDGRID_INTERNAL in
// edgrid.h) and fills an edgrid_error with the first bad row, its cell and a
// message. A batch runs over workers goroutines (0: one per core); when some
// rows are bad the error names the lowest of them, whatever the workers.
// Panics are recovered at the boundary and come back as EDGRID_INTERNAL.
//
// The functions are safe to call from several threads at once.
package main

func main() {}
