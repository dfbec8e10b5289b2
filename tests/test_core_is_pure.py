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


@pytest.mark.parametrize("module", MODULES)
def test_core_does_not_import_ui(module):
    found = _ui_modules_after(f"import importlib; importlib.import_module({module!r})")
    assert found == "", f"{module} pulled in {found}"


def test_import_rummy_tui_then_arrange_stays_light():
    code = "import rummy_tui; assert rummy_tui.arrange(['AS', '2S', '3S'], 'rummy').penalty == 0"
    assert _ui_modules_after(code) == ""
