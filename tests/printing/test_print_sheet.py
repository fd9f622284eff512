"""The Titan Character Sheet in every format: every figure, nothing overlapping, nothing below
7 points, a second page only when the sheet does not fit one at that size."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from helpers_print import (
    external_references,
    outside,
    overlapping_texts,
    parse_html,
    pdf_font_sizes,
    pdf_fonts,
    pdf_pages,
    small_texts,
)

from titan_campaign.printing.canvas import Box, Line, Page, Text
from titan_campaign.printing.flow import HEADING, MARGIN
from titan_campaign.printing.fonts import font_warning
from titan_campaign.printing.html import sheet_html
from titan_campaign.printing.pdf import sheet_pdf
from titan_campaign.printing.sheet_layout import sheet_page, sheet_pages
from titan_campaign.printing.svg import sheet_svg
from titan_campaign.printing.text import sheet_text
from titan_campaign.rules.items import SUGGESTED_ITEMS
from titan_campaign.rules.sheet import LedgerLine, SheetView

EXAMPLES = ("thorn", "novice", "veteran", "archmage")


@pytest.fixture(params=EXAMPLES + ("grandmaster",))
def sheet(
    request: pytest.FixtureRequest,
    example_sheets: dict[str, SheetView],
    grandmaster_sheet: SheetView,
) -> SheetView:
    return grandmaster_sheet if request.param == "grandmaster" else example_sheets[request.param]


def names_on_sheet(data: SheetView) -> list[str]:
    """Names every printed sheet must carry: Titan, spells, items, guard, legions' characters."""
    names = [
        data.name,
        *(s.name for s in data.spells),
        *(i.name for i in data.magic_items),
    ]
    return names + list(data.honor_guard)


def html_figures(data: SheetView) -> dict[str, str]:
    """Every figure of the JSON sheet, as the HTML sheet's data-figure cells must show it."""
    shown = data.to_json()
    xp = shown["xp"]
    assert isinstance(xp, dict)
    figures = {f"xp.{key}": str(value) for key, value in xp.items()}
    figures |= {
        key: str(shown[key])
        for key in ("level", "gold", "mana", "titan_power", "skill_uses", "rerolls")
    }
    figures["xp_bonus_percent"] = f"{data.xp_bonus_percent}%"
    return figures


ONE_PAGE = {"thorn", "novice", "veteran"}  # the others have too much to fit one page at 7 pt


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_pdf_sheet_carries_every_name_and_figure_as_typed(sheet: SheetView, paper: str) -> None:
    pages = pdf_pages(sheet_pdf(sheet, paper))
    assert len(pages) == len(sheet_pages(sheet, paper)) <= 2
    text = "\n".join(pages)
    for name in names_on_sheet(sheet):
        assert name in text, name
    for figure in html_figures(sheet).values():
        assert figure in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_laid_out_sheet_has_no_overlapping_text_stays_inside_and_is_never_below_7_points(
    sheet: SheetView, paper: str
) -> None:
    pages = sheet_pages(sheet, paper)
    for page in pages:
        assert overlapping_texts(page, gap=1.0) == []  # nor touching: "Summoning1"
        assert outside(page, margin=8) == []
    assert small_texts(pages) == []
    if sheet.name in ("Thorn", "Ash", "Mira Stormcaller"):
        assert len(pages) == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_spell_bought_with_gold_is_marked_bought_and_every_spell_name_prints_whole(
    example_sheets: dict[str, SheetView], paper: str
) -> None:
    """R11: marked "bought", as the text sheet and the app say (the PDF said "gold"); the
    longest name, "Improved Magic Missile", set smaller in three columns rather than cut."""
    data = example_sheets["archmage"]
    texts = [
        s.text for page in sheet_pages(data, paper) for s in page.shapes if isinstance(s, Text)
    ]
    assert texts.count("bought") == sum(spell.bought for spell in data.spells) == 1
    assert "gold" not in texts
    assert all(spell.name in texts for spell in data.spells)


@pytest.mark.parametrize("fmt", ["pdf", "svg", "html"])
def test_a_legion_of_7_prints_the_warning_to_split_it_beside_the_legions(
    example_sheets: dict[str, SheetView], fmt: str
) -> None:
    """R10: the printed sheet warns as the text sheet and the game card do (it left it out)."""
    data = example_sheets["archmage"]  # two legions of 7
    assert len(data.starting_legion_notes) == 2
    if fmt == "pdf":
        printed = "\n".join(pdf_pages(sheet_pdf(data, "a4")))
    else:
        document = sheet_svg(data, "a4") if fmt == "svg" else sheet_html(data, "a4")
        printed = " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", document))
    words = " ".join(printed.split())
    for note in data.starting_legion_notes:
        assert f"! {note}" in words, note
    texts = [s.text for s in sheet_page(data).shapes if isinstance(s, Text)]
    legion_2 = next(i for i, text in enumerate(texts) if text.startswith("2: Angel"))
    warning = next(i for i, text in enumerate(texts) if text.startswith("! legion 1 has 7"))
    assert legion_2 < warning  # under the legions


def test_the_blank_sheet_has_boxes_and_lines_but_no_figures() -> None:
    pages = sheet_pages(None, "letter")
    assert len(pages) == 2  # the back: more spells, the ledger and notes
    page = pages[0]
    boxes = [shape for shape in page.shapes if isinstance(shape, Box)]
    assert len(boxes) == 8 * 3 + 8 * 3 + 2  # abilities, schools, LEVEL and GOLD
    assert not any(box.filled for box in boxes)
    assert overlapping_texts(page) == [] and outside(page, margin=8) == []
    assert small_texts(pages) == []
    assert len(pdf_pages(sheet_pdf(None, "a4"))) == 2


def test_the_blank_sheet_has_a_campaign_field_legion_lines_and_the_honor_guard_caps() -> None:
    texts = [shape.text for shape in sheet_page(None, "a4").shapes if isinstance(shape, Text)]
    assert "Campaign:" in texts
    assert "1:" in texts and "2:" in texts  # the starting legions' write-in lines
    assert "slot 1: 30 pts from level 4, 50 from 7, 75 from 10" in texts  # R9
    assert "slot 2: 50 pts from level 7" in texts and "slot 3: 50 pts from level 10" in texts


def test_the_blank_sheets_write_in_lines_are_6_mm_apart_in_spells_and_items() -> None:
    page = sheet_page(None, "a4")
    heads = {s.text: s.y for s in page.shapes if isinstance(s, Text)}
    lines = [s for s in page.shapes if isinstance(s, Line) and s.y1 == s.y2 and s.x1 == 12]
    for top, bottom in (("SPELLS", "MAGIC ITEMS"), ("MAGIC ITEMS", "HONOR GUARD")):
        ys = sorted({round(s.y1, 2) for s in lines if heads[top] + 6 < s.y1 < heads[bottom]})
        ys = ys[1:] if top == "SPELLS" else ys  # under the column heads: Spell, School...
        assert len(ys) >= 3
        assert {round(b - a, 2) for a, b in itertools.pairwise(ys)} == {6.0}, top


def _item_lines(page: Page) -> list[float]:
    """The heights of the blank sheet's full-width write-in lines under MAGIC ITEMS."""
    heads = sorted(s.y for s in page.shapes if isinstance(s, Text) and s.size == HEADING)
    top = next((s.y for s in page.shapes if isinstance(s, Text) and "MAGIC ITEMS" in s.text), None)
    if top is None:
        return []
    below = next((y for y in heads if y > top), page.height)
    return [
        s.y1
        for s in page.shapes
        if isinstance(s, Line) and s.y1 == s.y2 and top + 2 < s.y1 < below  # not its rule
        if (s.x1, s.x2) == (MARGIN, page.width - MARGIN)
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_blank_sheet_has_a_write_in_line_for_every_suggested_item_front_then_back(
    paper: str,
) -> None:
    """A Titan collects magic items game after game (Campaign Titan names none; the suggested
    catalogue has a dozen and more): the blank sheet rules a line for each, on its front as far
    as there is room above the honor guard, the rest on its back, 6 mm apart."""
    front, back = sheet_pages(None, paper)
    lines = [_item_lines(front), _item_lines(back)]
    assert sum(map(len, lines)) > len(SUGGESTED_ITEMS)
    assert len(lines[1]) > 0, "the back has room: the items go on there"
    caption = max(s.y for s in front.shapes if isinstance(s, Text) and s.text.startswith("slot"))
    assert front.height - MARGIN - caption < 2 * 6.0, "the front's free room is used first"
    for ys in lines:
        assert {round(b - a, 2) for a, b in itertools.pairwise(sorted(ys))} == {6.0}


def test_checked_boxes_are_filled_rectangles_one_per_box_bought(
    example_sheets: dict[str, SheetView],
) -> None:
    data = example_sheets["veteran"]
    filled = [
        shape for shape in sheet_page(data).shapes if type(shape).__name__ == "Box" and shape.filled
    ]  # type: ignore[union-attr]
    assert len(filled) == sum(data.abilities.values()) + sum(data.schools.values())


def test_the_html_sheet_is_well_formed_self_contained_and_carries_every_figure(
    sheet: SheetView,
) -> None:
    document = sheet_html(sheet, "letter")
    parser = parse_html(document)
    assert external_references(parser, document) == []
    assert "@page { size: 215.9mm 279.4mm; margin: 0; }" in document
    assert document.count('<section class="page sheet"') == len(sheet_pages(sheet, "letter"))
    for key, value in html_figures(sheet).items():
        assert re.search(rf'data-figure="{re.escape(key)}">{re.escape(value)}<', document), key
    assert document.count('class="box checked"') == sum(sheet.abilities.values()) + sum(
        sheet.schools.values()
    )
    text = "".join(parser.text)
    for name in names_on_sheet(sheet):
        assert name in text
    for legion in sheet.starting_legions:
        assert all(character in text for character in legion)


def test_the_html_sheet_is_the_pdf_drawing_set_in_the_same_embedded_font(
    example_sheets: dict[str, SheetView],
) -> None:
    document = sheet_html(example_sheets["thorn"])
    assert document.count('src: url("data:font/ttf;base64,') == 3  # regular, bold, italic
    texts = [s for s in sheet_page(example_sheets["thorn"]).shapes if isinstance(s, Text)]
    assert document.count("<text ") == len(texts)


def test_the_html_sheet_shows_open_and_locked_honor_guard_slots(
    example_sheets: dict[str, SheetView],
) -> None:
    document = sheet_html(example_sheets["veteran"])  # level 4: one slot of 30 points (R9)
    assert document.count(">LOCKED<") == 2
    assert "slot 1: up to 30 points" in document and "Griffon" in document
    assert "slot 2: opens at level 7" in document and "slot 3: opens at level 10" in document


def test_the_svg_sheet_is_one_well_formed_page_with_every_name(sheet: SheetView) -> None:
    svg = sheet_svg(sheet, "a4")
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    pages = len(sheet_pages(sheet, "a4"))
    assert (root.get("width"), root.get("height")) == (
        "210mm",
        f"{297 * pages + 6 * (pages - 1)}mm",
    )
    texts = [element.text or "" for element in root.iter("{http://www.w3.org/2000/svg}text")]
    for name in names_on_sheet(sheet):
        assert any(name in text for text in texts), name
    assert "href" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_the_text_sheet_fits_80_columns(sheet: SheetView) -> None:
    text = sheet_text(sheet)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert f"LEVEL {sheet.level}" in text


def test_the_text_sheet_carries_the_gold_ledger_every_line_and_note(sheet: SheetView) -> None:
    """The text sheet showed only the gold total; the PDF and HTML sheets, every line."""
    ledger = (
        LedgerLine(120, "Siege of the Tower reward", 1),
        LedgerLine(-80, "a very long note about rope, torches and a ladder, " * 2, None),
    )
    text = sheet_text(replace(sheet, gold_ledger=ledger))
    assert "GOLD LEDGER\n     +120  game 1    Siege of the Tower reward\n      -80" in text
    assert " ".join(ledger[1].note.split()) in " ".join(text.split())
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "GOLD LEDGER\n  (no entries)" in sheet_text(replace(sheet, gold_ledger=()))


def test_a_purchase_for_0_gold_shows_as_0_in_the_text_sheet_ledger(sheet: SheetView) -> None:
    """A spell bought for 0 gold is a ledger line of its own: neither "+0" (a gain) nor left out."""
    ledger = (LedgerLine(10, "start", None), LedgerLine(0, "Ice Bolt", None))
    text = sheet_text(replace(sheet, gold_ledger=ledger))
    assert "GOLD LEDGER\n      +10            start\n        0            Ice Bolt\n" in text


@pytest.mark.parametrize(
    "name",
    ["Łukasz Żółć", "Đorđe Đoković", "Αθηνά Παλλάς", "Жанна Огнева", "Þórr “Ωmega” — Ṁage"],
)
def test_latin_greek_and_cyrillic_names_print_as_typed_in_an_embedded_font(
    example_sheets: dict[str, SheetView], name: str
) -> None:
    data = replace(example_sheets["thorn"], name=name, player="Zoë", campaign="Ædelring Ligue ⚔")
    pdf = sheet_pdf(data)
    text = pdf_pages(pdf)[0]
    assert name in text and "Zoë" in text and "Ædelring Ligue ⚔" in text
    assert "?" not in text
    assert all(font.split("+", 1)[0].isupper() for font in pdf_fonts(pdf))  # subsets, embedded
    assert all("DejaVu" in font for font in pdf_fonts(pdf))
    assert font_warning([name, "Zoë", "Ædelring Ligue ⚔"]) is None


def test_a_letter_no_font_has_prints_a_white_square_and_a_warning_naming_it(
    example_sheets: dict[str, SheetView],
) -> None:
    data = replace(example_sheets["thorn"], name="李小龍 Thorn 🜲🜳")
    text = pdf_pages(sheet_pdf(data))[0]
    assert "李小龍 Thorn □□" in text and "?" not in text
    warning = font_warning([data.name])
    assert warning is not None
    assert '"🜲", "🜳"' in warning and "U+1F732" in warning and "\n" not in warning
    assert "李" not in warning


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_full_spell_book_and_twenty_items_go_on_a_second_page_every_item_in_full(
    hoarder_sheet: SheetView, paper: str
) -> None:
    pages = sheet_pages(hoarder_sheet, paper)
    assert len(pages) == {"a4": 2, "letter": 3}[paper]  # Letter: the ledger on a page of its own
    for page in pages:
        assert overlapping_texts(page) == [] and outside(page, margin=8) == []
    assert small_texts(pages) == []
    text = "\n".join(pdf_pages(sheet_pdf(hoarder_sheet, paper)))
    assert "more items" not in text and "…" not in text
    for item in hoarder_sheet.magic_items:
        assert f"{item.name} (other, legion 1)" in text
    assert text.count("Glows faintly.") == 20
    assert all(spell.name in text for spell in hoarder_sheet.spells)
    assert "Titan Character Sheet (continued)" in text and "page 2" in text


def test_each_charge_is_a_box_and_the_used_ones_are_ticked(
    example_sheets: dict[str, SheetView],
) -> None:
    data = example_sheets["thorn"]
    wand = next(item for item in data.magic_items if item.name == "Wand of Sparks")
    used = replace(wand, charges=1)  # 2 of 3 charges spent
    page = sheet_page(replace(data, magic_items=(used,)))
    items_top = next(s.y for s in page.shapes if isinstance(s, Text) and s.text == "MAGIC ITEMS")
    small = [
        s for s in page.shapes if isinstance(s, Box) and round(s.w, 1) == 3.5 and s.y > items_top
    ]
    assert [box.filled for box in small] == [True, True, False]


def test_charge_boxes_beside_an_items_name_leave_a_gap_above_its_description(
    example_sheets: dict[str, SheetView],
) -> None:
    data = example_sheets["thorn"]
    wand = next(item for item in data.magic_items if item.name == "Wand of Sparks")
    wand = replace(wand, description="Each charge: one Fire Bolt.")
    page = sheet_page(replace(data, magic_items=(wand,)))
    items_top = next(s.y for s in page.shapes if isinstance(s, Text) and s.text == "MAGIC ITEMS")
    boxes = [
        s for s in page.shapes if isinstance(s, Box) and round(s.w, 1) == 3.5 and s.y > items_top
    ]
    [first_line] = [s for s in page.shapes if isinstance(s, Text) and s.text == wand.description]
    cap_top = first_line.y - first_line.size * 0.7 * 25.4 / 72  # a capital's top, in mm
    assert cap_top - max(box.y + box.h for box in boxes) >= 1.0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_issue_titan_prints_every_letter_every_item_in_full_and_nothing_below_7_points(
    lukasz_sheet: SheetView, paper: str
) -> None:
    pages = sheet_pages(lukasz_sheet, paper)
    assert small_texts(pages) == []
    for page in pages:
        assert overlapping_texts(page) == [] and outside(page, margin=8) == []
    pdf = sheet_pdf(lukasz_sheet, paper)
    assert min(pdf_font_sizes(pdf)) >= 7
    text = "\n".join(pdf_pages(pdf))
    assert "Łukasz Żółć" in text and "Đorđe Ωμέγα" in text and "Ædelring Ligue ⚔" in text
    words = " ".join(text.split())
    for item in lukasz_sheet.magic_items:
        assert f"{item.name} (other)" in words or item.name in words
    assert words.count(" ".join(lukasz_sheet.magic_items[0].description.split())) == 10
    assert all(spell.name in text for spell in lukasz_sheet.spells)


def test_a_long_gold_note_is_one_ruled_entry_and_no_blank_rows_come_before_a_page_that_goes_on(
    example_sheets: dict[str, SheetView],
) -> None:
    """Each wrapped line of a note was ruled as an entry of its own (with empty Game and
    Amount), blank write-in rows were drawn before the list went on over the page, and the
    empty NOTES lines were headed "(continued)"."""
    long = "loot of the siege, carried home by the whole legion, " * 3
    ledger = tuple(LedgerLine(n, long if n % 5 == 0 else f"entry {n}", None) for n in range(1, 90))
    pages = sheet_pages(replace(example_sheets["thorn"], gold_ledger=ledger), "a4")
    ledger_pages = [
        p
        for p in pages
        if any(isinstance(s, Text) and s.text.startswith("GOLD LEDGER") for s in p.shapes)
    ]
    assert len(ledger_pages) > 1
    for page in ledger_pages:
        texts = [s for s in page.shapes if isinstance(s, Text)]
        assert "NOTES" in {s.text for s in texts} and "NOTES (continued)" not in {
            s.text for s in texts
        }
        note_x = min(s.x for s in texts if s.text.startswith("entry "))
        lines = sorted(s.y for s in texts if abs(s.x - note_x) < 0.5)  # the notes' lines
        ruled = sorted(
            s.y1
            for s in page.shapes
            if isinstance(s, Line) and s.y1 == s.y2 and s.x1 < note_x < s.x2
        )
        amounts = sorted(s.y for s in texts if s.text.startswith("+"))
        for first, after in zip(amounts, [*amounts[1:], 1e9]):  # one entry: rule below only
            inside = [y for y in lines if first < y < after]
            assert not [y for y in ruled if first < y < (inside[-1] if inside else first)]
        if page is not ledger_pages[-1]:  # the list goes on: no row left blank before it
            assert max(ruled) < max(lines) + 3


def test_a_spell_book_of_seven_prints_four_and_three_each_column_with_a_line_to_write_on(
    example_sheets: dict[str, SheetView],
) -> None:
    """Seven spells printed five in the first column and two in the second (the example
    campaign's Thorn, nine: six and three): the first had no line left for the next spell."""
    data = example_sheets["thorn"]
    assert len(data.spells) == 7
    page = sheet_page(data)
    names = {spell.name for spell in data.spells}
    rows = [s for s in page.shapes if isinstance(s, Text) and s.text in names]
    columns = sorted({round(s.x) for s in rows})
    assert [sum(round(s.x) == x for s in rows) for x in columns] == [4, 3]
    last = max(s.y for s in rows)
    ruled = [s for s in page.shapes if isinstance(s, Line) and s.y1 == s.y2 and s.stroke == 0.1]
    for x in columns:  # a ruled line under the column's lowest spell, to write the next on
        lowest = max(s.y for s in rows if round(s.x) == x)
        assert any(lowest + 1 < line.y1 <= last + 6 and round(line.x1) == x for line in ruled), x
