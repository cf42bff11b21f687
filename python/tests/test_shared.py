"""The public puzzle sets (the repository's testdata, or $EDGRID_SHARED_DATA), against the command line."""

from __future__ import annotations

import unittest

import numpy as np

import edgrid
from helpers import cli, lines, shared_data

SETS = ("puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106")


class TestSharedSets(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        d = shared_data()
        if d is None:
            raise unittest.SkipTest("no shared puzzle sets: set EDGRID_SHARED_DATA to the directory of puzzles2_17_clue")
        cls.sets = {name: lines(d / name) for name in SETS}

    def test_sizes(self):
        self.assertEqual(len(self.sets["puzzles2_17_clue"]), 49_158)

    def test_solve(self):
        for name, puzzles in self.sets.items():
            with self.subTest(name):
                counts, sols = edgrid.solve(puzzles)
                self.assertTrue((counts == 1).all())
                self.assertEqual(edgrid.strings(sols), cli("solve", stdin=puzzles))

    def test_canon_puzzles(self):
        for name, puzzles in self.sets.items():
            for flags, first in (([], False), (["--pattern-first"], True)):
                with self.subTest(name, pattern_first=first):
                    forms, autos = edgrid.canon_puzzles(puzzles, pattern_first=first)
                    want = [line.split() for line in cli("canon", "--autos", "--dots", *flags, stdin=puzzles)]
                    self.assertEqual(edgrid.strings(forms), [w[0] for w in want])
                    self.assertEqual(autos.tolist(), [int(w[1]) for w in want])

    def test_17_clue_classes(self):
        # The 17-clue set lists puzzles that are different up to symmetry.
        forms, _ = edgrid.canon_puzzles(self.sets["puzzles2_17_clue"])
        self.assertEqual(len(np.unique(forms, axis=0)), 49_158)

    def test_ids(self):
        sample = self.sets["puzzles2_17_clue"][::200] + self.sets["puzzles6_forum_hardest_1106"][::5]
        ids = edgrid.puzzle_id(sample)
        self.assertEqual(ids, cli("id", stdin=sample))
        np.testing.assert_array_equal(edgrid.canon_puzzles(edgrid.from_id(ids))[0], edgrid.canon_puzzles(sample)[0])


if __name__ == "__main__":
    unittest.main()
