"""Shared pieces of edgrid's Python tests: the test data and the command line."""

from __future__ import annotations

import os
import pathlib
import subprocess

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
TESTDATA = HERE / "testdata"


def lines(path: pathlib.Path) -> list[str]:
    """The non-comment, non-blank lines of a file, stripped."""
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line)
    return out


def grids() -> list[str]:
    """300 random solution grids (edgrid random -n 300 --seed 29)."""
    return lines(TESTDATA / "grids.txt")


def unique_puzzles() -> list[str]:
    """346 puzzles with one solution: every 200th 17-clue puzzle, 60 of top1465, 40 of the forum's hardest."""
    return lines(TESTDATA / "unique.txt")


def cli_path() -> pathlib.Path:
    """The edgrid command: $EDGRID_CLI, else bin/edgrid of the checkout (make build)."""
    path = pathlib.Path(os.environ.get("EDGRID_CLI", REPO / "bin" / "edgrid"))
    if not path.exists():
        raise RuntimeError(f"{path} not found: run 'make build' (or set EDGRID_CLI) before the Python tests")
    return path


def cli(*args: str, stdin: list[str] | None = None) -> list[str]:
    """The output lines of edgrid ARGS with stdin lines as input; a failure raises."""
    text = "".join(s + "\n" for s in stdin) if stdin is not None else None
    r = subprocess.run([str(cli_path()), *args], input=text, capture_output=True, text=True)
    if r.returncode != 0:
        raise AssertionError(f"edgrid {' '.join(args)}: exit {r.returncode}: {r.stderr.strip()}")
    return r.stdout.splitlines()


def shared_data() -> pathlib.Path | None:
    """The public puzzle sets: $EDGRID_SHARED_DATA, else the repository's testdata, else None."""
    candidates = [os.environ.get("EDGRID_SHARED_DATA"), REPO / "testdata"]
    for c in candidates:
        if c and (pathlib.Path(c) / "puzzles2_17_clue").exists():
            return pathlib.Path(c)
    return None


def cells(s: str) -> np.ndarray:
    """One string as a row of 81 uint8 cells."""
    return np.array([0 if c in ".0" else int(c) for c in s], dtype=np.uint8)


def random_transform(rng: np.random.Generator, rows: np.ndarray) -> np.ndarray:
    """Rows (N, 81) each under a random element of the group: relabelling,
    transposition, bands, stacks, and rows and columns inside them."""
    out = np.empty_like(rows)
    for i, r in enumerate(rows):
        g = r.reshape(9, 9)
        perm = np.concatenate([[0], rng.permutation(9) + 1]).astype(np.uint8)
        g = perm[g]
        if rng.integers(2):
            g = g.T
        order = [b * 3 + k for b in rng.permutation(3) for k in rng.permutation(3)]
        g = g[order, :]
        order = [s * 3 + k for s in rng.permutation(3) for k in rng.permutation(3)]
        g = g[:, order]
        out[i] = g.reshape(81)
    return out
