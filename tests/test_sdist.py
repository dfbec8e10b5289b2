"""The sdist is complete enough to test from (issue 13): it is built like a release (an
isolated ``python -m build --sdist``, which fetches its build back-end from the package
index), unpacked, and a smoke test runs from the unpacked tree with its own tests, fixtures
and docs/. Slow (about half a minute): runs with ``pytest --all``."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_sdist_carries_tests_fixtures_and_docs_and_its_tests_pass(tmp_path):
    built = subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path / "dist"), str(ROOT)],
        capture_output=True, text=True, timeout=600,
    )
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (archive,) = (tmp_path / "dist").glob("rummy_tui-*.tar.gz")
    with tarfile.open(archive) as tar:
        names = tar.getnames()
        tar.extractall(tmp_path / "src", filter="data")
    top = names[0].split("/")[0]
    for needed in ("LICENSE", "docs/RULES.md", "docs/SAVES.md", "tests/conftest.py",
                   "tests/fixtures/saves/v1", "tests/app/__snapshots__", "rummy_tui/docs/RULES.md",
                   "rummy_tui/app/app.tcss", ".ci/run", "rummy_tui/web/fonts/LICENSE-DejaVu.txt"):
        assert any(n == f"{top}/{needed}" or n.startswith(f"{top}/{needed}/") for n in names), needed
    assert not any("__pycache__" in n or "/tests/artifacts/" in n for n in names)
    src = tmp_path / "src" / top
    # the metadata a package index shows (issue 30): who, which licences, no wrong classifier
    info = (src / "PKG-INFO").read_text()
    assert "\nAuthor: The rummy-tui authors\n" in info
    assert "\nLicense-Expression: MIT AND Bitstream-Vera\n" in info
    assert "\nLicense-File: rummy_tui/web/fonts/LICENSE-DejaVu.txt\n" in info
    assert "Curses" not in info and "Project-URL: " not in info
    env = dict(os.environ, PYTHONPATH=str(src))
    smoke = subprocess.run(
        [sys.executable, "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider",
         "tests/test_rules_doc.py", "tests/test_saves_corrupt.py", "tests/test_history.py",
         "tests/app/test_summary.py",
         # the tests that read files of the source tree beside the package (.ci/run, docs/,
         # pyproject.toml, the save fixtures, every module of the package)
         "tests/web/test_serve_cli.py", "tests/test_saves_codec.py", "tests/test_import_graph.py",
         "tests/test_core_is_pure.py", "tests/test_metadata.py"],
        cwd=src, capture_output=True, text=True, env=env, timeout=600,
    )
    assert smoke.returncode == 0, smoke.stdout[-3000:] + smoke.stderr[-2000:]
    last = smoke.stdout.strip().splitlines()[-1]
    assert " passed" in last and "failed" not in last and "error" not in last, last
    where = subprocess.run([sys.executable, "-c", "import rummy_tui; print(rummy_tui.__file__)"],
                           cwd=src, capture_output=True, text=True, env=env, timeout=60)
    assert where.stdout.strip().startswith(str(src)), where.stdout  # the sdist's own code
