"""Playing one table from several machines (issue 28): the wire protocol (protocol.py, pure
pydantic, no network), a hosted table (table.py: the authority, no network), its seats and
invitations (invites.py) and the host's websocket server (host.py: aiohttp, the web extra).

The constants below are here, light, for the command line's ``--help`` and the picker's
Resume list."""

from __future__ import annotations

import os
from pathlib import Path

WS_PATH = "/play"
"""The websocket's path on the host: ``ws://HOST:PORT/play`` (``wss://`` with TLS)."""

DEFAULT_PORT = 8765
"""``rummy-tui host``'s port unless ``--port`` says otherwise."""

INVITES_SUFFIX = ".invites"
"""A hosted table's invitations are kept beside its save, in ``<save>.invites``
(invites.py)."""


def invites_path(save_path: os.PathLike[str] | str) -> Path:
    """The invitations file of a save (which may not exist)."""
    path = Path(save_path)
    return path.with_name(path.name + INVITES_SUFFIX)


def is_hosted(save_path: os.PathLike[str] | str) -> bool:
    """The save is a hosted table's (its invitations are beside it): it is hosted again
    (``rummy-tui host --resume``, the picker's Resume list), never opened hot-seat, where the
    remote seats' hands would show to whoever sits at the keyboard."""
    try:
        return invites_path(save_path).is_file()
    except OSError:  # cannot tell: as hosted (it then cannot be read, and says why)
        return True
