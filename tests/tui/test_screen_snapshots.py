"""The screens of issue #10 at 80x24, pinned: a roster with a 60-character name, the game form,
the buy-item dialog and the plan screen.

Regenerate after an intended change with ``pytest tests/tui --snapshot-update`` and review the
SVG files in ``__snapshots__``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
import time_machine

from titan_campaign.rules.events import AbilityBought, GoldChanged, ItemAdded, ItemFacts
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.honor_guard import not_offered

from .conftest import build_db, stored, won_game

LONG_NAME = "Bartholomew the Unbelievably Long-Named Titan of the Far Nor"  # 60 characters
SMALL = (80, 24)
FORM_DAY = datetime(2026, 11, 30, 12, tzinfo=UTC)


@pytest.fixture
def crowded_db(tmp_path: Path) -> Path:
    helmet = ItemAdded(item=ItemFacts(name="Helmet of Invisibility", type="crown"))
    osk = [
        AbilityBought(ability="charisma"),
        AbilityBought(ability="leadership"),
        GoldChanged(amount=100),
        helmet,
    ]
    return build_db(
        tmp_path / "c.json", 200, [("Osk", "Cy", osk), (LONG_NAME, "Annabelle Longplayer", [])]
    )


def test_a_sixty_character_name_is_shortened_on_the_roster(crowded_db: Path, snap_compare) -> None:
    assert len(LONG_NAME) == 60
    app = TitanCampaignApp(crowded_db, open_campaign="Demo")
    assert snap_compare(app, terminal_size=SMALL)


def test_the_game_form_at_80x24(crowded_db: Path, snap_compare) -> None:
    app = TitanCampaignApp(crowded_db, open_campaign="Demo")
    with time_machine.travel(FORM_DAY, tick=True):  # the form offers today's date
        assert snap_compare(app, press=["g"], terminal_size=SMALL)


def test_the_buy_item_dialog_at_80x24(crowded_db: Path, snap_compare) -> None:
    app = TitanCampaignApp(crowded_db, open_campaign="Demo", open_titan="Osk")
    assert snap_compare(app, press=["m", "b"], terminal_size=SMALL)


def test_the_plan_screen_at_80x24(crowded_db: Path, snap_compare) -> None:
    app = TitanCampaignApp(crowded_db, open_campaign="Demo", open_titan="Osk")
    assert snap_compare(app, press=["t"], terminal_size=SMALL)


def test_the_honor_guard_picker_says_why_each_character_is_not_offered(tmp_path: Path) -> None:
    boxes = ["power", "skill", "spirit", "luck", "wisdom", "power", "skill", "spirit"]
    events = [won_game(1, scenario_xp=1000), *(AbilityBought(ability=a) for a in boxes)]  # type: ignore[arg-type]
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", events)])
    said = not_offered(stored(db, "Thorn"))  # level 4: one slot of 30 points (R9)
    lines = said.splitlines()
    hydra = next(line for line in lines if "Hydra" in line)  # with the others worth 60
    assert hydra.endswith(": each is worth 60 points; the largest slot at level 4 holds 30 (R9)")
    lords = next(line for line in lines if "is a Lord" in line)
    assert lords.startswith("Titan, Angel, Archangel")
    assert "Gargoyle" not in said  # 12 points: offered
