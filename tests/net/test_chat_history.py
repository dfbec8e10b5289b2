"""Chat history on (re)join (issue 28): a seat that joins, or comes back after a drop, is sent
the table's last chat lines (``chat_history``, at most CHAT_HISTORY, oldest first), which
replace the lines it had: nothing missed, nothing shown twice. Names and lines stay data:
kept and sent as they were said, shown escaped, never as markup."""

from __future__ import annotations

import aiohttp

from rummy_tui.app.dialogs.chat import ChatDialog
from rummy_tui.app.widgets.net_bar import NetBar
from rummy_tui.core.engine import new_game
from rummy_tui.net.client import ChatRecalled
from rummy_tui.core.state import PlayerSpec
from rummy_tui.net.invites import new_code
from rummy_tui.net.protocol import CHAT_HISTORY, ChatHistory, decode_host
from rummy_tui.net.table import NetTable, Seat

from .helpers import Client, hosting
from .join_support import joined

EVE = "[red]Eve[/red]"


def markup_table() -> NetTable:
    state = new_game("rummy", [PlayerSpec(EVE, "human"), PlayerSpec("Bob", "human"),
                               PlayerSpec("Ravi", "normal")], seed=5)
    return NetTable(state, [Seat(kind="remote", code=new_code()),
                            Seat(kind="remote", code=new_code()), Seat(kind="cpu")])


async def test_a_seat_that_joins_or_rejoins_gets_the_last_lines() -> None:
    table = markup_table()
    eve_code, bob_code = table.seats[0].code or "", table.seats[1].code or ""
    async with hosting(table) as (_, port), aiohttp.ClientSession() as session:
        eve = await Client(session, port).connect()
        await eve.hello(eve_code)
        first = await eve.until("chat_history")
        assert first.lines == []  # nothing said yet: an empty history, still sent
        await eve.send('{"type": "chat", "text": "[b]hi[/b] \\u202e all"}')
        await eve.until("chat")
        table.say("\x1b[2J cleared?")  # the host's console: a control character is escaped
        await eve.until("chat")
        bob = await Client(session, port).connect()
        await bob.hello(bob_code)
        kinds = [(await bob.recv()).type for _ in range(4)]
        assert kinds == ["welcome", "view", "presence", "chat_history"]
        history = decode_host(bob.frames[-1])
        assert isinstance(history, ChatHistory)
        assert [(e.seat, e.name, e.text) for e in history.lines] == [
            (0, EVE, "[b]hi[/b] \u202e all"), (None, "host", "\\x1b[2J cleared?")]
        # the table keeps the last CHAT_HISTORY lines only, oldest first
        for n in range(CHAT_HISTORY + 5):
            table.say(f"line {n}")
        await bob.close()
        again = await Client(session, port).connect()
        await again.hello(bob_code)
        history = await again.until("chat_history")
        assert [e.text for e in history.lines] == [
            f"line {n}" for n in range(5, CHAT_HISTORY + 5)]


async def test_a_rejoined_screen_shows_each_line_once_as_data() -> None:
    async with joined("rummy", ["remote", "remote", "cpu"]) as j:
        j.table.chat(1, "[bold]brb[/bold]")
        await j.until(lambda: len(j.screen.chat_lines) == 1, "the line heard")
        j.relay.refusing = True
        j.relay.cut()  # the connection drops: said meanwhile, the client does not hear it
        await j.until(lambda: j.table.seats[0].link is None, "the host saw the drop")
        j.table.say("while you were away [link=x]")
        j.relay.refusing = False
        await j.until(lambda: j.screen.client.connected and len(j.screen.chat_lines) == 2,
                      "rejoined, with the line said while away", steps=1000)
        assert list(j.screen.chat_lines) == [
            ("Bob", "[bold]brb[/bold]"), ("host", "while you were away [link=x]")]
        net = str(j.screen.query_one(NetBar).render())
        assert "host: while you were away [link=x]" in net
        j.screen._heard(ChatRecalled(()))  # a restarted host has no history: the lines stay
        assert len(j.screen.chat_lines) == 2
        await j.pilot.press("t")
        await j.until(lambda: isinstance(j.app.screen, ChatDialog), "the chat")
        shown = str(j.app.screen.query_one("#chat-lines").render())
        assert shown == "Bob: [bold]brb[/bold]\nhost: while you were away [link=x]"
