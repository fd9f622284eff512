"""One browser tab's app: the process it runs, and the messages its page may send it.

The page sends keys (``stdin``), its size (``resize``), ``ping``, ``focus`` and ``blur``.
Anything else, or any of these with figures that cannot be (a size in words, a negative one),
is dropped before it reaches the app: a page cannot crash its tab or fill the host's console.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Final

from textual_serve.app_service import AppService

from ..tui.settings import SERVED_ENV

TAB_DRIVER: Final = "titan_campaign.tui.web_driver:TabDriver"
"""The app's driver in a tab: textual's web driver, which also ends the app if its server is
gone (its input closes), so no app outlives the game night."""

MAX_MESSAGE_BYTES: Final = 64 * 1024
"""The most one message from a page may carry: far more than a player types or pastes into a
form, far less than what would keep an app busy long after its tab closed."""
MAX_COLUMNS: Final = 500
MAX_ROWS: Final = 200
MAX_PING: Final = 64


@dataclass(frozen=True)
class Keys:
    text: str


@dataclass(frozen=True)
class Resize:
    columns: int
    rows: int


@dataclass(frozen=True)
class Ping:
    token: str


@dataclass(frozen=True)
class Focus:
    focused: bool


PageMessage = Keys | Resize | Ping | Focus


def _count(value: object, most: int) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= most:
        return value
    return None


def page_message(text: str) -> PageMessage | None:
    """What a page asked, or None for a message that is not one a page sends."""
    try:
        envelope = json.loads(text)
    except ValueError:
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, data = envelope[0], (envelope[1] if len(envelope) > 1 else None)
    if kind == "stdin" and isinstance(data, str):
        return Keys(data)
    if kind == "resize" and isinstance(data, dict):
        columns = _count(data.get("width"), MAX_COLUMNS)
        rows = _count(data.get("height"), MAX_ROWS)
        return Resize(columns, rows) if columns and rows else None
    if kind == "ping" and isinstance(data, str) and len(data) <= MAX_PING:
        return Ping(data)
    if kind in ("focus", "blur"):
        return Focus(kind == "focus")
    return None


def size_asked(width: str, height: str) -> tuple[int, int]:
    """The terminal size a websocket asks for in its address (80x24 if it makes no sense)."""
    try:
        columns, rows = _count(int(width), MAX_COLUMNS), _count(int(height), MAX_ROWS)
    except ValueError:
        return 80, 24
    return (columns, rows) if columns and rows else (80, 24)


class TabApp(AppService):
    """One browser tab's app process (told it is served, so it leaves the settings alone)."""

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return {
            **super()._build_environment(width, height),
            SERVED_ENV: "1",
            "TEXTUAL_DRIVER": TAB_DRIVER,
        }

    async def run(self) -> None:
        """Relay the app's output until it ends; then close its tab, even if the app ended
        without saying so (it failed, or was ended)."""
        await super().run()
        await self.remote_close()

    async def on_meta(self, data: bytes) -> None:
        """The app's word to its server; its "exit" does not close the tab yet: ``run`` does,
        once the app's output has ended, so nothing it sends can follow the closing message."""
        found = json.loads(data)
        if not (isinstance(found, dict) and found.get("type") == "exit"):
            await super().on_meta(data)

    async def handle(self, message: PageMessage) -> str | None:
        """Pass a page's message on to the app; the answer to send back, if any."""
        match message:
            case Keys(text):
                await self.send_bytes(text.encode("utf-8"))
            case Resize(columns, rows):
                await self.set_terminal_size(columns, rows)
            case Ping(token):
                return json.dumps(["pong", token])
            case Focus(focused):
                await (self.focus() if focused else self.blur())
        return None

    _ending: asyncio.Lock | None = None
    _ended: bool | None = None

    async def end(self, seconds: float) -> bool:
        """Ask the app to quit, and end it if it has not within ``seconds``; wait until it has
        (its last save is then on disk: the store writes whole files, so an app ended half-way
        leaves the file as it was). Whether the app stopped on an error of its own. Asked
        again meanwhile (the server stopping while the tab closes), it waits for that end and
        says the same: textual-serve's ``stop`` run twice at once failed on the second."""
        if self._ending is None:
            self._ending = asyncio.Lock()
        async with self._ending:
            if self._ended is None:
                self._ended = await self._end(seconds)
            return self._ended

    async def _end(self, seconds: float) -> bool:
        try:
            await asyncio.wait_for(self.stop(), seconds)
        except TimeoutError:
            if self._process is not None and self._process.returncode is None:
                self._process.kill()
        if self._process is None:
            return False
        return await self._process.wait() > 0
