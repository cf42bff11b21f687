"""Deduplicate a puzzle file up to symmetry and split it into train and test
sets that share no class, printing the time of each step.

Two puzzles are the same up to symmetry when relabelling digits, transposing,
and permuting bands, stacks, and rows and columns inside them turns one into
the other: their minlex forms (edgrid.canon_puzzles) are equal. Keeping one
puzzle per form removes the duplicates. Equivalent puzzles are not the only
leak between a train and a test set: two different puzzles of the same
solution grid, up to symmetry, teach the same answer. So the split is by the
solution's class (the minlex form of the solution, edgrid.minlex): every class
goes wholly to train or wholly to test.

    /usr/bin/python3 examples/dedup_split.py PUZZLES [--test 0.1] [--seed 1] [--out DIR]

PUZZLES has one puzzle a line (81 characters, . or 0 for an empty cell; lines
starting with # are skipped). With --out, DIR/train.txt and DIR/test.txt get
the kept puzzles as they were written in the file.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # run from a checkout too
import edgrid  # noqa: E402


class Clock:
    """Prints the time of each step."""

    def __init__(self):
        self.start = self.last = time.perf_counter()

    def step(self, what: str) -> None:
        now = time.perf_counter()
        print(f"{now - self.last:8.3f} s  {what}")
        self.last = now


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("puzzles", type=pathlib.Path)
    ap.add_argument("--test", type=float, default=0.1, help="the fraction of solution classes for the test set (default 0.1)")
    ap.add_argument("--seed", type=int, default=1, help="the seed of the split (default 1)")
    ap.add_argument("--out", type=pathlib.Path, help="write DIR/train.txt and DIR/test.txt")
    args = ap.parse_args()

    clock = Clock()
    lines = [s.strip() for s in args.puzzles.read_text().splitlines()]
    lines = [s for s in lines if s and not s.startswith("#")]
    clock.step(f"read {len(lines):,} puzzles")

    # One array for all the calls below: strings are parsed once.
    puzzles = edgrid.cells(lines)
    clock.step("parsed")

    forms, _ = edgrid.canon_puzzles(puzzles)
    _, first = np.unique(forms, axis=0, return_index=True)
    keep = np.sort(first)  # the first puzzle of each form, in file order
    clock.step(f"minlex forms: {len(keep):,} classes of puzzles, {len(lines) - len(keep):,} duplicates dropped")

    counts, solutions = edgrid.solve(puzzles[keep])
    unique = counts == 1
    clock.step(f"solved: {int(unique.sum()):,} with one solution, {int((counts == 0).sum()):,} with none, {int((counts > 1).sum()):,} with several")
    keep, solutions = keep[unique], solutions[unique]

    grid_forms, _ = edgrid.minlex(solutions)
    classes, label = np.unique(grid_forms, axis=0, return_inverse=True)
    label = label.reshape(-1)
    clock.step(f"solution classes: {len(classes):,} for {len(keep):,} puzzles")

    rng = np.random.default_rng(args.seed)
    test_class = np.zeros(len(classes), dtype=bool)
    test_class[rng.permutation(len(classes))[: round(args.test * len(classes))]] = True
    is_test = test_class[label]
    train, test = keep[~is_test], keep[is_test]
    assert not set(label[~is_test]) & set(label[is_test]), "a class on both sides"
    clock.step(f"split: {len(train):,} train, {len(test):,} test, no solution class in both")

    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "train.txt").write_text("".join(lines[i] + "\n" for i in train))
        (args.out / "test.txt").write_text("".join(lines[i] + "\n" for i in test))
        clock.step(f"wrote {args.out / 'train.txt'} and {args.out / 'test.txt'}")
    print(f"{time.perf_counter() - clock.start:8.3f} s  in all")


if __name__ == "__main__":
    main()
