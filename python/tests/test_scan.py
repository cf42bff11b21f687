"""edgrid.scan against edgrid scan, on masks that keep it fast."""

import unittest

import numpy as np

import edgrid

from helpers import cli

# The grid the 17-clue list has exactly one puzzle for, and that puzzle.
GRID = "286537941541982736379614258917358624452176893863429517625743189194865372738291465"
PUZZLE = "000000041500900000070600000000350600402000000800000000000040080090000300030000000"


def mask(extra: list[int]) -> np.ndarray:
    """The puzzle's clue cells and the cells in extra, as 81 values."""
    m = np.array([c != "0" for c in PUZZLE], dtype=np.uint8)
    m[extra] = 1
    return m


class TestScan(unittest.TestCase):
    def test_against_cli(self):
        for clues, minimal, flag in [(17, None, []), (18, False, ["--all"]), (18, None, [])]:
            m = mask([0, 1, 2, 3])
            got = edgrid.strings(edgrid.scan(GRID, clues, minimal=minimal, cells=m))
            want = [
                line
                for line in cli("scan", "--clues", str(clues), "--cells", "".join(map(str, m)), *flag, GRID)
                if not line.startswith("#")
            ]
            self.assertEqual(got, want, f"{clues} clues, {flag}")
        # The one 17 is found, and only it.
        got = edgrid.scan(GRID, 17, cells=mask([0, 1, 2, 3]))
        self.assertEqual(edgrid.strings(got, empty="0"), [PUZZLE])

    def test_first_and_room(self):
        m = mask([0, 1, 2, 3, 4, 5])
        everything = edgrid.scan(GRID, 18, minimal=False, cells=m)
        self.assertGreater(len(everything), 1)
        first = edgrid.scan(GRID, 18, minimal=False, cells=m, first=True)
        self.assertEqual(len(first), 1)
        self.assertIn(edgrid.strings(first)[0], edgrid.strings(everything))
        with self.assertRaises(ValueError):
            edgrid.scan(GRID, 18, minimal=False, cells=m, max_puzzles=1)

    def test_bad_input(self):
        bad = GRID[:80] + "4"  # a digit twice in the last row
        with self.assertRaisesRegex(ValueError, "grid"):
            edgrid.scan(bad, 17)
        for kwargs in [{"clues": 0}, {"clues": 82}, {"minimal": "yes"}, {"cells": np.zeros(80, np.uint8)}, {"max_puzzles": 0}]:
            with self.assertRaises(ValueError, msg=str(kwargs)):
                edgrid.scan(GRID, **kwargs)
        with self.assertRaises(ValueError):
            edgrid.scan([GRID, GRID], 17)


if __name__ == "__main__":
    unittest.main()
