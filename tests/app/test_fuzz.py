"""A thousand random keys on each screen: nothing may raise. (ctrl+q is left out: it
quits, which is what it should do; ctrl+p opens Textual's own command palette.)"""

from __future__ import annotations

import random

import pytest

from rummy_tui.app.app import RummyApp

from .conftest import make_app
from .test_snapshots import played_until
from .keys import send_keys

KEYS = ("left right up down space enter escape tab shift+tab s d 1 2 3 m l x c r e o a h u "
        "question_mark y n p f1 backspace pageup pagedown home end").split()
PRESSES = 1000
BATCH = 10


def _apps():
    yield "picker", lambda: RummyApp(bot_delay=0, cursor_blink=False)
    yield "rummy", lambda: make_app("rummy", "Ann,Bob,cpu:Cy", seed=31)
    yield "remi", lambda: make_app("remi", "Ann,cpu-easy:Bob", seed=32)
    yield "remigio", lambda: make_app("remigio", "Ann,Bob", seed=33)
    yield "indian", lambda: make_app("indian", "Ann,cpu:Bob,Cy", seed=34,
                                     options={"format": "pool101"})
    yield "summary", lambda: RummyApp(
        game=played_until("remi", "Ann,Bob", 35, "round_over"), bot_delay=0,
        cursor_blink=False)
    yield "game-over", lambda: RummyApp(
        game=played_until("indian", "Ann,Bob", 36, "game_over", {"format": "points"}),
        bot_delay=0, cursor_blink=False)


@pytest.mark.parametrize("name,factory", list(_apps()), ids=[n for n, _ in _apps()])
@pytest.mark.slow
async def test_random_keys_raise_nothing(name, factory):
    rng = random.Random(name)
    app = factory()
    async with app.run_test(size=(100, 32)) as pilot:
        screens = set()
        for i in range(PRESSES // BATCH):
            # A burst of keys, as from a fast typist, then let the app catch up.
            await send_keys(app, [rng.choice(KEYS) for _ in range(BATCH)])
            screens.add(type(app.screen).__name__)
            assert app.is_running, f"the app stopped after {i * BATCH} keys"
        await pilot.pause()
        assert app.is_running
        assert len(screens) >= 2, screens  # the keys did reach the app
    assert app.return_code in (None, 0)


def test_the_footer_may_ask_before_the_table_has_a_hand():
    """The footer asks which keys are live while a table screen composes, or after it was
    torn down (a fuzz run met it at game over): no hand then, and no error."""
    from rummy_tui.app.screens.table import TableScreen
    from rummy_tui.core.engine import new_game
    from rummy_tui.core.options import make_options

    from .conftest import seats

    state = new_game("rummy", seats("Ann,Bob"), seed=7, options=make_options("rummy", {}))
    screen = TableScreen(state)
    assert screen.check_action("go_out", ()) is False
    assert screen.check_action("copy_text", ()) is True
