"""Safe by default: off this computer, a game night opens only with the token it printed, and
a tab's app starts only through a page that was opened with it."""

from __future__ import annotations

import shlex
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient

from titan_campaign.serve import GameNightServer, TabStart, is_loopback

from .conftest import serving

TOKEN = "s3cret-token"


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[TestClient[object, object]]:
    async with serving(tmp_path / "campaigns.json", "127.0.0.1", TOKEN) as (_, client):
        yield client


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"])
def test_this_computer_alone_needs_no_token(host: str) -> None:
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "10.0.0.5", "my-laptop.local"])
def test_any_other_address_needs_the_token(host: str) -> None:
    assert not is_loopback(host)


async def test_the_page_without_the_token_is_refused_and_says_where_to_find_it(
    client: TestClient[object, object],
) -> None:
    for query in ("", "?token=", "?token=guess", "?titan=Thorn"):
        response = await client.get("/" + query)
        assert response.status == 403
        page = await response.text()
        assert "QR code" in page
        assert ("token is not tonight" in page) == ("token=guess" in query)
        # a page a phone lays out to its own width (the token is mistyped on a phone)
        assert response.content_type == "text/html"
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page


async def test_the_page_with_the_token_opens_and_hands_its_tab_a_one_use_ticket(
    client: TestClient[object, object],
) -> None:
    response = await client.get(f"/?token={TOKEN}&titan=Thorn")
    assert response.status == 200
    page = await response.text()
    assert "/ws/" in page and TOKEN not in page.split("/ws/")[1].split('"')[0]


async def test_a_websocket_without_a_ticket_from_the_page_is_refused(
    client: TestClient[object, object],
) -> None:
    own_page = f"http://{client.host}:{client.port}"
    for path in ("/ws", "/ws/made-up-ticket", f"/ws/{TOKEN}"):
        response = await client.get(path, headers={"Origin": own_page})
        assert response.status == 403, path
        assert "Open the game night's page" in await response.text() or path == "/ws"


def test_each_tab_runs_the_app_on_the_same_database_opened_on_the_titan_asked_for(
    tmp_path: Path,
) -> None:
    db = tmp_path / "our campaigns.json"
    server = GameNightServer(db, campaign="Iron Crown", host="127.0.0.1", port=0, token=None)
    for titan in ("Thorn", "Old Bear", "-x", "O'Neil; rm -rf ~", "$(reboot)"):
        words = shlex.split(server.tab_command(TabStart("Iron Crown", titan)))
        assert words[0] == "exec"  # the shell hands over: the app is the server's own child
        assert words[-3:] == [f"--db={db}", "--campaign=Iron Crown", f"--titan={titan}"]
    words = shlex.split(server.tab_command(TabStart(None, None)))
    assert words[-1] == f"--db={db}"
