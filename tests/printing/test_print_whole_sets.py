"""Whole sets: the campaign printout is the single sheets put together (back pages included),
each Titan starting on an odd page so a double-sided print never puts one Titan's page on the
back of another's, and it ends with the campaign's game log. The gold ledger and notes are
never dropped; the blank sheet has a second page. The app and the command line print one set."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from helpers_print import overlapping_texts, pdf_pages

from titan_campaign.actions import find_titan, print_to_file
from titan_campaign.cli import main
from titan_campaign.printing.campaign import game_log_pages
from titan_campaign.printing.canvas import Text, text_width
from titan_campaign.printing.flow import MARGIN
from titan_campaign.printing.sheet_layout import sheet_pages
from titan_campaign.rules.events import GameOutcome, GameRecorded
from titan_campaign.rules.game_log import GameLogEntry, game_log
from titan_campaign.rules.items import SUGGESTED_ITEMS
from titan_campaign.rules.sheet import ItemLine, LedgerLine, SheetView
from titan_campaign.rules.titan import TitanLog
from titan_campaign.store import Database

EXAMPLE = Path(__file__).parents[2] / "sheets" / "example-campaign.json"
TITANS = ("Thorn", "Mira", "Osk", "李雷", "Ζεύς", "Łukasz")


@pytest.fixture
def iron_crown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """The example campaign with the issue's three new Titans, in tmp_path."""
    monkeypatch.setenv("TITAN_CAMPAIGN_DB", str(tmp_path / "db.json"))
    monkeypatch.chdir(tmp_path)
    assert main(["import", str(EXAMPLE)]) == 0
    for name in TITANS[3:]:
        assert main(["titan", "add", name, "--player", "Zoë"]) == 0
    capsys.readouterr()
    return tmp_path


def _pages(path: Path) -> list[str]:
    return pdf_pages(path.read_bytes())


def test_print_campaign_is_every_single_sheet_whole_each_titan_on_an_odd_page_then_the_log(
    iron_crown: Path,
) -> None:
    singles = {}
    for name in TITANS:
        assert main(["sheet", name, "--format", "pdf", "-o", f"{name}.pdf"]) == 0
        singles[name] = _pages(iron_crown / f"{name}.pdf")
    assert len(singles["Thorn"]) >= 2  # the progress back page
    assert main(["print-campaign", "-o", "all.pdf"]) == 0
    pages = _pages(iron_crown / "all.pdf")
    at = 0
    for name in TITANS:
        assert at % 2 == 0, f"{name} starts on page {at + 1}, an even page"
        assert pages[at : at + len(singles[name])] == singles[name]
        at += len(singles[name])
        if at % 2:
            assert pages[at].strip() == "", "the back of a Titan's last sheet is left blank"
            at += 1
    log = "\n".join(pages[at:])
    assert at % 2 == 0 and "GAME LOG" in log and "The Iron Crown" in log
    for game in ("GAME 1", "GAME 2", "GAME 3", "GAME 4"):
        assert game in log
    assert "Thorn" in log and "Mira" in log


def test_the_app_prints_the_same_campaign_pages_as_the_command_line(iron_crown: Path) -> None:
    assert main(["print-campaign", "-o", "cli.pdf"]) == 0
    app = print_to_file(
        Database(iron_crown / "db.json"), "campaign", "pdf", output=iron_crown / "app.pdf"
    )
    assert _pages(app) == _pages(iron_crown / "cli.pdf")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_blank_sheet_has_a_second_page_with_the_spell_book_ledger_and_notes(
    paper: str,
) -> None:
    pages = sheet_pages(None, paper)
    assert len(pages) == 2
    back = [shape.text for shape in pages[1].shapes if isinstance(shape, Text)]
    assert "SPELLS (continued)" in back and "GOLD LEDGER" in back and "NOTES" in back
    for page in pages:
        assert overlapping_texts(page) == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("long_name", [False, True])
def test_the_gold_ledger_and_notes_are_on_every_sheet(
    example_sheets: dict[str, SheetView], paper: str, long_name: bool
) -> None:
    for data in example_sheets.values():
        if long_name:
            data = replace(data, name="Bartholomew Aurelian Stormcaller of the Ninth Age " * 2)
        words = [
            shape.text
            for page in sheet_pages(data, paper)
            for shape in page.shapes
            if isinstance(shape, Text)
        ]
        assert any(word.startswith("GOLD LEDGER") for word in words), data.name
        assert any(word.startswith("NOTES") for word in words), data.name


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_long_note_of_the_gold_ledger_is_printed_whole_on_the_rows_under_it(
    example_sheets: dict[str, SheetView], paper: str
) -> None:
    """A note longer than its column goes on under its entry, every word of it (it was cut
    with "…", and no printout gave it whole); the next entry follows on its own row."""
    thorn = example_sheets["thorn"]
    note = "the sack of Stormhold & the dragon's hoard, shared with Mira after the siege of game 3"
    ledger = (LedgerLine(500, note, 3), LedgerLine(-5, "toll", None))
    pages = sheet_pages(replace(thorn, gold_ledger=ledger), paper)
    texts = [shape for page in pages for shape in page.shapes if isinstance(shape, Text)]
    at = next(n for n, text in enumerate(texts) if text.text == "+500")
    rows = [text.text for text in texts[at + 1 : at + 6]]
    assert " ".join(rows[: rows.index("-5")]).split() == note.split(), rows
    assert not any("\u2026" in text.text for text in texts)
    assert overlapping_texts(pages[0]) == [] and overlapping_texts(pages[-1]) == []


def test_the_readme_page_counts_are_what_is_printed(tmp_path: Path) -> None:
    """The README's Printing section promises page counts of the example campaign."""
    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text().split())
    (campaign,) = re.findall(r"The example campaign prints (\d+) pages", readme)
    ((thorn, osk),) = re.findall(
        r"Thorn of the example campaign takes (\d+) pages, Osk (\d+)", readme
    )
    db = Database(tmp_path / "db.json")
    assert main(["--db", str(db.path), "import", str(EXAMPLE)]) == 0
    for what, titan, pages in (("sheet", "Thorn", thorn), ("sheet", "Osk", osk)):
        found = find_titan(db, titan)
        path = print_to_file(db, what, "pdf", output=tmp_path / f"{titan}.pdf", titan=found)
        assert len(_pages(path)) == int(pages), titan
    path = print_to_file(db, "campaign", "pdf", output=tmp_path / "all.pdf")
    assert len(_pages(path)) == int(campaign)
    assert len(_pages(print_to_file(db, "blank", "pdf", output=tmp_path / "blank.pdf"))) == 2


def _long_log() -> list[GameLogEntry]:
    """Three Titans who played 30 games together, each entry with its award's sum."""
    logs = {
        n: TitanLog.create(name, "Ann", 200)
        for n, name in enumerate(("Thorn", "Mira", "Короткий"), 1)
    }
    for number in range(1, 31):
        for titan, log in logs.items():
            outcome = GameOutcome(
                result="won" if titan == number % 3 + 1 else "lost",
                score=100 * number + titan,
                battle_won=titan,
                agreement=1,
            )
            logs[titan], _ = log.do(
                GameRecorded(game=number, date=f"2026-{1 + number % 12:02}-01", outcome=outcome)
            )
    return game_log({titan: log.state for titan, log in logs.items()})


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_page_break_of_the_game_log_never_parts_a_titans_entry_from_its_sum(paper: str) -> None:
    """Each page of the game log goes on with a Titan's entry (its name and result), never
    with the sum of an award whose Titan is on the page before; a campaign name too long for
    the title's line is shortened with "…" (it was cut without a sign)."""
    name = "The Very Long Campaign of the Iron Crown and the Nine Towers of T"
    pages = game_log_pages(name, _long_log(), paper)
    assert len(pages) > 2
    for number, page in enumerate(pages[1:], start=2):
        below_head = [s for s in page.shapes if isinstance(s, Text) and s.y > MARGIN + 8]
        first = next(s for s in below_head if s.size < 9)  # under the game's heading
        assert not first.italic and ": " in first.text, (number, first)
    for widest in ("W" * 60, name):  # beside the title, whole or with a sign it is cut
        first = game_log_pages(widest, [], paper)[0]
        [header] = [s for s in first.shapes if isinstance(s, Text) and s.align == "right"]
        shown = text_width(header.text, header.size, bold=True)
        assert shown <= first.width - 2 * MARGIN - 40, (header, shown)
        assert header.text == widest or header.text == widest[: len(header.text) - 1] + "\u2026"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_an_entry_of_the_gold_ledger_is_never_split_between_two_pages(
    example_sheets: dict[str, SheetView], paper: str
) -> None:
    """Many entries with long notes fill pages of the ledger: each entry's rows stay on one
    page (the last rows of one ran over to the next page, with no amount, as another entry)."""
    words = "the sack of Stormhold and the dragon's hoard shared with Mira after the siege " * 3
    ledger = tuple(LedgerLine(10 + n, f"entry{n} {words}end{n}", None) for n in range(40))
    pages = sheet_pages(replace(example_sheets["thorn"], gold_ledger=ledger), paper)
    on_page = [
        " ".join(shape.text for shape in page.shapes if isinstance(shape, Text)) for page in pages
    ]
    for n in range(40):
        starts = [p for p, text in enumerate(on_page) if f"entry{n} " in text]
        ends = [p for p, text in enumerate(on_page) if f"end{n}" in text.split()]
        assert starts == ends and len(starts) == 1, (n, starts, ends)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_long_gold_ledger_begins_on_a_page_with_room_left_not_on_a_page_of_its_own(
    example_sheets: dict[str, SheetView], paper: str
) -> None:
    """Twelve items and thirty ledger lines: the last items and the honor guard left two thirds
    of the second page blank, the ledger waited for the third, and on letter paper one row of
    it ran onto a fourth."""
    description = "A long description of what it does in battle, and who may use it. " * 3
    items = tuple(ItemLine(f"Reliquary {n}", "talisman", 8, 8, description, 1) for n in range(12))
    ledger = tuple(
        LedgerLine(n, f"spent on the guard's drinks after game {n}", None) for n in range(30)
    )
    data = replace(example_sheets["thorn"], magic_items=items, gold_ledger=ledger, progress=())
    pages = sheet_pages(data, paper)
    texts = [[s.text for s in page.shapes if isinstance(s, Text)] for page in pages]
    guard = next(n for n, page in enumerate(texts) if "HONOR GUARD" in page)
    ledger_page = next(n for n, page in enumerate(texts) if "GOLD LEDGER" in page)
    assert ledger_page == guard, (guard, ledger_page, len(pages))
    assert len(pages) == guard + 2  # it goes on over one more page, not two


@pytest.fixture
def crowded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """A Titan with one game, the 14 suggested items, 12 long ones and 40 lines of gold."""
    monkeypatch.setenv("TITAN_CAMPAIGN_DB", str(tmp_path / "db.json"))
    monkeypatch.chdir(tmp_path)
    assert main(["campaign", "new", "R", "--base-xp", "0"]) == 0
    assert main(["titan", "add", "T", "--player", "P"]) == 0
    assert main(["award", "T", "--result", "won", "--score", "100"]) == 0
    for item in SUGGESTED_ITEMS:
        assert main(["item", "add", "T", item.name]) == 0
    long = "that fills a whole line on the printed sheet, and then some more words so it wraps."
    for k in range(1, 13):
        text = f"A long description of an extra item number {k} {long}"
        assert main(["item", "add", "T", f"Extra item {k}", "--description", text]) == 0
    for n in range(1, 41):
        assert main(["gold", "T", str(n), "--note", f"loot {n}"]) == 0
    capsys.readouterr()
    return tmp_path


def _sections(pages: list[str]) -> list[str]:
    """The headings of the sheet's sections, in the order they are printed, without
    "(continued)" (each page's first heading may be one going on from the page before)."""
    names = ("MAGIC ITEMS", "HONOR GUARD", "GOLD LEDGER", "PROGRESS")
    return [
        name
        for page in pages
        for line in page.splitlines()
        for name in names
        if line.strip().startswith(name)
    ]


def test_a_long_sheet_prints_its_sections_in_the_same_order_on_a4_and_letter_chart_last(
    crowded: Path,
) -> None:
    """Items over the page, a long gold ledger and a game played: on letter paper the progress
    chart came after the honor guard's page with the ledger's first lines under it and the rest
    over the page; on A4 the ledger came first and the chart last."""
    for paper in ("a4", "letter"):
        assert main(["sheet", "T", "--paper", paper, "-o", f"{paper}.pdf"]) == 0
        pages = _pages(crowded / f"{paper}.pdf")
        sections = _sections(pages)
        firsts = [name for n, name in enumerate(sections) if sections.index(name) == n]
        assert firsts == ["MAGIC ITEMS", "HONOR GUARD", "GOLD LEDGER", "PROGRESS"], sections
        assert sections[-1] == "PROGRESS" and sections.count("PROGRESS") == 1, (paper, sections)
        assert main(["print-campaign", "--paper", paper, "-o", f"all-{paper}.pdf"]) == 0
        whole = _pages(crowded / f"all-{paper}.pdf")
        assert _sections(whole[: len(pages)]) == sections
