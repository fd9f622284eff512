"""Worked example: one Titan's rule-breaking hand edit leaves the roster readable; the other
Titans are listed as ever and the damaged one is marked with the change that breaks the rules."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import DataTable

from titan_campaign import actions
from titan_campaign.rules.events import AbilityBought
from titan_campaign.store import Database
from titan_campaign.tui import places
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.roster import RosterScreen

from .conftest import SIZE, Notes, build_db, rendered


def _break_thorn(path: Path) -> int:
    """Thorn's latest change buys four more boxes than its XP pays for (a hand edit)."""
    data = json.loads(path.read_text())
    number = next(
        int(key)
        for key, change in data["changes"].items()
        if change["text"].startswith("Thorn: bought")
    )
    data["changes"][str(number)]["titans"]["1"].extend(
        {"kind": "ability_bought", "ability": a} for a in ("skill", "spirit", "luck", "wisdom")
    )
    path.write_text(json.dumps(data))
    return number


async def test_a_damaged_titan_is_marked_on_the_roster_and_the_others_read(
    tmp_path: Path,
) -> None:
    db = build_db(
        tmp_path / "c.json",
        100,
        [("Thorn", "Ann", [AbilityBought(ability="power")]), ("Bryn", "Bob", [])],
    )
    number = _break_thorn(db)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        table = app.screen.query_one(DataTable)
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        assert rows[0][0] == "Thorn" and "cannot be read" in " ".join(rows[0])
        assert rows[1][:2] == ["Bryn", "Bob"]
        hint = rendered(app.screen.query_one("#roster-hint"))
        assert f'Thorn cannot be read: change {number} "Thorn: bought a Power box' in hint
        await pilot.press("enter")  # Thorn's sheet cannot open: the player is told why
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        assert f"change {number}" in notes.text()


def _damaged_demo(tmp_path: Path) -> tuple[Path, int]:
    db = build_db(
        tmp_path / "c.json",
        100,
        [("Thorn", "Ann", [AbilityBought(ability="power")]), ("Bryn", "Bob", [])],
    )
    return db, _break_thorn(db)


async def test_the_campaign_history_lists_every_change_and_names_the_damaged_titan(
    tmp_path: Path,
) -> None:
    db, number = _damaged_demo(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")  # the campaign's history
        await pilot.pause()
        assert type(app.screen).__name__ == "HistoryScreen"
        title = rendered(app.screen.query_one("#history-title"))
        assert f'Thorn cannot be read: change {number} "Thorn: bought a Power box' in title
        table = app.screen.query_one(DataTable)
        listed = " ".join(str(table.get_row_at(i)[2]) for i in range(table.row_count))
        assert "Bryn created for Bob" in listed and "Thorn: bought a Power box" in listed


async def test_the_campaign_progress_shows_the_others_and_names_the_damaged_titan(
    tmp_path: Path,
) -> None:
    db, number = _damaged_demo(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open(places.CampaignProgress(actions.find_campaign(Database(db), "Demo")))
        await pilot.pause()
        assert type(app.screen).__name__ == "CampaignProgressScreen"
        title = rendered(app.screen.query_one("#progress-title"))
        assert "1 Titan" in title
        said = rendered(app.screen.query_one("#progress-chart"))
        assert f"Thorn cannot be read: change {number}" in said


async def test_a_game_can_be_recorded_for_the_others_while_one_titan_is_damaged(
    tmp_path: Path,
) -> None:
    db, _ = _damaged_demo(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        demo = actions.find_campaign(Database(db), "Demo")
        app.open(places.RecordGame(demo, actions.read_campaign(Database(db), demo)))
        await pilot.pause()
        assert type(app.screen).__name__ == "RecordGameScreen"
        assert [state.name for state in app.screen.states] == ["Bryn"]


async def test_a_damaged_line_refusing_a_new_titan_is_not_said_under_the_name(
    tmp_path: Path,
) -> None:
    """Thorn's gold amount typed as words: the New Titan form said the file's damage under
    "Titan name", as if the name typed were wrong."""
    from titan_campaign.rules.events import GoldChanged
    from titan_campaign.tui.screens.forms import AddTitanModal

    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [GoldChanged(amount=25)])])
    db.write_text(db.read_text().replace('"amount": 25', '"amount": "twenty-five"'))
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        await pilot.press("a", *"Osk", "tab", *"Cy", "enter")
        await pilot.pause()
        assert isinstance(app.screen, AddTitanModal)
        assert not app.screen.query_one("#error-name").display
        assert "damaged" in notes.text(), notes.text()
