"""Game night, safe: real Chromium tabs on ``titan-campaign serve`` and pages of another site
on another local port. No other page frames a tab or opens its websocket, a tab fetches
nothing off this computer, a phone held upright gets boxes a finger can tap, a full game night
says so, a malformed or oversized message harms no tab, and no app outlives its server."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AsyncExitStack, asynccontextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import urlopen

import aiohttp
import pytest
from playwright.sync_api import Browser

from .conftest import (
    FOREIGN_HOST,
    STEP_SECONDS,
    GameNight,
    Tab,
    sheet_json,
    start_game_night,
    tab_processes,
    wait_until,
)

pytestmark = pytest.mark.slow

OpenTab = Callable[..., Tab]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
"""A phone held upright (an iPhone 12's screen)."""
TAPPABLE_PX = 24
"""The smallest target WCAG 2.2 accepts (2.5.8 Target Size, Minimum): 24 by 24 CSS pixels."""


@pytest.fixture
def other_site() -> Iterator[Callable[[str], str]]:
    """Another web site on this computer (another port): serves the HTML it is given."""
    pages: dict[str, str] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = pages.get(self.path, "").encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def page(html: str) -> str:
        path = f"/page{len(pages)}"
        pages[path] = html
        return f"http://127.0.0.1:{server.server_address[1]}{path}"

    yield page
    server.shutdown()
    server.server_close()


def ability(db: Path, titan: str, name: str) -> object:
    abilities = sheet_json(db, titan)["abilities"]
    assert isinstance(abilities, dict)
    return abilities[name]


def ticket(game_night: GameNight) -> str:
    with urlopen(game_night.url + "?titan=Thorn") as response:
        match = re.search(r'/ws/([^"?]+)"', response.read().decode())
    assert match
    return match.group(1)


def test_a_page_of_another_site_cannot_frame_a_tab(
    game_night: GameNight, browser: Browser, other_site: Callable[[str], str]
) -> None:
    attack = other_site(
        f'<p>Win a prize!</p><iframe src="{game_night.url}?titan=Thorn" style="opacity: 0.01"'
        ' width="900" height="600"></iframe><button>CLAIM</button>'
    )
    context = browser.new_context()
    page = context.new_page()
    websockets: list[str] = []
    page.on("websocket", lambda websocket: websockets.append(websocket.url))
    page.goto(attack)
    page.wait_for_timeout(3000)  # long enough for a framed tab to start its app

    framed = [frame for frame in page.frames if frame != page.main_frame]
    assert framed and all(frame.url.startswith("chrome-error:") for frame in framed)
    assert websockets == [] and tab_processes(game_night.db) == []
    context.close()


def test_a_foreign_host_name_pointed_at_this_computer_gets_no_page(
    game_night: GameNight, browser: Browser
) -> None:
    port = urlsplit(game_night.url).port
    context = browser.new_context()
    page = context.new_page()
    response = page.goto(f"http://{FOREIGN_HOST}:{port}/?titan=Thorn")  # resolves to 127.0.0.1
    assert response is not None and response.status == 421
    assert "/ws/" not in page.content()
    page.wait_for_timeout(1000)
    assert tab_processes(game_night.db) == []
    context.close()


def test_a_page_of_another_site_cannot_open_a_tabs_websocket(
    game_night: GameNight, browser: Browser, other_site: Callable[[str], str]
) -> None:
    websocket_url = game_night.url.replace("http://", "ws://") + f"ws/{ticket(game_night)}"
    attack = other_site(
        "<script>const ws = new WebSocket(" + json.dumps(websocket_url) + ");"
        "ws.onopen = () => { document.title = 'opened'; ws.send('[\"stdin\", \"p\"]'); };"
        "ws.onerror = () => { document.title = 'refused'; };</script>"
    )
    context = browser.new_context()
    page = context.new_page()
    page.goto(attack)
    page.wait_for_function("document.title !== ''")
    assert page.title() == "refused"
    assert tab_processes(game_night.db) == []
    context.close()


def test_a_tab_makes_no_request_off_this_computer(game_night: GameNight, open_tab: OpenTab) -> None:
    thorn = open_tab(game_night.url + "?titan=Thorn")
    thorn.wait_for(r"THORN\s+player Ann")
    thorn.page.wait_for_load_state("networkidle")

    own = urlsplit(game_night.url).netloc
    assert thorn.requests and thorn.websockets
    assert [url for url in thorn.requests + thorn.websockets if urlsplit(url).netloc != own] == []
    fonts = thorn.page.evaluate(
        "[...document.fonts].filter(f => f.status === 'loaded').map(f => f.family)"
    )
    assert "Roboto Mono" in [family.strip("\"'") for family in fonts]  # from this server


def test_a_phone_held_upright_shows_the_sheet_with_boxes_a_finger_can_tap(
    game_night: GameNight, open_tab: OpenTab
) -> None:
    thorn = open_tab(game_night.url + "?titan=Thorn", **PHONE)
    thorn.wait_for(r"THORN\s+player Ann")
    thorn.wait_for(r"\[ \].*POWER")
    page = thorn.page
    screen = page.locator(".xterm-screen").bounding_box()
    assert screen is not None
    zoom = page.evaluate("window.visualViewport.scale")  # a page laid out wider is shrunk
    cell_width = screen["width"] / thorn.screen.columns * zoom
    cell_height = screen["height"] / thorn.screen.lines * zoom
    box_width, box_height = 3 * cell_width, cell_height  # a box is "[ ]": 3 cells, 1 line
    assert box_width >= TAPPABLE_PX and box_height >= TAPPABLE_PX, (box_width, box_height)
    assert screen["width"] * zoom <= PHONE["viewport"]["width"]  # nothing off the side

    for row, line in enumerate(thorn.screen.display):  # a finger taps Power's first box
        if match := re.search(r"\[ \].*POWER", line):
            page.touchscreen.tap(
                screen["x"] + (match.start() + 1.5) * cell_width / zoom,
                screen["y"] + (row + 0.5) * cell_height / zoom,
            )
            break
    thorn.wait_for(r"\[X\]\[ \]\[·\] POWER", "the tapped box checked")
    wait_until(lambda: ability(game_night.db, "Thorn", "power") == 1, "the box in the database")


def test_a_full_game_night_says_so_and_lets_a_tab_in_when_one_closes(
    campaign_db: Path, open_tab: OpenTab
) -> None:
    night = start_game_night(campaign_db, "--max-tabs", "1")
    try:
        thorn = open_tab(night.url + "?titan=Thorn")
        thorn.wait_for(r"THORN\s+player Ann")
        mira = open_tab(
            night.url + "?titan=Mira",
            viewport={"width": 390, "height": 844},  # Mira's phone, held upright
            is_mobile=True,
            has_touch=True,
        )
        assert "This game night is full: 1 tab open, the most" in mira.page.inner_text("body")
        # laid out to the phone's width, not a desktop page shrunk to a third of its size
        assert mira.page.evaluate("document.documentElement.clientWidth") == 390
        assert len({pid for pid in tab_processes(campaign_db)}) <= 2  # one app (and its shell)

        thorn.page.context.close()
        wait_until(lambda: tab_processes(campaign_db) == [], "Thorn's app to end")
        wait_until(
            lambda: mira.page.reload() and "is full" not in mira.page.inner_text("body"),
            "the game night to let another tab in",
        )
        mira.wait_for(r"MIRA\s+player Bo")
    finally:
        night.stop()


def test_a_tab_reloaded_at_a_full_game_night_takes_its_own_place_again(
    campaign_db: Path, open_tab: OpenTab
) -> None:
    """At a full night a reload (a phone's pull to refresh) said "This game night is full":
    the tab's own old page still counted, and the player was told to close somebody's tab."""
    night = start_game_night(campaign_db, "--max-tabs", "1")
    try:
        thorn = open_tab(night.url + "?titan=Thorn")
        thorn.wait_for(r"THORN\s+player Ann")
        for reloads in range(1, 4):
            thorn.page.reload()
            assert "is full" not in thorn.page.inner_text("body")
            wait_until(lambda n=1 + reloads: len(thorn.websockets) == n, "the page to connect")
            thorn.wait_for(r"THORN\s+player Ann")  # drawn by the new page's app
    finally:
        night.stop()


async def receive_until(
    websocket: aiohttp.ClientWebSocketResponse, wanted: Callable[[object], bool]
) -> bool:
    """Read what the server sends until a message is ``wanted`` (True) or it closes (False)."""
    async with asyncio.timeout(STEP_SECONDS):
        while True:
            message = await websocket.receive()
            if message.type not in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY):
                return False
            if wanted(message.data):
                return True


def drawn(data: object) -> bool:
    return isinstance(data, bytes) and b"\x1b[" in data and len(data) > 100


@asynccontextmanager
async def raw_tab(game_night: GameNight) -> AsyncIterator[aiohttp.ClientWebSocketResponse]:
    """A tab's websocket, opened as its page opens it (80x24, from this server's own page),
    once its app has drawn its screen."""
    origin = game_night.url.rstrip("/")
    url = f"{origin}/ws/{ticket(game_night)}?width=80&height=24"
    async with aiohttp.ClientSession() as session, session.ws_connect(url, origin=origin) as tab:
        assert await receive_until(tab, drawn)  # the app draws its screen
        yield tab


async def test_a_malformed_message_harms_no_tab_and_prints_nothing_of_the_campaign(
    game_night: GameNight,
) -> None:
    async with raw_tab(game_night) as tab:
        for bad in (
            ["resize", {"width": "wide", "height": "tall"}],
            ["resize", {"width": -80, "height": -24}],
            ["resize", {"width": 10**9, "height": 24}],
            ["stdin", {"keys": "q"}],
            ["no-such-thing"],
        ):
            await tab.send_json(bad)
        await tab.send_str("not json at all")
        await tab.send_json(["ping", "still-there"])
        assert await receive_until(tab, lambda data: data == json.dumps(["pong", "still-there"]))
        await tab.send_json(["resize", {"width": 100, "height": 30}])
        assert await receive_until(tab, drawn)  # redrawn at the new size: alive
    assert "Traceback" not in game_night.output and "Thorn" not in game_night.output


async def test_a_huge_paste_closes_its_tab_and_does_not_keep_its_app_busy(
    game_night: GameNight,
) -> None:
    async with raw_tab(game_night) as tab:
        assert tab_processes(game_night.db)
        try:
            await tab.send_json(["stdin", "x" * 3_000_000])
        except ConnectionError:  # closed by the server before the whole paste was sent
            sent = False
        else:
            sent = True
        assert not await receive_until(tab, lambda data: False)  # the server closes the tab
        if sent:  # else the socket went before the close frame could be read
            assert tab.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    wait_until(lambda: tab_processes(game_night.db) == [], "the app to end", timeout=10)
    assert "Traceback" not in game_night.output


def test_killing_the_server_leaves_no_app_running(game_night: GameNight, open_tab: OpenTab) -> None:
    thorn = open_tab(game_night.url + "?titan=Thorn")
    mira = open_tab(game_night.url + "?titan=Mira")
    thorn.wait_for(r"THORN\s+player Ann")
    mira.wait_for(r"MIRA\s+player Bo")
    assert tab_processes(game_night.db)

    os.kill(game_night.process.pid, signal.SIGKILL)
    game_night.process.wait(timeout=10)

    wait_until(lambda: tab_processes(game_night.db) == [], "every tab's app to end", timeout=10)


async def test_ctrl_c_tells_a_tab_the_host_stopped_only_once_its_app_has_saved_and_ended(
    game_night: GameNight,
) -> None:
    async with raw_tab(game_night) as tab:
        assert tab_processes(game_night.db)
        game_night.process.send_signal(signal.SIGINT)  # ctrl+c on the host
        async with asyncio.timeout(STEP_SECONDS):
            while (message := await tab.receive()).type in (
                aiohttp.WSMsgType.TEXT,
                aiohttp.WSMsgType.BINARY,
            ):
                pass  # the app's last words come before the host's
        running = tab_processes(game_night.db)  # as the tab reads the host's message
        assert message.type == aiohttp.WSMsgType.CLOSE
        assert (message.data, message.extra) == (
            aiohttp.WSCloseCode.GOING_AWAY,
            "The host stopped the game night. Every change saved here is kept; a form left open was not saved.",
        )
        assert running == []  # its app had finished saving and ended: the message is true
    assert game_night.process.wait(timeout=STEP_SECONDS) == 0  # stopped by the one ctrl+c


async def test_ctrl_c_with_several_tabs_open_stops_without_a_traceback(
    game_night: GameNight,
) -> None:
    """Four tabs open, ctrl+c on the host: each tab's end was asked twice at once (the
    server stopping, the tab closing), and textual-serve's stop failed on the second with a
    traceback on the host's console. Now it stops as it says, once, and quietly."""
    async with AsyncExitStack() as stack:
        tabs = [await stack.enter_async_context(raw_tab(game_night)) for _ in range(4)]
        game_night.process.send_signal(signal.SIGINT)
        for tab in tabs:
            async with asyncio.timeout(STEP_SECONDS):
                while (await tab.receive()).type != aiohttp.WSMsgType.CLOSE:
                    pass
    assert game_night.process.wait(timeout=STEP_SECONDS) == 0
    wait_until(lambda: "Stopped." in game_night.output, "serve to say it stopped")
    assert "Traceback" not in game_night.output and "Error" not in game_night.output, (
        game_night.output
    )
