"""The edgrid package: builds libedgrid.so, the c-shared build of cmd/capi/, with the Go toolchain.

The Go module is the directory above this one, or $EDGRID_GO_SRC; $GO names
the go command (default: go on PATH). Building needs no network when the
module's dependencies are in the Go module cache (go mod download) or
vendored.

There is deliberately no pyproject.toml: with one, pip (23, Debian 12's)
builds in an isolated environment and fetches setuptools from the network.
Without it, ``pip install ./python`` uses the setuptools already installed
(Debian's python3-setuptools, or the one every venv gets) and needs no
network.
"""

import os
import pathlib
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = pathlib.Path(__file__).resolve().parent
# The library's place in the package: a directory without __init__.py, which
# pkgutil (and so help() and pydoc) does not list as a module.
LIBRARY = "native/libedgrid.so"


def go_source() -> pathlib.Path:
    """The Go module to build from: $EDGRID_GO_SRC, else the checkout above python/."""
    src = pathlib.Path(os.environ.get("EDGRID_GO_SRC", HERE.parent))
    if not (src / "go.mod").exists() or not (src / "cmd" / "capi").is_dir():
        raise SystemExit(f"edgrid: no Go module with cmd/capi/ at {src}: set EDGRID_GO_SRC to the edgrid checkout")
    return src


def go_experiment(go: str, src: pathlib.Path, env: dict[str, str]) -> str:
    """$GOEXPERIMENT for the build: on amd64 with simd added, as the Makefile
    builds the CLI (Go's SIMD package: the scan takes its bit vectors eight
    words at a time on CPUs with AVX-512)."""
    current = env.get("GOEXPERIMENT", "")
    arch = subprocess.run([go, "env", "GOARCH"], cwd=src, env=env, check=True, capture_output=True, text=True).stdout.strip()
    if arch != "amd64" or "simd" in current.split(","):
        return current
    return f"{current},simd" if current else "simd"


def build_library(out: pathlib.Path) -> None:
    """Build the c-shared library from go_source() into out."""
    go = os.environ.get("GO", "go")
    if shutil.which(go) is None:
        raise SystemExit(f"edgrid: the Go toolchain ({go}) is not on PATH: building libedgrid.so needs Go 1.26 or later")
    out.parent.mkdir(parents=True, exist_ok=True)
    src = go_source()
    env = {**os.environ, "CGO_ENABLED": "1"}
    env["GOEXPERIMENT"] = go_experiment(go, src, env)
    cmd = [go, "build", "-buildmode=c-shared", "-trimpath", "-ldflags=-s -w", "-o", str(out), "./cmd/capi"]
    print("edgrid:", f"GOEXPERIMENT={env['GOEXPERIMENT']}" if env["GOEXPERIMENT"] else "", " ".join(cmd))
    subprocess.run(cmd, cwd=src, check=True, env=env)
    out.with_suffix(".h").unlink(missing_ok=True)


class BuildWithGo(build_py):
    """build_py that builds libedgrid.so into the package first."""

    def run(self) -> None:
        """Build the library, then copy the package as build_py does."""
        build_library(HERE / "edgrid" / LIBRARY)
        super().run()


class BinaryDistribution(Distribution):
    """A distribution with a compiled library: the wheel is platform-specific."""

    def has_ext_modules(self) -> bool:
        """True: the package holds a compiled library."""
        return True


setup(
    name="edgrid",
    version="0.1.0",
    description="Sudoku solution grids and puzzles up to symmetry: minlex forms, numbers, IDs and a solver, in batches over NumPy arrays",
    long_description=(HERE / "README.md").read_text(encoding="utf-8"),
    long_description_content_type="text/markdown",
    python_requires=">=3.9",
    install_requires=["numpy"],
    packages=["edgrid"],
    package_data={"edgrid": [LIBRARY, "py.typed"]},
    zip_safe=False,
    cmdclass={"build_py": BuildWithGo},
    distclass=BinaryDistribution,
)
