"""A player changes a Titan from a screen that showed it a moment ago, while someone else
changed that Titan from another shell: every change of one Titan takes the Titan as shown and
is refused whole (``TitanChanged``, with the Titan as it is now) instead of being judged
against a Titan the player never saw. Nothing is saved."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from titan_campaign import actions
from titan_campaign.rules.titan import TitanState
from titan_campaign.store import Database

Change = Callable[[Database, TitanState], Any]

CHANGES: dict[str, Change] = {
    "rename": lambda db, shown: actions.rename_titan(
        db, actions.find_titan(db, "Thorn"), "Thorne", shown=shown
    ),
    "change player": lambda db, shown: actions.change_player(
        db, actions.find_titan(db, "Thorn"), "Cy", shown=shown
    ),
    "archive": lambda db, shown: actions.archive_titan(
        db, actions.find_titan(db, "Thorn"), shown=shown
    ),
    "spend on an ability": lambda db, shown: actions.buy_ability(
        db, actions.find_titan(db, "Thorn"), "power", shown=shown
    ),
    "spend on a school": lambda db, shown: actions.buy_school_level(
        db, actions.find_titan(db, "Thorn"), "fire", shown=shown
    ),
    "spend on a spell": lambda db, shown: actions.buy_spell(
        db, actions.find_titan(db, "Thorn"), "shocking grasp", shown=shown
    ),
    "choose a school": lambda db, shown: actions.choose_school(
        db, actions.find_titan(db, "Thorn"), "fire", shown=shown
    ),
    "choose a spell": lambda db, shown: actions.choose_spell(
        db, actions.find_titan(db, "Thorn"), "shocking grasp", shown=shown
    ),
    "swap a bonus spell": lambda db, shown: actions.swap_bonus(
        db, actions.find_titan(db, "Thorn"), "shocking grasp", "tundra walker", shown=shown
    ),
    "decline a swap": lambda db, shown: actions.decline_swap(
        db, actions.find_titan(db, "Thorn"), shown=shown
    ),
    "set the honor guard": lambda db, shown: actions.set_honor_guard(
        db, actions.find_titan(db, "Thorn"), ["Ranger"], shown=shown
    ),
    "gold": lambda db, shown: actions.change_gold(
        db, actions.find_titan(db, "Thorn"), 5, shown=shown
    ),
    "buy an item": lambda db, shown: actions.buy_item(
        db, actions.find_titan(db, "Thorn"), "Potion", 5, shown=shown
    ),
    "add an item": lambda db, shown: actions.add_item(
        db, actions.find_titan(db, "Thorn"), "Potion", shown=shown
    ),
    "buy a spell with gold": lambda db, shown: actions.buy_spell_with_gold(
        db, actions.find_titan(db, "Thorn"), "shocking grasp", 5, shown=shown
    ),
    "use a charge": lambda db, shown: actions.use_item(
        db, actions.find_titan(db, "Thorn"), "Potion", shown=shown
    ),
    "remove an item": lambda db, shown: actions.remove_item(
        db, actions.find_titan(db, "Thorn"), "Potion", shown=shown
    ),
    "plan the legions": lambda db, shown: actions.set_plan(
        db, actions.find_titan(db, "Thorn"), [], shown=shown
    ),
    "keep a goal": lambda db, shown: actions.keep_goal(
        db, actions.find_titan(db, "Thorn"), ["power=2"], shown=shown
    ),
    "take the goal's next step": lambda db, shown: actions.take_goal_step(
        db, actions.find_titan(db, "Thorn"), shown=shown
    ),
}


@pytest.fixture
def db(tmp_path: Path) -> Database:
    db = Database(tmp_path / "campaigns.json")
    actions.new_campaign(db, "Iron Crown", 200)
    actions.add_titan(db, actions.find_campaign(db, "Iron Crown"), "Thorn", "Ann")
    actions.add_titan(db, actions.find_campaign(db, "Iron Crown"), "Bryn", "Bob")
    actions.change_gold(db, actions.find_titan(db, "Thorn"), 60)
    actions.add_item(db, actions.find_titan(db, "Thorn"), "Potion")
    actions.keep_goal(db, actions.find_titan(db, "Thorn"), ["power=2"])
    return db


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_a_change_after_the_titan_changed_elsewhere_saves_nothing(
    db: Database, change: Change
) -> None:
    shown = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    actions.change_gold(
        Database(db.path), actions.find_titan(Database(db.path), "Thorn"), 1
    )  # from another shell
    before = db.path.read_bytes()
    with pytest.raises(actions.TitanChanged) as refused:
        change(db, shown)
    assert db.path.read_bytes() == before
    assert refused.value.state.gold == shown.gold + 1


def test_restoring_an_archived_titan_as_the_roster_showed_it(db: Database) -> None:
    actions.archive_titan(db, actions.find_titan(db, "Thorn"))
    shown = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    other_shell = Database(db.path)  # brought back, given gold and archived again
    actions.restore_titan(other_shell, actions.find_titan(other_shell, "Thorn"))
    actions.change_gold(other_shell, actions.find_titan(other_shell, "Thorn"), 1)
    actions.archive_titan(other_shell, actions.find_titan(other_shell, "Thorn"))
    with pytest.raises(actions.TitanChanged):
        actions.restore_titan(db, actions.find_titan(db, "Thorn"), shown=shown)
    now = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    assert (
        actions.restore_titan(db, actions.find_titan(db, "Thorn"), shown=now).state.archived
        is False
    )


def test_a_game_refused_for_a_titan_renamed_meanwhile_names_it_by_id(db: Database) -> None:
    """Thorn is renamed Thorne and Bryn takes the name Thorn in another shell: the game the
    form previewed for Bryn is refused as Bryn's, by id, naming the name shown and the new."""
    thorn, bryn = actions.find_titan(db, "Thorn"), actions.find_titan(db, "Bryn")
    shown = actions.read_titan(db, bryn).state
    other_shell = Database(db.path)
    actions.rename_titan(other_shell, thorn, "Thorne")
    actions.rename_titan(other_shell, bryn, "Thorn")
    part = actions.Participant(bryn, actions.game_outcome("won", {}), shown=shown)
    with pytest.raises(actions.TitanChanged) as refused:
        actions.record_game(db, bryn.campaign, [part], "2026-12-01")
    assert refused.value.titan == bryn
    assert refused.value.state.name == "Thorn"
    assert str(refused.value).startswith("Bryn (now Thorn) was changed elsewhere")
