"""The Python package's speed targets, each next to the Go library used
directly from Go on the same inputs and cores (capi's BenchmarkLibrary and
BenchmarkLibraryOne: canon.Minlex, canon.PuzzleCanon.Minlex, the solver and
the rest called from plain goroutines, no C API), measured in the same run:

- minlex of 1,000,000 random grids: within 1.2x of Go's rate;
- solve and canon_puzzles of the 49,158 17-clue puzzles: within 1.2x;
- the overhead of a call on one row, for every batch function: under 5
  microseconds (the call's time less Go's time for that row on one core).

Run from python/ after 'make python-lib' (or 'make bench-python'):

    /usr/bin/python3 benchmarks/speed.py [--grids N] [--puzzles FILE] [--repeat K]

--repeat K runs K interleaved rounds (Go, Python, Go, Python, ...) and keeps
the best figure of each side. It needs the go command and bin/edgrid (make
build) for the random grids. Nothing else should run meanwhile: the figures
are rates of the whole machine.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import edgrid  # noqa: E402  (the package of this checkout)

REPO = HERE.parent.parent


def random_grids(n: int) -> np.ndarray:
    """n random grids from edgrid random (bin/edgrid of the checkout)."""
    cli = os.environ.get("EDGRID_CLI", str(REPO / "bin" / "edgrid"))
    out = subprocess.run([cli, "random", "-n", str(n), "--seed", "1"], check=True, capture_output=True).stdout
    return (np.frombuffer(out, dtype=np.uint8).reshape(n, 82)[:, :81] - ord("0")).copy()


def timed(f: Callable[[], object]) -> float:
    """The time of f(), in seconds."""
    t = time.perf_counter()
    f()
    return time.perf_counter() - t


def go_env() -> dict[str, str]:
    """The environment the library is built in: GOEXPERIMENT=simd on amd64, as the Makefile."""
    env = dict(os.environ)
    arch = subprocess.run(["go", "env", "GOARCH"], cwd=REPO, check=True, capture_output=True, text=True).stdout.strip()
    if arch == "amd64" and "simd" not in env.get("GOEXPERIMENT", "").split(","):
        env["GOEXPERIMENT"] = ",".join(x for x in (env.get("GOEXPERIMENT", ""), "simd") if x)
    return env


class GoBench:
    """capi's test binary, built once, run for BenchmarkLibrary (rows/s on all
    cores) and BenchmarkLibraryOne (ns for one row on one goroutine)."""

    def __init__(self, directory: str, grids: np.ndarray, puzzles: np.ndarray) -> None:
        """Write the rows into directory and build the test binary there."""
        d = pathlib.Path(directory)
        (d / "grids").write_bytes(grids.tobytes())
        (d / "puzzles").write_bytes(puzzles.tobytes())
        self.env = {**go_env(), "EDGRID_BENCH_GRIDS": str(d / "grids"), "EDGRID_BENCH_PUZZLES": str(d / "puzzles")}
        self.binary = d / "capi.test"
        subprocess.run(["go", "test", "-c", "-o", str(self.binary), "./cmd/capi"], cwd=REPO, env=self.env, check=True)

    def _run(self, bench: str, benchtime: str) -> str:
        """The output of the benchmark bench at benchtime."""
        cmd = [str(self.binary), "-test.run", "^$", "-test.bench", f"^{bench}$", "-test.benchtime", benchtime]
        return subprocess.run(cmd, cwd=REPO / "cmd" / "capi", env=self.env, check=True, capture_output=True, text=True).stdout

    def rates(self) -> dict[str, float]:
        """Rows/s of each BenchmarkLibrary case: one pass over the rows."""
        out = self._run("BenchmarkLibrary", "1x")
        return {name: float(rate) for name, rate in re.findall(r"BenchmarkLibrary/(\S+?)(?:-\d+)?\s.*?([\d.]+) rows/s", out)}

    def one_row(self) -> dict[str, float]:
        """Seconds for one row of each BenchmarkLibraryOne case."""
        out = self._run("BenchmarkLibraryOne", "0.2s")
        return {name: float(ns) * 1e-9 for name, ns in re.findall(r"BenchmarkLibraryOne/(\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op", out)}


def per_call(f: Callable[[], object]) -> float:
    """Seconds a call of f, over enough calls for about 0.2 s."""
    first = timed(f)
    calls = max(10, min(20_000, int(0.2 / max(first, 1e-7))))
    return timed(lambda: [f() for _ in range(calls)]) / calls


def keep_best(best: dict[str, float], new: dict[str, float], better: Callable[[float, float], float]) -> None:
    """Fold new figures into best, keeping the better of each."""
    for k, v in new.items():
        best[k] = better(best[k], v) if k in best else v


def main() -> None:
    """Measure both sides in interleaved rounds and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--grids", type=int, default=1_000_000, help="random grids for minlex (default 1,000,000)")
    ap.add_argument("--puzzles", default=str(REPO / "testdata" / "puzzles2_17_clue"), help="the 17-clue puzzle file")
    ap.add_argument("--repeat", type=int, default=3, help="interleaved rounds of Go and Python; the best of each is kept")
    args = ap.parse_args()

    grids = random_grids(args.grids)
    lines = [s.strip() for s in pathlib.Path(args.puzzles).read_text().splitlines()]
    puzzle_strings = [s for s in lines if s and not s.startswith("#")]
    t = time.perf_counter()
    puzzles = edgrid.cells(puzzle_strings)
    parse = time.perf_counter() - t
    edgrid.minlex(grids[:1000])  # the band tables, built once

    # One row of each kind, the same rows BenchmarkLibraryOne takes.
    grid, puzzle = np.ascontiguousarray(grids[:1]), np.ascontiguousarray(puzzles[:1])
    number = edgrid.rank(grid)
    ids = edgrid.puzzle_id(puzzle)
    one_row = {
        "minlex": lambda: edgrid.minlex(grid),
        "rank": lambda: edgrid.rank(grid),
        "unrank": lambda: edgrid.unrank(number),
        "canon_puzzles": lambda: edgrid.canon_puzzles(puzzle),
        "pattern": lambda: edgrid.pattern(puzzle),
        "solve": lambda: edgrid.solve(puzzle),
        "puzzle_id": lambda: edgrid.puzzle_id(puzzle),
        "from_id": lambda: edgrid.from_id(ids),
        "invariants": lambda: edgrid.invariants(grid),
    }
    bulk = {
        "minlex": (len(grids), lambda: edgrid.minlex(grids)),
        "canon_puzzles": (len(puzzles), lambda: edgrid.canon_puzzles(puzzles)),
        "solve": (len(puzzles), lambda: edgrid.solve(puzzles)),
    }

    go_rate: dict[str, float] = {}
    py_rate: dict[str, float] = {}
    go_one: dict[str, float] = {}
    py_one: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as d:
        go = GoBench(d, grids, puzzles)
        for _ in range(max(1, args.repeat)):
            keep_best(go_rate, go.rates(), max)
            keep_best(py_rate, {name: n / timed(f) for name, (n, f) in bulk.items()}, max)
            keep_best(go_one, go.one_row(), min)
            keep_best(py_one, {name: per_call(f) for name, f in one_row.items()}, min)

    print(f"cores: {os.cpu_count()}; grids: {len(grids):,}; puzzles: {len(puzzles):,} ({args.puzzles}); "
          f"rounds: {max(1, args.repeat)} (Go and Python interleaved, best of each)")
    print(f"{'operation':<16}{'Python rows/s':>15}{'Go rows/s':>15}{'Go/Python':>11}  target")
    for name, rate in py_rate.items():
        ratio = go_rate[name] / rate
        print(f"{name:<16}{rate:>15,.0f}{go_rate[name]:>15,.0f}{ratio:>11.2f}  <= 1.20 {'ok' if ratio <= 1.2 else 'MISSED'}")
    print(f"(parsing the {len(puzzles):,} puzzle strings into an array: {parse * 1e3:.1f} ms, not counted above)")
    print()
    print("one row a call: the Python call less the Go library's time for that row on one core")
    print(f"{'function':<16}{'Python us':>12}{'Go us':>12}{'overhead us':>13}  target")
    for name, t in py_one.items():
        overhead = t - go_one[name]
        print(f"{name:<16}{t * 1e6:>12.2f}{go_one[name] * 1e6:>12.2f}{overhead * 1e6:>13.2f}  < 5 {'ok' if overhead < 5e-6 else 'MISSED'}")
    print("(rank, unrank, puzzle_id and from_id take milliseconds a row: their overhead is within the noise of the row's time)")


if __name__ == "__main__":
    main()
