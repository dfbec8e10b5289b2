"""docs/RULES.md: the packaged copy, one section per variant, and the rules_text() API."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import rummy_tui
from rummy_tui.rules_doc import SECTION_TITLES, rules_text, sections

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "RULES.md"
PACKAGED = ROOT / "rummy_tui" / "docs" / "RULES.md"


def test_packaged_copy_is_identical():
    # docs/ is not in the wheel, so the package carries a copy; it must never drift.
    assert PACKAGED.read_bytes() == DOC.read_bytes(), (
        "rummy_tui/docs/RULES.md differs from docs/RULES.md: "
        "run `cp docs/RULES.md rummy_tui/docs/RULES.md`"
    )


def test_rules_text_is_the_document():
    assert rules_text() == DOC.read_text(encoding="utf-8")
    assert rummy_tui.rules_text() == rules_text()


@pytest.mark.parametrize("variant,title", sorted(SECTION_TITLES.items()))
def test_every_variant_has_exactly_one_section(variant, title):
    headings = [line for line in DOC.read_text(encoding="utf-8").splitlines()
                if line.startswith("## ")]
    assert headings.count(f"## {title}") == 1
    text = rules_text(variant)
    assert text.startswith(f"## {title}\n")
    # just that section: no other variant heading inside it
    assert not any(line.startswith("## ") for line in text.splitlines()[1:])
    assert len(text) > 500
    assert rules_text(title) == text


def test_each_section_covers_the_topics():
    for title in SECTION_TITLES.values():
        body = sections()[title].lower()
        for topic in ("players", "deal", "meld", "scor", "end of the game" if "indian" not in
                      title.lower() else "format"):
            assert topic in body, f"{title}: no {topic!r}"


def test_with_common_appends_the_shared_rules():
    text = rules_text("indian", with_common=True)
    assert "## Indian Rummy" in text and "## Cards, melds and counting" in text


@pytest.mark.parametrize("bad", ["poker", "", "Cards, melds and counting"])
def test_unknown_variant_is_a_value_error(bad):
    with pytest.raises(ValueError, match="no rules for variant"):
        rules_text(bad)


def test_project_decisions_are_stated():
    # The decisions of shared/rules-notes.md and the lead's meld decisions must be in the
    # document in words players can find; a sample of the ones easiest to lose in an edit.
    # The numbers are the modules' (a rule changed in its module must be changed here too).
    from rummy_tui.core.variants.indian import CAP
    from rummy_tui.core.variants.remi import CLOSING_BONUS

    doc = DOC.read_text(encoding="utf-8")
    for phrase in (
        "at least one natural card",
        "at most one card of each rank",
        "K-A-2",
        f"capped at {CAP}",
        "may also play as itself",
        "no upcard",
        f"{CLOSING_BONUS} times",
        "anticlockwise",
        "wrong declaration",
    ):
        assert phrase.lower() in doc.lower(), phrase


def test_rules_doc_does_not_import_ui():
    code = (
        "import sys, rummy_tui; rummy_tui.rules_text('remi'); "
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('textual','rich'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
