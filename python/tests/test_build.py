"""How the library was built: as the CLI is, with Go's SIMD package on amd64."""

from __future__ import annotations

import shutil
import subprocess
import unittest

from edgrid import _lib


def build_settings() -> dict[str, str]:
    """The build settings `go version -m` reads from the loaded library."""
    out = subprocess.run(["go", "version", "-m", str(_lib._path())], capture_output=True, text=True, check=True).stdout
    settings = {}
    for line in out.splitlines():
        fields = line.split("\t")
        if len(fields) >= 3 and fields[1] == "build" and "=" in fields[2]:
            key, value = fields[2].split("=", 1)
            settings[key] = value
    return settings


@unittest.skipIf(shutil.which("go") is None, "no go command to read the build settings")
class TestBuild(unittest.TestCase):
    def test_simd_on_amd64(self):
        settings = build_settings()
        if settings.get("GOARCH") != "amd64":
            self.skipTest(f"GOARCH {settings.get('GOARCH')}: the SIMD build is amd64's")
        self.assertIn("simd", settings.get("GOEXPERIMENT", "").split(","), f"{_lib._path()} built without GOEXPERIMENT=simd: {settings}")


if __name__ == "__main__":
    unittest.main()
