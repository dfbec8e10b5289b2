"""The web server behind ``rummy-tui serve``: textual-serve, with one private game per visitor.

textual-serve starts one process of the app for every browser connection (its ``AppService``
runs the command through the shell, with the connection's terminal size in the environment).
This subclass of its ``Server`` changes three things:

- **Visitors.** The page (``/``) gives each browser a random token in a cookie
  (``rummy_tui_visitor``, 30 days) and puts the same token in the page's websocket address,
  ``/ws/<token>``. Each connection runs ``python -m rummy_tui --saves-dir <folder>`` where the
  folder, ``<saves>/web-visitors/<sha256 of the token>``, belongs to that visitor alone: the
  Resume list shows only their games, and a reload (same cookie) finds them again. A new game
  gets a fresh random seed in every process (``core.engine.new_game``), unless the visitor
  types one on the setup screen.
- **A self-contained page.** Our own template (``index.html``) and font (``fonts/``); only
  textual-serve's ``textual.js`` and ``xterm.css`` are taken from its package. Nothing is
  fetched from another machine.
- **Where requests may come from.** Bound to loopback, the server answers only requests
  addressed to a loopback name (or to ``--public-url``'s host), which stops a web page
  elsewhere from reaching it through DNS rebinding; a websocket must come from a page of this
  server (its ``Origin``).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
import shlex
import signal
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from .hosts import default_public_url, is_loopback

log = logging.getLogger("rummy-tui.serve")

WEB_DIR = Path(__file__).resolve().parent
FONTS_DIR = WEB_DIR / "fonts"
TEXTUAL_STATIC = Path(textual_serve.__file__).resolve().parent / "static"
TITLE = "rummy-tui"
VISITOR_COOKIE = "rummy_tui_visitor"
VISITOR_COOKIE_DAYS = 30
VISITORS_FOLDER = "web-visitors"
_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")  # secrets.token_urlsafe(24)


def new_visitor_token() -> str:
    return secrets.token_urlsafe(24)


def visitor_folder(saves_root: Path, token: str) -> Path:
    """The visitor's own saves folder. The token is hashed: the folder name on disk does not
    give away the cookie that opens it."""
    return saves_root / VISITORS_FOLDER / hashlib.sha256(token.encode()).hexdigest()[:32]


def app_command(saves_dir: Path | str, app_args: Sequence[str] = ()) -> str:
    """The shell command textual-serve runs for one visitor: this Python, not whatever
    ``rummy-tui`` is on PATH, every word quoted; ``exec`` so that no shell stays in between."""
    words = [sys.executable, "-m", "rummy_tui", *app_args, "--saves-dir", str(saves_dir)]
    return "exec " + shlex.join(words)


class RummyServer(Server):
    """textual-serve's server, with one private game per visitor (see the module's doc)."""

    def __init__(
        self,
        *,
        saves_root: Path,
        host: str = "127.0.0.1",
        port: int = 8000,
        public_url: str | None = None,
        app_args: Sequence[str] = (),
    ) -> None:
        self.saves_root = saves_root
        self.app_args = list(app_args)
        public_url = (public_url or default_public_url(host, port)).rstrip("/")
        super().__init__(
            app_command("<visitor folder>", self.app_args),
            host=host,
            port=port,
            title=TITLE,
            public_url=public_url,
            statics_path=TEXTUAL_STATIC,
            templates_path=WEB_DIR,
        )
        self._sockets: set[web.WebSocketResponse] = set()
        """The open game connections, closed when the server stops."""
        self.allowed_hosts: set[str] | None = None
        """Host names this server answers to; None: any (bound to a non-loopback host)."""
        if is_loopback(host):
            self.allowed_hosts = {"localhost", "127.0.0.1", "::1"}
            public_host = urlsplit(public_url).hostname
            if public_host:
                self.allowed_hosts.add(public_host.lower())

    # --- the aiohttp application ------------------------------------------------------
    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._check_host])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(WEB_DIR), autoescape=True)
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws/{visitor}", self.handle_websocket, name="websocket"),
            web.static("/static", TEXTUAL_STATIC, name="static"),
            web.static("/fonts", FONTS_DIR, name="fonts"),
        ])
        app.on_shutdown.append(self.on_shutdown)
        return app

    def serve(self, debug: bool = False) -> None:
        """Serve until ctrl+c or SIGTERM. Unlike textual-serve's own ``serve``, the banner is
        printed once the port is bound (a port in use is an error, not a banner then an
        error), and a ctrl+c during start-up stops it too (KeyboardInterrupt)."""
        self.debug = debug
        self.initialize_logging()
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        runner = web.AppRunner(await self._make_app(), handle_signals=False)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                try:
                    loop.add_signal_handler(signum, stop.set)
                except (NotImplementedError, RuntimeError):  # not on this platform
                    pass
            print(f"{TITLE}: serving on {self.public_url} (open it in a browser; ctrl+c stops "
                  f"the server)", flush=True)
            print(f"{TITLE}: each visitor's games are saved under "
                  f"{self.saves_root / VISITORS_FOLDER}", flush=True)
            await stop.wait()
        finally:
            await runner.cleanup()  # on_shutdown closes the game connections first

    @web.middleware
    async def _check_host(
        self, request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        if self.allowed_hosts is not None:
            host = (urlsplit(f"//{request.host}").hostname or "").lower()
            if host not in self.allowed_hosts and not is_loopback(host):
                raise web.HTTPForbidden(text=f"{TITLE}: this server answers on loopback only")
        return await handler(request)

    def initialize_logging(self) -> None:
        super().initialize_logging()
        # One line per request is noise for players; problems are still logged.
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    async def on_shutdown(self, app: web.Application) -> None:
        """ctrl+c: close every game connection, which ends its game process (its game is
        saved after every move). Without this, aiohttp waits for the connections to end by
        themselves, and a process whose server is killed is left behind."""
        for websocket in list(self._sockets):
            await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"server stopped")

    # --- the page -----------------------------------------------------------------------
    async def handle_index(self, request: web.Request) -> web.Response:  # type: ignore[override]
        token = request.cookies.get(VISITOR_COOKIE, "")
        if not _TOKEN.fullmatch(token):
            token = new_visitor_token()
        base = self.public_url
        scheme, _, rest = base.partition(":")
        context: dict[str, Any] = {
            "title": TITLE,
            "font_size": max(6, min(48, to_int(request.query.get("fontsize", "16"), 16))),
            "textual_static": f"{base}/static/",
            "fonts": f"{base}/fonts/",
            "websocket_url": f"{'wss' if scheme == 'https' else 'ws'}:{rest}/ws/{token}",
        }
        response = aiohttp_jinja2.render_template("index.html", request, context)
        response.set_cookie(
            VISITOR_COOKIE, token, max_age=VISITOR_COOKIE_DAYS * 24 * 3600, path="/",
            httponly=True, samesite="Lax", secure=scheme == "https",
        )
        response.headers["Cache-Control"] = "no-store"
        return response

    # --- one game process per connection ----------------------------------------------
    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        token = request.match_info["visitor"]
        if not _TOKEN.fullmatch(token):
            raise web.HTTPNotFound(text="no such visitor")
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc.lower() not in {
            request.host.lower(), urlsplit(self.public_url).netloc.lower(),
        }:
            raise web.HTTPForbidden(text=f"{TITLE}: a websocket from another site")
        folder = visitor_folder(self.saves_root, token)
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            log.error("cannot make the visitor's saves folder %s: %s", folder, exc)
            raise web.HTTPInternalServerError(text=f"cannot make a saves folder: {exc}") from None

        # From here on as textual-serve's own handler, with this visitor's command.
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        app_service: AppService | None = None
        try:
            await websocket.prepare(request)
            self._sockets.add(websocket)
            app_service = AppService(
                app_command(folder, self.app_args),
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await app_service.start(width, height)
            try:
                await self._process_messages(websocket, app_service)
            finally:
                await app_service.stop()
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # a broken connection must not stop the server
            log.exception(error)
        finally:
            self._sockets.discard(websocket)
            if app_service is not None:
                await app_service.stop()
                await _reap(app_service)
        return websocket


async def _reap(app_service: AppService, grace: float = 5.0) -> None:
    """Wait for the game process to end after textual-serve asked it to quit; kill it if it
    does not, so that no game outlives its connection (textual-serve keeps the process in a
    private attribute)."""
    process = getattr(app_service, "_process", None)
    if process is None or process.returncode is not None:
        return
    try:
        await asyncio.wait_for(process.wait(), grace)
    except asyncio.TimeoutError:
        log.warning("a game process did not quit: killed")
        process.kill()
        await process.wait()

