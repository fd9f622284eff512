"""Every screen and every dialog of the app, pinned at 80x24 (a laptop's terminal, a phone held
sideways in a served tab) and at 120x40, on the example campaign a new user imports first.

Regenerate after an intended change with
``pytest tests/tui/test_every_screen_snapshots.py -m slow --snapshot-update`` and read the
new SVG files' text in ``__snapshots__``.
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import time_machine
from textual.pilot import Pilot
from textual.widgets import Input

from titan_campaign import actions
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp

from .conftest import CAMPAIGN, EXAMPLE, keys_handled

pytestmark = pytest.mark.slow  # seventy pictures: run with the slow tests

DAY = datetime(2026, 11, 30, 12, tzinfo=UTC)
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}

# (name, Titan whose sheet opens (None: the roster), keys pressed)
SCREENS = [
    ("campaigns", None, ["escape"]),
    ("roster", None, []),
    ("sheet", "Thorn", []),
    ("sheet_with_choices_to_make", "Osk", []),
    ("history", "Thorn", ["h"]),
    ("gold_and_items", "Thorn", ["m"]),
    ("plan", "Thorn", ["t"]),
    ("progress", "Thorn", ["P"]),
    ("campaign_progress", None, ["P"]),
    ("game_form", None, ["g"]),
    ("reference_spells", None, ["f1"]),
    ("reference_characters", None, ["f1", "tab", "right"]),  # it opens on the spell list
    ("reference_strike_chart", None, ["f1", "tab", "right", "tab", "right"]),
    ("backups", None, ["escape", "k"]),
]
DIALOGS = [
    ("new_campaign", None, ["escape", "n"]),
    ("rename_campaign", None, ["escape", "r"]),
    ("delete_campaign", None, ["escape", "d"]),
    ("restore_backup", None, ["escape", "k", "r"]),
    ("add_titan", None, ["a"]),
    ("rename_titan", None, ["r"]),
    ("change_player", None, ["w"]),
    ("game_log", None, ["l"]),
    ("correct_a_game", None, ["l", "c"]),
    ("print_campaign", None, ["p"]),
    ("export_titan", None, ["e"]),
    ("import_titan", None, ["i"]),
    ("merge_copy", None, ["M"]),
    ("quit_with_a_form_typed", None, ["a", "Z", "e", "d", "ctrl+q"]),
    ("choices", "Osk", ["c"]),
    ("honor_guard", "Thorn", ["u"]),
    ("buy_spell", "Thorn", ["b"]),
    ("print_sheet", "Thorn", ["p"]),
    ("goal", "Thorn", ["o"]),
    ("next_step", "Mira", ["s"]),
    ("gold_entry", "Thorn", ["m", "a"]),
    ("buy_item", "Thorn", ["m", "b"]),
    ("spell_for_gold", "Thorn", ["m", "s"]),
    ("add_item", "Thorn", ["m", "i"]),
]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example campaign, Mira keeping a build goal, a sync tool's copy beside it (Osk
    keeping one there): made once, each picture opens a copy of the folder."""
    folder = tmp_path_factory.mktemp("made") / "db"
    folder.mkdir()
    path = folder / "campaign.json"
    with time_machine.travel(DAY, tick=False):
        actions.import_campaigns(Database(path), EXAMPLE)
        mira = actions.find_titan(Database(path), "Mira", CAMPAIGN)
        actions.keep_goal(Database(path), mira, abilities=["power=1"])
        copy = folder / "campaign (Bo's conflicted copy).json"
        shutil.copy(path, copy)
        osk = actions.find_titan(Database(copy), "Osk", CAMPAIGN)
        actions.keep_goal(Database(copy), osk, abilities=["luck=2"])
    return folder


@pytest.fixture
def campaign(made: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the campaign's folder; files are offered in one fixed folder so that the
    pictures do not depend on where tests run."""
    folder = tmp_path / "db"
    shutil.copytree(made, folder)
    path = folder / "campaign.json"
    shown = Path("/tmp/titan-campaign-snapshots")
    shown.mkdir(exist_ok=True)
    monkeypatch.chdir(shown)
    monkeypatch.setenv("HOME", str(shown))
    return path


@asynccontextmanager
async def opened(
    campaign: Path,
    titan: str | None,
    keys: list[str],
    size: tuple[int, int],
    notifications: bool = False,
) -> AsyncIterator[tuple[TitanCampaignApp, Pilot[None]]]:
    """The app at ``size`` on the campaign (``titan``'s sheet open, if one) once ``keys`` are
    pressed: one of ``SCREENS`` or ``DIALOGS`` as a player reaches it, for tests to look at
    (``notifications``: with the notes it is told to show drawn, as a player sees them)."""
    app = TitanCampaignApp(campaign, open_campaign=CAMPAIGN, open_titan=titan)
    async with app.run_test(size=size, notifications=notifications) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        yield app, pilot


def snap(campaign: Path, snap_compare, titan: str | None, keys: list[str], size: str) -> bool:
    app = TitanCampaignApp(campaign, open_campaign=CAMPAIGN, open_titan=titan)

    async def typed(pilot: Any) -> None:  # the screen once the keys have done their work
        await pilot.press(*keys)
        await keys_handled(pilot, app)
        for field in app.screen.query(Input):  # its cursor shown, not caught mid-blink
            field.cursor_blink = False
        await pilot.pause()

    with time_machine.travel(DAY, tick=False):
        return bool(snap_compare(app, run_before=typed, terminal_size=SIZES[size]))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("name", "titan", "keys"), SCREENS, ids=[s[0] for s in SCREENS])
def test_screen(campaign: Path, snap_compare, name: str, titan, keys, size: str) -> None:
    assert snap(campaign, snap_compare, titan, keys, size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("name", "titan", "keys"), DIALOGS, ids=[d[0] for d in DIALOGS])
def test_dialog(campaign: Path, snap_compare, name: str, titan, keys, size: str) -> None:
    assert snap(campaign, snap_compare, titan, keys, size)
