"""The web server behind ``rummy-tui serve``: textual-serve, with one private game per visitor.

textual-serve starts one process of the app for every browser connection (its ``AppService``
runs the command through the shell, with the connection's terminal size in the environment).
This subclass of its ``Server`` changes these things:

- **Visitors.** The page (``/``) gives each browser a random token in a cookie
  (``rummy_tui_visitor``, 30 days) and puts the same token in the page's websocket address,
  ``/ws/<token>``. Each connection runs ``python -P -m rummy_tui --saves-dir <folder>`` where the
  folder, ``<saves>/web-visitors/<sha256 of the token>``, belongs to that visitor alone: the
  Resume list shows only their games, and a reload (same cookie) finds them again. A new game
  gets a fresh random seed in every process (``core.engine.new_game``), unless the visitor
  types one on the setup screen.
- **One visitor, one world.** The process's settings (``settings.toml``) and statistics
  (``stats.json``, the "Known players") are the visitor's own too, in ``config/`` and
  ``data/`` under their folder (``$RUMMY_TUI_CONFIG_DIR`` and ``$RUMMY_TUI_DATA_DIR``, which
  ``saves_location`` honours); the XDG folders point there as well, so that nothing a game
  writes through platformdirs (a crash log) lands in the server owner's home.
- **Limits** (``limits.py``). At most ``max_games`` game processes at once, and
  ``max_games_per_client`` from one client address; past either, the page and the websocket
  answer with a short page (``busy.html``) and 429 (this address has enough) or 503 (the
  server is full). A slot is given back only once its process has ended; games run under
  ``nice``. A terminal is 20 to 500 columns and 10 to 200 rows, whatever the query string or
  a ``resize`` message asks; a websocket message is at most 64 KiB, and one that is not
  textual.js's ``[kind, data]`` closes the connection. A client's malformed request is one
  line in the log, never a traceback.
- **Joining a hosted table** (``serve --join HOST:PORT``, issue 28). The invitation's
  address, ``/?code=CODE``, opens that seat: the code (checked: letters, digits, ``-``,
  ``_``) becomes a part of the websocket's path, and the visitor's process runs
  ``rummy-tui join HOST:PORT CODE`` with the same folders and caps as any visitor. A page
  without a good code is a 400; nothing else can be played from such a server.
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
import shutil
import signal
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ..saves_location import CONFIG_ENV, DATA_ENV, SAVES_ENV

from .hosts import default_public_url, is_loopback
from .limits import (
    DEFAULT_MAX_GAMES, DEFAULT_MAX_GAMES_PER_CLIENT, GAME_NICENESS, MAX_MESSAGE_BYTES,
    RETRY_AFTER_SECONDS, GameSlots, Refusal, client_key, font_size, message_size,
    parse_envelope, query_size,
)

log = logging.getLogger("rummy-tui.serve")

WEB_DIR = Path(__file__).resolve().parent
FONTS_DIR = WEB_DIR / "fonts"
TEXTUAL_STATIC = Path(textual_serve.__file__).resolve().parent / "static"
TITLE = "rummy-tui"
VISITOR_COOKIE = "rummy_tui_visitor"
VISITOR_COOKIE_DAYS = 30
VISITORS_FOLDER = "web-visitors"
_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")  # secrets.token_urlsafe(24)
_CODE = re.compile(r"[A-Za-z0-9_-]{16,64}")  # an invitation code (net/protocol.py)
REFUSALS_LOG_SECONDS = 10.0
"""Refused games are logged in one line at most this often (a flood is not a log flood)."""
def new_visitor_token() -> str:
    return secrets.token_urlsafe(24)


def visitor_folder(saves_root: Path, token: str) -> Path:
    """The visitor's own saves folder. The token is hashed: the folder name on disk does not
    give away the cookie that opens it."""
    return saves_root / VISITORS_FOLDER / hashlib.sha256(token.encode()).hexdigest()[:32]


def visitor_environment(folder: Path) -> dict[str, str]:
    """What a visitor's game process finds in its environment instead of the server owner's
    folders: its settings in ``FOLDER/config``, its statistics in ``FOLDER/data``
    (rummy_tui/saves_location.py), and the XDG folders beside them for anything found through
    platformdirs (Linux). The folders are made when something is first written there."""
    return {
        CONFIG_ENV: str(folder / "config"),
        DATA_ENV: str(folder / "data"),
        "XDG_CONFIG_HOME": str(folder / "config"),
        "XDG_DATA_HOME": str(folder / "data"),
        "XDG_STATE_HOME": str(folder / "state"),
        "XDG_CACHE_HOME": str(folder / "cache"),
    }


class VisitorAppService(AppService):
    """textual-serve's app process, with the visitor's own folders in its environment (see
    :func:`visitor_environment`) and none of the owner's ``$RUMMY_TUI_SAVES``."""

    def __init__(self, command: str, *, folder: Path, **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self.folder = folder

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width=width, height=height)
        environment.pop(SAVES_ENV, None)
        environment.update(visitor_environment(self.folder))
        return environment


def app_command(saves_dir: Path | str, app_args: Sequence[str] = (),
                join: tuple[str, str] | None = None, niceness: int | None = None) -> str:
    """The shell command textual-serve runs for one visitor: this Python, not whatever
    ``rummy-tui`` is on PATH, every word quoted; ``exec`` so that no shell stays in between;
    under ``nice -n NICENESS`` (None: :data:`GAME_NICENESS`) where there is one. ``join``:
    (HOST:PORT, code), the visitor takes that seat (``rummy-tui join``; the code checked
    before it gets here)."""
    # -P: this host's rummy_tui, never a checkout that happens to be the working folder
    words = [sys.executable, "-P", "-m", "rummy_tui", *app_args, "--saves-dir", str(saves_dir)]
    if join is not None:  # "--": a code may start with "-" (one a save made before new_code)
        words += ["join", "--", *join]
    nice = shutil.which("nice")
    if nice:
        words = [nice, "-n", str(GAME_NICENESS if niceness is None else niceness), *words]
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
        max_games: int = DEFAULT_MAX_GAMES,
        max_games_per_client: int = DEFAULT_MAX_GAMES_PER_CLIENT,
        join: str | None = None,
        niceness: int | None = None,
    ) -> None:
        self.saves_root = saves_root
        self.niceness = GAME_NICENESS if niceness is None else niceness
        """The games' niceness (``serve`` passes ``limits.game_niceness()``)."""
        self.join = join
        """``serve --join HOST:PORT``: every visitor takes the seat of the invitation code
        in the page's address (``/?code=CODE``) at that host, and plays nothing else."""
        self.app_args = list(app_args)
        self.slots = GameSlots(max_games, max_games_per_client)
        """The games running, and the caps on them."""
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
        self._refused = 0
        """Games refused since the last line about them in the log."""
        self._refusals_logged_at = -REFUSALS_LOG_SECONDS
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
            web.get("/ws/{visitor}/{code}", self.handle_websocket, name="join-websocket"),
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
            if self.join is not None:
                print(f"{TITLE}: serving the seats of the table at {self.join}: open an "
                      f"invitation's address, {self.public_url}/?code=CODE (ctrl+c stops "
                      f"the server)", flush=True)
            else:
                print(f"{TITLE}: serving on {self.public_url} (open it in a browser; ctrl+c "
                      f"stops the server)", flush=True)
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
            host = _url_part(f"//{request.host}", "hostname")
            if host not in self.allowed_hosts and not is_loopback(host):
                raise web.HTTPForbidden(text=f"{TITLE}: this server answers on loopback only")
        return await handler(request)

    def initialize_logging(self) -> None:
        """Plain lines on stderr. Not textual-serve's Rich tracebacks with their local
        variables: they would print a visitor's token (the key to their games), and a page
        of them for every malformed request a client sends (one line each here)."""
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(f"{TITLE}: %(levelname)s %(message)s"))
        handler.addFilter(_one_line_for_bad_requests)
        logging.basicConfig(level=logging.DEBUG if self.debug else logging.INFO,
                            handlers=[handler], force=True)
        # One line per request is noise for players; problems are still logged.
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    async def on_shutdown(self, app: web.Application) -> None:
        """ctrl+c: close every game connection, which ends its game process (its game is
        saved after every move). Without this, aiohttp waits for the connections to end by
        themselves, and a process whose server is killed is left behind."""
        for websocket in list(self._sockets):
            await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"server stopped")

    # --- the page -----------------------------------------------------------------------
    async def handle_index(self, request: web.Request) -> web.Response:
        refusal = self.slots.refusal(client_address(request))
        if refusal is not None:  # the websocket would be refused: say so, in words
            return self.refusal_page(request, refusal)
        seat = ""
        if self.join is not None:  # the invitation's code: checked, then a path part
            seat = "/" + request.query.get("code", "")
            if not _CODE.fullmatch(seat[1:]):
                raise web.HTTPBadRequest(text=f"{TITLE}: open the invitation's address whole "
                                              "(it ends with ?code=...)")
        token = request.cookies.get(VISITOR_COOKIE, "")
        if not _TOKEN.fullmatch(token):
            token = new_visitor_token()
        base = self.public_url
        scheme, _, rest = base.partition(":")
        context: dict[str, Any] = {
            "title": TITLE,
            "font_size": font_size(request.query),
            "textual_static": f"{base}/static/",
            "fonts": f"{base}/fonts/",
            "websocket_url": f"{'wss' if scheme == 'https' else 'ws'}:{rest}/ws/{token}{seat}",
            "ended": ENDED_AT_THE_TABLE if self.join is not None else ENDED,
        }
        response = aiohttp_jinja2.render_template("index.html", request, context)
        response.set_cookie(
            VISITOR_COOKIE, token, max_age=VISITOR_COOKIE_DAYS * 24 * 3600, path="/",
            httponly=True, samesite="Lax", secure=scheme == "https",
        )
        response.headers["Cache-Control"] = "no-store"
        return response

    def refusal_page(self, request: web.Request, refusal: Refusal) -> web.Response:
        """The page a visitor gets when a cap is reached: 503 or 429, and Retry-After."""
        response = aiohttp_jinja2.render_template(
            "busy.html", request,
            {"title": TITLE, "headline": refusal.headline, "detail": refusal.detail,
             "retry": RETRY_AFTER_SECONDS},
            status=refusal.status)
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
        response.headers["Cache-Control"] = "no-store"
        return response

    # --- one game process per connection ----------------------------------------------
    async def handle_websocket(  # type: ignore[override]  # or a refusal page
        self, request: web.Request,
    ) -> web.StreamResponse:
        token = request.match_info["visitor"]
        code = request.match_info.get("code")
        if not _TOKEN.fullmatch(token) or (code is None) != (self.join is None) or (
                code is not None and not _CODE.fullmatch(code)):
            raise web.HTTPNotFound(text="no such visitor")
        origin = request.headers.get("Origin")
        if origin is not None and _url_part(origin, "netloc") not in {
            request.host.lower(), urlsplit(self.public_url).netloc.lower(),
        }:
            raise web.HTTPForbidden(text=f"{TITLE}: a websocket from another site")
        if not web.WebSocketResponse().can_prepare(request).ok:
            raise web.HTTPBadRequest(text=f"{TITLE}: this address is the game's websocket")
        client = client_address(request)
        refusal = self.slots.take(client)
        if refusal is not None:
            self._log_refusal(client, refusal)
            return self.refusal_page(request, refusal)
        try:
            return await self._play(request, token, code)
        finally:  # only once the game process has ended (_play reaps it)
            self.slots.give_back(client)

    def _log_refusal(self, client: str, refusal: Refusal) -> None:
        self._refused += 1
        now = asyncio.get_running_loop().time()
        if now - self._refusals_logged_at >= REFUSALS_LOG_SECONDS:
            log.warning("refused %d game(s) in the last %.0f s (the last one to %s: %s)",
                        self._refused, REFUSALS_LOG_SECONDS, client, refusal.headline.lower())
            self._refused = 0
            self._refusals_logged_at = now

    async def _play(self, request: web.Request, token: str,
                    code: str | None = None) -> web.StreamResponse:
        folder = visitor_folder(self.saves_root, token)
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            log.error("cannot make the visitor's saves folder %s: %s", folder, exc)
            raise web.HTTPInternalServerError(text="cannot make a saves folder") from None

        # From here on as textual-serve's own handler, with this visitor's command, folders
        # and bounds.
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE_BYTES)
        width, height = query_size(request.query)
        app_service: AppService | None = None
        try:
            await websocket.prepare(request)
            self._sockets.add(websocket)
            app_service = VisitorAppService(
                app_command(folder, self.app_args,
                            None if self.join is None or code is None else (self.join, code),
                            self.niceness),
                folder=folder,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await app_service.start(width, height)
            watch = asyncio.ensure_future(_close_when_the_game_ends(app_service, websocket))
            try:
                await self._process_messages(websocket, app_service)
            finally:
                watch.cancel()
                await _stop(app_service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # a broken connection must not stop the server
            log.exception(error)
        finally:
            self._sockets.discard(websocket)
            if app_service is not None:
                await _stop(app_service)
                await _reap(app_service)
        return websocket

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """textual-serve's loop over the browser's messages, with every message checked: a
        size is brought into bounds, and a message that is not ``[kind, data]`` of the
        right types closes the connection (1003) instead of raising in the loop."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            envelope = parse_envelope(message.data)
            kind, data = envelope if envelope is not None else ("", None)
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and (size := message_size(data)) is not None:
                await app_service.set_terminal_size(*size)
            elif kind == "ping" and isinstance(data, str | int | float):
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()
            else:
                log.warning("a malformed websocket message: connection closed")
                await websocket.close(code=WSCloseCode.UNSUPPORTED_DATA,
                                      message=b"not a textual-serve message")
                return


def _url_part(url: str, part: str) -> str:
    """``urlsplit(url).<part>``, lower case; "" for what a client sent that is not a URL
    (``[::1`` makes urlsplit raise)."""
    try:
        return str(getattr(urlsplit(url), part) or "").lower()
    except ValueError:
        return ""


def _one_line_for_bad_requests(record: logging.LogRecord) -> bool:
    """A request that is not HTTP, or not a websocket where one is needed, is the client's
    error, not the server's: one line with the reason (escaped, cut short), no traceback."""
    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, HttpProcessingError | web.HTTPException | ConnectionError):
        reason = repr(" ".join(str(error).split()))[1:-1]  # control characters escaped
        message = record.getMessage()
        record.msg = "%s: %s"
        record.args = (message, reason[:120])
        record.exc_info = None
        record.exc_text = None
    return True


ENDED = ("This session has ended. Games are saved after every move: start again and pick "
         "yours from the Resume list.")
"""The page's word when the connection closes (a visitor's own games: the Resume list)."""
ENDED_AT_THE_TABLE = ("This session has ended. The table's host keeps the game: start again "
                      "to take your seat again.")
"""The same on a join server, whose visitors play a seat at the host's table (no Resume list)."""


def client_address(request: web.Request) -> str:
    """The client a request comes from, as the caps count them (:func:`client_key` of the
    peer's address: headers such as X-Forwarded-For can be made up by anyone, so they are
    not read)."""
    return client_key(request.remote or "")


async def _close_when_the_game_ends(app_service: AppService,
                                    websocket: web.WebSocketResponse) -> None:
    """Close the visitor's connection once the game's output has ended. textual-serve closes
    it only when the game says "exit"; a process that ends otherwise (a ``join`` that could
    not reach its host, a crash) would leave the visitor before a blank page, and its slot
    taken, until they close the tab. Closed, the page says the session has ended and offers
    to start again. (The process's error lines are in the server's log.)"""
    output = getattr(app_service, "_task", None)  # textual-serve's reader of the output
    if output is None:
        return
    await asyncio.wait([output])  # not ``await output``: cancelling this must not cancel it
    if not websocket.closed:
        await websocket.close(code=WSCloseCode.OK, message=b"the game ended")


async def _stop(app_service: AppService, grace: float = 5.0) -> None:
    """textual-serve's ``stop`` (ask the game to quit, wait until its output ends), for at
    most ``grace`` seconds: it waits without a limit, and a game that never ends would keep
    its slot for ever. :func:`_reap` then kills a process that is still there."""
    try:
        await asyncio.wait_for(app_service.stop(), grace)
    except asyncio.TimeoutError:
        log.warning("a game process did not answer quit in %.0f s", grace)


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

