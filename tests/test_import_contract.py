"""The layer contract in pyproject.toml holds (issue 26): lint-imports (import-linter) checks
core < saves < app / commands, no textual or rich in the core, and the arrangement search as
a leaf of the core, counting every import, those under ``if TYPE_CHECKING:`` too.

tests/test_import_graph.py holds what the contract does not say: no import circles, and
modules in no layer.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = (
    "import sys; from importlinter.cli import lint_imports_command; "
    "sys.exit(lint_imports_command())"
)


def test_the_layer_contract_is_kept():
    ran = subprocess.run(
        [sys.executable, "-c", LINT, "--no-cache"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    names = [c["name"] for c in contracts["contracts"]]
    assert len(names) == 3
    out = " ".join(ran.stdout.split())  # lint-imports wraps long names
    assert out.count(" KEPT") == len(names) and "BROKEN" not in out
