"""Playing one table from several machines (issue 28): the wire protocol (protocol.py, pure
pydantic, no network) and the host (host.py, an aiohttp websocket server, the web extra)."""
