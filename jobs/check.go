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

// fileSum returns the size and CRC-64 of the whole file at path.
func fileSum(path string) (int64, uint64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	h := crc64.New(crc64Table)
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, 0, err
	}
	return n, h.Sum64(), nil
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
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "file missing"
	case err != nil:
		return err.Error()
	case fi.Size() == 0:
		return "file empty (0 bytes)"
	case fi.Size() != size:
		return fmt.Sprintf("file has %d bytes, manifest says %d", fi.Size(), size)
	}
	_, got, err := fileSum(path)
	if err != nil {
		return err.Error()
	}
	if got != sum {
		return fmt.Sprintf("file checksum %016x, manifest says %016x", got, sum)
	}
	return ""
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
