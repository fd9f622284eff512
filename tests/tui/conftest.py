"""Campaign databases built through real events, and helpers to drive and read the app."""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from titan_campaign import actions
from titan_campaign.rules.events import (
    AbilityBought,
    Event,
    GameOutcome,
    GameRecorded,
    GoldChanged,
    ItemAdded,
    ItemFacts,
    SchoolGained,
    SpellChosen,
)
from titan_campaign.rules.titan import TitanState
from titan_campaign.store import Database
from titan_campaign.tui import settings, unsaved
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.printing import PAINTED

SIZE = (120, 40)
EXAMPLE = Path(__file__).resolve().parents[2] / "sheets" / "example-campaign.json"
CAMPAIGN = "The Iron Crown"  # the example campaign's name


@pytest.fixture(autouse=True)
def own_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test remembers its theme and last campaign in its own folder, never the user's."""
    path = tmp_path / "config" / "settings.json"
    monkeypatch.setattr(settings, "settings_file", lambda: path)
    return path


@pytest.fixture(autouse=True)
def own_unsaved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Typed forms kept when an app closes go to the test's own folder, never the user's."""
    folder = tmp_path / "data" / "unsaved"
    monkeypatch.setattr(unsaved, "unsaved_folder", lambda: folder)
    return folder


def build_db(
    path: Path, base_xp: int, titans: Iterable[tuple[str, str, list[Event]]], campaign: str = "Demo"
) -> Path:
    """A database with one campaign whose Titans have lived through ``events``, one change
    per event, as a player would have made them."""
    db = Database(path)
    made = actions.new_campaign(db, campaign, base_xp).ref
    for name, player, events in titans:
        titan = actions.add_titan(db, made, name, player).titan
        for event in events:
            actions.change_titans(db, made, {titan.titan: lambda _, event=event: [event]})  # type: ignore[misc]
    return path


def named(db: Database, name: str, campaign: str | None = None) -> actions.TitanRef:
    """The Titan a second shell names (found once, as a command finds it)."""
    return actions.find_titan(db, name, campaign)


def stored(path: Path, name: str) -> TitanState:
    """A Titan as the database holds it now (a fresh read, like the command line)."""
    db = Database(path)
    return actions.read_titan(db, actions.find_titan(db, name)).state


def change_count(path: Path) -> int:
    """How many changes of the (only) campaign are in effect."""
    db = Database(path)
    return len(actions.history(db, actions.find_campaign(db)))


def won_game(game: int, scenario_xp: int = 0, **counts: Any) -> GameRecorded:
    return GameRecorded(
        game=game,
        date="2026-11-01",
        scenario="Training",
        outcome=GameOutcome(result="won", scenario_xp=scenario_xp, **counts),
    )


def example_titan_events() -> list[Event]:
    """The sheet shown in the snapshots: level 2, spells of each kind, gold and an item."""
    return [
        won_game(1, scenario_xp=200, battle_won=2),
        AbilityBought(ability="power"),
        AbilityBought(ability="wisdom"),
        SchoolGained(school="fire", level=1),
        SpellChosen(spell="Fire Bolt", pick="school"),
        SchoolGained(school="water", level=1, free=True),
        SpellChosen(spell="Bog Walker", pick="school"),
        AbilityBought(ability="spirit"),
        AbilityBought(ability="intelligence"),
        SchoolGained(school="earth", level=1, free=True),
        SpellChosen(spell="Mountain Walker", pick="school"),
        GoldChanged(amount=120, note="loot"),
        ItemAdded(item=ItemFacts(name="Ring of Mana", type="talisman", charges=3)),
    ]


@pytest.fixture
def example_db(tmp_path: Path) -> Path:
    return build_db(
        tmp_path / "campaign.json",
        200,
        [("Thorn", "Ann", example_titan_events()), ("Bryn", "Bob", [])],
    )


@pytest.fixture
def iron_crown(tmp_path: Path) -> Path:
    """The example campaign a new user imports first (sheets/example-campaign.json)."""
    path = tmp_path / "campaign.json"
    actions.import_campaigns(Database(path), EXAMPLE)
    return path


class Notes:
    """Every notification the app raised, to assert on what the player was told."""

    def __init__(self, app: TitanCampaignApp) -> None:
        self.messages: list[str] = []
        self.titles: list[str] = []
        original = app.notify

        def notify(message: str, **kwargs: Any) -> None:
            self.messages.append(str(message))
            self.titles.append(str(kwargs.get("title", "")))
            original(message, **kwargs)

        app.notify = notify  # type: ignore[method-assign]

    def text(self) -> str:
        return "\n".join(self.messages)


def rendered(widget: Any) -> str:
    """What a widget shows, as plain text."""
    visual = widget.render()
    return str(getattr(visual, "plain", visual))


PHONE_UPRIGHT = (32, 32)
"""The terminal of a served tab on a 390 px wide phone held upright (what a browser gets)."""


def screen_text(app: TitanCampaignApp) -> str:
    """Every character on the terminal now (the screen, the toasts and the screens under a
    modal), as a player reads it."""
    console = Console(width=app.size.width, file=io.StringIO(), record=True, legacy_windows=False)
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


PRINTING = PAINTED + 0.4
"""Seconds to wait once a printout is asked for: the app first draws "Printing…"."""


async def keys_handled(pilot: Any, app: TitanCampaignApp) -> None:
    """Once every key typed is handled (the app takes them one at a time, each once the one
    before is done), however long a busy machine takes."""
    for _ in range(200):
        await pilot.pause(0.05)
        if not app._typed and (app._feeder is None or app._feeder.done()):
            # a dialog's backdrop is the screen under it as last drawn: its key bar, hidden
            # once the dialog opens, is drawn hidden a moment later
            await pilot.pause(0.2)
            return
    raise AssertionError("the keys typed were not all handled in 10 s")
