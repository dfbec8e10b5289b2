"""Host names for ``rummy-tui serve`` (no third-party import: the command line is checked
before the web extra is imported)."""

from __future__ import annotations

import ipaddress

def is_loopback(host: str) -> bool:
    """Whether a host name or address is this machine only (``localhost``, 127.x, ::1)."""
    name = host.strip().strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def default_public_url(host: str, port: int) -> str:
    """``http://HOST:PORT``, an IPv6 address in brackets."""
    name = host.strip().strip("[]")
    if ":" in name:
        name = f"[{name}]"
    return f"http://{name}:{port}"
