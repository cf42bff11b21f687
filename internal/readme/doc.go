// Package readme holds nothing but the README's Go example, run as a test
// (example_test.go) so that the README's code compiles and prints what the
// README says.
package readme
