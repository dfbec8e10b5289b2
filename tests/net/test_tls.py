"""TLS: a host with --certfile/--keyfile speaks wss:// (a test certificate, tests/net/tls/)."""

from __future__ import annotations

import ssl
from pathlib import Path

import aiohttp
import pytest

from rummy_tui.cli import main
from rummy_tui.net.host import Host, Limits, tls_context
from rummy_tui.net.protocol import WS_PATH, Hello, decode_host, encode

from .helpers import make_table

TLS = Path(__file__).parent / "tls"


async def test_a_tls_host_serves_wss_and_refuses_plain_websockets() -> None:
    table = make_table("rummy", ["remote", "remote"], seed=1)
    host = Host([table], Limits())
    port = await host.start("127.0.0.1", 0, tls_context(str(TLS / "cert.pem"), str(TLS / "key.pem")))
    try:
        trust = ssl.create_default_context(cafile=str(TLS / "cert.pem"))
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(f"https://127.0.0.1:{port}{WS_PATH}", ssl=trust) as ws:
                await ws.send_str(encode(Hello(type="hello", v=1, code=table.seats[0].code or "")))
                assert decode_host((await ws.receive()).data).type == "welcome"
            with pytest.raises(aiohttp.ClientError):
                await session.ws_connect(f"http://127.0.0.1:{port}{WS_PATH}")
    finally:
        await host.stop()


def test_bad_tls_files_are_one_line_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "cert.pem").write_text("not a certificate")
    assert main(["host", "--variant", "rummy", "--seats", "remote:A,remote:B",
                 "--certfile", str(tmp_path / "cert.pem"), "--keyfile", str(TLS / "key.pem"),
                 "--saves-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot use --certfile/--keyfile") and err.count("\n") == 1
