"""A player prints the example campaign (README: ``titan-campaign import
sheets/example-campaign.json``) from the command line, from the app's print screen and from a
served tab's download: every printout is the same pages from each, because each takes its data
from ``actions.print_data``."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_print import pdf_pages

from titan_campaign import actions
from titan_campaign.cli import main
from titan_campaign.store import Database

EXAMPLE = Path(__file__).parents[2] / "sheets" / "example-campaign.json"

PRINTOUTS = [
    (["print-campaign"], "campaign", None),
    (["sheet", "Thorn"], "sheet", "Thorn"),
    (["sheet", "Osk"], "sheet", "Osk"),
    (["cards", "Mira"], "cards", "Mira"),
    (["game-card", "Thorn"], "game-card", "Thorn"),
    (["sheet", "--blank"], "blank", None),
]


@pytest.fixture
def iron_crown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Database:
    db = Database(tmp_path / "db.json")
    assert main(["--db", str(db.path), "import", str(EXAMPLE)]) == 0
    capsys.readouterr()
    return db


def _shown(what: bytes, format: str) -> list[str] | str:
    """What a printout shows: a PDF's pages as text, an HTML or SVG file whole."""
    return pdf_pages(what) if format == "pdf" else what.decode()


@pytest.mark.parametrize("format", ["pdf", "html"])
@pytest.mark.parametrize(("argv", "what", "titan"), PRINTOUTS, ids=lambda v: str(v))
def test_the_command_line_the_app_and_a_served_tab_print_the_same_pages(
    iron_crown: Database, tmp_path: Path, argv: list[str], what: str, titan: str | None, format: str
) -> None:
    cli = tmp_path / f"cli.{format}"
    command = ["--db", str(iron_crown.path), *argv, "--format", format, "-o", str(cli)]
    assert main(command) == 0
    found = actions.find_titan(iron_crown, titan) if titan else None  # as the app holds it
    app = actions.print_to_file(
        iron_crown, what, format, output=tmp_path / f"app.{format}", titan=found
    )
    tab = actions.printout(iron_crown, what, format, titan=found)
    printed = _shown(cli.read_bytes(), format)
    assert _shown(app.read_bytes(), format) == printed
    assert _shown(tab, format) == printed
    if what == "campaign" and format == "pdf":
        assert len(printed) == 7  # Thorn 2, Mira 2, Osk 1 and a blank back, the game log (README)
