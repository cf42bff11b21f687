#!/usr/bin/env python3
"""Rates the same puzzle files with qqwing and edgrid, alternating, on one core.

    EDGRID=bin/edgrid docs/bench/rate-vs-qqwing.py ROUNDS FILE...

Each round runs, for every FILE, `qqwing --solve --stats` and then
`edgrid rate`, both pinned to core 1 with taskset and reading the file on
stdin, and takes the user+sys CPU time of each child process from the kernel
(os.wait4), so that the machine's other work does not count. It prints one
line a round and file: the file, qqwing's seconds, edgrid's seconds and the
ratio of the two. Neither program's output is kept.
"""
import os
import subprocess
import sys


def cpu_seconds(argv, path):
    """Runs argv with path on stdin and returns its user+sys CPU seconds."""
    with open(path, "rb") as stdin, open(os.devnull, "wb") as out:
        proc = subprocess.Popen(argv, stdin=stdin, stdout=out, stderr=out)
        _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{argv[3]} failed on {path}: exit {os.waitstatus_to_exitcode(status)}")
    return usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit() or not 1 <= int(sys.argv[1]) <= 100:
        sys.exit("usage: rate-vs-qqwing.py ROUNDS(1-100) FILE...")
    edgrid = os.environ.get("EDGRID", "bin/edgrid")
    for r in range(int(sys.argv[1])):
        for path in sys.argv[2:]:
            q = cpu_seconds(["taskset", "-c", "1", "qqwing", "--solve", "--stats"], path)
            e = cpu_seconds(["taskset", "-c", "1", edgrid, "rate"], path)
            print(f"round {r + 1} {path}: qqwing {q:.3f} s, edgrid {e:.3f} s, {q / e:.2f} times", flush=True)


if __name__ == "__main__":
    main()
