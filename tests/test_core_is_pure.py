"""The rules core must never import the UI toolkit (style.md: "the rules core knows nothing
of the screen"). Importing it in a fresh interpreter must leave textual and rich unloaded."""

import subprocess
import sys

import pytest

MODULES = [
    "rummy_tui",
    "rummy_tui.core",
    "rummy_tui.core.cards",
    "rummy_tui.core.melds",
    "rummy_tui.core.variants",
    "rummy_tui.core.arrange",
]


@pytest.mark.parametrize("module", MODULES)
def test_core_does_not_import_ui(module):
    code = (
        f"import importlib, sys; importlib.import_module({module!r}); "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')); "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{module} pulled in {out.stdout.strip()}"


def test_import_rummy_tui_then_arrange_stays_light():
    code = (
        "import sys, rummy_tui; r = rummy_tui.arrange(['AS','2S','3S'], 'rummy'); "
        "assert r.penalty == 0, r; "
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('textual','rich'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
