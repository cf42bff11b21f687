package jobs

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"edgrid/internal/crc32c"
	"edgrid/storage"
)

// TasksDir is the subdirectory of a run's directory that holds, per group,
// the grids and completions of each unit of the enumeration (one filling of
// row 4, in order): the raw material of the rank tables, which need both
// where a group's grids lie and how much work finding them takes.
const TasksDir = "tasks"

// TaskStat is the outcome of one row-4 filling of a group.
type TaskStat struct {
	Grids       int64
	Completions int64
}

// TasksPath is the path of a group's task file in a run directory.
func TasksPath(dir string, group int) string {
	return filepath.Join(dir, TasksDir, fmt.Sprintf("group-%04d.tasks", group))
}

const tasksMagic = "edgrid tasks 1"

// writeTasks writes a group's task file atomically: a header line, one line
// "grids completions" per task, and the CRC-32C of all that.
func writeTasks(dir string, group int, ts []TaskStat) error {
	if err := os.MkdirAll(filepath.Join(dir, TasksDir), 0o755); err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s group %d tasks %d\n", tasksMagic, group, len(ts))
	for _, t := range ts {
		fmt.Fprintf(&b, "%d %d\n", t.Grids, t.Completions)
	}
	fmt.Fprintf(&b, "crc32c %08x\n", crc32c.Checksum(b.Bytes()))
	return storage.WriteFileAtomic(TasksPath(dir, group), b.Bytes())
}

// ReadTasks reads and checks a group's task file.
func ReadTasks(dir string, group int) ([]TaskStat, error) {
	path := TasksPath(dir, group)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("jobs: %s: %s", path, fmt.Sprintf(format, a...))
	}
	i := bytes.LastIndex(data[:max(len(data)-1, 0)], []byte("\n"))
	if i < 0 || !bytes.HasSuffix(data, []byte("\n")) {
		return nil, bad("truncated")
	}
	body, last := data[:i+1], strings.TrimSpace(string(data[i+1:]))
	if want := fmt.Sprintf("crc32c %08x", crc32c.Checksum(body)); last != want {
		return nil, bad("checksum line %q, computed %q", last, want)
	}
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Scan()
	var g, n int
	if _, err := fmt.Sscanf(sc.Text(), tasksMagic+" group %d tasks %d", &g, &n); err != nil || g != group {
		return nil, bad("line 1 %q is not the header of group %d's task file", sc.Text(), group)
	}
	ts := make([]TaskStat, 0, n)
	for line := 2; sc.Scan(); line++ {
		var t TaskStat
		if _, err := fmt.Sscanf(sc.Text(), "%d %d", &t.Grids, &t.Completions); err != nil {
			return nil, bad("line %d: %v", line, err)
		}
		ts = append(ts, t)
	}
	if len(ts) != n {
		return nil, bad("%d tasks, header says %d", len(ts), n)
	}
	return ts, nil
}
