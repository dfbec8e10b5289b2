"""mypy passes with 0 errors (issue 26: "a contract the tools check"), with the configuration in
pyproject.toml: every module of rummy_tui, mypy --strict's flags for the rules core
(rummy_tui.core and below), the default level elsewhere, and no unused or code-less
"type: ignore". CI runs it as part of ``pytest --all``.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# mypy --strict, flag by flag, as [[tool.mypy.overrides]] sets them for the core
STRICT = (
    "disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls",
    "disallow_untyped_defs", "disallow_incomplete_defs", "check_untyped_defs",
    "disallow_untyped_decorators", "warn_unused_ignores", "warn_return_any",
    "no_implicit_reexport", "strict_equality", "extra_checks",
)


def test_the_core_is_checked_strictly():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config["files"] == ["rummy_tui"]
    (core,) = [o for o in config["overrides"] if "rummy_tui.core.*" in o["module"]]
    assert "rummy_tui.core" in core["module"]
    assert {flag: core.get(flag) for flag in STRICT} == dict.fromkeys(STRICT, True)
    # nothing turns a check off for some module
    for override in config["overrides"]:
        assert not any(key.startswith("ignore") or value is False
                       for key, value in override.items()), override


@pytest.mark.slow  # a whole mypy run over the package, 3.6 CPU-s: in --all, as CI runs it (issue 26)
def test_mypy_finds_no_error(tmp_path):
    ran = subprocess.run(
        # a cache of its own: no stale cache, nothing written into the checkout
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy-cache")],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    report = ran.stdout[-8000:] + ran.stderr[-2000:]
    assert ran.returncode == 0, report
    last = ran.stdout.strip().splitlines()[-1]
    assert last.startswith("Success: no issues found in "), report
    assert ": error:" not in ran.stdout, report
