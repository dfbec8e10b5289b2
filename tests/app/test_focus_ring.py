"""Keyboard focus on setup's fields is plain to see (issue 30): the focused dropdown or input
takes the accent colour and its label is marked, where Textual's compact fields differ by one
background shade. tests/app/test_snapshots_focus.py shows it."""

from __future__ import annotations

import pytest
from textual.color import Color
from textual.widget import Widget
from textual.widgets import Input, Label, Select

from rummy_tui.app.app import RummyApp


def _face(widget: Widget) -> Color:
    """What the eye sees as the field's colour: its background, tinted."""
    if isinstance(widget, Select):
        widget = widget.query_one("SelectCurrent")
    return widget.background_colors[1]


def _apart(a: Color, b: Color) -> int:
    return max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))


@pytest.mark.parametrize("field", [  # one of each kind of field quick, the rest slow (issue 26)
    "#seats", pytest.param("#name-1", marks=pytest.mark.slow), "#opt-ace_high",
    pytest.param("#opt-target", marks=pytest.mark.slow), "#seed",
    pytest.param("#bot-speed", marks=pytest.mark.slow),
])
async def test_the_focused_field_and_its_label_stand_out(field: str) -> None:
    app = RummyApp(cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")  # the first game's setup
        await pilot.pause()
        widget = app.screen.query_one(field)
        assert isinstance(widget, (Input, Select))
        label = widget.parent.query_one(Label)  # type: ignore[union-attr]
        blurred, blurred_label = _face(widget), label.rich_style
        widget.focus()
        await pilot.pause()
        assert _apart(_face(widget), blurred) >= 64, (field, _face(widget), blurred)
        accent = app.current_theme.accent
        assert label.rich_style.bgcolor is not None and blurred_label.bgcolor != \
            label.rich_style.bgcolor
        assert _apart(Color.from_rich_color(label.rich_style.bgcolor), Color.parse(accent)) <= 2
        assert label.rich_style.bold
        # away again: the mark goes with the focus
        app.screen.query_one("#start").focus()
        await pilot.pause()
        assert label.rich_style == blurred_label
