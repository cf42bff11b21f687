"""Round trips and invariance under the symmetry group, and the input forms."""

from __future__ import annotations

import unittest

import numpy as np

import edgrid
from helpers import cells, grids, random_transform, unique_puzzles


class TestRoundTrips(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.grids = np.stack([cells(s) for s in grids()])
        cls.puzzles = unique_puzzles()

    def test_unrank_of_rank_is_minlex(self):
        forms, _ = edgrid.minlex(self.grids[:50])
        for order in edgrid.ORDERS:
            with self.subTest(order=order):
                n = edgrid.rank(self.grids[:50], order)
                self.assertTrue(((n >= 1) & (n <= edgrid.TOTAL)).all())
                np.testing.assert_array_equal(edgrid.unrank(n, order), forms)

    def test_rank_of_unrank(self):
        numbers = np.array([1, 7, 99_999, 3_000_000_000, edgrid.TOTAL], dtype=np.int64)
        for order in edgrid.ORDERS:
            with self.subTest(order=order):
                np.testing.assert_array_equal(edgrid.rank(edgrid.unrank(numbers, order), order), numbers)

    def test_from_id_of_puzzle_id(self):
        puzzles = self.puzzles[::4]
        ids = edgrid.puzzle_id(puzzles)
        back = edgrid.from_id(ids)
        # The puzzle back is equivalent: the same form, and the same ID.
        np.testing.assert_array_equal(edgrid.canon_puzzles(back)[0], edgrid.canon_puzzles(puzzles)[0])
        self.assertEqual(edgrid.puzzle_id(back), ids)

    def test_invariant_under_the_group(self):
        rng = np.random.default_rng(29)
        g = self.grids[:100]
        t = random_transform(rng, g)
        self.assertFalse((t == g).all())
        np.testing.assert_array_equal(edgrid.minlex(t)[0], edgrid.minlex(g)[0])
        np.testing.assert_array_equal(edgrid.rank(t[:20], "lex"), edgrid.rank(g[:20], "lex"))
        for name, values in edgrid.invariants(t).items():
            np.testing.assert_array_equal(values, edgrid.invariants(g)[name], err_msg=name)
        p = np.stack([cells(s) for s in self.puzzles[:60]])
        tp = random_transform(rng, p)
        for first in (False, True):
            np.testing.assert_array_equal(edgrid.canon_puzzles(tp, first)[0], edgrid.canon_puzzles(p, first)[0])
        np.testing.assert_array_equal(edgrid.pattern(tp)[0], edgrid.pattern(p)[0])
        self.assertEqual(edgrid.puzzle_id(tp[:10]), edgrid.puzzle_id(p[:10]))

    def test_solutions_solve(self):
        counts, sols = edgrid.solve(self.puzzles)
        self.assertTrue((counts == 1).all())
        p = np.stack([cells(s) for s in self.puzzles])
        self.assertTrue((sols[p != 0] == p[p != 0]).all(), "a solution changes a given")
        edgrid.minlex(sols)  # valid grids, or this raises

    def test_input_forms_agree(self):
        strs = grids()[:5]
        a = edgrid.minlex(self.grids[:5])[0]
        for form in (strs, tuple(strs), [s.encode() for s in strs], [" " + s + "\r\n" for s in strs], np.asfortranarray(self.grids[:5])):
            np.testing.assert_array_equal(edgrid.minlex(form)[0], a)
        np.testing.assert_array_equal(edgrid.minlex(strs[0])[0], a[:1])
        np.testing.assert_array_equal(edgrid.minlex(self.grids[0])[0], a[:1])
        # A strided view (every other row) is read correctly.
        np.testing.assert_array_equal(edgrid.minlex(self.grids[:10:2])[0], edgrid.minlex(self.grids[[0, 2, 4, 6, 8]])[0])
        p = self.puzzles[0]
        for empty in ".0-*_x":
            self.assertEqual(edgrid.puzzle_id(p.replace(".", empty)), edgrid.puzzle_id(p))
        self.assertEqual(edgrid.strings(edgrid.solve(p)[1]), edgrid.strings(edgrid.solve(cells(p))[1]))
        np.testing.assert_array_equal(edgrid.unrank(5), edgrid.unrank([5]))
        np.testing.assert_array_equal(edgrid.unrank(np.array([5], dtype=np.uint32)), edgrid.unrank([5]))
        self.assertEqual(edgrid.strings(edgrid.from_id(np.array(edgrid.puzzle_id([p])))), edgrid.strings(edgrid.from_id(edgrid.puzzle_id(p))))

    def test_empty_batches(self):
        empty = np.zeros((0, 81), dtype=np.uint8)
        self.assertEqual(edgrid.minlex(empty)[0].shape, (0, 81))
        self.assertEqual(edgrid.minlex([])[1].shape, (0,))
        self.assertEqual(edgrid.rank(empty).shape, (0,))
        self.assertEqual(edgrid.unrank([]).shape, (0, 81))
        self.assertEqual(edgrid.canon_puzzles(empty)[0].shape, (0, 81))
        self.assertEqual(edgrid.pattern(empty)[0].shape, (0, 81))
        self.assertEqual(edgrid.solve(empty)[0].shape, (0,))
        self.assertEqual(edgrid.puzzle_id(empty), [])
        self.assertEqual(edgrid.from_id([]).shape, (0, 81))
        self.assertEqual(edgrid.invariants(empty)["ua4"].shape, (0,))

    def test_strings(self):
        self.assertEqual(edgrid.strings(self.grids[:3]), grids()[:3])
        self.assertEqual(edgrid.strings(cells(self.puzzles[0]), empty="0"), [self.puzzles[0].replace(".", "0")])

    def test_workers(self):
        a = edgrid.minlex(self.grids)
        for w in (1, 2, 7):
            np.testing.assert_array_equal(edgrid.minlex(self.grids, workers=w)[0], a[0])
        np.testing.assert_array_equal(edgrid.group(3000, workers=1), edgrid.group(3000))


if __name__ == "__main__":
    unittest.main()
