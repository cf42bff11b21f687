package main

import "edgrid/storage"

// maxPartBytes bounds the part files scan and query read: far more than
// the part of any group holds, and few enough bytes to hold in memory.
const maxPartBytes = 1 << 30

// readPartFile reads a part file of a result directory: a regular file, not
// a link, of at most maxPartBytes (storage.ReadRegular), so that a FIFO or
// a link to a device planted there is refused at once rather than read.
func readPartFile(path string) ([]byte, error) { return storage.ReadRegular(path, maxPartBytes) }
