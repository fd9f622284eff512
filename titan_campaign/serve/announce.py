"""What ``titan-campaign serve`` tells the host: where it listens, the players' link, and the
same link as a QR code a phone's camera reads on any terminal, dark or light."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import segno
from rich.console import Console
from rich.text import Text

from ..rules.printable import shown
from .guard import WILDCARD_HOSTS, is_loopback

QR_STYLE = "#000000 on #ffffff"
"""Black modules on white, whatever the terminal's own colours: a camera reads dark on light."""
QUIET_ZONE = 4
"""White modules around the code, as the QR standard asks, so it stands out on a dark screen."""
HALF_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def url(host: str, port: int, token: str | None) -> str:
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


def qr_lines(link: str) -> list[str]:
    """The link's QR code in half blocks, two rows of modules to a line: a block is dark."""
    rows = [
        [bool(module) for module in row]
        for row in segno.make(link, error="l").matrix_iter(scale=1, border=QUIET_ZONE)
    ]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return [
        "".join(HALF_BLOCKS[pair] for pair in zip(top, bottom, strict=True))
        for top, bottom in zip(rows[::2], rows[1::2], strict=True)
    ]


def print_qr(link: str, console: Console) -> None:
    for line in qr_lines(link):
        console.print(Text(line, style=QR_STYLE), no_wrap=True, crop=False, soft_wrap=True)


def announce(
    db_path: Path, host: str, port: int, token: str | None, hosts: list[str], title: str
) -> None:
    """Say where the game night listens, and how players join."""
    print(f"Game night: serving {title} from {shown(str(db_path))}", flush=True)
    if token is None:
        print(f"  Open {url(host, port, None)} in a browser, one tab per player.")
        print("  Only this computer can join: to let phones on your network join, add")
        print("  --host 0.0.0.0 (or this computer's address on the network).")
    else:
        where = "every address of this computer" if host in WILDCARD_HOSTS else host
        print(f"  Listening on port {port} ({where}). Players join with this link:")
        for address in hosts:
            print(f"    {url(address, port, token)}")
        if not hosts:
            print(f"    http://THIS-COMPUTER'S-ADDRESS:{port}/?token={token}")
        print("  The token keeps out anyone on the network who was not given the link.")
        if hosts:
            print("  Or scan this with a phone's camera:")
            sys.stdout.flush()
            print_qr(url(hosts[0], port, token), Console(highlight=False))
    joiner = "?" if token is None else "&"
    print(f"  Add {joiner}titan=NAME to the address to open a Titan's sheet straight away.")
    print("Press ctrl+c to stop.", flush=True)
