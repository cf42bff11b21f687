// Package fsutil holds the file-system care edgrid's result directories and
// catalogs share: atomic writes (a synced temporary file renamed into place,
// then the directory synced), opening a file without following a symbolic
// link and refusing anything but a regular file, and the flock(2) lock a
// run holds on its directory.
//
// Its errors carry no package prefix: storage and jobs wrap them with
// theirs.
package fsutil
