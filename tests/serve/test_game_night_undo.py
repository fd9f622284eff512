"""Game night in the browser: undo in a tab follows its screen. In Thorn's tab ctrl+z takes
back Thorn's latest change, never Mira's box bought afterwards in another tab."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import GameNight, Tab, sheet_json, wait_until

pytestmark = pytest.mark.slow

OpenTab = Callable[[str], Tab]


def ability(db: Path, titan: str, name: str) -> object:
    abilities = sheet_json(db, titan)["abilities"]
    assert isinstance(abilities, dict)
    return abilities[name]


def test_ctrl_z_in_thorns_tab_undoes_thorns_box_not_miras_newer_one(
    game_night: GameNight, open_tab: OpenTab
) -> None:
    thorn = open_tab(game_night.url + "?titan=Thorn")
    mira = open_tab(game_night.url + "?titan=Mira")
    thorn.wait_for(r"THORN\s+player Ann")
    mira.wait_for(r"MIRA\s+player Bo")
    thorn.click_text(r"\[ \].*POWER")
    wait_until(lambda: ability(game_night.db, "Thorn", "power") == 1, "Thorn's box")
    mira.click_text(r"\[ \].*POWER")  # Mira's box: the campaign's latest change
    wait_until(lambda: ability(game_night.db, "Mira", "power") == 1, "Mira's box")

    thorn.page.keyboard.press("Control+z")
    thorn.wait_for(r"Thorn's latest change", "the tab saying whose change it undid")
    wait_until(lambda: ability(game_night.db, "Thorn", "power") == 0, "Thorn's box undone")
    assert ability(game_night.db, "Mira", "power") == 1
