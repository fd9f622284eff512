"""Dialogs that fit a laptop's terminal: title, fields and Save/Cancel in view at 80x24.

Regenerate after an intended change with ``pytest tests/tui --snapshot-update`` and review the
SVG files in ``__snapshots__``.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button, Collapsible, Label, Select

from titan_campaign.rules.abilities import ABILITIES
from titan_campaign.rules.events import AbilityBought, GameOutcome, GameRecorded
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.sheet import SheetScreen

from .conftest import CAMPAIGN, build_db


def fully_shown(app: TitanCampaignApp, widget: object) -> bool:
    """Whether a widget of the top dialog is drawn whole on the terminal, with no scrolling."""
    region = widget.region  # type: ignore[attr-defined]
    return region.height > 0 and app.screen.region.contains_region(region)


async def test_the_honor_guard_dialog_shows_its_title_slot_and_save_at_80x24(
    iron_crown: Path,
) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("u")  # Thorn is level 4: one slot (R9)
        await pilot.pause()
        dialog = app.screen
        assert fully_shown(app, dialog.query_one(".form-title", Label))
        assert fully_shown(app, dialog.query_one("#slot-1"))
        assert fully_shown(app, dialog.query_one("#save-guard", Button))
        assert fully_shown(app, dialog.query_one("#cancel", Button))
        refusals = dialog.query_one("#not-offered-block", Collapsible)
        assert refusals.collapsed  # one line until asked for
        assert str(refusals.title).startswith("Not offered: ")
        refusals.collapsed = False
        await pilot.pause()
        assert fully_shown(app, dialog.query_one("#save-guard", Button))


def test_the_honor_guard_dialog_at_80x24(iron_crown: Path, snap_compare) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    assert snap_compare(app, press=["u"], terminal_size=(80, 24))


def test_the_honor_guard_dialog_at_120x40(iron_crown: Path, snap_compare) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    assert snap_compare(app, press=["u"], terminal_size=(120, 40))


async def test_a_level_10_honor_guard_keeps_save_in_view_with_the_refusals_open(
    tmp_path: Path,
) -> None:
    """Three slots and the list of those not offered, opened at 80x24: Save and Cancel were
    below the dialog's visible part."""
    survivors = ("Titan", "Ogre", "Troll", "Hydra", "Griffon", "Gorgon")
    game = GameRecorded(
        game=1,
        date="2026-11-01",
        scenario="Siege",
        outcome=GameOutcome(result="won", scenario_xp=2000),
        survivors=survivors,
    )
    boxes = [AbilityBought(ability=a) for a in ABILITIES[:7] for _ in range(3)][:20]
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [game, *boxes])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, SheetScreen):  # the level-up picks, left for later
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        dialog = app.screen
        assert len(dialog.query(Select)) == 3
        dialog.query_one("#not-offered-block", Collapsible).collapsed = False
        await pilot.pause()
        await pilot.pause()
        assert fully_shown(app, dialog.query_one("#save-guard", Button))
        assert fully_shown(app, dialog.query_one("#cancel", Button))
