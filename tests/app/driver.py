"""Plays the app through the keyboard, as a person would, for the pilot tests.

A human seat's move is chosen by the normal computer player on that seat's own view (what
the person at the keyboard could see), then typed: cursor keys and space to pick cards, and
the action's key. Nothing is applied behind the app's back.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList

from .keys import send_keys, settled

from rummy_tui.app.dialogs.choose import ChooseMeldDialog, ConfirmDialog
from rummy_tui.app.dialogs.finish import FinishDialog
from rummy_tui.app.dialogs.pass_device import PassDeviceScreen
from rummy_tui.app.screens.picker import PickerScreen
from rummy_tui.app.screens.summary import GameOverScreen, RoundSummaryScreen
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.hand import Hand
from rummy_tui.core.bots import choose_action
from rummy_tui.core.engine import view
from rummy_tui.core import state
from rummy_tui.core.variants.indian import Declare, Drop
from rummy_tui.core.variants.remi import EndOnEmptyStock
from rummy_tui.core.variants.remigio import Close


async def press(pilot: Pilot, *keys: str) -> None:
    """Keys as the terminal delivers them (much faster than ``pilot.press``)."""
    await send_keys(pilot.app, list(keys))


async def pass_device(pilot: Pilot, limit: int = 500) -> None:
    """As the next player: wait for the pass-the-device screen, confirm it with Enter, then
    let the computer players move until a person has to press something. (An Enter sent
    before the screen is up goes to the table instead: on a loaded machine it can be.)"""
    app = pilot.app
    # a step was a pilot.pause(0.01), which draws the screen: five 10 ms sleeps now (issue 26)
    for _ in range(5 * limit):
        if isinstance(app.screen, PassDeviceScreen):
            break
        await asyncio.sleep(0.01)  # not pilot.pause, which draws the screen each time
    else:
        raise AssertionError(f"no pass-the-device screen came up: {app.screen_stack}")
    screen = app.screen
    await press(pilot, "enter")
    for _ in range(5 * limit):
        if app.screen is not screen:
            break
        await asyncio.sleep(0.01)
    else:
        raise AssertionError("Enter did not take the pass-the-device screen away")
    await settle(pilot)


async def open_picker(app: Any, pilot: Pilot) -> PickerScreen:
    """The picker, once its Resume list has read the saves folder (in a thread)."""
    await app.workers.wait_for_complete()
    await pilot.pause()
    picker = app.screen
    assert isinstance(picker, PickerScreen)
    return picker


def table_of(app: Any) -> TableScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table screen in {app.screen_stack}")


async def settle(pilot: Pilot, limit: int = 400) -> None:
    """Let computer players move until a person has to press something."""
    app = pilot.app
    for _ in range(limit):
        await settled(pilot.app)
        screen = app.screen
        if not isinstance(screen, TableScreen):
            return
        if screen._my_turn():
            return
        if screen.state.phase in ("round_over", "game_over") and not screen.busy:
            return
    raise AssertionError("the computer players never handed back the keyboard")


async def table_and_hand(pilot: Pilot) -> tuple[TableScreen, Hand]:
    """Once the computer players have moved: the table and the hand at the keyboard."""
    await settle(pilot)
    table = table_of(pilot.app)
    return table, table.query_one(Hand)


async def move_cursor_to(pilot: Pilot, hand: Hand, index: int) -> None:
    delta = index - hand.cursor
    key = "right" if delta > 0 else "left"
    for _ in range(abs(delta)):
        await press(pilot, key)
    assert hand.cursor == index


async def select_cards(pilot: Pilot, hand: Hand, cards: tuple[Any, ...]) -> None:
    if hand.selected:
        for i in sorted(hand.selected):
            await move_cursor_to(pilot, hand, i)
            await press(pilot, "space")
    taken: set[int] = set()
    for card in cards:
        index = next(i for i, c in enumerate(hand.cards) if c == card and i not in taken)
        taken.add(index)
        await move_cursor_to(pilot, hand, index)
        await press(pilot, "space")
    assert sorted(hand.selected_cards()) == sorted(cards)


async def discard(pilot: Pilot) -> None:
    """x, and yes when asked (the card is in a meld of the hand: issue 12)."""
    await press(pilot, "x")
    await settled(pilot.app)
    if isinstance(pilot.app.screen, ConfirmDialog):
        await press(pilot, "y")


async def choose_finish(pilot: Pilot, card: Any) -> None:
    """In the finish dialog (Indian's finish slot, Remigio's face-down card): move to
    ``card`` and press Enter."""
    dialog = pilot.app.screen
    assert isinstance(dialog, FinishDialog), pilot.app.screen_stack
    cards = [c.card for c in dialog.choices]
    current = dialog.query_one(OptionList).highlighted or 0
    want = cards.index(card)
    key = "down" if want > current else "up"
    for _ in range(abs(want - current)):
        await press(pilot, key)
    assert dialog.highlighted is not None and dialog.highlighted.card == card
    await press(pilot, "enter")


async def play_human_move(pilot: Pilot) -> Any:
    """Type the move the normal computer player would make for the human to move."""
    app = pilot.app
    table = app.screen
    assert isinstance(table, TableScreen) and table._my_turn()
    seat = table.viewer
    action = choose_action("normal", view(table.state, seat), random.Random(table.state.actions))
    hand = table.query_one(Hand)
    before = table.state
    match action:
        case state.DrawStock():
            await press(pilot, "s")
        case state.TakeDiscard(depth=1):
            await press(pilot, "d")
        case state.TakeDiscard(depth=depth):
            await press(pilot, str(depth))
        case state.Meld(cards=cards):
            await select_cards(pilot, hand, cards)
            await press(pilot, "m")
        case state.LayOff(cards=cards, meld_index=index):
            await select_cards(pilot, hand, cards)
            await press(pilot, "l")
            await settled(pilot.app)
            if isinstance(app.screen, ChooseMeldDialog):  # (one meld that takes them: none)
                for _ in range(index):
                    await press(pilot, "down")
                await press(pilot, "enter")
        case state.Discard(card=card):
            await select_cards(pilot, hand, ())
            await move_cursor_to(pilot, hand, hand.cards.index(card))
            await discard(pilot)
        case Close(discard=card) | Declare(finish=card):
            await select_cards(pilot, hand, ())
            await move_cursor_to(pilot, hand, hand.cards.index(card))
            await press(pilot, "c")
            await settled(pilot.app)
            await choose_finish(pilot, card)
        case Drop():
            await press(pilot, "r")
            await settled(pilot.app)
            assert isinstance(app.screen, ConfirmDialog)
            await press(pilot, "y")
        case EndOnEmptyStock():
            await press(pilot, "e")
        case _:
            raise AssertionError(f"no key for {action!r}")
    await settled(pilot.app)
    # settled() can return while the key is still on its way on a loaded machine (a CI
    # run once saw a discard not yet played): wait for the move, bounded at 30 s, and
    # answer the meld question if it came up only after discard() looked for it
    for _ in range(3000):
        if table.state is not before:
            break
        if isinstance(app.screen, ConfirmDialog) and isinstance(action, state.Discard):
            await press(pilot, "y")
            await settled(pilot.app)
            continue
        await asyncio.sleep(0.01)
    assert table.state is not before, f"the app did not play {action!r}"
    return action


async def play_until(pilot: Pilot, done: Any, max_moves: int = 3000) -> dict[str, int]:
    """Press keys until ``done(app)``; count what was seen on the way."""
    app = pilot.app
    seen = {"moves": 0, "passes": 0, "summaries": 0}
    for _ in range(max_moves):
        await settle(pilot)
        if done(app):
            return seen
        screen = app.screen
        if isinstance(screen, PassDeviceScreen):
            seen["passes"] += 1
            await press(pilot, "enter")
        elif isinstance(screen, RoundSummaryScreen):
            seen["summaries"] += 1
            await press(pilot, "enter")
        elif isinstance(screen, GameOverScreen):
            raise AssertionError("the game ended before the goal was reached")
        elif isinstance(screen, TableScreen) and screen._my_turn():
            await play_human_move(pilot)
            seen["moves"] += 1
        else:
            await settled(pilot.app)
    raise AssertionError(f"not done after {max_moves} moves: {seen}")
