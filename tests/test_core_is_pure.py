"""The rules core must never import the UI toolkit (style.md: "the rules core knows nothing
of the screen"). Importing it in a fresh interpreter must leave textual and rich unloaded."""

from __future__ import annotations

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
    "rummy_tui.core.engine",
    "rummy_tui.core.bots",
    "rummy_tui.core.simulate",
    "rummy_tui.core.invariants",
    "rummy_tui.core.options",
    "rummy_tui.core.state",
]


def _ui_modules_after(code: str) -> str:
    """The textual and rich modules loaded after running ``code`` in a fresh interpreter."""
    code += (
        "; import sys; print(','.join(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('textual', 'rich'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


@pytest.fixture(scope="module")
def ui_after_each() -> dict[str, str]:
    """One fresh interpreter imports the modules in turn (issue 26: one start-up, not 12) and
    says which UI modules are loaded after each. Loaded modules only add up: a module that
    pulls in textual or rich shows them after its own import, so none is missed; after the
    first that does, the later ones show them too (their messages say so)."""
    code = (
        "import importlib, sys\n"
        f"for name in {MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "    print(name, ','.join(sorted(m for m in sys.modules\n"
        "                                if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = [line.split(" ", 1) for line in out.stdout.splitlines()]
    return {name: found.strip() for name, found in lines}


@pytest.mark.parametrize("module", MODULES)
def test_core_does_not_import_ui(module, ui_after_each):
    found = ui_after_each[module]
    earlier = MODULES[:MODULES.index(module)]
    assert found == "", f"{module} (or one of {earlier}, imported before it) pulled in {found}"


def test_import_rummy_tui_then_arrange_stays_light():
    code = "import rummy_tui; assert rummy_tui.arrange(['AS', '2S', '3S'], 'rummy').penalty == 0"
    assert _ui_modules_after(code) == ""
