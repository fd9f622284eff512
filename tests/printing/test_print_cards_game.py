"""Spell cards, the game-night card and the whole-campaign printout."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from helpers_print import (
    external_references,
    outside,
    overlapping_texts,
    parse_html,
    pdf_font_sizes,
    pdf_pages,
    small_texts,
)

from titan_campaign.cli import main
from titan_campaign.printing.canvas import Box, Line, Text
from titan_campaign.printing.cards import PER_PAGE, card_spells, cards_html, cards_pages
from titan_campaign.printing.game_card import game_card_text, legion_members
from titan_campaign.printing.game_card_page import game_card_html, game_card_page, game_card_pages
from titan_campaign.printing.pdf import pages_pdf
from titan_campaign.printing.render import render
from titan_campaign.printing.sheet_layout import sheet_pages
from titan_campaign.rules.errors import RuleError
from titan_campaign.rules.names import UnknownName
from titan_campaign.rules.sheet import ChoiceLine, SheetView
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
    pages = cards_pages(card_spells(every=True), paper)
    for page in pages:
        assert overlapping_texts(page) == []
        assert outside(page) == []
    assert small_texts(pages) == []  # the rules text never shrinks below 7 points
    for spell in SPELLS:
        words = " ".join(
            t.text
            for p in cards_pages([spell], paper)
            for t in p.shapes
            if type(t).__name__ == "Text"
        )
        assert spell.text in words, spell.name


def test_a_titans_cards_are_its_spell_book(example_sheets: dict[str, SheetView]) -> None:
    data = example_sheets["archmage"]
    spells = card_spells(titan=data)
    assert sorted(s.name for s in spells) == sorted(s.name for s in data.spells)
    assert len(pdf_pages(pages_pdf(cards_pages(spells)))) == -(-len(spells) // PER_PAGE)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_titans_spell_cards_say_whose_on_every_page_between_the_cut_marks(
    example_sheets: dict[str, SheetView], paper: str
) -> None:
    """Four players' books printed together could not be told apart: only the PDF's title,
    which does not print, named the Titan."""
    data = example_sheets["archmage"]
    pages = cards_pages(card_spells(titan=data), paper, data.name)
    for page in pages:
        (owner,) = [s for s in page.shapes if isinstance(s, Text) and "spell cards" in s.text]
        assert owner.text.endswith("…'s spell cards") and owner.align == "right"
        assert data.name.startswith(owner.text.removesuffix("…'s spell cards"))  # 60 letters
        cuts = [s for s in page.shapes if isinstance(s, Line) and s.dashed and s.x1 == s.x2]
        assert not any(  # no vertical cut line runs through it
            owner.x - 45 < cut.x1 < owner.x + 1
            and min(cut.y1, cut.y2) < owner.y < max(cut.y1, cut.y2)
            for cut in cuts
        )
    rendered = str(render("cards", "html", replace(data, name="Thorn"), paper=paper))
    assert "Thorn&#x27;s spell cards" in rendered or "Thorn's spell cards" in rendered
    every = cards_pages(card_spells(every=True), paper)  # not one Titan's: no name
    assert not any("spell cards" in s.text for p in every for s in p.shapes if isinstance(s, Text))


def test_named_spells_print_once_each_whatever_the_spelling() -> None:
    spells = card_spells(names=["ice bolt", "FIRE FAN", "Ice Bolt"])
    assert [s.name for s in spells] == ["Ice Bolt", "Fire Fan"]  # water before fire
    with pytest.raises(UnknownName):
        card_spells(names=["Ice Bolts of Doom"])


def test_a_titan_without_spells_has_no_cards_to_print(example_sheets: dict[str, SheetView]) -> None:
    with pytest.raises(RuleError, match="knows no spells"):
        card_spells(titan=example_sheets["novice"])


def test_the_html_cards_are_self_contained_with_every_card_text() -> None:
    document = cards_html(card_spells(every=True), "a4")
    parser = parse_html(document)
    assert external_references(parser, document) == []
    assert document.count('<section class="page cards-page"') == 8
    words = " ".join(" ".join(parser.text).split())
    assert all(" ".join(spell.text.split()) in words for spell in SPELLS)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_cut_line_is_drawn_once_and_none_crosses_the_footer(paper: str) -> None:
    (page,) = cards_pages(card_spells(every=True)[:9], paper)
    cuts = [(s.x1, s.y1, s.x2, s.y2) for s in page.shapes if isinstance(s, Line) and s.dashed]
    assert len(cuts) == len(set(cuts)) == 4 + 4
    (footer,) = [s for s in page.shapes if isinstance(s, Text) and s.text.startswith("Cut")]
    end = footer.x + 45
    for x1, y1, x2, y2 in cuts:
        if x1 == x2:  # a vertical cut line
            assert not (footer.x - 1 < x1 < end and min(y1, y2) < footer.y < max(y1, y2))


@pytest.mark.parametrize("example", ["thorn", "novice", "veteran", "archmage"])
def test_the_game_card_has_legions_items_figures_and_spells_with_their_effects(
    example_sheets: dict[str, SheetView], example: str
) -> None:
    data = example_sheets[example]
    text = game_card_text(data)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert f"Mana per turn:              {data.mana}" in text
    pages = game_card_pages(data, "letter")
    for page in pages:
        assert overlapping_texts(page) == [] and outside(page, margin=8) == []
    assert small_texts(pages) == []
    pdf = pages_pdf(pages)
    assert min(pdf_font_sizes(pdf)) >= 7
    pdf_text = " ".join(" ".join(pdf_pages(pdf)).split())
    document = game_card_html(data)
    html_text = " ".join(" ".join(parse_html(document).text).split())
    for legion in data.starting_legions:
        for character in legion:
            assert character in pdf_text and character in html_text
    for spell in data.spells:
        assert spell.name in pdf_text and spell.name in html_text
        assert spell.cast.upper() in pdf_text
    for item in data.magic_items:
        assert item.name in pdf_text and item.name in html_text
        assert " ".join(item.description.split()) in pdf_text
    for key in ("titan_power", "rerolls", "mana", "skill_uses"):
        assert f'data-figure="{key}">{data.to_json()[key]}<' in document
    if example in ("thorn", "novice", "veteran"):
        assert len(pages) == 1


def test_the_game_cards_say_a_spells_school_level_and_attack_area_alike(
    example_sheets: dict[str, SheetView],
) -> None:
    """The text card said "Ice Shards  Water  6d3/4d3 blast", the PDF "Water 3  6d3/4d3": the
    text lost the school's level, the PDF the area the spell cards name."""
    data = example_sheets["archmage"]
    assert any(s.name == "Ice Shards" for s in data.spells)
    [line] = [line for line in game_card_text(data).splitlines() if "Ice Shards" in line]
    assert line.split() == ["3", "Mana", "Ice", "Shards", "Water", "3", "6d3/4d3", "blast"]
    texts = [s for page in game_card_pages(data, "a4") for s in page.shapes if isinstance(s, Text)]
    [name] = [t for t in texts if t.text == "Ice Shards"]
    row = {t.text for t in texts if name.y - 0.1 <= t.y <= name.y + 3.6 and t.x > name.x}
    assert {"Water 3", "6d3/4d3", "blast"} <= row


def test_the_game_card_fills_its_page_with_trackers_and_writing_space(
    example_sheets: dict[str, SheetView],
) -> None:
    data = example_sheets["veteran"]  # Skill 1, Luck 1: one Skill-5 box a Battle, one re-roll
    (page,) = game_card_pages(data, "a4")
    texts = {s.text for s in page.shapes if isinstance(s, Text)}
    assert {"EACH GAME-TURN", "Mana left (of 4)", "Re-rolls (1 a turn)"} <= texts
    assert "Skill-5 strikes (1 a Battle)" in texts and "THIS GAME (for the XP award)" in texts
    lowest = max(s.y1 for s in page.shapes if isinstance(s, Line))
    assert lowest > page.height - 12 - 6  # ruled down to the foot of the page
    legions_top = min(s.y for s in page.shapes if isinstance(s, Box) and s.w > 50)
    ticks = [
        s for s in page.shapes if isinstance(s, Box) and round(s.w, 1) == 3.5 and s.y < legions_top
    ]
    assert len(ticks) == 12 * 1 + 8 * 1  # a re-roll box per Game-Turn, a Skill-5 box per Battle


def test_a_titan_without_luck_or_skill_gets_a_note_not_a_row_of_boxes_with_nothing_to_tick(
    example_sheets: dict[str, SheetView],
) -> None:
    data = example_sheets["thorn"]  # no Luck box, no Skill box: no re-roll, no Skill-5 strike
    assert data.rerolls == 0 == data.skill_uses
    (page,) = game_card_pages(data, "a4")
    texts = [s for s in page.shapes if isinstance(s, Text)]
    assert not [s.text for s in texts if s.text.startswith(("Re-rolls (", "Skill-5 strikes ("))]
    notes = [s for s in texts if s.text.startswith("No ")]
    assert [s.text for s in notes] == [
        "No re-rolls (no Luck box bought).",
        "No Skill-5 strikes (no Skill box bought).",
    ]
    legions_top = min(s.y for s in page.shapes if isinstance(s, Box) and s.w > 50)
    tracker_top = next(s.y for s in texts if s.text == "EACH GAME-TURN")
    cells = [s for s in page.shapes if isinstance(s, Box) and tracker_top < s.y < legions_top]
    assert len({round(s.y, 1) for s in cells}) == 1  # one row of cells: the Mana left
    assert legions_top - max(s.y for s in notes) >= 2.5  # the notes clear the legions' boxes


def test_the_game_card_marks_honor_guard_members_and_warns_of_choices_to_make(
    example_sheets: dict[str, SheetView],
) -> None:
    data = example_sheets["veteran"]
    marked = [name for legion in legion_members(data) for name, guard in legion if guard]
    assert marked == ["Griffon"]
    (page,) = game_card_pages(data)
    assert "honor guard" in {s.text for s in page.shapes if isinstance(s, Text)}
    choice = ChoiceLine("school", None, None, "choose a school level")
    pending = replace(data, pending=(choice,))
    words = " ".join(pdf_pages(pages_pdf(game_card_pages(pending)))[0].split())
    assert "CHOICES STILL TO MAKE" in words and "choose a school level" in words
    assert "CHOICE TO MAKE FIRST: choose a school level" in game_card_text(pending)


def test_r2_the_game_card_says_a_choice_waiting_several_times_once_and_the_base_xp_to_spend(
    example_sheets: dict[str, SheetView],
) -> None:
    """Six levels gained at once leave six free school levels: one line, "6 waiting". A
    Titan that has not played yet and still holds base XP is told to spend it first (R2)."""
    data = example_sheets["veteran"]
    free = ChoiceLine("school", None, None, "free spell-school level (R2)")
    pending = replace(data, pending=(free,) * 6)
    lines = [line for line in game_card_text(pending).splitlines() if "FIRST" in line]
    assert lines == ["CHOICE TO MAKE FIRST: free spell-school level (R2), 6 waiting"]
    xp = replace(data.xp, base=200, available=200)
    unplayed = replace(data, xp=xp, games=(), pending=())
    text = " ".join(game_card_text(unplayed).split())
    assert (
        "CHOICE TO MAKE FIRST: spend the 200 base XP (the rules spend it before the first game, R2)"
        in text
    )
    words = " ".join(pdf_pages(pages_pdf(game_card_pages(unplayed)))[0].split())
    assert "spend the 200 base XP" in words
    assert "FIRST" not in game_card_text(replace(unplayed, games=data.games))


def test_the_game_card_marks_the_guard_member_not_a_base_creature_of_its_name(
    example_sheets: dict[str, SheetView],
) -> None:
    """The guard's Ogre in legion 1 and a base Ogre in legion 2: the base one was marked."""
    data = replace(
        example_sheets["veteran"],
        honor_guard=("Ogre",),
        starting_legions=(
            ("Titan", "Centaur", "Gargoyle", "Troll", "Troll", "Ogre"),
            ("Angel", "Centaur", "Gargoyle", "Ogre"),
        ),
        starting_legion_guard=(1, 0),
    )
    first, second = legion_members(data)
    assert first[-1] == ("Ogre", True)
    assert ("Ogre", False) in second
    assert "LEGION 2: Angel, Centaur, Gargoyle, Ogre\n" in game_card_text(data)


def test_a_phase_that_goes_on_on_a_new_page_repeats_its_heading(
    hoarder_sheet: SheetView,
) -> None:
    pages = game_card_pages(hoarder_sheet, "a4")
    assert len(pages) >= 2
    for page in pages[1:]:
        bold = [s.text for s in page.shapes if isinstance(s, Text) and s.bold and s.x == 12]
        assert not re.fullmatch(r"\d+ Mana", bold[1])  # [0] is the running head
    words = " ".join(t for p in pages for t in (s.text for s in p.shapes if isinstance(s, Text)))
    assert "(continued)" in words


def test_the_game_card_puts_each_item_with_its_legion(example_sheets: dict[str, SheetView]) -> None:
    text = game_card_text(example_sheets["veteran"])  # the plan puts the crown in legion 2 (R10)
    legion_2 = text[text.index("LEGION 2") :]
    assert "item: Crown of Command (crown)" in legion_2
    assert "item: Healing Talisman (talisman)  charges [ ][ ]" in text
    assert "Healing Talisman" in text[text.index("LEGION 1") : text.index("LEGION 2")]


def _double_sided(pages: int) -> int:
    """Sheets of paper printed on both sides: a Titan's odd last page gets a blank back."""
    return pages + pages % 2


def test_a_campaign_prints_each_titans_pages_on_sheets_of_their_own_then_the_log(
    example_sheets: dict[str, SheetView],
) -> None:
    sheets = list(example_sheets.values())
    pages = sum(_double_sided(len(sheet_pages(sheet))) for sheet in sheets) + 1  # the game log
    assert len(pdf_pages(render("campaign", "pdf", sheets, campaign="Ninth Age"))) == pages  # type: ignore[arg-type]
    document = str(render("campaign", "html", sheets, "letter", campaign="Ninth Age"))
    parse_html(document)
    pages = sum(_double_sided(len(sheet_pages(sheet, "letter"))) for sheet in sheets) + 1
    assert document.count('<section class="page sheet"') == pages
    with pytest.raises(RuleError, match="no active Titan"):
        render("campaign", "pdf", [], campaign="Empty")


def test_a_format_a_printout_does_not_have_is_refused() -> None:
    with pytest.raises(RuleError, match="a blank sheet prints as html, pdf or svg, not text"):
        render("blank", "text")


def test_a_game_card_with_every_spell_and_twenty_items_goes_on_and_drops_nothing(
    hoarder_sheet: SheetView,
) -> None:
    pages = game_card_pages(hoarder_sheet, "letter")
    for page in pages:
        assert overlapping_texts(page) == [] and outside(page, margin=8) == []
    assert small_texts(pages) == []
    text = "\n".join(pdf_pages(pages_pdf(pages)))
    assert "more items" not in text
    assert all(f"Trinket {n} (other)" in text for n in range(1, 21))
    assert all(spell.name in text for spell in hoarder_sheet.spells)
    assert "Trinket 20" in game_card_text(hoarder_sheet)
    assert game_card_page(hoarder_sheet, "letter") is pages[0] or len(pages) > 1


def test_a_long_player_and_campaign_name_print_whole_on_the_game_card_each_on_its_line(
    example_sheets: dict[str, SheetView],
) -> None:
    player = "Bartholomew Montgomery-Fitzgerald the Younger of Dunwich"
    campaign = "The Iron Crown of the Northern Wastes: the Second Dragon Age"
    data = replace(example_sheets["veteran"], player=player, campaign=campaign)
    texts = [item.text for item in game_card_page(data).shapes if isinstance(item, Text)]
    assert f"Player: {player}" in texts and f"Campaign: {campaign}" in texts
    short = game_card_page(example_sheets["veteran"])
    assert any("   Campaign: " in item.text for item in short.shapes if isinstance(item, Text))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_game_card_always_has_the_box_for_this_games_xp_award(paper: str) -> None:
    """With spells that nearly filled the page, the card left out THIS GAME (for the XP
    award) and its notes without a word: it now goes on a page of its own."""
    from dataclasses import replace

    from titan_campaign.rules.sheet import sheet_view

    from .conftest import grandmaster

    full = sheet_view(grandmaster().state, "Ninth Age")
    for count in range(0, len(full.spells) + 1, 3):
        pages = game_card_pages(replace(full, spells=full.spells[:count]), paper)
        texts = [s.text for page in pages for s in page.shapes if isinstance(s, Text)]
        assert "THIS GAME (for the XP award)" in texts, f"{count} spells"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_cut_mark_and_word_of_a_card_page_keeps_clear_of_the_paper_edge(paper: str) -> None:
    """On letter paper the footer was 3.5 mm from the bottom edge and the cut marks began 2 mm
    from the top one: most home printers clip there."""
    for page in cards_pages(card_spells(every=True)[:9], paper):
        for shape in page.shapes:
            if isinstance(shape, Line):
                ys, xs = (shape.y1, shape.y2), (shape.x1, shape.x2)
            elif isinstance(shape, Text):
                ys, xs = (shape.y - shape.size * 0.36, shape.y + shape.size * 0.1), (shape.x,)
            else:
                continue
            assert min(ys) >= 5.55 and max(ys) <= page.height - 5.55, (shape, page.height)
            assert min(xs) >= 5.55 and max(xs) <= page.width - 5.55, shape


def test_the_game_night_card_of_an_archived_titan_says_archived_as_its_sheet_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ghost, archived: its sheet (text and PDF) said ARCHIVED, its game-night card did not."""
    monkeypatch.setenv("TITAN_CAMPAIGN_DB", str(tmp_path / "db.json"))
    monkeypatch.chdir(tmp_path)
    for command in (
        ["campaign", "new", "R", "--base-xp", "0"],
        ["titan", "add", "Ghost", "--player", "P"],
    ):
        assert main(command) == 0
    assert main(["titan", "archive", "Ghost"]) == 0
    capsys.readouterr()
    for command in (["sheet", "Ghost"], ["game-card", "Ghost", "--format", "text"]):
        assert main(command) == 0
        assert "ARCHIVED (dead or retired)" in capsys.readouterr().out, command
    for command in ("sheet", "game-card"):
        assert main([command, "Ghost", "-o", f"{command}.pdf"]) == 0
        (first, *_) = pdf_pages((tmp_path / f"{command}.pdf").read_bytes())
        assert "ARCHIVED" in first, command
    assert main(["titan", "restore", "Ghost"]) == 0
    assert main(["game-card", "Ghost", "--format", "text"]) == 0
    assert main(["game-card", "Ghost", "-o", "back.pdf"]) == 0
    assert "ARCHIVED" not in capsys.readouterr().out
    assert "ARCHIVED" not in pdf_pages((tmp_path / "back.pdf").read_bytes())[0]
