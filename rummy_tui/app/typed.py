"""Typed access to the app from a screen or widget (a leaf: it never imports the screens, nor
app.py, so that ``app.py`` may import the screens without an import circle, type-only ones
included).

:class:`RummyAppLike` is what the screens use of :class:`~rummy_tui.app.app.RummyApp`, and
app.py checks, for the type checker, that RummyApp is one (``_is_rummy_app_like``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from ..core.state import GameState


class RummyAppLike(Protocol):
    """The members of RummyApp that screens and widgets use through :func:`rummy_app`."""

    ascii: bool
    four_colour: bool
    bot_delay: float
    cursor_blink: bool
    saves_dir: str | None
    game: GameState | None

    def set_game_state(self, state: GameState) -> None: ...
    def start_game(self, state: GameState, save_path: Any = None) -> None: ...
    def warn_if_unsaved(self, on_table: bool = False) -> None: ...
    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any: ...
    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None: ...


def rummy_app(node: DOMNode) -> RummyAppLike:
    """The app of a screen or widget, typed: Textual types ``node.app`` as a plain ``App``.
    The one cast of the app; screens use it through a ``rummy`` property."""
    return cast("RummyAppLike", node.app)
