"""A sixth rule set is one module (issue 26): tests/fixtures/sixth_variant.py registers a
small Gin Rummy the way docs/ARCHITECTURE.md says, and plays it everywhere, in a process of
its own (the registry is read once by the save format, the picker and the app): every bot
through ``simulate`` with the invariants, the other games refusing its move (and it theirs)
with the engine's one message, saves that round-trip byte for byte, its statistics and
``rummy-tui stats --variant gin``, and a turn at the table with Pilot (``c`` knocks, named
"Knock", through the finish dialog, to the round summary)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

WALK = Path(__file__).resolve().parent / "fixtures" / "sixth_variant.py"


def test_a_sixth_rule_set_works_everywhere(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(WALK), str(tmp_path)], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    assert "the sixth rule set works everywhere" in done.stdout
