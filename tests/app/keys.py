"""Sending keys quickly: as the terminal driver delivers them, without the pilot's idle
polling (which costs ~50 ms a key and would make a fuzz test of thousands of keys slow)."""

from __future__ import annotations

import asyncio
from typing import Any

from textual import events


async def settled(app: Any, quiet_turns: int = 3, limit: int = 20000) -> None:
    """Until no worker runs (a computer player thinking) and every message pump of the screen
    is idle for a few turns of the event loop."""
    quiet = 0
    for _ in range(limit):
        if any(worker.is_running for worker in app.workers):
            # a computer player thinking in its thread: give it the interpreter
            quiet = 0
            await asyncio.sleep(0.001)
            continue
        await asyncio.sleep(0)
        nodes = [app, app.screen, *app.screen.walk_children()]
        if all(node._message_queue.empty() for node in nodes):
            quiet += 1
            if quiet >= quiet_turns:
                return
        else:
            quiet = 0


async def send_keys(app: Any, keys: list[str]) -> None:
    for key in keys:
        char = key if len(key) == 1 else {"space": " ", "question_mark": "?"}.get(key)
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
    await settled(app)
