"""The app in a real terminal (a pseudo-terminal it runs in directly, as in
``tmux new 'titan-campaign'``): a SIGCONT that follows no suspend (tmux sends one to a program
stopped in it; the system sends one with SIGHUP when the terminal closes) starts no second
reader of the terminal, and the app ends when its terminal closes, whether or not a SIGHUP
reaches it (a terminal that is not the app's controlling one sends none)."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from .conftest import CAMPAIGN

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="threads read from /proc"),
]

SECONDS = 20.0


def read_until(terminal: int, wanted: bytes) -> bytes:
    """What the app draws on ``terminal`` until ``wanted`` shows."""
    seen = b""
    deadline = time.monotonic() + SECONDS
    while wanted not in seen:
        assert time.monotonic() < deadline, seen[-2000:]
        if select.select([terminal], [], [], 0.1)[0]:
            seen += os.read(terminal, 65536)
    return seen


def drain(terminal: int, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if select.select([terminal], [], [], 0.05)[0]:
            os.read(terminal, 65536)


def threads(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


def start_in_terminal(
    command: list[str], env: dict[str, str], controlling: bool
) -> tuple[int, int]:
    """The app's process id and the terminal it runs in (its controlling terminal or not)."""
    if controlling:
        pid, terminal = pty.fork()
        if pid == 0:  # the app, leading its own session on the terminal
            os.execve(command[0], command, env)
        return pid, terminal
    terminal, inside = pty.openpty()
    app = subprocess.Popen(
        command, stdin=inside, stdout=inside, stderr=inside, env=env, start_new_session=True
    )
    os.close(inside)
    return app.pid, terminal


@pytest.mark.parametrize("controlling", [True, False], ids=["sighup", "no-sighup"])
def test_a_sigcont_starts_no_second_reader_and_the_app_ends_when_its_terminal_closes(
    iron_crown: Path, tmp_path: Path, controlling: bool
) -> None:
    env = {
        **os.environ,
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "TERM": "xterm-256color",
    }
    command = [sys.executable, "-m", "titan_campaign", "--db", str(iron_crown)]
    pid, terminal = start_in_terminal([*command, "--campaign", CAMPAIGN], env, controlling)
    try:
        fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        read_until(terminal, b"IRON CROWN")
        drain(terminal, 0.3)
        running = threads(pid)
        for _ in range(2):
            os.kill(pid, signal.SIGCONT)  # no suspend before it
            drain(terminal, 0.3)
        assert threads(pid) == running, "the driver started again: a second reader"
        os.close(terminal)  # the terminal window closes
        terminal = -1
        deadline = time.monotonic() + SECONDS
        while os.waitpid(pid, os.WNOHANG) == (0, 0):
            assert time.monotonic() < deadline, "the app runs on with its terminal closed"
            time.sleep(0.1)
        pid = 0
    finally:
        if terminal >= 0:
            os.close(terminal)
        if pid:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
