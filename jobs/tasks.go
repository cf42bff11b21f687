package jobs

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"edgrid/internal/crc32c"
	"edgrid/internal/fsutil"
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
	return filepath.Join(dir, TasksDir, taskFileName(group))
}

// taskFileName is the name of a group's task file in TasksDir.
func taskFileName(group int) string { return fmt.Sprintf("group-%04d.tasks", group) }

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
	if err := fsutil.WriteFile(TasksPath(dir, group), b.Bytes()); err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	return nil
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
	// The header's count is checked against the lines present before
	// anything is sized by it: the file may claim any number.
	lines := strings.Split(strings.TrimSuffix(string(body), "\n"), "\n")
	var g, n int
	if _, err := fmt.Sscanf(lines[0], tasksMagic+" group %d tasks %d", &g, &n); err != nil || g != group {
		return nil, bad("line 1 %q is not the header of group %d's task file", lines[0], group)
	}
	if n != len(lines)-1 {
		return nil, bad("header says %d tasks, the file holds %d", n, len(lines)-1)
	}
	ts := make([]TaskStat, n)
	for i, l := range lines[1:] {
		f := strings.Fields(l)
		var err1, err2 error
		if len(f) == 2 {
			ts[i].Grids, err1 = strconv.ParseInt(f[0], 10, 64)
			ts[i].Completions, err2 = strconv.ParseInt(f[1], 10, 64)
		}
		if len(f) != 2 || err1 != nil || err2 != nil || ts[i].Grids < 0 || ts[i].Completions < 0 {
			return nil, bad("line %d %q: want two counts, grids and completions", i+2, l)
		}
	}
	return ts, nil
}
