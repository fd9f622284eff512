"""A phone turned sideways, or upright again, while a screen or a dialog is open: its words
follow the way the phone is held at once, as if it had been opened so. A phone held upright has
no keys, so its words name what to tap ("Save", "tap w/l?"); sideways the keys are named again
("Save (ctrl+s)", "w or l"). They kept the old wording until the next form opened."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import time_machine
from rich.console import Console
from textual.widget import Widget
from textual.widgets import Button, Static

from titan_campaign.tui.app import TitanCampaignApp

from .conftest import PHONE_UPRIGHT, rendered
from .test_every_screen_snapshots import DAY, DIALOGS, SCREENS, campaign, made, opened  # noqa: F401 (fixtures)

pytestmark = pytest.mark.slow

SIDEWAYS = (80, 24)
WORDED_BY_HOLD = {
    "backups",
    "campaigns",
    "game_log",
    "history",
    "gold_and_items",
    "print_campaign",
    "export_titan",
    "plan",
    "import_titan",
    "choices",
    "game_form",
    "honor_guard",
    "buy_spell",
    "print_sheet",
    "goal",
    "gold_entry",
    "buy_item",
    "spell_for_gold",
    "add_item",
}
"""The screens and dialogs whose words differ upright and sideways (each kept its old words
once turned); the others say the same either way, and opening each twice more would add a
minute to the suite for nothing."""
TURNED = [entry for entry in SCREENS + DIALOGS if entry[0] in WORDED_BY_HOLD]


def text_of(part: Widget) -> str:
    """What a button, a line of words or a table shows, as text."""
    if isinstance(part, Button):
        return str(part.label)
    if isinstance(part, Static) and not isinstance(part.content, str):
        console = Console(width=200, file=io.StringIO(), record=True)
        console.print(part.content)
        return console.export_text()
    return rendered(part)


def words(app: TitanCampaignApp) -> list[str]:
    """Every line of words the open screen or dialog shows: its titles, hints, buttons and key
    bar, each with its spaces evened out (a line may wrap at another place)."""
    said = [
        text_of(part) for part in app.screen.query("Button, Static, Label, KeyBar") if part.display
    ]
    return [" ".join(line.split()) for line in said]


@pytest.mark.parametrize(("name", "titan", "keys"), TURNED, ids=[e[0] for e in TURNED])
async def test_the_words_follow_a_phone_turned_while_the_screen_is_open(
    campaign: Path,  # noqa: F811
    name: str,
    titan: str | None,
    keys: list[str],
) -> None:
    """Opened upright then turned sideways, the screen says what it says opened sideways; and
    opened sideways then turned upright, what it says opened upright."""
    assert len(TURNED) == len(WORDED_BY_HOLD)  # each named as the every-screen tests name it
    opened_as: dict[tuple[int, int], list[str]] = {}
    turned_to: dict[tuple[int, int], list[str]] = {}
    with time_machine.travel(DAY, tick=False):
        for held, turned in ((PHONE_UPRIGHT, SIDEWAYS), (SIDEWAYS, PHONE_UPRIGHT)):
            async with opened(campaign, titan, keys, held) as (app, pilot):
                opened_as[held] = words(app)
                await pilot.resize_terminal(*turned)
                await pilot.pause()
                await pilot.pause()
                turned_to[turned] = words(app)
    assert turned_to[SIDEWAYS] == opened_as[SIDEWAYS], f"{name} turned sideways"
    assert turned_to[PHONE_UPRIGHT] == opened_as[PHONE_UPRIGHT], f"{name} turned upright"


async def test_a_refused_game_asks_won_or_lost_as_the_phone_is_held_once_turned(
    campaign: Path,  # noqa: F811
) -> None:
    """A save refused on a phone held upright says "tap w/l?" under each row; turned
    sideways, the same problem names the keys, and the form stays as typed."""
    async with opened(campaign, None, ["g", "ctrl+s"], PHONE_UPRIGHT) as (app, pilot):
        assert "! Result: won or lost? (tap w/l?)" in rendered(app.screen.query_one("#award-1"))
        await pilot.resize_terminal(*SIDEWAYS)
        await pilot.pause()
        refused = rendered(app.screen.query_one("#award-1"))
        assert "! Result: won or lost? (w or l)" in refused, refused
