"""Playing one table from several machines (issue 28): the wire protocol (protocol.py, pure
pydantic, no network), a hosted table (table.py: the authority, no network), its seats and
invitations (invites.py) and the host's websocket server (host.py: aiohttp, the web extra).

The constants below are here, light, for the command line's ``--help``."""

WS_PATH = "/play"
"""The websocket's path on the host: ``ws://HOST:PORT/play`` (``wss://`` with TLS)."""

DEFAULT_PORT = 8765
"""``rummy-tui host``'s port unless ``--port`` says otherwise."""
