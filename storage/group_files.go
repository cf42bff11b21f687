package storage

import (
	"errors"
	"path/filepath"
)

// GroupFiles writes the grids of groups, one group after another, into
// group files: in a catalog directory each group's file of its own
// (FileName), which Finish then indexes (BuildIndex); or one group's grids
// into a single file.
type GroupFiles struct {
	dir  string // "" when writing the single file path
	path string
	opt  WriterOptions
	w    *Writer
}

// CatalogFiles writes group files into the directory dir, which must
// exist.
func CatalogFiles(dir string, opt WriterOptions) *GroupFiles {
	return &GroupFiles{dir: dir, opt: opt}
}

// SingleFile writes one group's grids into the file path.
func SingleFile(path string, opt WriterOptions) *GroupFiles {
	return &GroupFiles{path: path, opt: opt}
}

// errGroupOpen is Begin's error while a group's file is still open.
var errGroupOpen = errors.New("storage: a group file is still open (End or Abort it first)")

// Begin starts the file of group.
func (o *GroupFiles) Begin(group int) error {
	if o.w != nil {
		return errGroupOpen
	}
	path := o.path
	if o.dir != "" {
		path = filepath.Join(o.dir, FileName(group))
	}
	w, err := Create(path, group, o.opt)
	if err != nil {
		return err
	}
	o.w = w
	return nil
}

// Add writes a batch of grids of the group begun.
func (o *GroupFiles) Add(b Batch) error {
	if o.w == nil {
		return errors.New("storage: no group file begun")
	}
	return o.w.AddBatch(b)
}

// End finishes the group's file (Writer.Close).
func (o *GroupFiles) End() error {
	w := o.w
	if w == nil {
		return errors.New("storage: no group file begun")
	}
	o.w = nil
	return w.Close()
}

// Abort drops the file of the group begun, if any (Writer.Abort).
func (o *GroupFiles) Abort() {
	if o.w != nil {
		o.w.Abort()
		o.w = nil
	}
}

// Finish writes the catalog index of a directory; a single file needs none.
func (o *GroupFiles) Finish() error {
	if o.dir == "" {
		return nil
	}
	_, err := BuildIndex(o.dir)
	return err
}
