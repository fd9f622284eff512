"""Spell cards, the game-night card and the whole-campaign printout."""

from __future__ import annotations

from typing import Any

import pytest
from helpers_print import external_references, outside, overlapping_texts, parse_html, pdf_pages

from titan_campaign.printing.cards import PER_PAGE, card_spells, cards_html, cards_pages
from titan_campaign.printing.commands import render
from titan_campaign.printing.game_card import game_card_html, game_card_page, game_card_text
from titan_campaign.printing.pdf import pages_pdf
from titan_campaign.rules.errors import RuleError
from titan_campaign.rules.names import UnknownName
from titan_campaign.rules.spells import SCHOOLS, SPELLS


def test_all_72_cards_print_nine_a_page_ordered_by_school_then_level() -> None:
    spells = card_spells(every=True)
    assert len(spells) == 72
    order = [(SCHOOLS.index(s.school), s.level) for s in spells]
    assert order == sorted(order)
    pages = pdf_pages(pages_pdf(cards_pages(spells, "letter")))
    assert len(pages) == 8
    first = pages[0]
    assert first.index("Bog Walker") < first.index("Ice Bolt") < first.index("Ice Storm")
    assert "Cut along the dashed lines" in first


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_card_keeps_its_whole_rules_text_inside_the_card(paper: str) -> None:
    for page in cards_pages(card_spells(every=True), paper):
        assert overlapping_texts(page) == []
        assert outside(page) == []
    for spell in SPELLS:
        words = " ".join(
            t.text
            for p in cards_pages([spell], paper)
            for t in p.shapes
            if type(t).__name__ == "Text"
        )
        assert spell.text in words, spell.name


def test_a_titans_cards_are_its_spell_book(example_sheets: dict[str, Any]) -> None:
    data = example_sheets["archmage"]
    spells = card_spells(titan=data)
    assert sorted(s.name for s in spells) == sorted(s["name"] for s in data["spells"])
    assert len(pdf_pages(pages_pdf(cards_pages(spells)))) == -(-len(spells) // PER_PAGE)


def test_named_spells_print_once_each_whatever_the_spelling() -> None:
    spells = card_spells(names=["ice bolt", "FIRE FAN", "Ice Bolt"])
    assert [s.name for s in spells] == ["Ice Bolt", "Fire Fan"]  # water before fire
    with pytest.raises(UnknownName):
        card_spells(names=["Ice Bolts of Doom"])


def test_a_titan_without_spells_has_no_cards_to_print(example_sheets: dict[str, Any]) -> None:
    with pytest.raises(RuleError, match="knows no spells"):
        card_spells(titan=example_sheets["novice"])


def test_the_html_cards_are_self_contained_with_every_card_text() -> None:
    document = cards_html(card_spells(every=True), "a4")
    parser = parse_html(document)
    assert external_references(parser, document) == []
    assert document.count('class="card"') == 72
    assert document.count('class="page cards-page"') == 8
    text = "".join(parser.text)
    assert all(spell.text in text for spell in SPELLS)


@pytest.mark.parametrize("example", ["thorn", "novice", "veteran", "archmage"])
def test_the_game_card_is_one_page_with_legions_figures_and_spells(
    example_sheets: dict[str, Any], example: str
) -> None:
    data = example_sheets[example]
    text = game_card_text(data)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert f"Mana per turn:              {data['mana']}" in text
    page = game_card_page(data, "letter")
    assert overlapping_texts(page) == [] and outside(page, margin=8) == []
    (pdf_text,) = pdf_pages(pages_pdf([page]))
    document = game_card_html(data)
    html_text = "".join(parse_html(document).text)
    for legion in data["starting_legions"]:
        for character in legion:
            assert character in pdf_text and character in html_text
    for spell in data["spells"]:
        assert spell["name"] in pdf_text and spell["name"] in html_text
        assert spell["cast"].upper() in pdf_text
    for item in data["magic_items"]:
        assert item["name"] in text and item["name"] in html_text
    for label, key in (("Titan Power-factor", "titan_power"), ("Re-rolls per turn", "rerolls")):
        assert f'data-figure="{label}">{data[key]}<' in document


def test_the_game_card_puts_each_item_with_its_legion(example_sheets: dict[str, Any]) -> None:
    text = game_card_text(example_sheets["veteran"])  # the plan puts the crown in legion 2 (R10)
    legion_2 = text[text.index("LEGION 2") :]
    assert "item: Crown of Command (crown)" in legion_2
    assert "Healing Talisman" in text[text.index("LEGION 1") : text.index("LEGION 2")]


def test_a_campaign_prints_one_page_per_titan(example_sheets: dict[str, Any]) -> None:
    sheets = list(example_sheets.values())
    assert len(pdf_pages(render("campaign", "pdf", sheets, campaign="Ninth Age"))) == len(sheets)  # type: ignore[arg-type]
    document = str(render("campaign", "html", sheets, "letter", campaign="Ninth Age"))
    parse_html(document)
    assert document.count('<section class="page sheet">') == len(sheets)
    with pytest.raises(RuleError, match="no active Titan"):
        render("campaign", "pdf", [], campaign="Empty")


def test_a_format_a_printout_does_not_have_is_refused() -> None:
    with pytest.raises(RuleError, match="a blank sheet prints as html, pdf or svg, not text"):
        render("blank", "text")


def test_a_game_card_with_every_spell_and_twenty_items_stays_one_page(
    hoarder_sheet: dict[str, Any],
) -> None:
    page = game_card_page(hoarder_sheet, "letter")
    assert overlapping_texts(page) == [] and outside(page, margin=8) == []
    (text,) = pdf_pages(pages_pdf([page]))
    assert "... and 15 more items (see the sheet)" in text
    assert all(spell["name"] in text for spell in hoarder_sheet["spells"])
    assert "Trinket 20" in game_card_text(hoarder_sheet)  # the text card lists every item
