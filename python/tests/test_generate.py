"""edgrid.generate and edgrid.rate against edgrid generate and edgrid rate."""

import unittest

import numpy as np

import edgrid

from helpers import cli


class TestGenerate(unittest.TestCase):
    def test_against_cli(self):
        got = edgrid.generate(20, over="backtrack", seed=3, workers=2)
        want = cli("generate", "-n", "20", "--over", "backtrack", "--seed", "3")
        self.assertEqual(got["puzzles"].shape, (20, 81))
        for i, line in enumerate(want):
            puzzle, clues, guesses, grade = line.split()
            self.assertEqual(edgrid.strings(got["puzzles"][i : i + 1])[0], puzzle)
            self.assertEqual(int(got["clues"][i]), int(clues))
            self.assertEqual(int(got["guesses"][i]), int(guesses))
            self.assertEqual(edgrid.GRADES[got["grades"][i] - 1], grade)
        # The solutions complete the puzzles, and the puzzles are unique.
        counts, sols = edgrid.solve(got["puzzles"])
        self.assertTrue((counts == 1).all())
        self.assertTrue((sols == got["solutions"]).all())

    def test_rate_matches(self):
        got = edgrid.generate(10, over="backtrack", clues=(24, 26), minimal=True, rating="easy..expert", seed=5)
        self.assertTrue(((got["clues"] >= 24) & (got["clues"] <= 26)).all())
        guesses, grades = edgrid.rate(got["puzzles"])
        self.assertTrue((guesses == got["guesses"]).all())
        self.assertTrue((grades == got["grades"]).all())
        self.assertTrue((grades >= 2).all())
        self.assertTrue(((guesses == 0) == (grades < 5)).all())

    def test_bad(self):
        for kwargs in [dict(n=0), dict(n=3, method="bottom-up"), dict(n=3, over="bands"), dict(n=3, clues=16),
                       dict(n=3, clues=(30, 25)), dict(n=3, rating="medium"), dict(n=3, rating="expert..easy")]:
            with self.assertRaises(edgrid.InputError, msg=str(kwargs)):
                edgrid.generate(**kwargs)
        with self.assertRaises(edgrid.InputError) as cm:
            edgrid.rate(["." * 81])
        self.assertIn("more than one solution", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
