// Package catalogkit writes catalogs for edgrid's tests: the files of some
// groups, enumerated and stored, and their index. It imports storage, so
// storage's own tests cannot use it.
//
// It is imported only by _test.go files.
package catalogkit

import (
	"context"
	"os"
	"testing"

	"edgrid/band"
	"edgrid/enumerate"
	"edgrid/storage"
)

// WriteFiles writes the file of each group into dir, enumerated and stored
// with the default options (storage.CatalogFiles).
func WriteFiles(tb testing.TB, dir string, groups []int) {
	tb.Helper()
	files := storage.CatalogFiles(dir, storage.WriterOptions{})
	for _, n := range groups {
		grp, err := band.ByNumber(n)
		if err != nil {
			tb.Fatal(err)
		}
		if err := files.Begin(n); err != nil {
			tb.Fatal(err)
		}
		if _, err := enumerate.GroupBatches(context.Background(), grp.Key, enumerate.Options{}, func(b enumerate.Batch) error { return files.Add(b) }); err != nil {
			files.Abort()
			tb.Fatal(err)
		}
		if err := files.End(); err != nil {
			tb.Fatal(err)
		}
	}
}

// WriteCatalog writes the files of the groups into dir (WriteFiles) and
// opens dir as a catalog.
func WriteCatalog(tb testing.TB, dir string, groups []int) *storage.Catalog {
	tb.Helper()
	WriteFiles(tb, dir, groups)
	cat, err := storage.BuildIndex(dir)
	if err != nil {
		tb.Fatal(err)
	}
	return cat
}

// FromEnv opens the catalog the environment variable EDGRID_CATALOG names,
// for benchmarks on a full catalog; it skips the test or benchmark when
// the variable is not set and fails it when the catalog does not open.
func FromEnv(tb testing.TB) *storage.Catalog {
	tb.Helper()
	dir := os.Getenv("EDGRID_CATALOG")
	if dir == "" {
		tb.Skip("EDGRID_CATALOG not set")
	}
	cat, err := storage.OpenCatalog(dir)
	if err != nil {
		tb.Fatal(err)
	}
	return cat
}
