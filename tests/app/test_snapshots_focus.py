"""Snapshots of setup's keyboard focus (issue 30): a dropdown and an input, at 80x24."""

from __future__ import annotations

from rummy_tui.app.app import RummyApp


def test_setup_focus_on_a_dropdown_80x24(snap_compare):
    # Enter: the first game's setup, its first seat's name focused; shift+tab: Players
    assert snap_compare(RummyApp(cursor_blink=False), press=["enter", "shift+tab"],
                        terminal_size=(80, 24))


def test_setup_focus_on_an_input_80x24(snap_compare):
    assert snap_compare(RummyApp(cursor_blink=False), press=["enter"], terminal_size=(80, 24))
