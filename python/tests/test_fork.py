"""The library does not survive fork: a forked child gets an error, not a hang."""

from __future__ import annotations

import multiprocessing
import queue
import unittest

import numpy as np

import edgrid
from helpers import cells, grids

TIMEOUT = 60  # seconds; the call itself takes milliseconds


def minlex_in_child(rows: np.ndarray, out: multiprocessing.Queue) -> None:
    """Put the child's answer, or its error, on out."""
    try:
        forms, _ = edgrid.minlex(rows)
        out.put(("ok", edgrid.strings(forms[:1])[0]))
    except Exception as e:  # reported to the parent
        out.put((type(e).__name__, str(e)))


def run_child(method: str, rows: np.ndarray) -> tuple[str, str]:
    """Run minlex_in_child in a process of the start method; its answer."""
    ctx = multiprocessing.get_context(method)
    out = ctx.Queue()
    p = ctx.Process(target=minlex_in_child, args=(rows, out))
    p.start()
    try:
        return out.get(timeout=TIMEOUT)
    except queue.Empty:
        raise AssertionError(f"the {method} child gave no answer in {TIMEOUT} s (hung)") from None
    finally:
        p.join(5)
        if p.is_alive():
            p.kill()
            p.join()


class TestFork(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # 128 rows and more run on several goroutines: what hangs in a
        # forked child without the check.
        cls.rows = np.stack([cells(s) for s in grids()[:200]])
        cls.want = edgrid.strings(edgrid.minlex(cls.rows[:1])[0])[0]  # the library is loaded and used

    def test_forked_child_raises(self):
        kind, message = run_child("fork", self.rows)
        self.assertEqual(kind, "RuntimeError", message)
        self.assertIn("fork", message)
        self.assertIn("'spawn'", message)
        self.assertIn("'forkserver'", message)

    def test_forked_child_raises_on_every_call(self):
        kind, message = run_child("fork", self.rows[:1])
        self.assertEqual(kind, "RuntimeError", message)

    def test_spawned_child_works(self):
        self.assertEqual(run_child("spawn", self.rows), ("ok", self.want))

    def test_parent_still_works(self):
        run_child("fork", self.rows[:1])
        self.assertEqual(edgrid.strings(edgrid.minlex(self.rows)[0][:1])[0], self.want)


if __name__ == "__main__":
    unittest.main()
