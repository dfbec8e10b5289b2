"""Compile the arrangement search with mypyc when the package is built (issue 10).

Everything else about the package is in pyproject.toml. The search's seven modules (with
MinDist's, issue 29)
(``rummy_tui/core/arrange/*.py`` but its ``__init__``, which only names what they export)
are plain, fully typed Python. A build of the package (``pip
install .``, a wheel) also compiles them with mypyc, which comes with mypy (a build
requirement), into C extension modules beside the sources; Python imports those first, and
the search runs two and a half to three times as fast (bench/README.md).

The sources stay the reference. A checkout runs them as they are (the tests, the benchmarks
unless given ``--installed``, an editable install), and ``tests/core/test_compiled.py``
builds a wheel of the checkout and checks that its compiled search arranges hands and plays
games exactly as the sources do.

A build compiles all seven or none: with ``RUMMY_TUI_PURE=1`` in the environment, without mypy
or without a C compiler, the package is the same pure-Python one (with a warning).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "rummy_tui/core/arrange/build.py",
    "rummy_tui/core/arrange/mindist.py",
    "rummy_tui/core/arrange/multi.py",
    "rummy_tui/core/arrange/runs.py",
    "rummy_tui/core/arrange/search.py",
    "rummy_tui/core/arrange/sets.py",
    "rummy_tui/core/arrange/tables.py",
]
# commands that build a wheel or install one; not sdist or metadata, and not an editable
# install, whose extensions would be built into the checkout and go stale as it is edited
BUILDS = {"bdist_wheel", "build", "build_ext", "install"}


def _warn(why: str) -> None:
    print(f"WARNING: rummy-tui: {why}; the arrangement search stays pure Python", file=sys.stderr)


def _extensions() -> list:
    if os.environ.get("RUMMY_TUI_PURE") == "1" or not BUILDS & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify

        # only the compiled modules' own types must check: what they import is read for its
        # types and left alone (the build environment holds no textual or pydantic)
        flags = ["--follow-imports=silent", "--ignore-missing-imports"]
        return mypycify(flags + COMPILED, opt_level="3", debug_level="0")
    except (Exception, SystemExit) as exc:  # mypy missing, or its check failed (exits)
        _warn(f"mypyc could not compile it ({exc!r})")
        return []


class AllOrNothing(build_ext):
    """Build every compiled module or none: a module whose shared runtime failed to build
    would not import, where its pure-Python source would."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no C compiler, or it failed
            for ext in self.extensions:
                built = Path(self.get_ext_fullpath(ext.name))
                built.unlink(missing_ok=True)
            self.extensions = []
            self.distribution.ext_modules = []
            _warn(f"the C build failed ({exc})")


setup(ext_modules=_extensions(), cmdclass={"build_ext": AllOrNothing})
