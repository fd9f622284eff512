"""``titan-campaign serve`` from the command line: its options, what it prints, what it refuses,
and that the other commands still load no web server."""

from __future__ import annotations

import http.client
import io
import json
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import segno
from rich.console import Console

from titan_campaign.cli import main
from titan_campaign.serve import MAX_TABS, GameNightServer, listen_host
from titan_campaign.serve.announce import print_qr, qr_lines

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


@pytest.mark.parametrize("host", ["", "  "])
def test_an_empty_host_is_a_usage_mistake_not_every_address(
    host: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--db", str(tmp_path / "c.json"), "serve", "--host", host])
    assert exit_.value.code == 1
    assert "expected an address, got nothing" in capsys.readouterr().err


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


def test_an_address_of_another_computer_is_refused_as_such_not_as_a_port_in_use(
    tmp_path: Path,
) -> None:
    """192.0.2.1 is kept for examples: no computer has it. It was said to be a port problem
    ("another program there? choose another --port")."""
    result = subprocess.run(
        [sys.executable, "-m", "titan_campaign", "--db", str(tmp_path / "c.json")]
        + ["serve", "--host", "192.0.2.1"],
        capture_output=True,
        text=True,
        timeout=STEP_SECONDS,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr == (
        "error: cannot listen on 192.0.2.1: 192.0.2.1 is no address of this computer"
        " (leave out --host for this computer only, or give --host 0.0.0.0)\n"
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


def test_serve_help_names_the_default_most_tabs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"--max-tabs MAX_TABS the most browser tabs served at once (default {MAX_TABS};" in text


@pytest.mark.parametrize("tabs", ["0", "-2", "many"])
def test_a_number_of_tabs_that_cannot_be_is_a_usage_mistake(tabs: str, tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--db", str(tmp_path / "c.json"), "serve", "--max-tabs", tabs])
    assert exit_.value.code == 1


@pytest.mark.parametrize(
    ("given", "listened"),
    [("[::]", "::"), ("::", "::"), ("0", "0.0.0.0"), ("0.0.0.0", "0.0.0.0"), ("127.1", "127.0.0.1")]
    + [("[::1]", "::1"), ("my-laptop.local", "my-laptop.local"), ("192.168.1.20", "192.168.1.20")],
)
def test_the_host_is_read_as_the_address_it_means(given: str, listened: str) -> None:
    assert listen_host(given) == listened


@pytest.mark.parametrize("given", ["[::]", "::", "0", "0.0.0.0"])
def test_on_every_address_it_prints_links_a_phone_can_reach(
    given: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("titan_campaign.serve.server.lan_addresses", lambda: ["192.168.1.20"])
    server = GameNightServer(tmp_path / "c.json", campaign=None, host=given, port=8000, token="t0k")
    server.announce()
    out = capsys.readouterr().out
    assert "http://192.168.1.20:8000/?token=t0k" in out
    assert "[[" not in out and "http://0:" not in out and "http://[::]" not in out
    assert "every address of this computer" in out


def test_the_qr_code_is_the_links_dark_modules_on_white_with_its_quiet_zone() -> None:
    link = "http://192.168.1.20:8000/?token=abc123"
    lines = qr_lines(link)
    drawn = []  # the modules back from the half blocks: top and bottom of each line
    for line in lines:
        drawn.append([ch in "█▀" for ch in line])
        drawn.append([ch in "█▄" for ch in line])
    code = [[bool(m) for m in row] for row in segno.make(link, error="l").matrix_iter(border=4)]
    assert drawn[: len(code)] == code
    assert not any(drawn[0]) and not any(drawn[-1])  # white all round
    assert all(not row[0] and not row[-1] for row in drawn)


def test_the_qr_code_brings_its_own_colours_so_a_light_terminal_does_not_invert_it() -> None:
    screen = io.StringIO()
    print_qr(
        "http://192.168.1.20:8000/?token=abc123",
        Console(file=screen, force_terminal=True, color_system="truecolor", width=200),
    )
    lines = screen.getvalue().splitlines()
    assert lines and all("\x1b[38;2;0;0;0;48;2;255;255;255m" in line for line in lines)


def test_on_every_address_with_port_0_the_printed_link_answers_on_ipv4(tmp_path: Path) -> None:
    """``--host 0.0.0.0 --port 0`` listened on one free port for IPv4 and another for IPv6,
    and printed one of them: a phone on IPv4 Wi-Fi could not connect to the link."""
    db = tmp_path / "campaigns.json"
    make_campaign(db, ("Thorn", "Ann"))
    night = start_game_night(db, "--host", "0.0.0.0")
    try:
        match = re.search(r"http://([^/\s]+):(\d+)/\?token=(\S+)", night.output)
        assert match, night.output
        address, port, token = match.groups()
        # the printed port on IPv4 and IPv6 alike, asked for as the printed address (as the
        # guard wants); which kind was printed was the order the listeners came in
        for here in ("127.0.0.1", *(("::1",) if _has_ipv6() else ())):
            connection = http.client.HTTPConnection(here, int(port), timeout=STEP_SECONDS)
            try:
                headers = {"Host": f"{address}:{port}"}
                connection.request("GET", f"/?token={token}", headers=headers)
                assert connection.getresponse().status == 200, here
            finally:
                connection.close()
    finally:
        assert night.stop() == 0


def _has_ipv6() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True
