"""Other web pages cannot drive a game night: it answers only to the names it was started for,
a tab's websocket opens only from its own page, nothing may frame it, a page may send only what
a page sends, and connections that ask nothing are closed."""

from __future__ import annotations

import asyncio
import re
import shlex
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from titan_campaign.serve import GameNightServer
from titan_campaign.serve.guard import Guard
from titan_campaign.serve.tab import Focus, Keys, Ping, Resize, page_message, size_asked
from titan_campaign.tui import unsaved

from .conftest import serving

TOKEN = "s3cret-token"


def ticket_in(page: str) -> str:
    match = re.search(r'/ws/([^"?]+)"', page)
    assert match, page
    return match.group(1)


async def test_every_response_forbids_framing_and_tells_no_other_site_where_it_came_from(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path / "c.json", "127.0.0.1", None) as (_, client):
        netloc = f"127.0.0.1:{client.port}"
        for path, host, status in (
            ("/", netloc, 200),
            ("/static/js/textual.js", netloc, 200),
            ("/no-such-page", netloc, 404),
            ("/ws/made-up", netloc, 403),
            ("/", "evil.example", 421),
        ):
            response = await client.get(path, headers={"Host": host})
            assert response.status == status, path
            assert response.headers["X-Frame-Options"] == "DENY", path
            policy = response.headers["Content-Security-Policy"]
            assert "frame-ancestors 'none'" in policy, path
            assert response.headers["Referrer-Policy"] == "no-referrer", path


async def test_the_page_loads_nothing_from_anywhere_but_this_server(tmp_path: Path) -> None:
    async with serving(tmp_path / "c.json", "127.0.0.1", None) as (_, client):
        response = await client.get("/")
        page = await response.text()
    names = page.replace('xmlns="http://www.w3.org/2000/svg"', "")  # a name, not a request
    assert not re.search(r"(https?|wss?)://(?!127\.0\.0\.1:\d+/)", names)
    assert "fonts.googleapis.com" not in page
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy


@pytest.mark.parametrize(
    "host", ["evil.example", "127.0.0.1.evil.example", "localhost.evil", "attacker@127.0.0.1", ""]
)
async def test_a_foreign_host_name_gets_no_page_and_no_ticket(tmp_path: Path, host: str) -> None:
    async with serving(tmp_path / "c.json", "127.0.0.1", None) as (server, client):
        netloc = f"{host}:{client.port}" if host else ""
        response = await client.get("/?titan=Thorn", headers={"Host": netloc})
        assert response.status == 421
        assert "/ws/" not in await response.text()
        assert "printed" in await response.text()
        assert server._tickets == {}


@pytest.mark.parametrize(
    "query", ["titan=%00", "campaign=Iron%00Crown", "titan=Thorn&campaign=%00"]
)
async def test_an_address_naming_a_titan_with_a_nul_gets_a_page_saying_so_and_no_tab(
    tmp_path: Path, query: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Such a tab's app could not be started: the host's console showed a traceback."""
    async with serving(tmp_path / "c.json", "127.0.0.1", None) as (server, client):
        response = await client.get(f"/?{query}")
        assert response.status == 400
        assert "No Titan or campaign has the name this address gives" in await response.text()
        assert server._tickets == {}
    assert "Traceback" not in capsys.readouterr().err


async def test_the_right_name_on_the_wrong_port_is_foreign_too(tmp_path: Path) -> None:
    async with serving(tmp_path / "c.json", "127.0.0.1", None) as (_, client):
        response = await client.get("/", headers={"Host": f"127.0.0.1:{client.port + 1}"})
        assert response.status == 421


@pytest.mark.parametrize("name", ["127.0.0.1", "localhost", "LOCALHOST", "[::1]"])
async def test_on_this_computer_its_own_names_open_the_page(tmp_path: Path, name: str) -> None:
    async with serving(tmp_path / "c.json", "127.0.0.1", None) as (_, client):
        response = await client.get("/", headers={"Host": f"{name}:{client.port}"})
        assert response.status == 200
        assert f"ws://{name}:{client.port}/ws/" in await response.text()


async def test_on_every_address_the_printed_ones_are_answered_and_no_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "titan_campaign.serve.server.lan_addresses", lambda: ["192.168.1.20", "10.0.0.5"]
    )
    async with serving(tmp_path / "c.json", "0.0.0.0", TOKEN) as (_, client):
        for name, status in (
            ("192.168.1.20", 200),
            ("10.0.0.5", 200),
            ("127.0.0.1", 200),
            ("192.168.1.21", 421),
            ("my-laptop.local", 421),
        ):
            response = await client.get(
                f"/?token={TOKEN}", headers={"Host": f"{name}:{client.port}"}
            )
            assert response.status == status, name


@pytest.mark.parametrize(
    "origin",
    [
        None,
        "null",
        "http://evil.example:{port}",
        "http://127.0.0.1:{other}",
        "https://127.0.0.1:{port}",
        "http://127.0.0.1.evil.example:{port}",
    ],
)
async def test_a_websocket_from_another_sites_page_starts_no_app(
    tmp_path: Path, origin: str | None
) -> None:
    async with serving(tmp_path / "c.json", "127.0.0.1", None) as (server, client):
        ticket = ticket_in(await (await client.get("/?titan=Thorn")).text())
        headers = {}
        if origin is not None:
            headers["Origin"] = origin.format(port=client.port, other=client.port + 1)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(f"/ws/{ticket}", headers=headers)
        assert refused.value.status == 403
        assert server._tabs == set()
        assert ticket in server._tickets  # not spent: its own page may still use it


def test_the_page_asks_only_for_what_a_page_sends() -> None:
    assert page_message('["stdin", "q"]') == Keys("q")
    assert page_message('["resize", {"width": 41, "height": 40}]') == Resize(41, 40)
    assert page_message('["ping", "1700000000000"]') == Ping("1700000000000")
    assert page_message('["focus"]') == Focus(True)
    assert page_message('["blur"]') == Focus(False)


@pytest.mark.parametrize(
    "text",
    [
        '["resize", {"width": "wide", "height": "tall"}]',
        '["resize", {"width": -80, "height": -24}]',
        '["resize", {"width": 0, "height": 24}]',
        '["resize", {"width": 1e9, "height": 24}]',
        '["resize", {"width": true, "height": 24}]',
        '["resize", {"width": 100000, "height": 24}]',
        '["resize", [80, 24]]',
        '["resize"]',
        '["stdin", 42]',
        '["ping", {"a": 1}]',
        '["quit"]',
        "[]",
        "{}",
        '"stdin"',
        "not json",
        "[1, 2]",
    ],
)
def test_a_malformed_message_is_dropped_before_it_reaches_the_app(text: str) -> None:
    assert page_message(text) is None


@pytest.mark.parametrize(
    ("width", "height", "size"),
    [
        ("120", "40", (120, 40)),
        ("-5", "40", (80, 24)),
        ("wide", "", (80, 24)),
        ("0", "0", (80, 24)),
    ],
)
def test_a_websocket_asking_for_a_size_that_cannot_be_gets_80_by_24(
    width: str, height: str, size: tuple[int, int]
) -> None:
    assert size_asked(width, height) == size


def test_the_guard_reads_host_names_as_browsers_write_them() -> None:
    guard = Guard.for_addresses("::1", 8000, ["::1"])
    assert guard.accepts("[::1]:8000") and guard.accepts("localhost:8000")
    assert not guard.accepts("[::1]:8001") and not guard.accepts("[::1")
    assert guard.accepts_origin("http://localhost:8000")
    assert not guard.accepts_origin("http://localhost:8000/page")


async def test_a_connection_that_never_finishes_asking_is_closed(tmp_path: Path) -> None:
    server = GameNightServer(
        tmp_path / "c.json", campaign=None, host="127.0.0.1", port=0, token=None
    )
    server.idle_seconds = 0.5
    runner = server.runner(await server._make_app())
    await runner.setup()
    try:
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1")  # and never the rest
        await writer.drain()
        assert await asyncio.wait_for(reader.read(), timeout=10) == b""  # closed by the server
        writer.close()
    finally:
        await runner.cleanup()


async def test_an_app_that_fails_leaves_its_report_in_the_log_not_on_the_console(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr("platformdirs.user_log_dir", lambda *a, **k: str(tmp_path / "logs"))
    failing = (
        "import sys; sys.stdout.write('__GANGLION__\\n'); sys.stdout.flush(); "
        "raise RuntimeError('Thorn: 100 XP, notes: the secret plan')"
    )
    monkeypatch.setattr(
        GameNightServer,
        "tab_command",
        lambda self, start: f"exec python3 -c {shlex.quote(failing)}",
    )
    async with serving(tmp_path / "c.json", "127.0.0.1", None) as (server, client):
        page = await (await client.get("/?titan=Thorn")).text()
        origin = f"http://127.0.0.1:{client.port}"
        async with client.ws_connect(f"/ws/{ticket_in(page)}", origin=origin) as tab:
            assert (await tab.receive(timeout=30)).type == aiohttp.WSMsgType.CLOSE
        await asyncio.sleep(0.5)
    said = capsys.readouterr().out
    assert "Traceback" not in said and "secret plan" not in said
    assert f"A tab's app stopped on an error: its report is in {server.error_log}" in said
    assert "secret plan" in server.error_log.read_text()


def test_a_form_kept_before_the_game_night_began_is_not_said_as_a_tab_closing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """serve restarted the next week said "A tab closed with a form typed in" of the forms
    the last game night kept, though no tab had closed."""
    folder = tmp_path / "unsaved"
    monkeypatch.setattr(unsaved, "unsaved_folder", lambda: folder)
    db = tmp_path / "c.json"
    last_week = unsaved.keep_typed([("Gold entry", ["gold-amount: 5"])], db)
    server = GameNightServer(db, campaign=None, host="127.0.0.1", port=0, token=None)
    server.tell_kept_forms()
    assert str(last_week) not in capsys.readouterr().out
    tonight = unsaved.keep_typed([("Gold entry", ["gold-amount: 7"])], db)
    server.tell_kept_forms()
    said = capsys.readouterr().out
    assert f"kept in {tonight}" in said and str(last_week) not in said


def test_the_file_the_console_names_is_found_after_the_app_on_the_host_has_told_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The console named unsaved/NAME.txt; the app opened on the host then said so and moved
    the file to unsaved/told/, and the path on the console led nowhere."""
    folder = tmp_path / "unsaved"
    monkeypatch.setattr(unsaved, "unsaved_folder", lambda: folder)
    db = tmp_path / "c.json"
    server = GameNightServer(db, campaign=None, host="127.0.0.1", port=0, token=None)
    server.tell_kept_forms()
    unsaved.keep_typed([("Gold entry", ["gold-amount: 7"])], db)
    server.tell_kept_forms()
    said = capsys.readouterr().out
    (moved,) = unsaved.kept_for(db)
    assert str(moved) in said, said


async def test_the_page_files_are_served_but_their_folders_are_not_listed(tmp_path: Path) -> None:
    """`curl http://HOST:PORT/static/` listed the folders of the page's files (css/, fonts/, js/)
    to anyone, token or not: only the files themselves are served."""
    async with serving(tmp_path / "c.json", "127.0.0.1", TOKEN) as (_, client):
        for path in ("/static/", "/static", "/static/js", "/static/js/", "/static/fonts/"):
            response = await client.get(path)
            assert response.status == 404, path
            assert "textual.js" not in await response.text()
        assert (await client.get("/static/js/textual.js")).status == 200


async def test_a_form_kept_in_a_tab_still_open_is_named_on_the_console_within_seconds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Zed archived from a shell closed the gold form typed in his tab: the tab said it was
    kept on the serving computer, but the console named the file only when that tab closed."""
    folder = tmp_path / "unsaved"
    monkeypatch.setattr(unsaved, "unsaved_folder", lambda: folder)
    monkeypatch.setattr("titan_campaign.serve.server.KEPT_FORMS_SECONDS", 0.05)
    db = tmp_path / "c.json"
    server = GameNightServer(db, campaign=None, host="127.0.0.1", port=0, token=None)
    server._tabs.add(object())  # type: ignore[arg-type]  # a tab open, its app running
    telling = asyncio.create_task(server.tell_kept_forms_meanwhile())
    kept = unsaved.keep_typed([("Gold entry", ["gold-amount: 5"])], db)
    await asyncio.sleep(0.3)
    telling.cancel()
    assert f"kept in {kept}" in capsys.readouterr().out
