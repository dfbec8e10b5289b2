"""Snapshots of the finishing dialogs (issue 12): Indian's finish slot with a valid and an
invalid hand at 80x24, Remigio's face-down card at 100x32, the wrong declaration's result,
and an Indian deal's summary with its labelled groups.

Update with ``pytest tests/app/test_snapshots_dialogs.py --snapshot-update`` and look at
the SVGs (rsvg-convert makes PNGs).
"""

from __future__ import annotations

from .test_finish_dialogs import NO_PURE, VALID, app_for, rigged

SMALL = (80, 24)
SIZE = (100, 32)


def test_declare_valid_80x24(snap_compare):
    # after the draw the cursor is on the card drawn, 2♦: the dialog starts on it
    app = app_for(rigged("indian", VALID, "2D", wild="7D"))
    assert snap_compare(app, press=["s", "c"], terminal_size=SMALL)


def test_declare_invalid_80x24(snap_compare):
    app = app_for(rigged("indian", NO_PURE, "2D", wild="7D", players="Ann,cpu:Bob,cpu:Cy"))
    assert snap_compare(app, press=["s", "c"], terminal_size=SMALL)


def test_wrong_declaration_result(snap_compare):
    app = app_for(rigged("indian", NO_PURE, "2D", wild="7D", players="Ann,cpu:Bob,cpu:Cy"))
    assert snap_compare(app, press=["s", "c", "enter", "y"], terminal_size=SIZE)


def test_remigio_close(snap_compare):
    app = app_for(rigged("remigio", "2S 3S 4S 5S 5H 6H 7H 9C 9D 9S", "KD"))
    assert snap_compare(app, press=["s", "c"], terminal_size=SIZE)


def test_indian_deal_summary(snap_compare):
    app = app_for(rigged("indian", VALID, "2D", wild="7D"))
    assert snap_compare(app, press=["s", "c", "enter"], terminal_size=SIZE)
