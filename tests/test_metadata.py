"""The package's metadata (issue 30): who makes it, which licences its files are under, and no
claim that is wrong (a curses classifier for a Textual app, links to the package index's own
page). tests/test_sdist.py checks the same in a built sdist's PKG-INFO."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_authors_and_maintainers_are_named() -> None:
    for field in ("authors", "maintainers"):
        people = PROJECT.get(field)
        assert people and all(p.get("name", "").strip() for p in people), field


def test_every_bundled_licence_is_declared_and_shipped() -> None:
    from importlib.resources import files

    assert PROJECT["license"] == "MIT AND Bitstream-Vera"
    licence_files = PROJECT["license-files"]
    assert "LICENSE" in licence_files
    assert "rummy_tui/web/fonts/LICENSE-DejaVu.txt" in licence_files
    for name in licence_files:
        assert (ROOT / name).is_file(), name
    # each bundled font sits beside that licence, and the licence is package data too
    fonts = files("rummy_tui.web") / "fonts"
    assert sorted(f.name for f in fonts.iterdir() if f.name.endswith(".ttf"))
    assert "Bitstream Vera" in (fonts / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")


def test_no_wrong_classifier_or_url() -> None:
    assert not any("Curses" in c for c in PROJECT["classifiers"])  # Textual, not curses
    for url in PROJECT.get("urls", {}).values():
        assert "pypi.org" not in url, url  # a link to the index's own page says nothing
