"""Printing through the real command line and store, in a temporary folder and database."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from helpers_print import parse_html, pdf_pages

from titan_campaign.actions import find_campaign, find_titan, print_to_file
from titan_campaign.cli import main
from titan_campaign.rules.errors import RuleError
from titan_campaign.store import Database


@pytest.fixture
def campaign(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """A campaign "Demo" with Thorn (level 1, Fire Bolt) and Mira (fresh), run from tmp_path."""
    monkeypatch.setenv("TITAN_CAMPAIGN_DB", str(tmp_path / "db.json"))
    monkeypatch.chdir(tmp_path)
    for argv in (
        ["campaign", "new", "Demo", "--base-xp", "200"],
        ["titan", "add", "Thorn", "--player", "Ann"],
        ["spend", "Thorn", "ability", "power"],
        ["spend", "Thorn", "ability", "spirit"],
        ["choose", "Thorn", "school", "fire"],
        ["choose", "Thorn", "spell", "Fire Bolt"],
        ["titan", "add", "Mira", "--player", "Ben"],
    ):
        assert main(argv) == 0, capsys.readouterr().err
    capsys.readouterr()
    return tmp_path


@pytest.mark.parametrize(
    ("argv", "written"),
    [
        (["sheet", "Thorn", "--format", "pdf"], "thorn-sheet.pdf"),
        (["sheet", "thorn", "--format", "html", "--paper", "letter"], "thorn-sheet.html"),
        (["sheet", "Thorn", "--format", "svg"], "thorn-sheet.svg"),
        (["sheet", "--blank", "--format", "pdf"], "blank-sheet.pdf"),
        (["cards", "Thorn"], "thorn-cards.pdf"),
        (
            ["cards", "--spell", "ice bolt", "--spell", "Fire Fan", "--format", "html"],
            "spell-cards.html",
        ),
        (["game-card", "Thorn"], "thorn-game-card.pdf"),
        (["print-campaign"], "demo-campaign.pdf"),
        (["print-campaign", "--campaign", "demo", "--format", "html"], "demo-campaign.html"),
    ],
)
def test_printouts_without_o_go_to_the_current_folder_named_after_the_titan(
    campaign: Path, capsys: pytest.CaptureFixture[str], argv: list[str], written: str
) -> None:
    assert main(argv) == 0
    assert capsys.readouterr().out == f"wrote {written}\n"
    path = campaign / written
    if written.endswith(".pdf"):
        pages = pdf_pages(path.read_bytes())
        # a campaign: Thorn, a blank back, Mira, a blank back, the game log; a blank sheet's back
        assert len(pages) == {"print-campaign": 5}.get(argv[0], 2 if "--blank" in argv else 1)
    elif written.endswith(".html"):
        parse_html(path.read_text(encoding="utf-8"))
    else:
        assert path.read_text(encoding="utf-8").startswith("<?xml")


def test_a_printout_that_replaces_a_file_says_so(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """All 72 cards, then two: the second printout replaced the first's spell-cards.pdf
    without a word."""
    assert main(["cards", "--all"]) == 0
    assert capsys.readouterr().out == "wrote spell-cards.pdf\n"
    assert main(["cards", "--spell", "Ice Bolt"]) == 0
    assert capsys.readouterr().out == "wrote spell-cards.pdf (the file there replaced)\n"
    assert main(["progress", "Thorn", "--format", "svg"]) == 0
    assert main(["progress", "Thorn", "--format", "svg"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "wrote thorn-progress.svg",
        "wrote thorn-progress.svg (the file there replaced)",
    ]


def test_a_sheet_as_text_goes_to_standard_output_or_to_the_file_named_with_o(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sheet", "Thorn"]) == 0
    shown = capsys.readouterr().out
    assert "Fire Bolt" in shown and "LEVEL 1" in shown
    assert main(["sheet", "Thorn", "-o", "thorn.txt"]) == 0
    assert capsys.readouterr().out == "wrote thorn.txt\n"
    assert (campaign / "thorn.txt").read_text(encoding="utf-8") == shown


def test_the_game_card_as_text_goes_to_standard_output(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["game-card", "Thorn", "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert "GAME NIGHT: Thorn" in out and "1 Mana  Fire Bolt" in out
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["cards", "--format", "pdf"], "error: choose what to print"),
        (["cards", "Thorn", "--all"], "error: choose what to print"),
        (["cards", "Mira"], "error: Mira knows no spells yet"),
        (["cards", "--spell", "Firebolt of Doom"], "error: no spell named"),
        (
            ["sheet", "--blank", "--format", "text"],
            "error: a blank sheet prints as html, pdf or svg, not text",
        ),
        (["game-card", "Nobody"], 'error: no Titan named "Nobody"'),
        (["sheet", "Thorn", "--format", "pdf", "-o", "no/such/folder/x.pdf"], "error: "),
    ],
)
def test_refused_printouts_say_why_in_one_line_and_exit_1(
    campaign: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1
    assert not list(campaign.glob("*.pdf"))


@pytest.mark.parametrize(
    "argv",
    [["print-campaign", "-o", "db.json"], ["sheet", "Thorn", "--format", "pdf", "-o", "db.json"]],
)
def test_a_printout_refused_over_the_database_prints_only_its_error_not_the_font_warning(
    campaign: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert main(["gold", "Thorn", "5", "--note", "dice \U0001f3b2"]) == 0
    assert main(["sheet", "Thorn", "--format", "pdf"]) == 0  # written: the warning is worth it
    assert capsys.readouterr().err.startswith('warning: the printout fonts have no letter for "')
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: db.json is the campaign database") and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["sheet", "Thorn", "--format", "html", "-o", "other.json"],
        ["export", "-o", "other.json"],
        ["print-campaign", "-o", "other.json"],
    ],
)
def test_a_printout_or_export_never_replaces_another_campaign_database(
    campaign: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """`-o` named another group's database (or a synced copy of this one): it was replaced by
    the printout, "(the file there replaced)", and that campaign was gone, with no backup."""
    other = campaign / "other.json"
    other.write_bytes((campaign / "db.json").read_bytes())
    before = other.read_bytes()
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err == (
        "error: other.json is a campaign database (another group's, or a copy of this one):"
        " choose another file (nothing written)\n"
    )
    assert other.read_bytes() == before
    assert main(["export", "-o", "export.json"]) == 0  # an export, a printout: replaced as asked
    assert main(["export", "-o", "export.json"]) == 0


@pytest.mark.parametrize(
    ("made", "argv", "kind"),
    [
        (
            ["export", "-o", "copy.json"],
            ["sheet", "Thorn", "-o", "copy.json"],
            "a campaigns export",
        ),
        (
            ["titan", "export", "Thorn", "-o", "copy.json"],
            ["sheet", "Thorn", "--format", "json", "-o", "copy.json"],
            "a Titan file",
        ),
        (
            ["titan", "export", "Thorn", "-o", "copy.json"],
            ["export", "-o", "copy.json"],
            "a Titan file",
        ),
        (
            ["export", "-o", "copy.json"],
            ["titan", "export", "Thorn", "-o", "copy.json"],
            "a campaigns export",
        ),
    ],
)
def test_a_printout_never_replaces_an_export_or_a_titan_file(
    campaign: Path,
    capsys: pytest.CaptureFixture[str],
    made: list[str],
    argv: list[str],
    kind: str,
) -> None:
    """An export holds the campaigns' whole history (a copy a merge takes): `sheet -o` over it
    replaced it with a printout, "(the file there replaced)"; a Titan file the same."""
    assert main(made) == 0
    before = (campaign / "copy.json").read_bytes()
    capsys.readouterr()
    assert main(argv) == 1
    assert capsys.readouterr().err == (
        f"error: copy.json is {kind}: choose another file (nothing written)\n"
    )
    assert (campaign / "copy.json").read_bytes() == before
    assert main(made) == 0  # the same kind of file, written again: replaced as asked


def test_a_printout_never_replaces_a_compressed_backup_copied_elsewhere(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    backup = campaign / "saved.json.gz"
    backup.write_bytes(gzip.compress((campaign / "db.json").read_bytes()))
    before = backup.read_bytes()
    assert main(["sheet", "Thorn", "-o", str(backup)]) == 1
    assert "is a campaign database" in capsys.readouterr().err
    assert backup.read_bytes() == before


def test_print_to_file_is_what_the_app_calls(campaign: Path) -> None:
    db = Database(campaign / "db.json")
    card = print_to_file(
        db,
        what="game-card",
        format="pdf",
        paper="letter",
        output=campaign / "card.pdf",
        campaign=find_campaign(db, "Demo"),
        titan=find_titan(db, "Thorn"),
    )
    assert card == campaign / "card.pdf" and len(pdf_pages(card.read_bytes())) == 1
    roster = print_to_file(
        db,
        what="campaign",
        format="html",
        paper="a4",
        output=None,
        campaign=find_campaign(db, "Demo"),
    )
    assert roster == Path("demo-campaign.html")
    assert parse_html(roster.read_text(encoding="utf-8")).text.count("TITAN CHARACTER SHEET") == 2
    every = print_to_file(db, what="cards", format="pdf", output=campaign / "all.pdf")
    assert len(pdf_pages(every.read_bytes())) == 8
    blank = print_to_file(
        db,
        what="blank",
        format="html",
        output=campaign / "blank.html",
        titan=find_titan(db, "Thorn"),
    )
    assert "Titan Character Sheet (blank)" in blank.read_text(encoding="utf-8")


def test_the_app_hears_why_a_printout_is_refused(campaign: Path) -> None:
    db = Database(campaign / "db.json")
    with pytest.raises(RuleError, match="a game-night card needs a Titan"):
        print_to_file(db, what="game-card", format="pdf", titan=None)
    with pytest.raises(RuleError, match="a set of spell cards prints as html or pdf, not text"):
        print_to_file(db, what="cards", format="text", titan=find_titan(db, "Thorn"))
    with pytest.raises(RuleError, match="Mira knows no spells yet"):
        print_to_file(db, what="cards", format="pdf", titan=find_titan(db, "Mira"))


def test_a_campaign_printout_names_a_titan_it_leaves_out_on_paper(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand edit broke Thorn's gold: the terminal said he was left out, but the pages did not:
    the game log showed his game with Mira alone in it, and no winner."""
    assert main(["game", "Thorn:won", "Mira:lost"]) == 0
    assert main(["gold", "Thorn", "45"]) == 0
    db = campaign / "db.json"
    db.write_text(db.read_text().replace('"amount": 45', '"amount": "forty-five"'))
    assert main(["print-campaign", "--format", "html", "-o", "camp.html"]) == 0
    page = (campaign / "camp.html").read_text()
    assert "Thorn cannot be read:" in page and "games are left out" in page
    assert "warning: Thorn cannot be read" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "start"),
    [
        (["sheet", "Thorn", "-o", "th.pdf"], b"%PDF"),
        (["sheet", "Thorn", "-o", "th.html"], b"<!DOCTYPE html>"),
        (["sheet", "Thorn", "-o", "th.svg"], b"<?xml"),
        (["sheet", "Thorn", "-o", "th.json"], b"{"),
        (["game-card", "Thorn", "-o", "th.txt"], b"GAME NIGHT: Thorn"),
        (["cards", "Thorn", "-o", "th.HTML"], b"<!DOCTYPE html>"),
        (["sheet", "Thorn", "--format", "text", "-o", "th.pdf"], b"TITAN CHARACTER SHEET"),
    ],
)
def test_a_printout_is_in_the_format_its_files_name_ends_in(
    campaign: Path, argv: list[str], start: bytes
) -> None:
    """`sheet Thorn -o th.pdf` wrote the text sheet into th.pdf: no program could open it."""
    assert main(argv) == 0
    assert (campaign / argv[-1]).read_bytes().lstrip().startswith(start)


def test_a_new_file_ending_in_a_format_the_command_does_not_print_is_refused(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`cards Thorn -o c.svg` wrote a PDF named c.svg, `progress Thorn -o p.pdf` text."""
    for argv, said in (
        (["cards", "Thorn", "-o", "c.svg"], "cards prints as html or pdf, not svg"),
        (["progress", "Thorn", "-o", "p.pdf"], "progress prints as text, json or svg, not pdf"),
    ):
        assert main(argv) == 1 and said in capsys.readouterr().err
        assert not (campaign / argv[-1]).exists()
    assert main(["cards", "Thorn", "--format", "pdf", "-o", "c.svg"]) == 0  # asked for


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["sheet", "Thorn", "-o", "out.docx"],
            (
                "error: sheet writes no .docx file: end the file's name in .txt, .json, .html,"
                " .pdf or .svg, or give --format"
            ),
        ),
        (
            ["sheet", "Thorn", "-o", "thorn"],
            (
                'error: "thorn" has no ending to tell sheet which format to write: end it in'
                " .txt, .json, .html, .pdf or .svg, or give --format"
            ),
        ),
        (["cards", "Thorn", "-o", "c.docx"], "end the file's name in .html or .pdf, or give"),
        (["game-card", "Thorn", "-o", "card"], "end it in .txt, .html or .pdf, or give"),
        (["print-campaign", "-o", "all.doc"], "print-campaign writes no .doc file"),
        (  # it listed .txt and .json, which a blank sheet is never printed as
            ["sheet", "--blank", "-o", "blank.odt"],
            (
                "error: sheet --blank writes no .odt file: end the file's name in .html, .pdf"
                " or .svg, or give --format"
            ),
        ),
        (
            ["sheet", "--blank", "-o", "blank"],
            "tell sheet --blank which format to write: end it in .html, .pdf or .svg, or",
        ),
        (
            ["sheet", "--blank", "-o", "blank.txt"],
            (
                "error: sheet --blank prints as html, pdf or svg, not text: end the file's name"
                " as one of those, or give --format"
            ),
        ),
        (["progress", "Thorn", "-o", "p.docx"], "in .txt, .json or .svg, or give --format"),
    ],
)
def test_a_file_name_ending_in_no_format_the_command_prints_is_refused(
    campaign: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    """`sheet Thorn -o out.docx` (or `-o thorn`) wrote the text sheet and said "wrote out.docx":
    the player expected a Word file and got plain text."""
    before = (campaign / "db.json").read_bytes()
    (campaign / "thorn").write_text("kept")  # a file there is no reason to write text into it
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
    assert (campaign / "db.json").read_bytes() == before
    assert (campaign / "thorn").read_text() == "kept" and not (campaign / argv[-1]).is_dir()
    assert not (campaign / argv[-1]).exists() or argv[-1] == "thorn"


def test_a_printout_written_to_a_folder_is_told_to_name_a_file_in_it(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`sheet Thorn -o prints` (a folder) was told its name has no ending to tell the format."""
    (campaign / "prints").mkdir()
    for argv in (["sheet", "Thorn", "-o", "prints"], ["sheet", "--blank", "-o", "prints/"]):
        assert main(argv) == 1
        assert capsys.readouterr().err == "error: prints is a folder: name a file in it\n"


def test_with_format_given_or_one_format_to_write_the_file_name_ending_is_not_read(
    campaign: Path,
) -> None:
    assert main(["sheet", "Thorn", "--format", "pdf", "-o", "sheet.docx"]) == 0
    assert (campaign / "sheet.docx").read_bytes().startswith(b"%PDF")
    assert main(["export", "-o", "campaigns.bak"]) == 0  # an export is JSON, whatever its name
    assert main(["titan", "export", "Thorn", "-o", "thorn.titan"]) == 0
    assert main(["sheet", "Thorn", "-o", "-"]) == 0  # standard output
