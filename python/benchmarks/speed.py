"""The Python package's speed targets, each next to the Go library's rate on
the same inputs and cores (capi's BenchmarkRows, run by this script):

- minlex of 1,000,000 random grids: within 1.2x of Go's rate;
- solve and canon_puzzles of the 49,158 17-clue puzzles: within 1.2x;
- the overhead of a call on one grid: under 5 microseconds.

Run from python/ after 'make python-lib' (or 'make bench-python'):

    /usr/bin/python3 benchmarks/speed.py [--grids N] [--puzzles FILE] [--repeat K]

It needs the go command and bin/edgrid (make build) for the random grids.
Nothing else should run meanwhile: the figures are rates of the whole machine.
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


def best(f, repeat: int) -> float:
    """The shortest of repeat timings of f(), in seconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def go_rates(grids: np.ndarray, puzzles: np.ndarray, repeat: int) -> dict[str, float]:
    """Rows/s of capi's BenchmarkRows on the same rows, best of repeat."""
    with tempfile.TemporaryDirectory() as d:
        g, p = pathlib.Path(d, "grids"), pathlib.Path(d, "puzzles")
        g.write_bytes(grids.tobytes())
        p.write_bytes(puzzles.tobytes())
        env = {**os.environ, "EDGRID_BENCH_GRIDS": str(g), "EDGRID_BENCH_PUZZLES": str(p)}
        cmd = ["go", "test", "./capi", "-run", "^$", "-bench", "^BenchmarkRows$", "-benchtime", "1x", "-count", str(repeat)]
        out = subprocess.run(cmd, cwd=REPO, env=env, check=True, capture_output=True, text=True).stdout
    rates: dict[str, float] = {}
    for name, rate in re.findall(r"BenchmarkRows/(\S+?)(?:-\d+)?\s.*?([\d.]+) rows/s", out):
        rates[name] = max(rates.get(name, 0.0), float(rate))
    return rates


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--grids", type=int, default=1_000_000, help="random grids for minlex (default 1,000,000)")
    ap.add_argument("--puzzles", default=str(REPO / "testdata" / "puzzles2_17_clue"), help="the 17-clue puzzle file")
    ap.add_argument("--repeat", type=int, default=3, help="timings per figure; the best is kept")
    args = ap.parse_args()

    grids = random_grids(args.grids)
    lines = [s.strip() for s in pathlib.Path(args.puzzles).read_text().splitlines()]
    puzzle_strings = [s for s in lines if s and not s.startswith("#")]
    t = time.perf_counter()
    puzzles = edgrid.cells(puzzle_strings)
    parse = time.perf_counter() - t
    edgrid.minlex(grids[:1000])  # the band tables, built once

    py = {
        "minlex": len(grids) / best(lambda: edgrid.minlex(grids), args.repeat),
        "canon_puzzles": len(puzzles) / best(lambda: edgrid.canon_puzzles(puzzles), args.repeat),
        "solve": len(puzzles) / best(lambda: edgrid.solve(puzzles), args.repeat),
    }
    go = go_rates(grids, puzzles, args.repeat)

    print(f"cores: {os.cpu_count()}; grids: {len(grids):,}; puzzles: {len(puzzles):,} ({args.puzzles})")
    print(f"{'operation':<16}{'Python rows/s':>15}{'Go rows/s':>15}{'Go/Python':>11}  target")
    for name, rate in py.items():
        ratio = go[name] / rate
        print(f"{name:<16}{rate:>15,.0f}{go[name]:>15,.0f}{ratio:>11.2f}  <= 1.20 {'ok' if ratio <= 1.2 else 'MISSED'}")
    print(f"(parsing the {len(puzzles):,} puzzle strings into an array: {parse * 1e3:.1f} ms, not counted above)")

    # Overhead: a call on one grid, less the Go library's time for one grid
    # on one core; and a call on no rows at all, which is all overhead.
    one = np.ascontiguousarray(grids[:1])
    empty = np.zeros((0, 81), dtype=np.uint8)
    calls = 20_000
    per_call = best(lambda: [edgrid.minlex(one) for _ in range(calls)], args.repeat) / calls
    per_empty = best(lambda: [edgrid.minlex(empty) for _ in range(calls)], args.repeat) / calls
    go_one = 1 / go["minlex-1worker"]
    overhead = per_call - go_one
    print(f"one grid: {per_call * 1e6:.2f} us a call, Go's minlex of one grid {go_one * 1e6:.2f} us: "
          f"overhead {overhead * 1e6:.2f} us (target < 5 {'ok' if overhead < 5e-6 else 'MISSED'}); an empty call {per_empty * 1e6:.2f} us")


if __name__ == "__main__":
    main()
