"""Worked examples of game night in the browser, where each tab is its own app on the same
database: tabs never overwrite one another's remembered settings, and a tab never announces
its own change as made elsewhere, even when another tab saved at the same moment."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.serve import TabApp
from titan_campaign.store import Database
from titan_campaign.tui import app as app_module
from titan_campaign.tui import settings
from titan_campaign.tui.app import TitanCampaignApp

from .conftest import SIZE, Notes, build_db, named, stored


async def test_a_served_tab_reads_the_settings_but_never_writes_them(
    tmp_path: Path, own_settings: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    settings.save_settings(settings.Settings(theme="textual-light"))
    before = own_settings.read_bytes()
    monkeypatch.setenv(settings.SERVED_ENV, "1")
    app = TitanCampaignApp(db, open_campaign="Demo")  # opens the roster: a campaign to remember
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "textual-light"  # read as remembered
        app.theme = "nord"  # this tab's own choice
        await pilot.pause()
    assert own_settings.read_bytes() == before


async def test_the_same_app_outside_serve_remembers_its_settings(
    tmp_path: Path, own_settings: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    monkeypatch.delenv(settings.SERVED_ENV, raising=False)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "nord"
        await pilot.pause()
    demo = actions.find_campaign(Database(db), "Demo")
    assert settings.load_settings() == settings.Settings(theme="nord", last_campaign_id=demo.id)


def test_serve_starts_each_tab_as_a_served_app(tmp_path: Path) -> None:
    tab = TabApp("true", write_bytes=None, write_str=None, close=None, download_manager=None)  # type: ignore[arg-type]
    assert tab._build_environment()[settings.SERVED_ENV] == "1"


@pytest.fixture
def two_titans(tmp_path: Path) -> Path:
    return build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Mira", "Bo", [])])


async def test_a_tab_saving_right_after_another_names_only_the_other_tabs_change(
    two_titans: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "POLL_SECONDS", 3600)  # the test looks when it chooses
    app = TitanCampaignApp(two_titans, open_campaign="Demo", open_titan="Mira")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        actions.buy_ability(
            Database(two_titans), named(Database(two_titans), "Thorn"), "luck"
        )  # Ann's tab, a moment before
        await pilot.press("space")  # Mira's tab: a Power box, before it has looked again
        await pilot.pause()
        assert stored(two_titans, "Mira").abilities["power"] == 1
        app.check_database()
        await pilot.pause()
        assert notes.messages.count("Thorn: bought a Luck box (100 XP)") == 1
        assert not any("Mira" in message for message in notes.messages)
        notes.messages.clear()
        await pilot.press("down", "space")  # only Mira's tab saves now
        await pilot.pause()
        app.check_database()
        await pilot.pause()
        assert stored(two_titans, "Mira").abilities["skill"] == 1
        assert notes.messages == []  # its own change: drawn, never announced


async def test_without_backups_a_tab_still_knows_its_own_change(
    two_titans: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "POLL_SECONDS", 3600)
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "0")
    app = TitanCampaignApp(two_titans, open_campaign="Demo", open_titan="Mira")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("space")
        await pilot.pause()
        app.check_database()
        await pilot.pause()
        assert notes.messages == []
        actions.buy_ability(Database(two_titans), named(Database(two_titans), "Thorn"), "luck")
        app.check_database()
        await pilot.pause()
        assert len(notes.messages) == 1  # another program's change is still told


async def test_a_tabs_link_to_a_titan_or_campaign_not_found_says_what_its_address_takes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tab's &titan=Mira, with a Mira in two campaigns, said to "choose one with --campaign
    NAME", a command-line option; a tab's &campaign=Nope was titled "Not saved"."""
    db = build_db(tmp_path / "c.json", 0, [("Mira", "Bo", [])], campaign="Iron Crown")
    made = actions.new_campaign(Database(db), "Second Age", 0).ref
    actions.add_titan(Database(db), made, "Mira", "Cy")
    monkeypatch.setenv(settings.SERVED_ENV, "1")
    for asked, said in (
        ({"open_titan": "Mira"}, "choose one with &campaign=NAME in the address"),
        ({"open_campaign": "Nope"}, 'no campaign named "Nope"'),
        ({"open_titan": "Mira", "open_campaign": "Nope"}, 'no campaign named "Nope"'),
    ):
        app = TitanCampaignApp(db, **asked)  # type: ignore[arg-type]
        notes = Notes(app)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
        assert said in notes.text() and "--campaign" not in notes.text()
        assert notes.text().count(said) == 1  # the Titan's look-up said it too: once
        assert notes.titles == [""]
