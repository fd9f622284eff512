"""Game night in the browser: the character-sheet app served to every player's browser tab.

``titan-campaign serve`` runs textual-serve: each browser tab gets its own app process on the
same database, so every player levels up their own Titan at the same time. The store's lock
keeps concurrent changes from losing one another; the app's live views show each tab the
others' changes.

Safe by default: it listens on this computer only (127.0.0.1). On any other address a page
is served only with the random token printed at start (as a link and a QR code), so nobody
else on the network can open the campaign. The page hands its websocket a one-use ticket, which
also carries ``?titan=NAME`` to the tab's app; a websocket without a ticket is refused.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import os
import secrets
import shlex
import signal
import socket
import sys
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import segno
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from .tui.settings import SERVED_ENV

TITLE = "Campaign Titan"
WILDCARD_HOSTS = ("0.0.0.0", "::", "")
SHUTDOWN_SECONDS = 15.0
"""How long a stop waits for the tabs' apps to finish what they are saving and close."""
MAX_TICKETS = 100
"""Pages opened whose websocket has not connected yet; the oldest tickets are forgotten."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this computer only: then no token is needed."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _url(host: str, port: int, token: str | None) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def lan_addresses() -> list[str]:
    """This computer's addresses that phones on its network can reach: the one its default
    route leaves from, then those its name resolves to. Nothing is sent to find them."""
    found: list[str] = []
    try:
        # A UDP "connect" only picks the route (no packet leaves); 192.0.2.1 is a reserved
        # documentation address that nothing answers.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found.append(str(probe.getsockname()[0]))
    except OSError:
        pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found.extend(str(info[4][0]) for info in infos)
    unique = dict.fromkeys(a for a in found if not is_loopback(a) and a != "0.0.0.0")
    return list(unique)


@dataclass(frozen=True)
class TabStart:
    """What one browser tab's app opens on."""

    campaign: str | None
    titan: str | None


class TabApp(AppService):
    """One browser tab's app process (told it is served, so it leaves the settings alone)."""

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return {**super()._build_environment(width, height), SERVED_ENV: "1"}

    async def closed(self) -> None:
        """Wait until the app process has ended (its last save is then on disk)."""
        if self._process is not None:
            await self._process.wait()


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
    ) -> None:
        self.db_path = db_path
        self.campaign = campaign
        self.token = token
        super().__init__(self.tab_command(TabStart(campaign, None)), host, port, title=TITLE)
        self._tickets: OrderedDict[str, TabStart] = OrderedDict()
        self._websockets: set[web.WebSocketResponse] = set()

    def tab_command(self, start: TabStart) -> str:
        """The shell command that runs one tab's app on the shared database."""
        words = [sys.executable, "-m", "titan_campaign", f"--db={self.db_path}"]
        if start.campaign:
            words.append(f"--campaign={start.campaign}")
        if start.titan:
            words.append(f"--titan={start.titan}")
        return shlex.join(words)

    # --- the page and its websocket --------------------------------------------------

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.router.add_get("/ws/{ticket}", self.handle_websocket, name="tab")
        return app

    def _has_token(self, request: web.Request) -> bool:
        if self.token is None:
            return True
        given = request.query.get("token", "")
        return hmac.compare_digest(given.encode(), self.token.encode())

    async def handle_index(self, request: web.Request) -> web.Response:
        if not self._has_token(request):
            raise web.HTTPForbidden(
                text="This game night needs its link with the token: scan the QR code or "
                "copy the link that `titan-campaign serve` printed.\n"
            )
        ticket = secrets.token_urlsafe(16)
        titan = request.query.get("titan", "").strip() or None
        campaign = request.query.get("campaign", "").strip() or self.campaign
        self._tickets[ticket] = TabStart(campaign, titan)
        while len(self._tickets) > MAX_TICKETS:
            self._tickets.popitem(last=False)
        base = f"{request.scheme}://{request.host}"
        websocket = "wss" if request.scheme == "https" else "ws"
        context: dict[str, Any] = {
            "font_size": _font_size(request.query.get("fontsize", "")),
            "app_websocket_url": f"{websocket}://{request.host}/ws/{ticket}",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        start = self._tickets.pop(request.match_info.get("ticket", ""), None)
        if start is None:
            raise web.HTTPForbidden(text="Open the game night's page to join.\n")
        websocket = web.WebSocketResponse(heartbeat=15)
        width = _whole(request.query.get("width", ""), 80)
        height = _whole(request.query.get("height", ""), 24)
        await websocket.prepare(request)
        self._websockets.add(websocket)

        async def close() -> None:
            await websocket.close()

        tab = TabApp(
            self.tab_command(start),
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
        )
        try:
            await tab.start(width, height)
            await self._process_messages(websocket, tab)
        finally:
            self._websockets.discard(websocket)
            await tab.stop()
            await tab.closed()
        return websocket

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: :meth:`announce` says where the game night listens once it does."""

    # --- running and stopping ----------------------------------------------------------

    async def run(self) -> None:
        """Serve until ctrl+c (or SIGTERM), then let every tab finish its save and close."""
        app = await self._make_app()
        runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=SHUTDOWN_SECONDS)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            try:
                await site.start()
            except OSError as error:
                reason = os.strerror(error.errno) if error.errno else str(error)
                raise OSError(
                    error.errno,
                    f"cannot listen on {self.host} port {self.port}: {reason.lower()}"
                    " (another program there? choose another --port)",
                ) from None
            self.port = _bound_port(runner, self.port)
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for stop_signal in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(stop_signal, stop.set)
            self.announce()
            await stop.wait()
            print("Stopping: each tab finishes what it is saving...", flush=True)
            await asyncio.gather(
                *(ws.close(code=WSCloseCode.GOING_AWAY) for ws in list(self._websockets)),
                return_exceptions=True,
            )
        finally:
            await runner.cleanup()
        print("Stopped. Every change is in the database.", flush=True)

    def announce(self) -> None:
        """Say where the game night listens, and how players join."""
        print(f"Game night: serving {TITLE} from {self.db_path}", flush=True)
        if self.token is None:
            print(f"  Open {_url(self.host, self.port, None)} in a browser, one tab per player.")
            print("  Only this computer can join: to let phones on your network join, add")
            print("  --host 0.0.0.0 (or this computer's address on the network).")
        else:
            if self.host in WILDCARD_HOSTS:
                hosts = lan_addresses()
                where = "every address of this computer"
            else:
                hosts = [self.host]
                where = self.host
            print(f"  Listening on port {self.port} ({where}). Players join with this link:")
            for host in hosts:
                print(f"    {_url(host, self.port, self.token)}")
            if not hosts:
                print(f"    http://THIS-COMPUTER'S-ADDRESS:{self.port}/?token={self.token}")
            print("  The token keeps out anyone on the network who was not given the link.")
            if hosts:
                print("  Or scan this with a phone's camera:")
                sys.stdout.flush()
                segno.make(_url(hosts[0], self.port, self.token), error="l").terminal(compact=True)
        joiner = "?" if self.token is None else "&"
        print(f"  Add {joiner}titan=NAME to the address to open a Titan's sheet straight away.")
        print("Press ctrl+c to stop.", flush=True)


def _whole(text: str, default: int) -> int:
    try:
        return int(text)
    except ValueError:
        return default


def _font_size(text: str) -> int:
    return min(max(_whole(text, 16), 8), 40)


def _bound_port(runner: web.AppRunner, asked: int) -> int:
    for address in runner.addresses:
        if isinstance(address, tuple) and len(address) >= 2:
            return int(address[1])
    return asked


def serve_game_night(db_path: Path, *, campaign: str | None, host: str, port: int) -> None:
    """Serve the app to browser tabs until ctrl+c; a token unless only this computer listens."""
    token = None if is_loopback(host) else secrets.token_urlsafe(12)
    server = GameNightServer(
        db_path.absolute(), campaign=campaign, host=host, port=port, token=token
    )
    asyncio.run(server.run())
