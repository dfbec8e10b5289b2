"""Binding ids and the ``[keymap]`` section of settings.toml (rummy_tui/keymap.py, issue 30):
every binding of the app has a listed id, the list says the keys the app really binds, a bad
entry is left out in one line and the app starts, and a remapped key does what the old one did.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections import defaultdict
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.dom import DOMNode
from textual.keys import Keys, _normalize_key_list

import rummy_tui.app
from rummy_tui import keymap, settings
from rummy_tui.app.commands import _safe_palette

from .conftest import make_app
from .driver import settle


def _app_bindings() -> list[tuple[str, Binding]]:
    """Every Binding that a class of rummy_tui.app declares: (where, binding)."""
    found: list[tuple[str, Binding]] = []
    classes: set[type] = {_safe_palette()}
    for info in pkgutil.walk_packages(rummy_tui.app.__path__, "rummy_tui.app."):
        module = importlib.import_module(info.name)
        classes |= {c for _, c in inspect.getmembers(module, inspect.isclass)
                    if c.__module__ == module.__name__ and issubclass(c, DOMNode)}
    for cls in classes:
        for binding in cls.__dict__.get("BINDINGS", []):
            assert isinstance(binding, Binding), (cls, binding)  # no bare tuples: no id
            found.append((cls.__qualname__, binding))
    return found


def test_every_binding_has_a_listed_id_and_the_list_has_its_keys() -> None:
    keys: dict[str, set[str]] = defaultdict(set)
    for where, binding in _app_bindings():
        assert binding.id in keymap.BINDINGS, (
            f"{where}: Binding({binding.key!r}, {binding.action!r}) needs an id listed in "
            "rummy_tui/keymap.py")
        keys[binding.id] |= set(_normalize_key_list(binding.key).split(","))
    assert set(keys) == set(keymap.BINDINGS)  # no id listed that nothing uses
    for binding_id, (default, _) in keymap.BINDINGS.items():
        assert set(default.split(",")) == keys[binding_id], binding_id


def test_key_names_are_textuals() -> None:
    assert keymap.NAMED_KEYS <= {k.value for k in Keys}
    for text in ("z", "?", "<", "/", "-", "+", "1", "ctrl+w", "shift+left", "F5", "pagedown",
                 "question_mark", "less_than_sign", "ctrl+shift+x"):
        ours = keymap.key_name(text)
        assert ours == _normalize_key_list(text.replace("F5", "f5")), text


@pytest.mark.parametrize("entry, reason", [
    ({"table.fly": "z"}, "'table.fly' is not a binding id"),
    ({"table.discard": "klingon"}, "table.discard: 'klingon' is not a key"),
    ({"table.discard": "ctrl+ctrl+z"}, "is not a key (modifiers"),
    ({"table.discard": ""}, "table.discard: 1 to 4 keys"),
    ({"table.discard": "a,b,c,d,e"}, "table.discard: 1 to 4 keys"),
    ({"table.discard": "ctrl+p"}, "table.discard: ctrl+p is Textual's own key"),
    ({"table.discard": "d"}, "table.discard: d is already table.take_discard's key"),
    ({"table.hint": "ctrl+s"}, "table.hint: ctrl+s is already app.save's key"),
    ({"app.save": "x"}, "app.save: x is already table.discard's key"),
])
def test_a_bad_entry_is_left_out_with_its_reason(entry: dict[str, str], reason: str) -> None:
    good, problems = keymap.check({**entry, "table.meld": "M"})
    assert good == {"table.meld": "M"}
    (problem,) = problems
    assert reason in problem and "\n" not in problem


def test_what_may_be_remapped() -> None:
    good, problems = keymap.check({
        "table.discard": "z, X", "table.take_discard": "x",  # a swap of keys is no clash
        "picker.statistics": "d",  # d is the table's, not the picker's
        "app.help": "question_mark,f2",  # help.close keeps ? as before
    })
    assert problems == []
    assert good["table.discard"] == "z,X" and good["app.help"] == "question_mark,f2"


def test_the_keymap_section_is_read_bounded_and_written_back(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('ascii = true\n[keymap]\n"table.discard" = "z"\n"future.thing" = "f9"\n')
    store = settings.Store(path)
    assert store.problem == ""
    assert store.settings.keymap == {"table.discard": "z", "future.thing": "f9"}
    assert store.update(bot_delay=1.0)  # a change in the app writes the file...
    assert settings.load(path).keymap == {"table.discard": "z", "future.thing": "f9"}  # ...keeps
    for text, reason in [
        ("keymap = 3\n", "keymap must be a table"),
        ('[keymap]\n"table.discard" = 3\n', "each entry is a binding id and its keys"),
        ("[keymap]\n" + "".join(f'"a{n}" = "z"\n' for n in range(201)), "at most 200"),
    ]:
        path.write_text(text)
        with pytest.raises(settings.SettingsError, match=reason):
            settings.load(path)


async def test_a_remapped_key_does_what_the_old_one_did(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('[keymap]\n"table.discard" = "z"\n"table.draw_stock" = "n"\n'
                    '"table.hint" = "nonsense"\n')
    app = make_app("rummy", "Ann,cpu:Bob", seed=2, settings=settings.Store(path))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.screen
        start = table.state
        assert [p.partition(" (")[0] for p in app.keymap_problems] == [
            "table.hint: 'nonsense' is not a key"]
        await pilot.press("s")  # the old key does nothing now
        await settle(pilot)
        assert table.state is start
        await pilot.press("n")
        await settle(pilot)
        drawn = table.state
        assert drawn is not start and len(drawn.hands[0]) == len(start.hands[0]) + 1
        await pilot.press("x")
        await settle(pilot)
        assert table.state is drawn
        await pilot.press("z")
        await settle(pilot)
        assert table.state is not drawn
        assert len(table.state.hands[0]) == len(start.hands[0])
        # back at Ann's draw: the footer's keys are the new ones
        bound = {b.binding.key: b.binding.action for b in app.screen.active_bindings.values()}
        assert bound.get("n") == "draw_stock" and "s" not in bound
        assert bound.get("h") == "hint"  # the bad entry left the default key as it was

async def test_the_reason_is_shown_in_one_line_and_the_picker_opens(tmp_path: Path) -> None:
    from rummy_tui.app.app import RummyApp
    from rummy_tui.app.screens.picker import PickerScreen

    path = tmp_path / "settings.toml"
    path.write_text('[keymap]\n"table.fly" = "z"\n"table.hint" = "q,q,q,q,q"\n'
                    '"picker.statistics" = "t"\n')
    app = RummyApp(settings=settings.Store(path), cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        (shown,) = [n for n in app._notifications if n.title == "Keymap"]
        assert shown.message == ("'table.fly' is not a binding id (rummy-tui's README lists "
                                 "them under Keys) (and 1 more): not used")
        await pilot.press("t")  # the good entry is used
        await pilot.pause()
        assert type(app.screen).__name__ == "StatsScreen"


def test_the_readme_lists_every_id_and_its_example_works() -> None:
    import re
    import tomllib

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Your own keys"):readme.index("## Commands")]
    assert set(re.findall(r"`([a-z_]+\.[a-z_0-9]+)`", section)) == set(keymap.BINDINGS)
    example = re.search(r"```toml\n(.*?)```", section, re.S)
    assert example is not None
    entries = tomllib.loads(example.group(1))["keymap"]
    assert keymap.check(keymap.table(entries)) == (
        {"table.discard": "z", "table.draw_stock": "n,s", "app.quit": "ctrl+w"}, [])


async def test_quit_moves_to_its_new_key_everywhere(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('[keymap]\n"app.quit" = "ctrl+w"\n')
    app = make_app("rummy", "Ann,cpu:Bob", seed=2, settings=settings.Store(path))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")  # Textual's own ctrl+q goes with it
        await pilot.pause()
        assert app.is_running
        await pilot.press("ctrl+w")
        await pilot.pause()
        assert not app.is_running


async def test_the_warning_outlives_the_hand_over(tmp_path: Path) -> None:
    """Issue 30: with two humans the game opens on the pass screen, which took the keymap
    warning down before anyone saw it. It is due until it has been on show its whole time:
    here on the table, after the pass screen, and again after the next hand-over if that
    came first."""
    from rummy_tui.app.dialogs.pass_device import PassDeviceScreen
    from rummy_tui.app.screens.table import TableScreen

    path = tmp_path / "settings.toml"
    path.write_text('[keymap]\n"table.hint" = "nonsense"\n')
    app = make_app("rummy", "Ann,Bob", seed=2, settings=settings.Store(path))

    def keymap_toasts() -> list[str]:
        return [str(n.message) for n in app._notifications if n.title == "Keymap"]

    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassDeviceScreen)
        assert keymap_toasts() == []  # never over the pass screen
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        first = app.screen.viewer
        assert first is not None
        assert keymap_toasts() == ["table.hint: 'nonsense' is not a key (a letter, a digit, "
                                   "a sign such as ?, or a name such as enter, f5, pageup, "
                                   "ctrl+w): not used"]
        await pilot.pause()
        assert list(app.screen.query("Toast"))  # drawn, not only listed
        for key in ("s", "x"):  # Ann's turn ends at once: the warning was cut short
            await pilot.press(key)
            await settle(pilot)
        assert isinstance(app.screen, PassDeviceScreen) and keymap_toasts() == []
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.viewer == 1 - first and len(keymap_toasts()) == 1
        # once it has been on show its whole time, it is not shown again
        app._keymap_until -= app.KEYMAP_TIMEOUT
        app.clear_notifications()
        app.warn_if_unsaved(on_table=True)
        assert keymap_toasts() == [] and app._keymap_warning == ""
