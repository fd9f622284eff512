"""``titan-campaign serve`` from the command line: its options, what it prints, what it refuses,
and that the other commands still load no web server."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from titan_campaign.cli import main
from titan_campaign.serve import GameNightServer

from .conftest import STEP_SECONDS, make_campaign, start_game_night


def test_serve_help_says_it_stays_on_this_computer_unless_told(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--help"])
    assert exit_.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--host" in text and "127.0.0.1: this computer only" in text and "--port" in text


@pytest.mark.parametrize("port", ["70000", "-1", "eighty"])
def test_a_port_that_cannot_be_is_a_usage_mistake(port: str, tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--db", str(tmp_path / "c.json"), "serve", "--port", port])
    assert exit_.value.code == 1


def test_a_port_in_use_is_refused_in_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "titan_campaign", "--db", str(tmp_path / "c.json")]
            + ["serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=STEP_SECONDS,
            check=False,
        )
    assert result.returncode == 1
    assert result.stderr == (
        f"error: cannot listen on 127.0.0.1 port {port}: address already in use"
        " (another program there? choose another --port)\n"
    )


def test_on_this_computer_it_prints_a_plain_address_and_how_to_let_phones_join(
    tmp_path: Path,
) -> None:
    db = tmp_path / "campaigns.json"
    make_campaign(db, ("Thorn", "Ann"))
    night = start_game_night(db)
    try:
        assert "token" not in night.url
        assert night.url.startswith("http://127.0.0.1:") and ":0/" not in night.url
        assert "--host 0.0.0.0" in night.output
    finally:
        assert night.stop() == 0


def test_on_the_network_it_prints_the_link_with_its_token_and_a_qr_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server = GameNightServer(
        tmp_path / "c.json", campaign=None, host="192.168.1.20", port=8000, token="abc123"
    )
    server.announce()  # nothing listens: only what the host reads
    out = capsys.readouterr().out
    assert "http://192.168.1.20:8000/?token=abc123" in out
    assert "The token keeps out anyone" in out
    assert "█" in out or "▀" in out or "▄" in out  # the QR code, drawn in text
    assert "&titan=NAME" in out


def test_printing_a_sheet_loads_no_web_server(tmp_path: Path) -> None:
    db = tmp_path / "campaigns.json"
    make_campaign(db, ("Thorn", "Ann"))
    probe = (
        "import sys\n"
        "from titan_campaign.cli import main\n"
        f"main(['--db', {str(db)!r}, 'sheet', 'Thorn'])\n"
        "import json\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=STEP_SECONDS,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    loaded = set(json.loads(result.stdout.strip().splitlines()[-1]))
    assert not loaded & {"textual", "textual_serve", "aiohttp", "segno"}
