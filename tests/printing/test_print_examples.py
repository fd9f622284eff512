"""Every example Titan shipped in ``sheets/``, imported through the real command line, prints
in every format: PDFs parse with the right number of pages, HTML is well formed, text fits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers_print import external_references, parse_html, pdf_pages

from titan_campaign.cli import main

SHEETS = Path(__file__).resolve().parents[2] / "sheets"
EXPORTS = sorted(SHEETS.glob("*.json"))


def _titans(export: Path) -> list[tuple[str, str, int, bool]]:
    """(campaign, Titan name, spells learned, archived) of each Titan in an export file."""
    found = []
    for campaign in json.loads(export.read_text(encoding="utf-8"))["campaigns"]:
        histories: dict[str, list[dict]] = {}
        for change in campaign["changes"]:
            if not change.get("undone"):
                for titan, added in change["titans"].items():
                    histories.setdefault(titan, []).extend(added)
        for events in histories.values():
            learned = {
                e["spell"]
                for e in events
                if e["kind"] in ("spell_chosen", "spell_bought", "spell_bought_with_gold")
            }
            archived = any(e["kind"] == "archived" for e in events)
            found.append((campaign["name"], events[0]["name"], len(learned), archived))
    return found


@pytest.mark.skipif(not EXPORTS, reason="no example campaigns in sheets/")
@pytest.mark.parametrize("export", EXPORTS, ids=lambda p: p.name)
def test_every_example_titan_prints_in_every_format(
    export: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("TITAN_CAMPAIGN_DB", str(tmp_path / "db.json"))
    monkeypatch.chdir(tmp_path)
    assert main(["import", str(export)]) == 0, capsys.readouterr().err
    titans = _titans(export)
    assert titans
    sheet_pages: dict[tuple[str, str], int] = {}
    for campaign, name, spells, _ in titans:
        where = ["--campaign", campaign]
        for fmt in ("pdf", "html", "svg"):
            assert main(["sheet", name, "--format", fmt, "-o", f"sheet.{fmt}", *where]) == 0
        pages = pdf_pages((tmp_path / "sheet.pdf").read_bytes())
        sheet_pages[campaign, name] = len(pages)
        assert len(pages) in (1, 2)  # the front, and the progress page once a game is played
        assert ("PROGRESS" in pages[-1]) == (len(pages) == 2)
        document = (tmp_path / "sheet.html").read_text(encoding="utf-8")
        assert external_references(parse_html(document), document) == []
        capsys.readouterr()
        for command in (["sheet", name], ["game-card", name, "--format", "text"]):
            assert main([*command, *where]) == 0
            assert max(len(line) for line in capsys.readouterr().out.splitlines()) <= 80
        assert main(["game-card", name, "-o", "card.pdf", *where]) == 0
        assert len(pdf_pages((tmp_path / "card.pdf").read_bytes())) == 1
        if spells:
            assert main(["cards", name, "-o", "cards.pdf", *where]) == 0
            assert len(pdf_pages((tmp_path / "cards.pdf").read_bytes())) >= 1
    for campaign in {titan[0] for titan in titans}:
        assert main(["print-campaign", "--campaign", campaign, "-o", "all.pdf"]) == 0
        printed = pdf_pages((tmp_path / "all.pdf").read_bytes())
        log = [page for page in printed if page.startswith("GAME LOG") or "game log" in page]
        # each active Titan's sheet whole, on sheets of paper of its own, then the game log
        sheets = sum(
            sheet_pages[c, name] + sheet_pages[c, name] % 2
            for c, name, _, archived in titans
            if c == campaign and not archived
        )
        assert log and len(printed) == sheets + len(log)
