"""The merge action, as the app calls it: a dry run first (what would come in, what would be
refused), then the merge through the same function."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import time_machine

from titan_campaign import actions
from titan_campaign.store import Database

START = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)


def test_a_dry_run_tells_what_the_merge_then_does(tmp_path: Path) -> None:
    mine = Database(tmp_path / "campaigns.json")
    with time_machine.travel(START, tick=False) as clock:
        actions.new_campaign(mine, "Crown", 100)
        actions.add_titan(mine, actions.find_campaign(mine), "Thorn", "Ann")
        copy = tmp_path / "campaigns.sync-conflict-20261201-190500-ABC.json"
        shutil.copyfile(mine.path, copy)
        theirs = Database(copy)
        clock.shift(timedelta(minutes=1))
        actions.buy_ability(mine, actions.find_titan(mine, "Thorn"), "power")
        clock.shift(timedelta(minutes=1))
        thorn = actions.find_titan(theirs, "Thorn")
        actions.buy_ability(theirs, thorn, "skill")  # the same 100 XP
        actions.change_gold(theirs, thorn, 3)
        clock.shift(timedelta(minutes=1))
        before = mine.path.read_bytes()
        told = actions.merge_copy(mine, copy, dry_run=True)
        assert mine.path.read_bytes() == before
        assert told.brought == ("Thorn: gold +3",)
        assert [r.what for r in told.refused] == ["Thorn: bought a Skill box (100 XP)"]
        done = actions.merge_copy(mine, copy)
    assert done.text == told.text == f"merged 1 change from {copy.name}; 1 refused"
    assert actions.read_titan(mine, actions.find_titan(mine, "Thorn")).state.gold == 3


def test_a_merge_the_database_outgrew_since_its_dry_run_is_refused_under_the_lock(
    tmp_path: Path,
) -> None:
    """The app merged after its preview though a shell had changed the database meanwhile,
    taking back a change the preview never listed; its own second dry run before the merge
    left a moment for another change. The merge itself now refuses, saving nothing, and says
    what it would do now."""
    mine = Database(tmp_path / "campaigns.json")
    with time_machine.travel(START, tick=False) as clock:
        actions.new_campaign(mine, "Crown", 100)
        actions.add_titan(mine, actions.find_campaign(mine), "Thorn", "Ann")
        copy = tmp_path / "campaigns.sync-conflict-20261201-190500-ABC.json"
        shutil.copyfile(mine.path, copy)
        clock.shift(timedelta(minutes=1))
        actions.buy_ability(Database(copy), actions.find_titan(Database(copy), "Thorn"), "luck")
        told = actions.merge_copy(mine, copy, dry_run=True)
        assert told.brought == ("Thorn: bought a Luck box (100 XP)",) and not told.refused
        clock.shift(timedelta(minutes=1))
        actions.buy_ability(mine, actions.find_titan(mine, "Thorn"), "power")  # a shell
        before = mine.path.read_bytes()
        with pytest.raises(actions.MergeChanged) as changed:
            actions.merge_copy(mine, copy, shown=told)
        assert mine.path.read_bytes() == before
        now = changed.value.merged
        assert [r.what for r in now.refused] == [
            "Thorn: bought a Power box (100 XP) (made on this copy: taken back)"
        ]
        assert actions.merge_copy(mine, copy, shown=now) == now
