"""Every function against the command line's answers on the same inputs."""

from __future__ import annotations

import functools
import json
import unittest

import numpy as np

import edgrid
from helpers import cli, grids, unique_puzzles


def several_and_none(puzzles: list[str]) -> list[str]:
    """Puzzles with several solutions (a clue of a 17-clue puzzle removed) and
    with none (a clue added that is not the solution's and repeats no given)."""
    out = []
    for p in puzzles[:20]:
        k = next(i for i, c in enumerate(p) if c != ".")
        out.append(p[:k] + "." + p[k + 1 :])
    _, sols = edgrid.solve(puzzles[:20])
    for p, s in zip(puzzles[:20], sols):
        for cell, c in enumerate(p):
            if c != ".":
                continue
            r, col = divmod(cell, 9)
            peers = {i for i in range(81) if i // 9 == r or i % 9 == col or (i // 27, i % 9 // 3) == (r // 3, col // 3)}
            used = {p[i] for i in peers if p[i] != "."}
            d = next((str(d) for d in range(1, 10) if str(d) not in used and d != s[cell]), None)
            if d is not None:
                out.append(p[:cell] + d + p[cell + 1 :])
                break
    return out


@functools.cache
def group(n: int) -> np.ndarray:
    """edgrid.group(n), enumerated once for all the tests."""
    return edgrid.group(n)


class TestAgainstCLI(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.grids = grids()
        cls.puzzles = unique_puzzles()

    def test_minlex(self):
        forms, autos = edgrid.minlex(self.grids)
        want = [line.split() for line in cli("canon", "--autos", stdin=self.grids)]
        self.assertEqual(edgrid.strings(forms), [w[0] for w in want])
        self.assertEqual(autos.tolist(), [int(w[1]) for w in want])
        self.assertEqual(autos.dtype, np.int32)

    def test_rank_all_orders(self):
        for order in edgrid.ORDERS:
            with self.subTest(order=order):
                got = edgrid.rank(self.grids[:60], order)
                want = [int(s) for s in cli("rank", "--order", order, stdin=self.grids[:60])]
                self.assertEqual(got.tolist(), want)
                self.assertEqual(got.dtype, np.int64)

    def test_rank_bulk_all_orders(self):
        # 64 rows and more take capi's bulk path (the batch's minlex grids
        # sorted and numbered a first band at a time); 120 grids, 10 of them
        # repeated from the first 110, against the CLI's one-grid-at-a-time
        # answers.
        batch = self.grids[60:170] + self.grids[60:70]
        self.assertGreaterEqual(len(batch), 100)
        for order in edgrid.ORDERS:
            with self.subTest(order=order):
                got = edgrid.rank(batch, order)
                want = [int(s) for s in cli("rank", "--order", order, stdin=batch)]
                self.assertEqual(got.tolist(), want)
                self.assertEqual(got[-10:].tolist(), got[:10].tolist())

    def test_unrank_all_orders(self):
        numbers = [1, 2, 3, 1000, 123456789, 2_000_000_000, edgrid.TOTAL - 1, edgrid.TOTAL]
        for order in edgrid.ORDERS:
            with self.subTest(order=order):
                got = edgrid.strings(edgrid.unrank(numbers, order))
                want = cli("unrank", "--order", order, stdin=[str(n) for n in numbers])
                self.assertEqual(got, want)

    def test_canon_puzzles_both_orders(self):
        for flags, first in (([], False), (["--pattern-first"], True)):
            with self.subTest(pattern_first=first):
                forms, autos = edgrid.canon_puzzles(self.puzzles, pattern_first=first)
                want = [line.split() for line in cli("canon", "--autos", "--dots", *flags, stdin=self.puzzles)]
                self.assertEqual(edgrid.strings(forms), [w[0] for w in want])
                self.assertEqual(autos.tolist(), [int(w[1]) for w in want])

    def test_pattern(self):
        forms, autos = edgrid.pattern(self.puzzles)
        want = [line.split() for line in cli("canon", "--pattern", "--autos", stdin=self.puzzles)]
        self.assertEqual(["".join(map(str, f)) for f in forms.tolist()], [w[0] for w in want])
        self.assertEqual(autos.tolist(), [int(w[1]) for w in want])

    def test_solve(self):
        puzzles = self.puzzles + several_and_none(self.puzzles)
        counts, sols = edgrid.solve(puzzles)
        want = [json.loads(line) for line in cli("solve", "--count", "--limit", "2", "--json", stdin=puzzles)]
        self.assertEqual(counts.tolist(), [w["count"] for w in want])
        self.assertIn(0, counts.tolist())
        self.assertIn(2, counts.tolist())
        solvable = [p for p, c in zip(puzzles, counts) if c > 0]
        got = [s for s, c in zip(edgrid.strings(sols), counts) if c > 0]
        # edgrid solve prints 'no solution' (and exits 1) for the others.
        self.assertEqual(got, cli("solve", stdin=solvable))
        self.assertTrue((sols[counts == 0] == 0).all())

    def test_solve_limits(self):
        puzzles = several_and_none(self.puzzles)[:20]
        for limit in (1, 3, 10, 0):
            with self.subTest(limit=limit):
                counts, sols = edgrid.solve(puzzles, limit=limit)
                args = ["--limit", str(limit)] if limit > 0 else []
                want = [json.loads(line)["count"] for line in cli("solve", "--count", "--json", *args, stdin=puzzles)]
                self.assertEqual(counts.tolist(), want)
                if limit == 1:
                    self.assertEqual(edgrid.strings(sols), cli("solve", stdin=puzzles))

    def test_puzzle_id_and_from_id(self):
        puzzles = self.puzzles[:120]
        ids = edgrid.puzzle_id(puzzles)
        self.assertEqual(ids, cli("id", stdin=puzzles))
        self.assertEqual(edgrid.strings(edgrid.from_id(ids)), cli("puzzle", "--dots", stdin=ids))

    def test_group(self):
        for n in (2990, 3000, 3541):
            with self.subTest(group=n):
                got = group(n)
                want = cli("enumerate", "--groups", str(n))
                self.assertEqual(got.shape, (len(want), 81))
                self.assertEqual(edgrid.strings(got), want)

    def test_invariants_histograms(self):
        # The statistics edgrid query prints for group 1 are those of
        # invariants over group(1)'s grids.
        g = group(1)
        names = ("autos", "ua4", "intercalates", "ua2", "band2", "stack3")
        got = edgrid.invariants(g, names)
        stats = json.loads(cli("query", "--groups", "1", "--json", "--inv", ",".join(names))[0])
        for inv in stats["invariants"]:
            with self.subTest(invariant=inv["name"]):
                values, counts = np.unique(got[inv["name"]], return_counts=True)
                self.assertEqual([[int(v), int(c)] for v, c in zip(values, counts)], inv["histogram"])

    def test_invariants_selection(self):
        g = group(3000)
        got = edgrid.invariants(g, ["ua4", "intercalates", "autos"])
        sel = (got["ua4"] <= 6) & (got["intercalates"] < 16) | (got["autos"] > 2)
        want = cli("query", "--groups", "3000", "--where", "ua4 <= 6 && intercalates < 16 || autos > 2")
        self.assertGreater(len(want), 10)
        self.assertEqual(edgrid.strings(g[sel]), want)

    def test_invariants_of_any_grid(self):
        # Invariants are the same for a grid and its minlex form; the
        # minlex forms of group 1 hold the values query finds.
        forms, autos = edgrid.minlex(self.grids)
        a = edgrid.invariants(self.grids)
        b = edgrid.invariants(forms)
        for name in edgrid.DEFAULT_INVARIANTS:
            self.assertEqual(a[name].tolist(), b[name].tolist())
        self.assertEqual(a["autos"].tolist(), autos.tolist())


if __name__ == "__main__":
    unittest.main()
