package jobs

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/internal/crc32c"
	"edgrid/storage"
)

// sealTasks writes a task file whose body is body, with a valid checksum.
func sealTasks(t *testing.T, dir string, group int, body string) {
	t.Helper()
	data := fmt.Sprintf("%scrc32c %08x\n", body, crc32c.Checksum([]byte(body)))
	if err := os.WriteFile(TasksPath(dir, group), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A task file whose header claims more tasks than it holds is damage, found
// without allocating for the claim, and redone.
func TestTaskFileHugeCount(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, dir, testLast-1, testLast)
	sealTasks(t, dir, testLast, fmt.Sprintf("%s group %d tasks 1000000000000\n1 2\n", tasksMagic, testLast))
	if _, err := ReadTasks(dir, testLast); err == nil || !strings.Contains(err.Error(), "1000000000000") {
		t.Fatalf("ReadTasks: %v; want an error naming the claimed count", err)
	}
	rep, err := Status(dir, 0, 0)
	if err != nil || len(rep.Damaged) != 1 || rep.Damaged[0].Group != testLast || !strings.Contains(rep.Damaged[0].Reason, "task file") {
		t.Fatalf("status: %+v, %v; want group %d damaged by its task file", rep, err, testLast)
	}
	s := mustRun(t, dir, testLast-1, testLast)
	if s.Written != 1 || len(s.Redone) != 1 {
		t.Fatalf("run: %+v; want the group redone", s)
	}
	sameCatalog(t, dir, testLast-1, testLast)
}

// ReadTasks reads back what writeTasks writes, and rejects every other
// shape with an error naming the file.
func TestReadTasksShapes(t *testing.T) {
	dir := t.TempDir()
	want := []TaskStat{{3, 10}, {0, 7}, {12, 99}}
	if err := writeTasks(dir, 5, want); err != nil {
		t.Fatal(err)
	}
	got, err := ReadTasks(dir, 5)
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("ReadTasks: %v, %v; want %v", got, err, want)
	}
	for name, body := range map[string]string{
		"fewer":    tasksMagic + " group 5 tasks 4\n3 10\n0 7\n12 99\n",
		"more":     tasksMagic + " group 5 tasks 2\n3 10\n0 7\n12 99\n",
		"negative": tasksMagic + " group 5 tasks -1\n",
		"group":    tasksMagic + " group 6 tasks 0\n",
		"numbers":  tasksMagic + " group 5 tasks 1\n3 x\n",
		"sign":     tasksMagic + " group 5 tasks 1\n-3 10\n",
		"empty":    "",
	} {
		sealTasks(t, dir, 5, body)
		if _, err := ReadTasks(dir, 5); err == nil || !strings.Contains(err.Error(), filepath.Base(TasksPath(dir, 5))) {
			t.Errorf("%s: ReadTasks: %v; want an error naming the file", name, err)
		}
	}
	os.WriteFile(TasksPath(dir, 5), bytes.Repeat([]byte("9"), 100), 0o644)
	if _, err := ReadTasks(dir, 5); err == nil {
		t.Error("a file without lines was read")
	}
	_ = storage.FileName
}
