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

    def test_cells_values_checked(self):
        # A value that is no clear yes or no is refused, never cast (256 and
        # 0.5 used to become 0), with InputError, not OverflowError or
        # TypeError.
        for bad in ([256] * 81, [0.5] * 81, [2**70] * 81, [-1] * 81, [None] * 81, ["1"] * 81,
                    np.full(81, 0.5), np.full(81, 2, dtype=np.int64), "2" * 81, "1" * 80):
            with self.subTest(bad=bad if isinstance(bad, str) else repr(bad)[:40]):
                with self.assertRaises(edgrid.InputError) as cm:
                    edgrid.scan(GRID, 17, cells=bad)
                self.assertIn("cells", str(cm.exception))
        # 0/1 in any integer or boolean form, or the command line's MASK.
        m = mask([0, 1, 2, 3])
        want = edgrid.strings(edgrid.scan(GRID, 17, cells=m))
        for good in (m.astype(bool), m.astype(np.int64), m.tolist(), [bool(v) for v in m], "".join(map(str, m))):
            with self.subTest(good=type(good).__name__):
                self.assertEqual(edgrid.strings(edgrid.scan(GRID, 17, cells=good)), want)

    def test_fewer_cells_than_clues(self):
        # As the command line: no puzzle can fit, which is an error, not 0.
        m = mask([])
        with self.assertRaises(edgrid.InputError) as cm:
            edgrid.scan(GRID, 18, cells=m)
        self.assertIn("fewer than", str(cm.exception))
        self.assertEqual(len(edgrid.scan(GRID, 17, cells=m)), 1)

    def test_flags_are_booleans(self):
        for kwargs in [{"first": "yes"}, {"first": 2}]:
            with self.assertRaises(edgrid.InputError, msg=str(kwargs)):
                edgrid.scan(GRID, 17, cells=mask([]), **kwargs)
        with self.assertRaises(edgrid.InputError):
            edgrid.canon_puzzles(PUZZLE, pattern_first="yes")


if __name__ == "__main__":
    unittest.main()
