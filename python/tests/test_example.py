"""examples/dedup_split.py drops puzzles equivalent to earlier ones and splits by solution class."""

from __future__ import annotations

import pathlib
import subprocess
import sys
import tempfile
import unittest

import numpy as np

import edgrid
from helpers import HERE, random_transform, unique_puzzles

EXAMPLE = HERE.parent / "examples" / "dedup_split.py"


class TestDedupSplit(unittest.TestCase):
    def test_duplicates_dropped_and_classes_apart(self):
        puzzles = unique_puzzles()
        copies = edgrid.strings(random_transform(np.random.default_rng(5), edgrid.cells(puzzles[:20])))
        with tempfile.TemporaryDirectory() as d:
            src = pathlib.Path(d, "puzzles.txt")
            src.write_text("# a comment\n" + "\n".join(puzzles + copies) + "\n")
            out = subprocess.run([sys.executable, str(EXAMPLE), str(src), "--test", "0.3", "--out", d],
                                 check=True, capture_output=True, text=True).stdout
            self.assertIn("20 duplicates dropped", out)
            train = pathlib.Path(d, "train.txt").read_text().split()
            test = pathlib.Path(d, "test.txt").read_text().split()
        self.assertEqual(sorted(train + test), sorted(puzzles))
        self.assertGreater(len(test), 50)
        solution_class = lambda ps: {bytes(f) for f in edgrid.minlex(edgrid.solve(ps)[1])[0]}
        self.assertFalse(solution_class(train) & solution_class(test))


if __name__ == "__main__":
    unittest.main()
