package storage_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/storage"
)

// Write a group's file while it is enumerated, then read a grid back by its
// ordinal and find the ordinal of a grid.
func Example() {
	dir, err := os.MkdirTemp("", "edgrid-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	grp, _ := band.ByNumber(3541)
	path := filepath.Join(dir, storage.FileName(grp.Number))
	w, err := storage.Create(path, grp.Number, storage.WriterOptions{})
	if err != nil {
		log.Fatal(err)
	}
	_, err = enumerate.Group(context.Background(), grp.Key, enumerate.Options{}, w.Add)
	if err != nil {
		w.Abort()
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	f, err := storage.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	h := f.Header()
	fmt.Println(filepath.Base(path), h.Count, "grid(s), codec", h.Codec, h.Histogram())
	g, _ := f.Grid(1)
	fmt.Println(g.String())
	ord, _ := f.Ordinal(&g)
	fmt.Println("ordinal", ord)
	// Output:
	// group-3541.edg 1 grid(s), codec sorted [[72 1]]
	// 123456789457893612986217354274538196531964827698721435342685971715349268869172543
	// ordinal 1
}

// Open a catalog directory written by `edgrid enumerate --catalog DIR` and
// locate a grid in it.
func ExampleCatalog_Locate() {
	dir, err := os.MkdirTemp("", "edgrid-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	for _, n := range []int{3540, 3541} {
		grp, _ := band.ByNumber(n)
		w, _ := storage.Create(filepath.Join(dir, storage.FileName(n)), n, storage.WriterOptions{})
		enumerate.Group(context.Background(), grp.Key, enumerate.Options{}, w.Add)
		if err := w.Close(); err != nil {
			log.Fatal(err)
		}
	}
	if _, err := storage.BuildIndex(dir); err != nil {
		log.Fatal(err)
	}

	c, err := storage.OpenCatalog(dir)
	if err != nil {
		log.Fatal(err)
	}
	g, _ := canon.Parse("123456789457893612986217354274538196531964827698721435342685971715349268869172543")
	group, ord, num, err := c.Locate(&g)
	fmt.Println(len(c.Entries), "groups;", "group", group, "ordinal", ord, "catalog number", num, err)
	// Output:
	// 2 groups; group 3541 ordinal 1 catalog number 4 <nil>
}
