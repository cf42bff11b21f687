package rank

import "edgrid/storage"

// maxOpenFiles bounds the catalog files a Ranker keeps open between
// queries; past it, a file is opened for one query and closed.
var maxOpenFiles = 256

// file returns group g's catalog file and the function that releases it
// after use. Opening a file reads and checks its block index, which costs
// more than a lexicographic query's one block, so the first maxOpenFiles
// files opened stay open until Close.
func (r *Ranker) file(g int) (*storage.File, func(), error) {
	r.mu.Lock()
	f, ok := r.files[g]
	r.mu.Unlock()
	if ok {
		return f, func() {}, nil
	}
	f, err := r.cat.Open(g)
	if err != nil {
		return nil, nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if kept, ok := r.files[g]; ok {
		// Another goroutine opened it meanwhile.
		f.Close()
		return kept, func() {}, nil
	}
	if len(r.files) < maxOpenFiles {
		if r.files == nil {
			r.files = map[int]*storage.File{}
		}
		r.files[g] = f
		return f, func() {}, nil
	}
	return f, func() { f.Close() }, nil
}

// Close closes the catalog files the Ranker keeps open. The Ranker may be
// used again afterwards; it opens them again as needed.
func (r *Ranker) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	var first error
	for g, f := range r.files {
		if err := f.Close(); err != nil && first == nil {
			first = err
		}
		delete(r.files, g)
	}
	return first
}
