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
EVERYTHING = SCREENS + DIALOGS


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


@pytest.mark.parametrize(
    ("turned", "to"),
    [(PHONE_UPRIGHT, SIDEWAYS), (SIDEWAYS, PHONE_UPRIGHT)],
    ids=["sideways", "upright"],
)
@pytest.mark.parametrize(("name", "titan", "keys"), EVERYTHING, ids=[e[0] for e in EVERYTHING])
async def test_the_words_follow_a_phone_turned_while_the_screen_is_open(
    campaign: Path,  # noqa: F811
    name: str,
    titan: str | None,
    keys: list[str],
    turned: tuple[int, int],
    to: tuple[int, int],
) -> None:
    with time_machine.travel(DAY, tick=False):
        async with opened(campaign, titan, keys, to) as (app, _pilot):
            expected = words(app)
        async with opened(campaign, titan, keys, turned) as (app, pilot):
            await pilot.resize_terminal(*to)
            await pilot.pause()
            await pilot.pause()
            assert words(app) == expected, name


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
