"""The game night's web server: the page, each tab's websocket, starting and stopping.

Each page opened hands its websocket a one-use ticket, which also carries ``?titan=NAME`` to
the tab's app; a websocket without a ticket, from another site's page, or beyond the most tabs
the host allows, is refused. Off this computer the page opens only with the token printed.
"""

from __future__ import annotations

import asyncio
import errno
import hmac
import os
import secrets
import shlex
import signal
import socket
import sys
from collections import OrderedDict
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Final

import aiohttp_jinja2
import platformdirs
from aiohttp import WSCloseCode, WSMsgType, hdrs, web
from textual_serve.server import Server

from ..rules.names import plural
from ..tui import unsaved
from .announce import announce, lan_addresses
from .guard import (
    WILDCARD_HOSTS,
    Guard,
    add_safe_headers,
    content_policy,
    guard_middleware,
    is_loopback,
    listen_host,
)
from .tab import MAX_MESSAGE_BYTES, TabApp, page_message, size_asked

TITLE: Final = "Campaign Titan"
SHUTDOWN_SECONDS: Final = 15.0
"""How long a stop waits for the tabs' apps to finish what they are saving and close."""
MAX_TICKETS: Final = 100
"""Pages opened whose websocket has not connected yet; the oldest tickets are forgotten."""
MAX_TABS: Final = 8
"""Tabs served at once unless the host says (each is an app of about 40 MB)."""
ROOM_WAIT_SECONDS: Final = 2.0
"""How long a page asked while the night is full waits for a tab whose page closed (a reload
closes the old page as it asks for the new one)."""
IDLE_SECONDS: Final = 10.0
"""How long a connection may stay open without asking anything (a half-open one is closed)."""
HEARTBEAT_SECONDS: Final = 15.0
"""A tab's websocket is pinged this often, and closed if the browser stops answering."""
KEPT_FORMS_SECONDS: Final = 2.0
"""How soon the console names a form a tab's app kept unsaved (its Titan went elsewhere)."""
TEMPLATES: Final = Path(__file__).parent / "templates"

STOPPED: Final = "The host stopped the game night. Every change saved here is kept; a form left open was not saved."
"""What a tab is told as the host stops (a WebSocket close reason: at most 123 bytes); a form
open in it was not saved (the host keeps what was typed, and says where)."""


def phone_page(said: str) -> str:
    """A page (HTML) that says one thing, readable on a phone as on a laptop: laid out to the
    screen's width, not shrunk from a desktop's."""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Campaign Titan game night</title></head>\n<body><p>{escape(said)}</p></body></html>\n"
    )


FULL: Final = (
    "This game night is full: {tabs} open, the most it serves at once. Close a tab"
    " nobody uses (or ask the host to start it with a higher --max-tabs), then reload."
)
FULL_REASON: Final = "This game night is full: close a tab nobody uses, then reload."
"""The same, short enough for a websocket's closing reason (at most 123 bytes)."""


@dataclass(frozen=True)
class TabStart:
    """What one browser tab's app opens on."""

    campaign: str | None
    titan: str | None


class GameNightServer(Server):
    """textual-serve's server with a per-tab start Titan and, off this computer, a token."""

    def __init__(
        self,
        db_path: Path,
        *,
        campaign: str | None,
        host: str,
        port: int,
        token: str | None,
        max_tabs: int = MAX_TABS,
    ) -> None:
        self.db_path = db_path
        self.campaign = campaign
        self.token = token
        self.max_tabs = max_tabs
        self.idle_seconds = IDLE_SECONDS
        super().__init__(
            self.tab_command(TabStart(campaign, None)),
            listen_host(host),
            port,
            title=TITLE,
            templates_path=TEMPLATES,
        )
        self.links = self.link_hosts()
        self.guard = Guard.for_addresses(self.host, self.port, self.links)
        self._tickets: OrderedDict[str, TabStart] = OrderedDict()
        self._websockets: set[web.WebSocketResponse] = set()
        self._tabs: set[TabApp] = set()
        self._leaving: set[TabApp] = set()
        """Tabs whose page closed (a reload, a tab closed) while their app still ends: they
        take no place at the table (a reload found the night full of its own old tab)."""
        self._stopping = False  # set on ctrl+c: a tab closed from then on is told the host stopped
        self.error_log = error_log()
        self._told = set(unsaved.waiting_for(db_path))
        """Kept forms named on the console, or kept before this game night began (the app
        opened on this computer names those: no tab of this night closed with them)."""

    def link_hosts(self) -> list[str]:
        """The addresses players are given: every one of this computer's on the network when it
        listens on all of them."""
        return lan_addresses() if self.host in WILDCARD_HOSTS else [self.host]

    def tab_command(self, start: TabStart) -> str:
        """The shell command that runs one tab's app on the shared database (the shell hands
        over to it, so the server's process is the app's own parent)."""
        words = [sys.executable, "-m", "titan_campaign", f"--db={self.db_path}"]
        if start.campaign:
            words.append(f"--campaign={start.campaign}")
        if start.titan:
            words.append(f"--titan={start.titan}")
        return "exec " + shlex.join(words)

    # --- the page and its websocket --------------------------------------------------

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(guard_middleware(lambda: self.guard))
        app.on_response_prepare.append(add_safe_headers)
        app.router.add_get("/ws/{ticket}", self.handle_websocket, name="tab")
        return app

    def _has_token(self, request: web.Request) -> bool:
        if self.token is None:
            return True
        given = request.query.get("token", "")
        return hmac.compare_digest(given.encode(), self.token.encode())

    def full(self) -> bool:
        return len(self._tabs - self._leaving) >= self.max_tabs

    async def room_soon(self) -> bool:
        """Whether a place is free, or frees within ``ROOM_WAIT_SECONDS``: a page reloaded at
        a full night asks again before its old tab's connection is seen closed."""
        for _ in range(int(ROOM_WAIT_SECONDS / 0.05)):
            if not self.full():
                return True
            await asyncio.sleep(0.05)
        return not self.full()

    async def handle_index(self, request: web.Request) -> web.Response:
        if not self._has_token(request):
            wrong = (
                "This link's token is not tonight's: each game night has a new one. "
                if request.query.get("token", "")
                else ""
            )
            raise web.HTTPForbidden(
                text=phone_page(
                    f"{wrong}This game night needs its link with the token: scan the QR code or "
                    "copy the link that titan-campaign serve printed."
                ),
                content_type="text/html",
            )
        if not await self.room_soon():
            full = phone_page(FULL.format(tabs=plural(len(self._tabs - self._leaving), "tab")))
            raise web.HTTPServiceUnavailable(text=full, content_type="text/html")
        titan = request.query.get("titan", "").strip() or None
        campaign = request.query.get("campaign", "").strip() or self.campaign
        if "\0" in f"{titan}{campaign}":  # no name holds one, nor can a tab's app be given it
            raise web.HTTPBadRequest(
                text=phone_page(
                    "No Titan or campaign has the name this address gives: open the link the"
                    " host printed, or the game night's page and pick the Titan there."
                ),
                content_type="text/html",
            )
        ticket = secrets.token_urlsafe(16)
        self._tickets[ticket] = TabStart(campaign, titan)
        while len(self._tickets) > MAX_TICKETS:
            self._tickets.popitem(last=False)
        nonce = secrets.token_urlsafe(16)
        context: dict[str, Any] = {
            "font_size": _font_size(request.query.get("fontsize", "")),
            "app_websocket_url": f"ws://{request.host}/ws/{ticket}",
            "config": {"static": {"url": f"http://{request.host}/static/"}},
            "application": {"name": self.title},
            "nonce": nonce,
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Content-Security-Policy"] = content_policy(nonce)
        response.headers["Cache-Control"] = "no-store"  # a ticket is for one tab
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self.guard.accepts_origin(request.headers.get(hdrs.ORIGIN, "")):
            raise web.HTTPForbidden(text="A tab opens only from the game night's own page.\n")
        start = self._tickets.pop(request.match_info.get("ticket", ""), None)
        if start is None:
            raise web.HTTPForbidden(text="Open the game night's page to join.\n")
        websocket = web.WebSocketResponse(
            heartbeat=HEARTBEAT_SECONDS, max_msg_size=MAX_MESSAGE_BYTES
        )
        width, height = size_asked(request.query.get("width", ""), request.query.get("height", ""))
        await websocket.prepare(request)
        if self.full():
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=FULL_REASON.encode())
            return websocket
        self._websockets.add(websocket)

        async def close() -> None:  # once the tab's app has said all it has to say
            if self._stopping:
                await websocket.close(code=WSCloseCode.GOING_AWAY, message=STOPPED.encode())
            else:
                await websocket.close()

        tab = TabApp(
            f"{self.tab_command(start)} 2>>{shlex.quote(str(self.error_log))}",
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
        )
        self._tabs.add(tab)
        try:
            await tab.start(width, height)
            await self.relay(websocket, tab)
        finally:
            self._websockets.discard(websocket)
            self._leaving.add(tab)
            if await tab.end(SHUTDOWN_SECONDS):
                print(f"A tab's app stopped on an error: its report is in {self.error_log}")
            self._tabs.discard(tab)
            self._leaving.discard(tab)
            self.tell_kept_forms()
        return websocket

    def tell_kept_forms(self) -> None:
        """Name, on the host's console, a form a tab kept (typed, not saved: the tab closed, or
        the form's Titan went elsewhere), once: only the host is told (the next tab may be
        another player's), and the app opened on this computer tells it again."""
        for kept in unsaved.waiting_for(self.db_path):
            if kept not in self._told:
                self._told.add(kept)
                print(
                    f"A form typed in a tab closed unsaved: what was typed is kept in {kept}"
                    f" (in {unsaved.told_path(kept)} once the app on this computer has said so)",
                    flush=True,
                )

    async def tell_kept_forms_meanwhile(self) -> None:
        """Every ``KEPT_FORMS_SECONDS`` while tabs are open, the forms their apps kept are named
        (a form a change elsewhere closed in a tab still open was named only when the player
        closed the tab, maybe hours later)."""
        while True:
            await asyncio.sleep(KEPT_FORMS_SECONDS)
            if self._tabs:
                self.tell_kept_forms()

    async def relay(self, websocket: web.WebSocketResponse, tab: TabApp) -> None:
        """Pass on what the page sends, dropping whatever a page would not send."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            asked = page_message(message.data)
            if asked is not None and (answer := await tab.handle(asked)) is not None:
                await websocket.send_str(answer)

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: :meth:`announce` says where the game night listens once it does."""

    # --- running and stopping ----------------------------------------------------------

    def runner(self, app: web.Application) -> web.AppRunner:
        """The app's runner: a connection that asks nothing for ``idle_seconds`` is closed."""
        return web.AppRunner(
            app,
            handle_signals=False,
            shutdown_timeout=SHUTDOWN_SECONDS,
            keepalive_timeout=self.idle_seconds,
        )

    async def run(self) -> None:
        """Serve until ctrl+c (or SIGTERM), then let every tab finish its save and close."""
        runner = self.runner(await self._make_app())
        await runner.setup()
        try:
            # All addresses (both kinds) when asked for every one: "::" alone leaves out IPv4.
            every = self.host in WILDCARD_HOSTS
            # one port for both kinds, as the printed link has one (port 0 gave each its own)
            port = _free_port() if every and self.port == 0 else self.port
            site = web.TCPSite(runner, None if every else self.host, port)
            try:
                await site.start()
            except OSError as error:
                # a name found nowhere, or an address another computer has (EADDRNOTAVAIL)
                if isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL:
                    raise OSError(
                        f"cannot listen on {self.host}: {self.host} is no address of this"
                        " computer (leave out --host for this computer only, or give --host"
                        " 0.0.0.0)"
                    ) from None
                reason = os.strerror(error.errno) if error.errno else str(error)
                raise OSError(
                    error.errno,
                    f"cannot listen on {self.host} port {self.port}: {reason.lower()}"
                    " (another program there? choose another --port)",
                ) from None
            self.port = _bound_port(runner, self.port)
            self.guard = Guard.for_addresses(self.host, self.port, self.links)
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for stop_signal in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(stop_signal, self._stop, stop)
            self.announce()
            telling = asyncio.create_task(self.tell_kept_forms_meanwhile())
            await stop.wait()
            telling.cancel()
            print("Stopping: each tab finishes what it is saving...", flush=True)
            # Each tab's app first finishes and ends; only then is its tab told the host stopped
            # (``close``, after the app's last screen has gone out), so the message is true and
            # is the last thing the tab receives.
            await asyncio.gather(
                *(tab.end(SHUTDOWN_SECONDS) for tab in list(self._tabs)), return_exceptions=True
            )
            await asyncio.gather(  # a tab whose app never started
                *(
                    ws.close(code=WSCloseCode.GOING_AWAY, message=STOPPED.encode())
                    for ws in list(self._websockets)
                ),
                return_exceptions=True,
            )
        finally:
            await runner.cleanup()
        print("Stopped. Every change is in the database.", flush=True)

    def _stop(self, stop: asyncio.Event) -> None:
        """ctrl+c (or SIGTERM): from now on every tab that closes is told the host stopped,
        even one whose app ends by itself first (ctrl+c in a terminal reaches the apps too)."""
        self._stopping = True
        stop.set()

    def announce(self) -> None:
        """Say where the game night listens, and how players join."""
        announce(self.db_path, self.host, self.port, self.token, self.links, TITLE)


def error_log() -> Path:
    """Where a tab's app writes what it says on its error output (a report of a crash can
    hold campaign data: it goes to the host's log folder, not to the console everyone sees)."""
    folder = Path(platformdirs.user_log_dir("titan-campaign", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return Path(os.devnull)
    return folder / "game-night.log"


def _font_size(text: str) -> int:
    try:
        return min(max(int(text), 8), 40)
    except ValueError:
        return 16


def _free_port() -> int:
    """A port no program listens on (on IPv4, where most phones are)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("", 0))
        return int(probe.getsockname()[1])


def _bound_port(runner: web.AppRunner, asked: int) -> int:
    for address in runner.addresses:
        if isinstance(address, tuple) and len(address) >= 2:
            return int(address[1])
    return asked


def serve_game_night(
    db_path: Path, *, campaign: str | None, host: str, port: int, max_tabs: int = MAX_TABS
) -> None:
    """Serve the app to browser tabs until ctrl+c; a token unless only this computer listens."""
    token = None if is_loopback(listen_host(host)) else secrets.token_urlsafe(12)
    server = GameNightServer(
        db_path.absolute(),
        campaign=campaign,
        host=host,
        port=port,
        token=token,
        max_tabs=max_tabs,
    )
    asyncio.run(server.run())
