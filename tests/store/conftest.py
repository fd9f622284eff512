"""Helpers for the store tests: run the real command line, and compare whole databases."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from titan_campaign.cli import main

FIXTURES = Path(__file__).parent / "fixtures"
FIGURE = "figure"  # as tests/conftest.py collects them


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of the database folder, by path, except the lock files (not part of the data)."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and ".lock" not in path.name
    }


def run(db: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The command line in-process: (exit code, stdout, stderr)."""
    capsys.readouterr()
    try:
        code = main(["--db", str(db), *argv])
    except SystemExit as exit_:  # argparse: --help, usage mistakes
        code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 2)
    out, err = capsys.readouterr()
    return code, out, err


class Cli:
    def __init__(self, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.db = db
        self.capsys = capsys

    def ok(self, *argv: str) -> str:
        code, out, err = run(self.db, self.capsys, *argv)
        assert code == 0, f"{argv}: exit {code}, stderr {err!r}"
        return out

    def refused(self, *argv: str) -> str:
        """A refused command: exit 1, one error line, every database file unchanged."""
        before = snapshot(self.db.parent)
        code, _, err = run(self.db, self.capsys, *argv)
        lines = err.strip().splitlines()
        assert code == 1, f"{argv}: expected exit 1, got {code}; stderr {err!r}"
        assert len(lines) == 1 and lines[0].startswith("error: "), err
        assert snapshot(self.db.parent) == before, f"{argv} changed the database"
        return lines[0].removeprefix("error: ")


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    folder = tmp_path / "db"
    folder.mkdir()
    return Cli(folder / "campaigns.json", capsys)


@pytest.fixture
def crown(cli: Cli) -> Cli:
    """Campaign "Iron Crown" (200 base XP) with Thorn and Bex, who played game 1 together."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("titan", "add", "Bex", "--player", "Bo")
    cli.ok("award", "Thorn", "--result", "won", "--score", "120", "--date", "2026-10-01")
    cli.ok("award", "Bex", "--result", "lost", "--game", "1")
    return cli


@pytest.fixture
def v1_database(tmp_path: Path) -> Path:
    """A copy of a database written by schema version 1 (every history inside one file)."""
    folder = tmp_path / "old"
    folder.mkdir()
    db = folder / "campaigns.json"
    shutil.copyfile(FIXTURES / "v1-campaign.json", db)
    return db


@pytest.fixture(name="snapshot")
def snapshot_fixture() -> object:
    return snapshot


@pytest.fixture(name="run_cli")
def run_cli_fixture() -> object:
    return run


class Figures:
    """The figures a safety test measured, shown at the end of the run (tests/conftest.py)."""

    def __init__(self, request: pytest.FixtureRequest) -> None:
        self.node = request.node

    def append(self, line: str) -> None:
        self.node.user_properties.append((FIGURE, line))


@pytest.fixture(name="report")
def report_fixture(request: pytest.FixtureRequest) -> Figures:
    return Figures(request)
