"""The Titan Character Sheet in every format: one page, every figure, nothing overlapping."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from helpers_print import external_references, outside, overlapping_texts, parse_html, pdf_pages

from titan_campaign.printing.canvas import latin1
from titan_campaign.printing.html import sheet_html
from titan_campaign.printing.pdf import sheet_pdf
from titan_campaign.printing.sheet_layout import sheet_page
from titan_campaign.printing.svg import sheet_svg
from titan_campaign.printing.text import sheet_text
from titan_campaign.rules.abilities import ABILITIES
from titan_campaign.rules.spells import SCHOOLS

EXAMPLES = ("thorn", "novice", "veteran", "archmage")


@pytest.fixture(params=EXAMPLES + ("grandmaster",))
def sheet(
    request: pytest.FixtureRequest,
    example_sheets: dict[str, Any],
    grandmaster_sheet: dict[str, Any],
) -> dict[str, Any]:
    return grandmaster_sheet if request.param == "grandmaster" else example_sheets[request.param]


def names_on_sheet(data: dict[str, Any]) -> list[str]:
    """Names every printed sheet must carry: Titan, spells, items, guard, legions' characters."""
    names = [
        data["name"],
        *(s["name"] for s in data["spells"]),
        *(i["name"] for i in data["magic_items"]),
    ]
    return names + list(data["honor_guard"])


def html_figures(data: dict[str, Any]) -> dict[str, str]:
    """Every figure of the JSON sheet, as the HTML sheet's data-figure cells must show it."""
    figures = {f"xp.{key}": str(value) for key, value in data["xp"].items()}
    figures |= {
        key: str(data[key])
        for key in ("level", "gold", "mana", "titan_power", "skill_uses", "rerolls")
    }
    figures["xp_bonus_percent"] = f"{data['xp_bonus_percent']}%"
    return figures


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_pdf_sheet_is_one_page_with_every_name_and_figure(
    sheet: dict[str, Any], paper: str
) -> None:
    pages = pdf_pages(sheet_pdf(sheet, paper))
    assert len(pages) == 1
    text = pages[0]
    for name in names_on_sheet(sheet):
        assert latin1(name) in text, name
    assert f"Spent XP:\n{sheet['xp']['spent']}" in text or str(sheet["xp"]["spent"]) in text
    for figure in html_figures(sheet).values():
        assert figure in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_laid_out_sheet_has_no_overlapping_text_and_stays_inside_the_page(
    sheet: dict[str, Any], paper: str
) -> None:
    page = sheet_page(sheet, paper)
    assert overlapping_texts(page) == []
    assert outside(page, margin=8) == []


def test_the_blank_sheet_has_boxes_and_lines_but_no_figures() -> None:
    page = sheet_page(None, "letter")
    boxes = [shape for shape in page.shapes if type(shape).__name__ == "Box"]
    assert len(boxes) == 8 * 3 + 8 * 3 + 2  # abilities, schools, LEVEL and GOLD
    assert not any(getattr(box, "filled", False) for box in boxes)
    assert overlapping_texts(page) == [] and outside(page, margin=8) == []
    assert len(pdf_pages(sheet_pdf(None, "a4"))) == 1


def test_checked_boxes_are_filled_rectangles_one_per_box_bought(
    example_sheets: dict[str, Any],
) -> None:
    data = example_sheets["veteran"]
    filled = [
        shape for shape in sheet_page(data).shapes if type(shape).__name__ == "Box" and shape.filled
    ]  # type: ignore[union-attr]
    assert len(filled) == sum(data["abilities"].values()) + sum(data["schools"].values())


def test_the_html_sheet_is_well_formed_self_contained_and_carries_every_figure(
    sheet: dict[str, Any],
) -> None:
    document = sheet_html(sheet, "letter")
    parser = parse_html(document)
    assert external_references(parser, document) == []
    assert "@page { size: letter; margin: 12mm; }" in document
    for key, value in html_figures(sheet).items():
        assert re.search(rf'data-figure="{re.escape(key)}">{re.escape(value)}<', document), key
    rows = {
        attrs.get("data-ability") or attrs.get("data-school"): attrs.get("data-boxes")
        for _, attrs in parser.attrs
        if "data-boxes" in attrs
    }
    assert rows == {
        **{a: str(sheet["abilities"][a]) for a in ABILITIES},
        **{s: str(sheet["schools"][s]) for s in SCHOOLS},
    }
    assert document.count('class="box checked"') == sum(sheet["abilities"].values()) + sum(
        sheet["schools"].values()
    )
    text = "".join(parser.text)
    for name in names_on_sheet(sheet):
        assert name in text
    for legion in sheet["starting_legions"]:
        assert ", ".join(legion) in text


def test_the_html_sheet_shows_open_and_locked_honor_guard_slots(
    example_sheets: dict[str, Any],
) -> None:
    document = sheet_html(example_sheets["veteran"])  # level 4: one slot of 30 points (R9)
    assert document.count('class="slot locked"') == 2
    assert 'data-cap="30"' in document and "Griffon" in document
    assert "slot 2: opens at level 7" in document and "slot 3: opens at level 10" in document


def test_the_svg_sheet_is_one_well_formed_page_with_every_name(sheet: dict[str, Any]) -> None:
    svg = sheet_svg(sheet, "a4")
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert (root.get("width"), root.get("height")) == ("210mm", "297mm")
    texts = [element.text or "" for element in root.iter("{http://www.w3.org/2000/svg}text")]
    for name in names_on_sheet(sheet):
        assert any(name in text for text in texts), name
    assert "href" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_the_text_sheet_fits_80_columns(sheet: dict[str, Any]) -> None:
    text = sheet_text(sheet)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert f"LEVEL {sheet['level']}" in text


def test_names_beyond_latin_1_still_print_in_pdf(example_sheets: dict[str, Any]) -> None:
    data = dict(
        example_sheets["thorn"], name="Þórr \u201cΩmega\u201d Łukasz \u2014 Ṁage", player="Zoë"
    )
    text = pdf_pages(sheet_pdf(data))[0]
    assert 'Þórr "?mega" Lukasz - Mage' in text
    assert "Zoë" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_full_spell_book_and_twenty_items_still_fit_one_page_and_say_what_is_left_out(
    hoarder_sheet: dict[str, Any], paper: str
) -> None:
    page = sheet_page(hoarder_sheet, paper)
    assert overlapping_texts(page) == [] and outside(page, margin=8) == []
    (text,) = pdf_pages(sheet_pdf(hoarder_sheet, paper))
    shown = [item["name"] for item in hoarder_sheet["magic_items"] if f"{item['name']} (" in text]
    assert shown == [f"Trinket {n}" for n in range(1, len(shown) + 1)] and len(shown) >= 2
    assert f"... and {20 - len(shown)} more items" in text
    assert all(spell["name"] in text for spell in hoarder_sheet["spells"])
    document = sheet_html(hoarder_sheet, paper)
    assert document.count("data-item=") + int(re.search(r"and (\d+) more items", document)[1]) == 20  # type: ignore[index]
