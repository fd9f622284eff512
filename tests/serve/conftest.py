"""Game night fixtures: a campaign file, ``titan-campaign serve`` on a free local port, and
browser tabs (Playwright driving the system's Chromium) whose screens the tests can read.

A tab's screen is a canvas, so each tab keeps a terminal emulator (pyte) fed with the bytes its
websocket receives: the tests read the same characters the player sees.
"""

from __future__ import annotations

import codecs
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pyte
import pytest
from aiohttp.test_utils import TestClient, TestServer, unused_port
from playwright.sync_api import Browser, Page, WebSocket, sync_playwright

from titan_campaign.cli import main
from titan_campaign.serve import GameNightServer

STEP_SECONDS = 30.0
"""The most any one step waits (the server to start, a screen to show, a save to land)."""


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if found := shutil.which(name):
            return found
    return None


def make_campaign(db: Path, *titans: tuple[str, str], base_xp: int = 200) -> None:
    """A campaign "Iron Crown" with the Titans given as (name, player)."""
    for argv in (
        ["campaign", "new", "Iron Crown", "--base-xp", str(base_xp)],
        *(["titan", "add", name, "--player", player] for name, player in titans),
    ):
        assert main(["--db", str(db), *argv]) == 0, argv


def sheet_json(db: Path, titan: str) -> dict[str, object]:
    """The Titan's sheet as another program sees it: the command line on the same file."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "titan_campaign",
            "--db",
            str(db),
            "sheet",
            titan,
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        timeout=STEP_SECONDS,
        check=True,
    )
    sheet: dict[str, object] = json.loads(result.stdout)
    return sheet


def wait_until(condition: Callable[[], object], what: str, timeout: float = STEP_SECONDS) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


@dataclass
class GameNight:
    """A running ``titan-campaign serve``; its printed lines are collected as they come."""

    process: subprocess.Popen[str]
    db: Path
    lines: list[str] = field(default_factory=list)

    def read_output(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    @property
    def url(self) -> str:
        match = re.search(r"Open (http://\S+/) in a browser", self.output)
        assert match, self.output
        return match.group(1)

    def stop(self) -> int:
        """ctrl+c, as a player at the keyboard would; the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=STEP_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=STEP_SECONDS)
            raise AssertionError(f"serve did not stop on ctrl+c:\n{self.output}") from None


def start_game_night(db: Path, *options: str) -> GameNight:
    process = subprocess.Popen(
        [sys.executable, "-m", "titan_campaign", "--db", str(db), "serve", "--port", "0", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={
            **os.environ,
            "PYTHONUNBUFFERED": "1",
            # a form a closed tab leaves, and the settings, go beside the test's database,
            # never into the user's own folders
            "XDG_DATA_HOME": str(db.parent / "data"),
            "XDG_CONFIG_HOME": str(db.parent / "config"),
        },
    )
    night = GameNight(process, db)
    threading.Thread(target=night.read_output, daemon=True).start()
    try:
        wait_until(
            lambda: "Press ctrl+c to stop." in night.output or process.poll() is not None,
            "serve to say where it listens",
        )
    except BaseException:
        process.kill()
        process.wait(timeout=STEP_SECONDS)
        raise
    assert process.poll() is None, night.output
    return night


@contextlib.asynccontextmanager
async def serving(
    db: Path, host: str, token: str | None, **options: int
) -> AsyncIterator[tuple[GameNightServer, TestClient[object, object]]]:
    """The game night's server in this process on a free loopback port, as if started for
    ``host`` (requests name it in their Host header to be answered), with a client."""
    port = unused_port()
    server = GameNightServer(db, campaign=None, host=host, port=port, token=token, **options)
    test_server = TestServer(await server._make_app(), host="127.0.0.1", port=port)
    async with TestClient(test_server) as client:
        yield server, client


def tab_processes(db: Path) -> list[int]:
    """The apps (and their shells) running for browser tabs on ``db``."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            words = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(f"--db={db}".encode() in word for word in words):
            found.append(int(proc.name))
    return found


@pytest.fixture
def campaign_db(tmp_path: Path) -> Path:
    db = tmp_path / "campaigns.json"
    make_campaign(db, ("Thorn", "Ann"), ("Mira", "Bo"))
    return db


@pytest.fixture
def game_night(campaign_db: Path) -> Iterator[GameNight]:
    night = start_game_night(campaign_db)
    try:
        yield night
    finally:
        if night.process.poll() is None:
            night.process.kill()
            night.process.wait(timeout=STEP_SECONDS)


class Tab:
    """One browser tab on the game night, with the screen its player sees."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.requests: list[str] = []
        self.websockets: list[str] = []
        self.errors: list[str] = []
        """What the page's scripts threw, as the browser's console shows it."""
        page.context.on("request", lambda request: self.requests.append(request.url))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.Stream(self.screen)
        self.decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode

        def on_websocket(websocket: WebSocket) -> None:
            query = parse_qs(urlparse(websocket.url).query)
            width = int(query.get("width", ["80"])[0])
            height = int(query.get("height", ["24"])[0])
            self.screen.reset()  # a page reloaded starts from a blank screen
            self.screen.resize(height, width)
            self.websockets.append(websocket.url)
            websocket.on("framereceived", self.on_received)
            websocket.on("framesent", self.on_sent)

        page.on("websocket", on_websocket)

    def on_received(self, payload: bytes | str) -> None:
        if isinstance(payload, bytes):
            self.stream.feed(self.decode(payload))

    def on_sent(self, payload: bytes | str) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"'):
            size = json.loads(payload)[1]
            self.screen.resize(size["height"], size["width"])

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display).strip("\n")

    def wait_for(self, pattern: str, what: str | None = None) -> re.Match[str]:
        """Wait until the screen shows ``pattern`` (a regular expression); the match."""
        deadline = time.monotonic() + STEP_SECONDS
        while True:
            if match := re.search(pattern, self.text):
                return match
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"timed out waiting for {what or pattern!r}; screen:\n{self.text}"
                )
            self.page.wait_for_timeout(100)

    def click_cell(self, row: int, column: int) -> None:
        """Click the character cell at ``row``, ``column`` of the screen, as a finger would."""
        box = self.page.locator(".xterm-screen").bounding_box()
        assert box is not None
        cell_width = box["width"] / self.screen.columns
        cell_height = box["height"] / self.screen.lines
        self.page.mouse.click(
            box["x"] + (column + 0.5) * cell_width, box["y"] + (row + 0.5) * cell_height
        )

    def click_text(self, pattern: str) -> None:
        """Click the first character of the first place the screen shows ``pattern``."""
        for row, line in enumerate(self.screen.display):
            if match := re.search(pattern, line):
                self.click_cell(row, match.start())
                return
        raise AssertionError(f"{pattern!r} is not on the screen:\n{self.text}")


FOREIGN_HOST = "evil.example"
"""A name another site's page could point at this computer (DNS rebinding): the browser
resolves it to loopback. Every other name resolves to nothing: no test reaches the internet."""
BROWSER_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    f"--host-resolver-rules=MAP {FOREIGN_HOST} 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]


@pytest.fixture
def browser() -> Iterator[Browser]:
    executable = chromium_path()
    if executable is None:
        pytest.skip("no Chromium on this machine (apt-get install chromium): no browser to drive")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=executable, args=BROWSER_FLAGS, timeout=STEP_SECONDS * 1000
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def open_tab(browser: Browser) -> Iterator[Callable[..., Tab]]:
    """Open a new tab (its own browser context, like another player's phone) on a URL."""
    contexts = []

    def open_(url: str, **options: object) -> Tab:
        context = browser.new_context(**{"viewport": {"width": 1280, "height": 800}, **options})
        context.set_default_timeout(STEP_SECONDS * 1000)
        contexts.append(context)
        page = context.new_page()
        tab = Tab(page)
        page.goto(url)
        return tab

    yield open_
    for context in contexts:
        context.close()
