"""help(edgrid) reads well and the README says what the functions take."""

from __future__ import annotations

import inspect
import pkgutil
import pydoc
import re
import unittest

import edgrid
from helpers import HERE


class TestHelp(unittest.TestCase):
    def test_package_lists_no_library_module(self):
        modules = [m.name for m in pkgutil.iter_modules(edgrid.__path__)]
        self.assertFalse([m for m in modules if "libedgrid" in m], modules)
        self.assertNotIn("libedgrid", pydoc.render_doc(edgrid, renderer=pydoc.plaintext))

    def test_docstring_lists_every_function(self):
        for name in edgrid.__all__:
            if inspect.isfunction(getattr(edgrid, name)):
                self.assertIn(f":func:`{name}`", edgrid.__doc__, name)

    def test_rows_alias_shown(self):
        self.assertIn("Rows", edgrid.__all__)
        self.assertIn("Numbers", edgrid.__all__)
        text = pydoc.render_doc(edgrid, renderer=pydoc.plaintext)
        self.assertRegex(text, r"\n\s+Rows = typing.Union\[")

    def test_invariants_docstring_names_every_invariant(self):
        # The library's list of known names comes with an unknown one.
        with self.assertRaises(edgrid.InputError) as cm:
            edgrid.invariants(["1" * 81], ["no-such-invariant"])
        known = re.search(r"known: ([^)]*)\)", str(cm.exception)).group(1).split(", ")
        self.assertIn("p17", known)
        doc = edgrid.invariants.__doc__
        for name in known:
            self.assertIn(f"``{name}``", doc, name)
        self.assertIn("full scan", doc)


class TestReadme(unittest.TestCase):
    def test_workers_where_the_readme_says(self):
        text = (HERE.parent / "README.md").read_text()
        m = re.search(r"\n\n((?:(?!\n\n).)*?) take `workers=`", text, re.S)
        self.assertIsNotNone(m, "python/README.md names no functions that take workers=")
        names = re.findall(r"`(\w+)`", m.group(1))
        self.assertGreaterEqual(len(names), 10)
        for name in names:
            self.assertIn("workers", inspect.signature(getattr(edgrid, name)).parameters, name)
        for name in edgrid.__all__:
            f = getattr(edgrid, name)
            if inspect.isfunction(f) and "workers" in inspect.signature(f).parameters:
                self.assertIn(name, names, f"{name} takes workers= and the README does not say so")


if __name__ == "__main__":
    unittest.main()
