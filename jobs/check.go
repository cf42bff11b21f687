package jobs

import (
	"errors"
	"fmt"
	"hash/crc64"
	"io"
	"os"
	"path/filepath"

	"edgrid/storage"
)

// crc64Table is the table of the manifest's file checksums.
var crc64Table = crc64.MakeTable(crc64.ECMA)

// fileSum returns the size and CRC-64 of the whole file at path, which
// must be a regular file, not a link (storage.OpenRegular: a FIFO or a
// device planted there is refused at once, not read). A file that is there
// but cannot be read (EACCES, EIO) gives an *UnreadableError: it is not
// shown to be damaged, and is left alone.
func fileSum(path string) (int64, uint64, error) {
	f, err := openRegular(path, false)
	if err != nil {
		if errors.Is(err, storage.ErrNotRegular) || errors.Is(err, os.ErrNotExist) {
			return 0, 0, err
		}
		return 0, 0, &UnreadableError{Path: path, Err: err}
	}
	defer f.Close()
	h := crc64.New(crc64Table)
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, 0, &UnreadableError{Path: path, Err: err}
	}
	return n, h.Sum64(), nil
}

// openRegular opens the files fileSum reads (a variable: tests make it
// fail as a disk does).
var openRegular = storage.OpenRegular

// UnreadableError is a file of a result directory that is there but could
// not be read (permission denied, an I/O error): a run neither adopts nor
// removes it, and fails for its group until it is fixed or removed.
type UnreadableError struct {
	Path string
	Err  error
}

func (e *UnreadableError) Error() string {
	return fmt.Sprintf("cannot be read (%v): left as it is; fix it or remove it", unwrapPath(e.Err))
}

func (e *UnreadableError) Unwrap() error { return e.Err }

// unwrapPath is the cause of a path error, without the path and operation
// that the message already names.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// checkRecorded compares a group's file, and its task file, with its
// manifest record and says what is wrong, or "" when both are as recorded.
func checkRecorded(dir string, r Record) string {
	if msg := checkFile(filepath.Join(dir, storage.FileName(r.Group)), r.Size, r.Sum); msg != "" {
		return msg
	}
	return checkTasksOf(dir, r)
}

// checkTasksOf says what is wrong with the task file of a recorded group,
// or "" when it has none or it matches.
func checkTasksOf(dir string, r Record) string {
	if !r.Tasks {
		return ""
	}
	return checkTasks(dir, r.Group, r.Count)
}

// checkFile compares the file at path with the size and CRC-64 a manifest
// records for it and says what is wrong, or "" when both match.
func checkFile(path string, size int64, sum uint64) string {
	why, _ := checkFileErr(path, size, sum)
	return why
}

// checkFileErr is checkFile, and the *UnreadableError of a file that
// could not be read (why then says so too).
func checkFileErr(path string, size int64, sum uint64) (string, error) {
	why, err := checkFileAt(path, size, sum)
	var ue *UnreadableError
	if errors.As(err, &ue) {
		return ue.Error(), ue
	}
	return why, nil
}

func checkFileAt(path string, size int64, sum uint64) (string, error) {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "file missing", nil
	case err != nil:
		return "", &UnreadableError{Path: path, Err: err}
	case !fi.Mode().IsRegular():
		return fmt.Sprintf("not a regular file (%v)", fi.Mode().Type()), nil
	case fi.Size() == 0:
		return "file empty (0 bytes)", nil
	case fi.Size() != size:
		return fmt.Sprintf("file has %d bytes, manifest says %d", fi.Size(), size), nil
	}
	_, got, err := fileSum(path)
	var ue *UnreadableError
	if errors.As(err, &ue) {
		return "", ue
	}
	if err != nil {
		return err.Error(), nil
	}
	if got != sum {
		return fmt.Sprintf("file checksum %016x, manifest says %016x", got, sum), nil
	}
	return "", nil
}

// checkTasks says what is wrong with a group's task file, which must count
// the given number of grids, or "" when nothing is.
func checkTasks(dir string, group int, count int64) string {
	ts, err := ReadTasks(dir, group)
	if err != nil {
		return "task file: " + err.Error()
	}
	var n int64
	for _, t := range ts {
		n += t.Grids
	}
	if n != count {
		return fmt.Sprintf("task file counts %d grids, manifest %d", n, count)
	}
	return ""
}
