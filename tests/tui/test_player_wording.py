"""Worked examples: a refused form or file is said in a player's words. Nothing of the
validation library's wording ("Input should be", "String should have") reaches a screen."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Input

from titan_campaign import actions
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.gold import GoldModal
from titan_campaign.tui.screens.titan_file import ImportTitanModal

from .conftest import SIZE, build_db, named, rendered

LIBRARY_WORDS = ("Input should", "String should", "validation error", "Value error", "type=")


def said_in_player_words(text: str) -> None:
    assert text
    for words in LIBRARY_WORDS:
        assert words not in text, text


def titan_file(tmp_path: Path, *, ability: str) -> Path:
    """An exported Thorn whose second event buys ``ability``."""
    source = build_db(tmp_path / "source.json", 200, [("Thorn", "Ann", [])])
    path = tmp_path / "thorn-titan.json"
    actions.export_titan(Database(source), named(Database(source), "Thorn"), path)
    data = json.loads(path.read_text())
    data["events"].append({"kind": "ability_bought", "ability": ability})
    path.write_text(json.dumps(data))
    return path


async def import_refusal(db: Path, path: Path, new_name: str = "") -> str:
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ImportTitanModal)
        form.query_one("#titan-file", Input).value = str(path)
        form.query_one("#titan-new-name", Input).value = new_name
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form  # refused: the form stays open with what was typed
        return rendered(form.query_one("#file-problem"))


async def test_a_titan_file_with_an_unknown_ability_is_refused_naming_the_event(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 200, [])
    problem = await import_refusal(db, titan_file(tmp_path, ability="flying"))
    said_in_player_words(problem)
    assert "event 2 (ability_bought), ability: one of power, skill" in problem
    assert "nothing imported" in problem
    assert actions.titans(Database(db), actions.find_campaign(Database(db))) == []


async def test_a_new_name_with_a_control_character_is_refused_in_a_players_words(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 200, [])
    problem = await import_refusal(db, titan_file(tmp_path, ability="power"), new_name="Th\x1born")
    said_in_player_words(problem)  # the name fails validation in the Created event
    assert "cannot hold control characters" in problem


async def test_a_titan_file_of_a_titan_still_in_the_campaign_offers_no_new_name(
    tmp_path: Path,
) -> None:
    """Thorn's file imported into Demo, where Thorn still is: the form said a new name brings
    her in, and one did, a second Thorn with all her XP."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    path = tmp_path / "thorn-titan.json"
    actions.export_titan(Database(db), named(Database(db), "Thorn"), path)
    problem = await import_refusal(db, path, new_name="Thorn Again")
    assert 'this Titan is already in "Demo", as Thorn; nothing imported' in problem, problem
    assert "new name" not in problem
    assert len(actions.titans(Database(db), actions.find_campaign(Database(db)))) == 1


async def test_a_gold_amount_past_the_limit_is_said_beside_its_field(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, GoldModal)
        await pilot.press(*"99999999", "tab", *"x" * 3)
        form.query_one("#gold-note", Input).value = "n" * 201  # past the note's 200
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        amount = rendered(form.query_one("#error-amount"))
        note = rendered(form.query_one("#error-note"))
    said_in_player_words(amount + note)
    assert amount == "Amount: at most 1000000"
