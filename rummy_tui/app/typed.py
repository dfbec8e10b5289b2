"""Typed access to the app from a screen or widget (a leaf: it never imports the screens, so
``app.py`` may import them without an import circle)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from .app import RummyApp


def rummy_app(node: DOMNode) -> RummyApp:
    """The app of a screen or widget, typed: Textual types ``node.app`` as a plain ``App``.
    The one cast of the app; screens use it through a ``rummy`` property."""
    return cast("RummyApp", node.app)
