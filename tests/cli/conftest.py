from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign.cli import main


class Cli:
    """Runs the command line in-process against one database file."""

    def __init__(self, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.db = db
        self.capsys = capsys

    def __call__(self, *argv: str) -> tuple[int, str, str]:
        self.capsys.readouterr()
        try:
            code = main(["--db", str(self.db), *argv])
        except SystemExit as exit_:  # argparse usage errors
            code = int(exit_.code or 0)
        out, err = self.capsys.readouterr()
        return code, out, err

    def ok(self, *argv: str) -> str:
        code, out, err = self(*argv)
        assert code == 0, f"{argv}: exit {code}, stderr {err!r}"
        return out

    def refused(self, *argv: str) -> str:
        """Run a command that must be refused; the database must not change at all."""
        before = self.db.read_bytes() if self.db.exists() else None
        code, out, err = self(*argv)
        assert code == 1, f"{argv}: expected exit 1, got {code}; out {out!r}"
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), err
        after = self.db.read_bytes() if self.db.exists() else None
        assert after == before, f"{argv} changed the database"
        return lines[0].removeprefix("error: ")


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "campaigns.json", capsys)


@pytest.fixture
def thorn(cli: Cli) -> Cli:
    """A campaign with 200 base XP and one Titan, Thorn."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    return cli


@pytest.fixture
def poor(cli: Cli) -> Cli:
    """A campaign with 0 base XP and one Titan, Thorn, who cannot buy anything yet."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    return cli
