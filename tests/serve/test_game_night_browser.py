"""Game night in the browser, as the players live it: ``titan-campaign serve`` on a free local
port, real Chromium tabs on it, boxes pressed with the mouse, and the database read afterwards
by the command line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import GameNight, Tab, sheet_json, tab_processes, wait_until

pytestmark = pytest.mark.slow

OpenTab = Callable[[str], Tab]


def ability(db: Path, titan: str, name: str) -> object:
    abilities = sheet_json(db, titan)["abilities"]
    assert isinstance(abilities, dict)
    return abilities[name]


def test_a_player_opens_their_sheet_by_link_and_a_box_spends_100_xp(
    game_night: GameNight, open_tab: OpenTab
) -> None:
    thorn = open_tab(game_night.url + "?titan=Thorn")
    thorn.wait_for(r"THORN\s+player Ann", "Thorn's sheet")
    thorn.wait_for(r"Available:\s+200")

    thorn.click_text(r"\[ \].*POWER")

    thorn.wait_for(r"Available:\s+100", "the sheet to show 100 XP left")
    wait_until(lambda: ability(game_night.db, "Thorn", "power") == 1, "the box in the database")
    assert thorn.errors == []  # the page's own scripts threw nothing (focusing it too early)
    assert sheet_json(game_night.db, "Mira")["xp"] == {
        "base": 200,
        "earned": 0,
        "spent": 0,
        "available": 200,
        "to_next_level": 200,
    }


def test_two_players_spend_at_the_same_time_and_each_sees_the_other_on_the_roster(
    game_night: GameNight, open_tab: OpenTab
) -> None:
    thorn = open_tab(game_night.url + "?titan=Thorn")
    mira = open_tab(game_night.url + "?titan=mira")  # names are case-insensitive
    thorn.wait_for(r"THORN\s+player Ann")
    mira.wait_for(r"MIRA\s+player Bo")

    thorn.click_text(r"\[ \].*POWER")
    mira.click_text(r"\[ \].*WISDOM")

    wait_until(
        lambda: (
            ability(game_night.db, "Thorn", "power") == 1
            and ability(game_night.db, "Mira", "wisdom") == 1
        ),
        "both boxes in the database",
    )
    assert ability(game_night.db, "Thorn", "wisdom") == 0
    assert ability(game_night.db, "Mira", "power") == 0
    for tab in (thorn, mira):
        tab.wait_for(r"Available:\s+100")
        tab.page.keyboard.press("Escape")  # back to the campaign's roster
        tab.wait_for(r"Thorn\s+Ann\s+0\s+100", "Thorn's spending on the roster")
        tab.wait_for(r"Mira\s+Bo\s+0\s+100", "Mira's spending on the roster")


def test_a_tab_on_the_roster_shows_another_tabs_spending_as_it_happens(
    game_night: GameNight, open_tab: OpenTab
) -> None:
    roster = open_tab(game_night.url + "?campaign=Iron%20Crown")
    roster.wait_for(r"Thorn\s+Ann\s+0\s+200")
    thorn = open_tab(game_night.url + "?titan=Thorn")
    thorn.wait_for(r"THORN\s+player Ann")

    thorn.click_text(r"\[ \].*SKILL")

    roster.wait_for(r"Thorn\s+Ann\s+0\s+100", "the roster to redraw with Thorn's spending")
    assert ability(game_night.db, "Thorn", "skill") == 1


def test_a_game_form_follows_a_titan_renamed_in_another_tab_and_records_for_it(
    game_night: GameNight, open_tab: OpenTab
) -> None:
    """Ann has the game form open; Bo renames Thorn in his tab: the form's row follows him as
    Thorne (held by id), and the game is recorded for him, under his new name."""
    form = open_tab(game_night.url + "?campaign=Iron%20Crown")
    form.wait_for(r"Thorn\s+Ann\s+0\s+200")
    form.click_cell(14, 40)  # on the empty page below the roster: the tab takes the keys
    form.page.keyboard.press("g")
    form.wait_for(r"GAME 1: what happened", "the game form")
    other = open_tab(game_night.url + "?titan=Thorn")
    other.wait_for(r"THORN\s+player Ann")
    other.click_text(r"EXPERIENCE")
    other.page.keyboard.press("r")
    other.wait_for(r"New name", "the rename form")
    other.page.keyboard.press("End")
    other.page.keyboard.type("e")  # Thorn becomes Thorne
    other.page.keyboard.press("Control+s")
    other.wait_for(r"THORNE\s+player Ann", "the sheet under its new name")
    form.wait_for(r"Thorne: won or lost", "the form's row under Thorn's new name")
    form.page.keyboard.press("w")  # the first row's result: Thorne won
    form.wait_for(r"Thorne: game won")
    form.page.keyboard.press("Control+s")
    form.wait_for(r"Not saved: see Mira", "Mira's row asks for her result")
    wait_until(lambda: sheet_json(game_night.db, "Thorne")["xp"] is not None, "Thorne's sheet")
    assert sheet_json(game_night.db, "Thorne")["xp"]["earned"] == 0  # type: ignore[index]


def test_an_unknown_titan_in_the_link_says_so_and_opens_the_campaigns(
    game_night: GameNight, open_tab: OpenTab
) -> None:
    tab = open_tab(game_night.url + "?titan=Nobody")
    tab.wait_for(r"Iron Crown", "the campaign list")
    tab.wait_for(r"Nobody", "a notice naming the Titan asked for")


def test_ctrl_c_while_a_tab_saves_stops_cleanly_and_keeps_the_change(
    game_night: GameNight, open_tab: OpenTab
) -> None:
    thorn = open_tab(game_night.url + "?titan=Thorn")
    thorn.wait_for(r"THORN\s+player Ann")
    assert tab_processes(game_night.db)

    thorn.click_text(r"\[ \].*LUCK")
    assert game_night.stop() == 0

    assert "Stopped. Every change is in the database." in game_night.output
    assert tab_processes(game_night.db) == []
    sheet = sheet_json(game_night.db, "Thorn")  # the file reads whole, saved or not yet
    abilities, xp = sheet["abilities"], sheet["xp"]
    assert isinstance(abilities, dict) and isinstance(xp, dict)
    assert xp["spent"] == 100 * abilities["luck"]
    thorn.page.wait_for_selector("body.-closed")  # the tab says why it closed
    said = " ".join(thorn.page.inner_text(".closed-dialog").split())
    assert (
        "The host stopped the game night. Every change saved here is kept; a form left open was not saved."
        in said
    )


def test_keys_reach_the_app_as_the_page_opens_with_no_click_first(
    game_night: GameNight, open_tab: OpenTab
) -> None:
    """On a laptop, typing works as soon as the tab shows the app: Enter on the campaign
    list opens the campaign's roster (it did nothing until the page was clicked)."""
    tab = open_tab(game_night.url)
    tab.wait_for(r"Iron Crown\s+\(base XP 200\)", "the campaign list")
    tab.page.keyboard.press("Enter")
    tab.wait_for(r"IRON CROWN\s+base XP 200", "the roster, opened by Enter alone")
