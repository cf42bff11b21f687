"""Bad input of every kind raises InputError (a ValueError) naming the row and cell."""

from __future__ import annotations

import unittest

import numpy as np

import edgrid
from helpers import cells, grids, unique_puzzles

GRID_FUNCS = {
    "minlex": edgrid.minlex,
    "rank": edgrid.rank,
    "invariants": edgrid.invariants,
}
PUZZLE_FUNCS = {
    "canon_puzzles": edgrid.canon_puzzles,
    "pattern": edgrid.pattern,
    "solve": edgrid.solve,
    "puzzle_id": edgrid.puzzle_id,
}


class TestBadInput(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.grids = np.stack([cells(s) for s in grids()[:40]])
        cls.puzzles = np.stack([cells(s) for s in unique_puzzles()[:40]])

    def raises(self, f, arg, row, cell=None, text=None):
        """f(arg) raises InputError with row and cell, the message naming them."""
        with self.assertRaises(edgrid.InputError) as cm:
            f(arg)
        e = cm.exception
        self.assertIsInstance(e, ValueError)
        self.assertEqual(e.row, row, str(e))
        self.assertEqual(e.cell, cell, str(e))
        if row is not None:
            self.assertIn(f"[{row}]", str(e))
        if cell is not None:
            self.assertIn(f"r{cell // 9 + 1}c{cell % 9 + 1}", str(e))
        if text is not None:
            self.assertIn(text, str(e))
        return e

    def test_wrong_shape(self):
        for name, f in {**GRID_FUNCS, **PUZZLE_FUNCS}.items():
            with self.subTest(name):
                for shape in ((3, 80), (3, 82), (81, 3), (3, 9, 9), (80,), ()):
                    self.raises(f, np.ones(shape, dtype=np.uint8), None, text="shape")

    def test_wrong_dtype(self):
        for name, f in {**GRID_FUNCS, **PUZZLE_FUNCS}.items():
            with self.subTest(name):
                for dtype in (np.int64, np.int8, np.uint16, np.float64, np.bool_):
                    self.raises(f, self.grids.astype(dtype), None, text="dtype")
        self.raises(edgrid.unrank, np.array([1.0, 2.0]), None, text="dtype")
        self.raises(edgrid.from_id, np.array([1, 2]), None, text="dtype")
        self.raises(edgrid.minlex, 12345, None)
        self.raises(edgrid.minlex, [grids()[0], 7], 1)

    def test_values_above_9(self):
        for name, f in {**GRID_FUNCS, **PUZZLE_FUNCS}.items():
            with self.subTest(name):
                src = self.grids if name in GRID_FUNCS else self.puzzles
                a = src.copy()
                a[17, 40] = 10
                a[30, 5] = 200
                self.raises(f, a, 17, 40, "10")

    def test_empty_cell_in_a_grid(self):
        for name, f in GRID_FUNCS.items():
            with self.subTest(name):
                a = self.grids.copy()
                a[9, 80] = 0
                self.raises(f, a, 9, 80)

    def test_repeated_digits(self):
        for name, f in GRID_FUNCS.items():
            with self.subTest(name):
                a = self.grids.copy()
                a[5, 1] = a[5, 0]  # r1c2 repeats r1c1
                self.raises(f, a, 5, 1, "row 1")
        for name in ("solve", "puzzle_id"):
            with self.subTest(name):
                a = self.puzzles.copy()
                r = 12
                clue = int(np.flatnonzero(a[r])[0])
                other = next(c for c in range(clue // 9 * 9, clue // 9 * 9 + 9) if a[r, c] == 0)
                a[r, other] = a[r, clue]
                self.raises(PUZZLE_FUNCS[name], a, r, max(clue, other), "already in row")

    def test_repeated_digits_are_puzzles_for_canon(self):
        # A puzzle need not be valid to have a form, as for edgrid canon.
        a = self.puzzles[:1].copy()
        a[0, :2] = 5
        edgrid.canon_puzzles(a)
        edgrid.pattern(a)

    def test_not_one_solution(self):
        empty = np.zeros((3, 81), dtype=np.uint8)
        a = np.concatenate([self.puzzles[:2], empty])
        self.raises(edgrid.puzzle_id, a, 2, text="more than one solution")
        counts, _ = edgrid.solve(a)
        self.assertEqual(counts.tolist(), [1, 1, 2, 2, 2])

    def test_bad_strings(self):
        g = grids()[0]
        self.raises(edgrid.minlex, [g, g, g[:80]], 2, text="80 characters")
        self.raises(edgrid.minlex, [g, g + "1"], 1, text="82 characters")
        self.raises(edgrid.minlex, [g, g[:10] + "a" + g[11:]], 1, 10, "'a'")
        self.raises(edgrid.minlex, [g, g[:20] + "\u00e9" + g[21:]], 1, 20)
        self.raises(edgrid.minlex, [g[:33] + "." + g[34:]], 0, 33)
        self.raises(edgrid.solve, ["", g], 0, text="0 characters")
        self.raises(edgrid.canon_puzzles, [g, g[:50] + " " + g[51:]], 1, 50)

    def test_long_strings_say_their_length(self):
        # Characters past the 81st are a length error, whatever they are,
        # not a cell 82 (r10c1).
        g = grids()[0]
        for extra in ("éé", "12", "é"):
            with self.subTest(extra=extra):
                e = self.raises(edgrid.minlex, g + extra, 0, None, f"{81 + len(extra)} characters, want 81")
                self.assertNotIn("r10c1", str(e))
        # A non-ASCII character within the 81 still names its cell.
        self.raises(edgrid.minlex, g[:40] + "é" + g[41:], 0, 40)

    def test_invariant_names_checked(self):
        for names in (None, 5, [None]):
            with self.subTest(names=names):
                with self.assertRaises(edgrid.InputError):
                    edgrid.invariants(grids()[0], names)

    def test_numbers_out_of_range(self):
        for order in edgrid.ORDERS:
            self.raises(lambda x: edgrid.unrank(x, order), [1, 2, 0], 2, text="out of range")
            self.raises(lambda x: edgrid.unrank(x, order), [1, -5], 1, text="out of range")
            self.raises(lambda x: edgrid.unrank(x, order), [edgrid.TOTAL + 1], 0, text="out of range")
        self.raises(edgrid.unrank, [1, 2**64], 1, text="out of range")
        self.raises(edgrid.unrank, [1, "2"], 1)
        self.raises(edgrid.unrank, [1, True], 1)
        self.raises(edgrid.unrank, np.array([1, 2**63 + 5], dtype=np.uint64), 1, text=str(2**63 + 5))

    def test_malformed_ids(self):
        good = edgrid.puzzle_id(unique_puzzles()[:1])[0]
        number, mask = good.split("-")
        bad = [
            "",
            "x",
            number,
            number + "-",
            number + "-" + mask[:-1],
            number + "-" + mask + "0",
            number + "-" + mask[:-1] + "g",
            "-" + mask,
            "0-" + mask,
            "99999999999-" + mask,
            str(edgrid.TOTAL + 1) + "-" + mask,
            number + "-" + "1" * 21,  # more than 81 bits
            number + "-" + "0" * 21,  # an empty mask
            number + "-" + "0" * 20 + "1",  # one clue: several solutions
            "\u00e9" + good,
        ]
        for k, text in enumerate(bad):
            with self.subTest(id=text):
                self.raises(edgrid.from_id, [good, good, text], 2)

    def test_bad_arguments(self):
        with self.assertRaises(ValueError):
            edgrid.rank(self.grids, "plain")
        with self.assertRaises(ValueError):
            edgrid.unrank([1], "Paper")
        with self.assertRaises(ValueError) as cm:
            edgrid.invariants(self.grids, ["autos", "ua5"])
        self.assertIn("ua4", str(cm.exception))
        for n in (0, -1, 3542, 1.5, "1", True):
            with self.assertRaises(ValueError):
                edgrid.group(n)
        with self.assertRaises(ValueError):
            edgrid.invariants(self.grids, [])

    def test_workers_checked(self):
        calls = {
            "minlex": lambda w: edgrid.minlex(self.grids, workers=w),
            "rank": lambda w: edgrid.rank(self.grids[:2], workers=w),
            "unrank": lambda w: edgrid.unrank([1], workers=w),
            "canon_puzzles": lambda w: edgrid.canon_puzzles(self.puzzles, workers=w),
            "pattern": lambda w: edgrid.pattern(self.puzzles, workers=w),
            "solve": lambda w: edgrid.solve(self.puzzles, workers=w),
            "puzzle_id": lambda w: edgrid.puzzle_id(self.puzzles[:2], workers=w),
            "from_id": lambda w: edgrid.from_id(["1-000000000000000000001"], workers=w),
            "invariants": lambda w: edgrid.invariants(self.grids, workers=w),
            "group": lambda w: edgrid.group(3000, workers=w),
        }
        for name, f in calls.items():
            for bad in ("a", 1.5, None, True, -1, 2**31, 2**40, np.int64(-3)):
                with self.subTest(name, workers=bad):
                    with self.assertRaises(ValueError) as cm:
                        f(bad)
                    self.assertIn("workers", str(cm.exception))
                    self.assertIn("0..2147483647", str(cm.exception))
        edgrid.minlex(self.grids, workers=np.int32(2))

    def test_limit_checked(self):
        for bad in (2**70, 2**63, -1, "2", 2.0, None, True):
            with self.subTest(limit=bad):
                with self.assertRaises(ValueError) as cm:
                    edgrid.solve(self.puzzles, limit=bad)
                self.assertIn("limit", str(cm.exception))
                self.assertIn("0..9223372036854775807", str(cm.exception))
        counts, _ = edgrid.solve(self.puzzles[:3], limit=np.int64(2**63 - 1))
        self.assertEqual(counts.tolist(), [1, 1, 1])

    def test_strings_refuses_values_outside_0_9(self):
        self.raises(edgrid.strings, np.full(81, 300), 0, 0, "holds 300")
        a = np.ones((3, 81), dtype=np.int64)
        a[2, 40] = -1
        self.raises(edgrid.strings, a, 2, 40, "holds -1")
        a[2, 40] = 256  # 0 if cast to uint8
        self.raises(edgrid.strings, a, 2, 40, "holds 256")
        u = np.ones((2, 81), dtype=np.uint8)
        u[1, 80] = 10
        self.raises(edgrid.strings, u, 1, 80, "holds 10")
        self.raises(edgrid.strings, np.ones((1, 81)), None, text="dtype")
        self.assertEqual(edgrid.strings(a[:2]), ["1" * 81] * 2)
        self.assertEqual(edgrid.strings([[0] * 81], empty="0"), ["0" * 81])

    def test_messages_name_no_go_package(self):
        bad = self.puzzles.copy()
        bad[2, 40] = 12
        solvable = self.puzzles.copy()
        solvable[1] = 0
        g = self.grids.copy()
        g[1, 0] = 0
        calls = [
            lambda: edgrid.canon_puzzles(bad),
            lambda: edgrid.canon_puzzles(bad, pattern_first=True),
            lambda: edgrid.pattern(bad),
            lambda: edgrid.solve(bad),
            lambda: edgrid.puzzle_id(bad),
            lambda: edgrid.puzzle_id(solvable),
            lambda: edgrid.puzzle_id(np.tile(solvable, (2, 1))),  # the bulk path
            lambda: edgrid.from_id(["1-zz"]),
            lambda: edgrid.from_id(["99999999999-000000000000000000001"]),
            lambda: edgrid.minlex(g),
            lambda: edgrid.rank(g),
            lambda: edgrid.rank(np.tile(g, (2, 1))),
            lambda: edgrid.unrank([0]),
            lambda: edgrid.invariants(g),
            lambda: edgrid.scan(g[1]),
        ]
        packages = ("band", "canon", "cells", "dlx", "enumerate", "puzzleid", "query", "rank", "scan", "solve", "storage")
        for k, f in enumerate(calls):
            with self.subTest(k):
                with self.assertRaises(ValueError) as cm:
                    f()
                for pkg in packages:
                    self.assertNotIn(f"{pkg}: ", str(cm.exception))

    def test_lowest_bad_row_of_a_large_batch(self):
        # Whatever the workers meet first, the lowest bad row is named.
        a = np.tile(self.grids, (250, 1))  # 10,000 rows
        for r in (9_999, 6_000, 4_321):
            a[r, 3] = 0
        for workers in (0, 1, 2, 8):
            self.raises(lambda x: edgrid.minlex(x, workers=workers), a, 4_321, 3)
        p = np.tile(self.puzzles, (250, 1))
        p[7_000, 0] = 11
        p[8_000, 0] = 12
        self.raises(edgrid.solve, p, 7_000, 0)

    def test_no_partial_state(self):
        # A failed call leaves the library as it was: the next one answers.
        a = self.grids.copy()
        a[0, 0] = 0
        with self.assertRaises(edgrid.InputError):
            edgrid.minlex(a)
        np.testing.assert_array_equal(edgrid.minlex(self.grids)[0], edgrid.minlex(self.grids)[0])


if __name__ == "__main__":
    unittest.main()
