"""Names of any script: default file names that keep their letters and never collide, and a
one-line warning for letters the printout font cannot draw."""

from __future__ import annotations

import doctest
from dataclasses import replace
from pathlib import Path

import pytest

from titan_campaign.printing import figures, fonts
from titan_campaign.printing.figures import default_path, file_stem
from titan_campaign.printing.render import printout_path, printout_warnings, render
from titan_campaign.rules.sheet import SheetView


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("Mira Stormcaller", "mira-stormcaller"),
        ("Łukasz Żółć", "łukasz-żółć"),
        ("Đorđe", "đorđe"),
        ("Αθηνά Παλλάς", "αθηνά-παλλάς"),
        ("Жанна", "жанна"),
        ("李小龍", "李小龍"),
    ],
)
def test_a_default_file_name_keeps_the_letters_of_any_script(name: str, stem: str) -> None:
    assert file_stem(name) == stem
    assert default_path(name, "sheet", "pdf") == Path(f"{stem}-sheet.pdf")


def test_two_greek_named_titans_never_share_a_file_and_neither_gets_a_generic_name() -> None:
    names = ["Αθηνά", "Ἀπόλλων", "Ares ⚔", "Ares", "Thorn-X", "Thorn X", "⚔", "⚔⚔"]
    stems = [file_stem(name) for name in names]
    assert len(set(stems)) == len(names)
    assert "titan" not in stems


def test_a_printout_is_named_after_the_titan_as_typed(example_sheets: dict[str, SheetView]) -> None:
    paths = {
        printout_path("sheet", "pdf", replace(example_sheets["thorn"], name=name))
        for name in ("Αθηνά", "Ἀθηνᾶ")
    }
    assert len(paths) == 2 and all(path.name.endswith("-sheet.pdf") for path in paths)


def test_json_keeps_names_as_typed(example_sheets: dict[str, SheetView]) -> None:
    assert '"name": "Łukasz Żółć"' in str(
        render("sheet", "json", replace(example_sheets["thorn"], name="Łukasz Żółć"))
    )


def test_a_warning_names_the_letters_the_font_lacks_and_only_then(
    example_sheets: dict[str, SheetView],
) -> None:
    thorn = example_sheets["thorn"]
    assert printout_warnings("sheet", replace(thorn, name="Łukasz Żółć")) == []
    assert printout_warnings("blank") == []
    assert printout_warnings("campaign", [thorn, replace(thorn, player="王 Wang")]) == []
    (warning,) = printout_warnings("campaign", [thorn, replace(thorn, player="王 Wang ♔⚜🜲")])
    assert '"🜲"' in warning and "U+1F732" in warning and "white square" in warning
    item = replace(thorn.magic_items[0], description="Glows 🔥 in the dark")
    (warning,) = printout_warnings("game-card", replace(thorn, magic_items=(item,)))
    assert '"🔥"' in warning


def test_the_worked_examples_in_the_docstrings_hold() -> None:
    for module in (figures, fonts):
        failed, tried = doctest.testmod(module)
        assert tried and not failed, module.__name__


def test_every_line_of_the_sheet_of_a_titan_with_a_name_of_60_wide_letters_stays_on_the_page(
    example_sheets: dict[str, SheetView],
) -> None:
    """Sixty W's, the widest name a Titan can have: the head of the back pages ("WWW… -
    Titan Character Sheet (continued)") ran over the page number and off the paper, and the
    progress chart's title off both sides; every text of every page now ends inside the
    margins (shortened with "…" where it must be)."""
    from titan_campaign.printing.canvas import Text, text_width
    from titan_campaign.printing.flow import MARGIN
    from titan_campaign.printing.sheet_layout import sheet_pages

    pages = sheet_pages(replace(example_sheets["archmage"], name="W" * 60), "a4")
    assert len(pages) > 1
    # the back pages' head: the whole name, without what the printout is ("Titan Characte…")
    heads = [s.text for s in pages[1].shapes if isinstance(s, Text) and "WWW" in s.text]
    assert heads[0] == "W" * 60 + " (continued)", heads
    for number, page in enumerate(pages, start=1):
        for text in (shape for shape in page.shapes if isinstance(shape, Text)):
            wide = text_width(text.text, text.size, text.bold, text.italic)
            left = {"left": text.x, "right": text.x - wide, "center": text.x - wide / 2}
            start = left[text.align]
            assert MARGIN - 0.5 <= start and start + wide <= page.width - MARGIN + 0.5, (
                number,
                text,
            )


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_name_of_60_wide_letters_prints_whole_on_the_sheet_and_the_game_card(
    example_sheets: dict[str, SheetView], paper: str
) -> None:
    """The widest name a Titan (and its player) can have is printed whole (smaller), not cut
    with "…", on the sheet's front, the game card and the head of the back pages."""
    from titan_campaign.printing.canvas import MIN_SIZE, Text
    from titan_campaign.printing.game_card_page import game_card_pages
    from titan_campaign.printing.sheet_layout import sheet_pages

    wide = replace(example_sheets["archmage"], name="W" * 60, player="W" * 60)
    for pages in (sheet_pages(wide, paper), game_card_pages(wide, paper)):
        texts = [s for page in pages for s in page.shapes if isinstance(s, Text)]
        named = [text for text in texts if "WWW" in text.text]
        assert named and all("W" * 60 in text.text for text in named), named
        assert all(text.size >= MIN_SIZE for text in named)


def test_the_warning_of_an_html_or_svg_printout_says_the_letter_is_left_to_the_readers_fonts(
    example_sheets: dict[str, SheetView],
) -> None:
    """HTML and SVG keep "🐉" as typed (no white square is drawn there, unlike the PDF): the
    warning said it printed as a white square, where a browser without the font shows a gap."""
    dragon = replace(example_sheets["thorn"], name="Dragon 🐉")
    (pdf,) = printout_warnings("sheet", dragon, "pdf")
    assert pdf.endswith("it prints as a white square")
    for fmt in ("html", "svg"):
        (said,) = printout_warnings("sheet", dragon, fmt)
        assert said.endswith("it shows only where the reader has a font for it"), fmt
