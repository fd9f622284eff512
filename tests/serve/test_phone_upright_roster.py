"""A served tab on a phone held upright (390x844 CSS px: a terminal 32 columns wide): the
roster shows each Titan's level, XP available and Mana beside its name, nothing off the side,
and its key bar keeps to two lines, a tap on More showing every key."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from .conftest import GameNight, Tab, sheet_json

pytestmark = pytest.mark.slow

UPRIGHT = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}
"""A phone held upright (an iPhone 12's screen)."""


def test_a_phone_held_upright_reads_each_titans_level_and_xp_on_the_roster(
    game_night: GameNight, open_tab: Callable[..., Tab]
) -> None:
    tab = open_tab(game_night.url + "?titan=Thorn", **UPRIGHT)
    tab.wait_for(r"THORN\s+player Ann")
    tab.page.locator(".xterm-helper-textarea").focus()
    tab.page.keyboard.press("Escape")  # the campaign's roster
    tab.wait_for(r"Titan\s+Lv\s+XP\s+Mana", "the roster's headings")
    assert tab.screen.columns < 40, tab.screen.columns  # the tab is a phone's, held upright
    for name, player in (("Thorn", "Ann"), ("Mira", "Bo")):
        sheet = sheet_json(game_night.db, name)  # as the command line reads it
        xp = sheet["xp"]
        assert isinstance(xp, dict)
        figures = [str(sheet["level"]), str(xp["available"]), str(sheet["mana"])]
        row = r"\s+".join([name, *figures])  # the figures beside the name, the player under it
        tab.wait_for(rf"{row}\s*\n\s*{player}\b", name)
    page = tab.page
    screen = page.locator(".xterm-screen").bounding_box()
    assert screen is not None
    zoom = page.evaluate("window.visualViewport.scale")
    assert screen["width"] * zoom <= UPRIGHT["viewport"]["width"], json.dumps(screen)
    keys = tab.wait_for(r"\n(.*Open sheet.*)\n(.*More.*)$", "the key bar's two lines")
    assert "Game log" not in keys.group(0), tab.text
    tab.click_text(r"\? More")  # a finger taps More: every key, one tap away
    tab.wait_for(r"l Game log", "the keys behind More")
    tab.click_text(r"l Game log")
    tab.wait_for(r"Back: close", "the game log, opened by a tap")


def test_the_first_tap_on_a_sheet_opened_by_its_address_does_what_its_key_says(
    game_night: GameNight, open_tab: Callable[..., Tab]
) -> None:
    """The tab had no keyboard until tapped: the key bar showed the sheet's keys less the
    boxes', and grew them back under the first tap, so "esc Back" tapped bought a box."""
    spent = sheet_json(game_night.db, "Thorn")["xp"]
    tab = open_tab(game_night.url + "?titan=Thorn", **UPRIGHT)
    tab.wait_for(r"THORN\s+player Ann")
    tab.wait_for(r"esc Back", "the key bar")
    tab.click_text(r"esc Back")  # the first tap of all
    tab.wait_for(r"Titan\s+Lv\s+XP\s+Mana", "the roster, back from the sheet")
    assert sheet_json(game_night.db, "Thorn")["xp"] == spent  # nothing bought
