"""The app in a real terminal, driven by keys through tmux as a player drives it: what the
screen shows once the app has drawn it in its own time (a test pilot waits for every widget
to settle, which hides what is drawn before a widget has measured itself)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from titan_campaign.rules.events import GameOutcome, GameRecorded

from .conftest import build_db

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is installed by .ci/run"),
]

SECONDS = 20.0


class Terminal:
    """The app in a tmux window of its own server (never the player's)."""

    def __init__(self, socket: str) -> None:
        self.socket = socket

    def tmux(self, *argv: str) -> str:
        return subprocess.run(
            ["tmux", "-L", self.socket, *argv], capture_output=True, text=True, check=True
        ).stdout

    def start(self, tmp_path: Path, size: tuple[int, int], *argv: str) -> None:
        """The app on ``argv``, in a window of ``size`` (once the window has it: the app
        measures its terminal as it starts)."""
        env = (
            f"TITAN_CAMPAIGN_BACKUPS=0 XDG_CONFIG_HOME={tmp_path / 'config'}"
            f" XDG_DATA_HOME={tmp_path / 'data'} TERM=xterm-256color"
        )
        app = " ".join(
            shlex.quote(word) for word in (sys.executable, "-m", "titan_campaign", *argv)
        )
        width, height = size
        command = f"sleep 0.5; env {env} {app}; sleep 60"
        self.tmux("new", "-d", "-s", "t", "-x", str(width), "-y", str(height), command)

    def click(self, x: int, y: int) -> None:
        """A left click at column ``x``, line ``y`` (from 0), as the terminal reports it."""
        for end in "Mm":
            self.tmux("send-keys", "-t", "t", "-l", f"\x1b[<0;{x + 1};{y + 1}{end}")

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", "t", key)
            time.sleep(0.05)

    def wait_for(self, text: str) -> str:
        deadline = time.monotonic() + SECONDS
        while text not in (screen := self.screen()):
            assert time.monotonic() < deadline, screen
            time.sleep(0.2)
        return screen


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    socket = f"titan-test-{os.getpid()}-{tmp_path.name}"
    yield Terminal(socket)
    subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True, check=False)


def test_spells_picked_from_the_sheet_are_listed_whole_in_columns(
    tmp_path: Path, terminal: Terminal
) -> None:
    """Wisdom, then Summoning, then the free level to Summoning 2 and its three picks, all
    from the sheet: the list showed "Occult Summo" cut to the width of an older row, and the
    highlighted row four columns right of its headings, until the sheet was opened again."""
    lost = GameRecorded(game=1, date="2026-11-29", outcome=GameOutcome(result="lost"))
    db = build_db(tmp_path / "c.json", 200, [("Osk", "Cy", [lost])])
    env = (
        f"TITAN_CAMPAIGN_BACKUPS=0 XDG_CONFIG_HOME={tmp_path / 'config'}"
        f" XDG_DATA_HOME={tmp_path / 'data'} TERM=xterm-256color"
    )
    command = (
        f"sleep 0.5; env {env} {sys.executable} -m titan_campaign --db {db} --titan Osk; sleep 60"
    )
    terminal.tmux("new", "-d", "-s", "t", "-x", "142", "-y", "38", command)
    terminal.wait_for("Available:       250")
    terminal.keys(*["Down"] * 7, "Space")  # Wisdom
    terminal.wait_for("Available:       150")
    terminal.keys(*["Down"] * 5, "Space")  # Summoning: level 1 reached
    terminal.wait_for("Summoning  level 2")
    terminal.keys(*["Down"] * 4, "Enter")  # the free level to Summoning 2
    for _ in range(3):  # its three spell picks, each the first offered
        time.sleep(0.8)
        terminal.keys("Enter")
    terminal.wait_for("Summoning II ")
    time.sleep(1.5)  # what the screen settles on
    screen = terminal.screen()
    lines = screen.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("Spell "))
    rows = lines[lines.index(header) + 1 : lines.index(header) + 4]
    assert [row.split("  ")[1].strip() for row in rows] == [
        "Occult Summoning",
        "Summoning I",
        "Summoning II",
    ], screen
    for row in rows:  # each row's school under the School heading
        assert row.index("Summoning ", 20) == header.index("School"), screen


def test_a_scenario_typed_takes_undo_off_the_game_form_s_key_bar(
    tmp_path: Path, terminal: Terminal
) -> None:
    """A scenario typed (the field clicked) left "^z Undo ^y Redo" on the key bar, keys that
    did nothing there; a row's figure typed took them off."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    terminal.start(tmp_path, (80, 24), "--db", str(db), "--campaign", "Demo")
    terminal.wait_for("Thorn")
    terminal.keys("g")
    terminal.wait_for("Scenario e.g.")
    terminal.click(34, 1)
    time.sleep(0.5)
    assert "^z Undo" in terminal.screen().splitlines()[-1]  # nothing typed yet
    terminal.tmux("send-keys", "-t", "t", "-l", "Siege")
    terminal.wait_for("Scenario Siege")
    time.sleep(0.5)
    assert "Undo" not in terminal.screen().splitlines()[-1]
