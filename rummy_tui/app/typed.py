"""The app of a screen or widget, typed: Textual types ``node.app`` as a plain ``App``. The one
cast of the app (a leaf module: app.py imports the screens, so they cannot import it back)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from .app import RummyApp


def rummy_app(node: DOMNode) -> RummyApp:
    return cast("RummyApp", node.app)
