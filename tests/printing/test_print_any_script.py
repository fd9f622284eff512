"""Any script prints: Chinese, Japanese, Korean, Greek, Cyrillic, Polish, Arabic and Hebrew
names, players, campaigns, items and notes are drawn as their letters, in fonts embedded in the
file (the shipped DejaVu, and the Noto CJK fallback fonts for what it lacks), and the warning
about missing letters is given only for a letter no font has."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from helpers_print import drawn_text, embedded_glyphs, pdf_pages

from titan_campaign.printing.fonts import MISSING_MARK
from titan_campaign.printing.pdf import campaign_pdf, sheet_pdf
from titan_campaign.printing.render import printout_warnings, render
from titan_campaign.rules.sheet import SheetView

SCRIPTS = {
    "Chinese": "李雷",
    "Chinese player": "韩梅梅",
    "Japanese": "ひらがなカタカナ漢字",
    "Korean": "한국어",
    "Greek": "Ζεύς",
    "Cyrillic": "Жанна",
    "Polish": "Łukasz Żółć",
    "Arabic": "مرحبا",
    "Hebrew": "שלום",
}


def _letters(*texts: str) -> set[str]:
    return {char for text in texts for char in text if not char.isspace()}


def _world(thorn: SheetView) -> SheetView:
    """Thorn renamed in Chinese, with a Japanese campaign, Korean item, Arabic and Hebrew notes."""
    item = replace(thorn.magic_items[0], name="한국어 Crown", description="Ζεύς Жанна Łukasz Żółć")
    ledger = tuple(replace(line, note="مرحبا שלום") for line in thorn.gold_ledger)
    return replace(
        thorn,
        name=SCRIPTS["Chinese"],
        player=SCRIPTS["Chinese player"],
        campaign=SCRIPTS["Japanese"],
        magic_items=(item,),
        gold_ledger=ledger,
    )


def test_every_script_is_drawn_by_a_glyph_of_a_font_embedded_in_the_pdf(
    example_sheets: dict[str, SheetView],
) -> None:
    data = _world(example_sheets["thorn"])
    pdf = sheet_pdf(data)
    glyphs = embedded_glyphs(pdf)
    assert _letters(*SCRIPTS.values()) - set(glyphs) == set()
    assert glyphs["李"].split("+")[1].startswith("NotoSansSC")
    assert glyphs["한"].split("+")[1].startswith("NotoSansKR")
    assert glyphs["Ł"].split("+")[1].startswith("DejaVu")
    text = "\n".join(pdf_pages(pdf))
    assert "李雷" in text and "韩梅梅" in text and MISSING_MARK not in text
    assert printout_warnings("sheet", data) == []


def test_hebrew_and_arabic_are_drawn_right_to_left(
    example_sheets: dict[str, SheetView],
) -> None:
    """Read left to right as the page draws them, the letters come last one first."""
    data = replace(example_sheets["thorn"], name="שלום עליכם", player="مرحبا بك")
    drawn = drawn_text(sheet_pdf(data))
    hebrew = "".join(char for char in drawn if "\u0590" <= char <= "\u05ff")
    arabic = "".join(char for char in drawn if "\u0600" <= char <= "\u06ff")
    assert hebrew == "שלום עליכם".replace(" ", "")[::-1]
    assert arabic == "مرحبا بك".replace(" ", "")[::-1]


def test_a_campaign_printout_names_every_titan_in_its_own_letters(
    example_sheets: dict[str, SheetView],
) -> None:
    thorn = example_sheets["thorn"]
    names = ["李雷", "Ζεύς", "Łukasz"]
    campaign = "鐵冠 The Iron Crown"
    pdf = campaign_pdf([replace(thorn, name=name, campaign=campaign) for name in names], campaign)
    assert _letters(*names, "鐵冠") - set(embedded_glyphs(pdf)) == set()


def test_only_a_letter_no_font_has_is_warned_of_and_never_for_text_or_cards(
    example_sheets: dict[str, SheetView],
) -> None:
    thorn = replace(example_sheets["thorn"], name="Thorn 🔥")
    (warning,) = printout_warnings("sheet", thorn, "pdf")
    assert '"🔥"' in warning and "U+1F525" in warning and "李" not in warning
    assert printout_warnings("sheet", thorn, "text") == []
    assert printout_warnings("game-card", thorn, "text") == []
    assert printout_warnings("cards", thorn, "pdf") == []
    assert printout_warnings("sheet", replace(thorn, name="李雷"), "pdf") == []


def test_a_game_card_warns_only_of_letters_it_prints(example_sheets: dict[str, SheetView]) -> None:
    """The card warned of "🐉", typed in a gold ledger note, which no card prints."""
    thorn = example_sheets["thorn"]
    ledger = (replace(thorn.gold_ledger[0], note="dragon hoard 🐉"), *thorn.gold_ledger[1:])
    noted = replace(thorn, gold_ledger=ledger)
    assert printout_warnings("game-card", noted, "pdf") == []
    assert '"🐉"' in printout_warnings("sheet", noted, "pdf")[0]
    (warning,) = printout_warnings("game-card", replace(noted, player="Ann 🐺"), "pdf")
    assert '"🐺"' in warning and "🐉" not in warning


@pytest.mark.parametrize("fmt", ["html", "svg"])
def test_html_and_svg_keep_the_letters_and_embed_a_font_for_them(
    example_sheets: dict[str, SheetView], fmt: str
) -> None:
    document = str(render("sheet", fmt, _world(example_sheets["thorn"])))
    assert MISSING_MARK not in document
    for text in ("李雷", "韩梅梅", "한국어 Crown", "مرحبا שלום"):
        assert text in document
    families = re.findall(r'font-family="([^"]+)"', document)
    assert families and all("'Noto Sans SC Embedded'" in family for family in families)
    assert all("'Noto Sans CJK SC'" in family for family in families)  # installed ones after
    assert re.search(
        r'@font-face \{ font-family: "Noto Sans KR Embedded"; [^}]*data:font', document
    )


def _pgm(path: Path) -> tuple[int, bytes]:
    """A binary PGM image (pdftoppm -gray): its width and its grey pixels, row by row."""
    data = path.read_bytes()
    magic, width, height, _depth, pixels = data.split(maxsplit=4)
    assert magic == b"P5"
    return int(width), pixels[: int(width) * int(height)]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) missing")
def test_a_chinese_name_renders_as_ink_not_as_empty_boxes(
    example_sheets: dict[str, SheetView], tmp_path: Path
) -> None:
    """Rendered to PNG, the name's area holds the strokes of the letters: a white square
    drawn in its place would leave the inside of the box blank."""
    thorn = example_sheets["thorn"]
    for name, data in (("cjk", replace(thorn, name="李雷")), ("boxes", replace(thorn, name="□□"))):
        (tmp_path / f"{name}.pdf").write_bytes(sheet_pdf(data))
        subprocess.run(
            [
                "pdftoppm",
                "-r",
                "200",
                "-gray",
                "-singlefile",
                str(tmp_path / f"{name}.pdf"),
                str(tmp_path / name),
            ],
            check=True,
        )
    ink = {}
    for name in ("cjk", "boxes"):
        width, pixels = _pgm(tmp_path / f"{name}.pgm")
        # the Titan's name: 13.5-30 mm from the left, 22.5-30 mm from the top, at 200 dpi
        left, top, right, bottom = (round(mm / 25.4 * 200) for mm in (13.5, 22.5, 30.0, 30.0))
        ink[name] = sum(
            1
            for row in range(top, bottom)
            for value in pixels[row * width + left : row * width + right]
            if value < 128
        )
    assert ink["cjk"] > 1.5 * ink["boxes"] > 0


def test_a_line_that_starts_with_an_arabic_name_reads_left_to_right_as_in_html(
    example_sheets: dict[str, SheetView],
) -> None:
    """The head of a sheet's back pages, "مرحبا - Titan Character Sheet (continued)": the
    page is left to right, so the name comes first, as the HTML shows it (the whole line was
    turned around, "(continued)" first)."""
    from titan_campaign.printing.sheet_layout import sheet_pages

    data = replace(example_sheets["archmage"], name="مرحبا")
    assert len(sheet_pages(data, "a4")) > 1
    drawn = drawn_text(sheet_pdf(data))
    head = drawn.index("Titan Character Sheet (continued)")
    assert "ابحرم" in drawn[head - 12 : head], drawn[head - 20 : head + 40]


def test_a_game_log_line_of_an_arabic_name_keeps_its_xp_after_the_name(tmp_path: Path) -> None:
    """ "صلاح الدين: 175 XP: lost": read as Arabic's own, the colon and the figure moved before
    the name ("175 :صلاح الدين XP"), in the PDF and in a browser alike."""
    from titan_campaign.cli import main
    from titan_campaign.printing.figures import LEFT_TO_RIGHT_MARK, named

    assert named("Thorn") == "Thorn" and named("صلاح") == "صلاح" + LEFT_TO_RIGHT_MARK
    db = ["--db", str(tmp_path / "c.json")]
    assert main([*db, "campaign", "new", "Sands", "--base-xp", "0"]) == 0
    assert main([*db, "titan", "add", "صلاح الدين", "--player", "Ann"]) == 0
    assert main([*db, "game", "صلاح الدين:lost:score=500,battle-won=3"]) == 0
    pdf = tmp_path / "log.pdf"
    assert main([*db, "print-campaign", "--format", "pdf", "-o", str(pdf)]) == 0
    drawn = drawn_text(pdf.read_bytes())  # the name drawn right to left, then the rest
    log = drawn[drawn.index("GAME LOG") :]
    line = log[log.index("نيدلا") :]
    assert line.startswith("نيدلا") and f"{LEFT_TO_RIGHT_MARK}: 175 XP: lost" in line[:30], line
    svg = tmp_path / "progress.svg"
    assert main([*db, "progress", "صلاح الدين", "--format", "svg", "-o", str(svg)]) == 0
    assert f"صلاح الدين{LEFT_TO_RIGHT_MARK}: progress game by game" in svg.read_text()


def test_a_note_in_hebrew_with_a_figure_reads_right_to_left_with_the_figure_in_place(
    tmp_path: Path,
) -> None:
    """ "מס מהמלכה של שבא, 300 זהב" was drawn as a line of the left-to-right page: "300 זהב"
    jumped to its start, the spaces around 300 lost; as in the HTML, it reads right to left."""
    from titan_campaign.cli import main

    db = ["--db", str(tmp_path / "c.json")]
    assert main([*db, "campaign", "new", "Bidi", "--base-xp", "0"]) == 0
    assert main([*db, "titan", "add", "שלמה המלך", "--player", "X"]) == 0
    assert main([*db, "gold", "שלמה המלך", "70", "--note", "מס מהמלכה של שבא, 300 זהב"]) == 0
    pdf = tmp_path / "sheet.pdf"
    assert main([*db, "sheet", "שלמה המלך", "--format", "pdf", "-o", str(pdf)]) == 0
    assert "+70בהז 300 ,אבש לש הכלמהמ סמ" in drawn_text(pdf.read_bytes())  # drawn left to right
