"""Text printouts are measured in terminal cells: a Chinese letter takes two. No line passes 80
cells whatever the script, long fields wrap (nothing is cut off with "~"), and two fields are
always apart by at least a space."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from titan_campaign.printing.cells import wrap
from titan_campaign.printing.game_card import game_card_text
from titan_campaign.printing.text import sheet_text
from titan_campaign.rules.sheet import SheetView

LONG_CAMPAIGN = "The Very Long Campaign of the Iron Crown and the Nine Towers of Titan"


def _wide(thorn: SheetView) -> SheetView:
    item = replace(
        thorn.magic_items[0],
        name="龍の護符 Dragon Talisman of the Eastern Sea, the Great Ward",
        description="持つ者は戦いの度に一度、敵の攻撃を無効にできる。" * 3,
        legion=2,
    )
    return replace(
        thorn,
        name="李雷 李小龍 Thorn of the Iron Crown",
        player="韩梅梅 and 한국어 friends from Ζεύς Łukasz's table",
        campaign=LONG_CAMPAIGN,
        magic_items=(item,),
        starting_legions=(("李雷", *["Centaur"] * 6), ("Angel", *["Gargoyle"] * 6)),
    )


@pytest.mark.parametrize("render", [sheet_text, game_card_text])
def test_no_line_passes_80_cells_and_nothing_is_cut(
    example_sheets: dict[str, SheetView], render: Any
) -> None:
    data = _wide(example_sheets["thorn"])
    text = render(data)
    lines = text.splitlines()
    assert max(cell_len(line) for line in lines) <= 80
    assert not any(line.rstrip().endswith("~") for line in lines)
    joined = re.sub(r"\s+", "", text)
    item = data.magic_items[0]
    for whole in (data.name, data.player, item.name, item.description):
        assert re.sub(r"\s+", "", whole) in joined, whole


def test_a_long_campaign_name_keeps_apart_from_the_sheets_title(
    example_sheets: dict[str, SheetView],
) -> None:
    lines = sheet_text(_wide(example_sheets["thorn"])).splitlines()
    assert lines[0].rstrip() == "TITAN CHARACTER SHEET" or lines[0].startswith(
        "TITAN CHARACTER SHEET "
    )
    assert LONG_CAMPAIGN in " ".join(line.strip() for line in lines[:3])
    short = sheet_text(example_sheets["thorn"]).splitlines()[0]
    campaign = example_sheets["thorn"].campaign
    assert short.startswith("TITAN CHARACTER SHEET ") and short.endswith(f"campaign: {campaign}")


def test_spell_lines_keep_a_space_between_every_two_fields(
    grandmaster_sheet: SheetView,
) -> None:
    text = sheet_text(grandmaster_sheet)
    for spell in grandmaster_sheet.spells:
        line = next(line for line in text.splitlines() if line.startswith(f"  {spell.name} "))
        assert f" {spell.school.title()} " in line and f" {spell.mana} Mana " in line


WORDS = st.sampled_from(
    ["a", "Thorn", "Jean-Luc", "日本語", "supercalifragilistic", "é", "e\u0301", "Ζεύς", "龍の護符"]
)


@given(
    words=st.lists(WORDS, max_size=12),
    gaps=st.sampled_from([" ", "  ", "\n", " \t "]),
    width=st.integers(8, 40),
    indent=st.sampled_from(["", "  "]),
    more=st.sampled_from([None, "    "]),
)
def test_wrapping_keeps_every_letter_in_order_within_the_width(
    words: list[str], gaps: str, width: int, indent: str, more: str | None
) -> None:
    text = gaps.join(words)
    lines = wrap(text, width, indent, more)
    assert all(cell_len(line) <= width for line in lines)
    assert "".join("".join(lines).split()) == "".join(words)
    assert lines[0].startswith(indent if words else indent.rstrip()) and all(
        line.startswith(indent if more is None else more) for line in lines[1:]
    )
    for word in words:  # a word that fits on a line is never broken
        if cell_len(word) <= width - len(more or indent):
            assert any(word in line.split() for line in lines)


def test_a_word_wider_than_a_line_is_broken_between_letters_and_starts_its_own_line() -> None:
    assert wrap("a supercalifragilistic word", 10) == ["a", "supercalif", "ragilistic", "word"]
    assert wrap("龍の護符龍の護符", 7, "  ") == ["  龍の", "  護符", "  龍の", "  護符"]
    assert wrap("  two   spaces\nand a line ", 80) == ["  two   spaces and a line"]
    assert wrap("", 80, "  ") == [""]


def test_a_row_of_charge_boxes_is_never_broken_between_two_lines(
    example_sheets: dict[str, SheetView],
) -> None:
    """A cloak of five charges with a long name: its boxes ("[ ][ ][ ][ ][ ]") go whole onto
    the next line (they were cut after "[ ][", the rest under it)."""
    item = replace(
        example_sheets["thorn"].magic_items[0],
        name="Cloak of the Endless Winter Night of the Northern Kings",
        type="cloak",
        charges=5,
        max_charges=5,
        legion=1,
    )
    lines = sheet_text(replace(example_sheets["thorn"], magic_items=(item,))).splitlines()
    at = next(n for n, line in enumerate(lines) if "Cloak of the Endless" in line)
    assert "[ ][ ][ ][ ][ ]" in lines[at] + lines[at + 1], lines[at : at + 2]
    assert all("\u00a0" not in line for line in lines)
