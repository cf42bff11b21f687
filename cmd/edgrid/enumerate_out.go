package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"edgrid/enumerate"
	"edgrid/storage"
)

// groupFiles writes the grids of `enumerate --out` through storage: one file
// for one group, or one file per group in a directory, which then gets a
// catalog index.
type groupFiles struct {
	dir  string // "" when writing the single file path
	path string
	opt  storage.WriterOptions
	w    *storage.Writer
}

// newGroupFiles decides between a file and a directory: several groups, an
// existing directory, or a name ending in a path separator mean a directory,
// created if needed.
func newGroupFiles(out string, opt storage.WriterOptions, several bool) (*groupFiles, error) {
	fi, err := os.Stat(out)
	isDir := err == nil && fi.IsDir()
	if strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator)) {
		several = true
	}
	if several && !isDir {
		if err == nil {
			return nil, usagef("--out %s: a file exists there; several groups need a directory", out)
		}
		if err := os.MkdirAll(out, 0o755); err != nil {
			return nil, fmt.Errorf("--out: %w", err)
		}
		isDir = true
	}
	if isDir {
		return &groupFiles{dir: out, opt: opt}, nil
	}
	return &groupFiles{path: out, opt: opt}, nil
}

// begin starts the file of a group.
func (o *groupFiles) begin(group int) error {
	path := o.path
	if o.dir != "" {
		path = filepath.Join(o.dir, storage.FileName(group))
	}
	w, err := storage.Create(path, group, o.opt)
	if err != nil {
		return err
	}
	o.w = w
	return nil
}

// add writes a batch of grids of the current group.
func (o *groupFiles) add(b enumerate.Batch) error { return o.w.AddBatch(b) }

// end finishes the group's file; abort drops it.
func (o *groupFiles) end() error {
	w := o.w
	o.w = nil
	return w.Close()
}

func (o *groupFiles) abort() {
	if o.w != nil {
		o.w.Abort()
		o.w = nil
	}
}

// finish writes the catalog index of a directory.
func (o *groupFiles) finish() error {
	if o.dir == "" {
		return nil
	}
	_, err := storage.BuildIndex(o.dir)
	return err
}
