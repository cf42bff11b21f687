"""Repeated large batches leave memory flat; threads calling at once get the same answers."""

from __future__ import annotations

import gc
import os
import threading
import unittest

import numpy as np

import edgrid
from helpers import cells, grids, random_transform, unique_puzzles

BATCH = 100_000
RANK_BATCH = 200  # rank and unrank: about a millisecond a row
ID_BATCH = 100  # puzzle_id and from_id: a number each


def rss_bytes() -> int:
    """The resident set size of this process."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class TestMemory(unittest.TestCase):
    def test_repeated_batches_leave_memory_flat(self):
        rng = np.random.default_rng(1)
        base = np.stack([cells(s) for s in grids()])
        g = random_transform(rng, np.tile(base, (BATCH // len(base) + 1, 1))[:BATCH])
        p = np.tile(np.stack([cells(s) for s in unique_puzzles()]), (BATCH // 346 + 1, 1))[:BATCH]
        # The numbering functions cost about a millisecond a row: smaller
        # batches, on both of capi's paths (one by one, and in bulk from 64
        # rows).
        small_g = g[:RANK_BATCH]
        numbers = np.random.default_rng(2).integers(1, edgrid.TOTAL + 1, RANK_BATCH)
        small_p = p[:ID_BATCH]
        ids = edgrid.puzzle_id(small_p)
        expected = None

        def round_():
            forms, autos = edgrid.minlex(g)
            pf, pa = edgrid.canon_puzzles(p)
            counts, sols = edgrid.solve(p)
            inv = edgrid.invariants(g, ["ua4"])
            ranks = edgrid.rank(small_g, "lex")
            few = edgrid.rank(small_g[:10], "paper")
            grids_back = edgrid.unrank(numbers, "groups")
            got_ids = edgrid.puzzle_id(small_p)
            few_ids = edgrid.puzzle_id(small_p[:10])
            puzzles_back = edgrid.from_id(ids)
            self.assertEqual(got_ids, ids)
            return (
                int(forms.sum()) + int(autos.sum()) + int(pf.sum()) + int(counts.sum()) + int(sols.sum()) + int(inv["ua4"].sum())
                + int(ranks.sum()) + int(few.sum()) + int(grids_back.sum()) + len("".join(few_ids)) + int(puzzles_back.sum())
            )

        # Warm up: the band tables, the workers' state, the allocator's pools.
        # The Go heap may still settle a step higher over the first rounds
        # (its pacer sizes the next goal from the last live heap), so growth
        # is measured over a second window of rounds, after a first one.
        expected = round_()
        for _ in range(4):
            self.assertEqual(round_(), expected)
        gc.collect()
        before = rss_bytes()
        for _ in range(4):
            self.assertEqual(round_(), expected)
        gc.collect()
        grown = rss_bytes() - before
        # A round returns about 100,000 x 81 bytes in each of three arrays
        # (24 MB); a leak of any one of them over four rounds is 32 MB.
        self.assertLess(grown, 16 << 20, f"memory grew by {grown / 2**20:.1f} MiB over four rounds of {BATCH:,}")


class TestThreads(unittest.TestCase):
    def test_threads_at_once(self):
        g = np.stack([cells(s) for s in grids()])
        p = unique_puzzles()
        want = {
            "minlex": edgrid.minlex(g),
            "canon": edgrid.canon_puzzles(p, pattern_first=True),
            "solve": edgrid.solve(p),
            "rank": edgrid.rank(g[:40], "lex"),
            "id": edgrid.puzzle_id(p[:30]),
            "inv": edgrid.invariants(g),
        }
        calls = {
            "minlex": lambda: edgrid.minlex(g),
            "canon": lambda: edgrid.canon_puzzles(p, pattern_first=True),
            "solve": lambda: edgrid.solve(p),
            "rank": lambda: edgrid.rank(g[:40], "lex"),
            "id": lambda: edgrid.puzzle_id(p[:30]),
            "inv": lambda: edgrid.invariants(g),
        }
        failures = []
        start = threading.Barrier(12)

        def work(name):
            try:
                start.wait()
                for _ in range(3):
                    got = calls[name]()
                    if not same(got, want[name]):
                        failures.append(f"{name}: a different answer")
            except Exception as e:  # reported below, in the main thread
                failures.append(f"{name}: {e!r}")

        threads = [threading.Thread(target=work, args=(name,)) for name in list(calls) * 2]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(failures, [])

    def test_gil_released(self):
        # While one thread is in a long call, another runs Python code.
        g = np.tile(np.stack([cells(s) for s in grids()]), (200, 1))
        ticks = 0
        done = threading.Event()

        def call():
            edgrid.minlex(g, workers=1)
            done.set()

        t = threading.Thread(target=call)
        t.start()
        while not done.is_set():
            ticks += 1
        t.join()
        self.assertGreater(ticks, 1000)


def same(a, b) -> bool:
    if isinstance(a, tuple):
        return all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray):
        return np.array_equal(a, b)
    return a == b


if __name__ == "__main__":
    unittest.main()
