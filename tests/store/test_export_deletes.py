"""An export carries each campaign's id and the campaigns' delete records, so an export
brought into a copy of the same database (by ``import`` or ``merge``) is judged as a copy is:
a campaign deleted in the export is deleted in a copy that still has it, unless the copy
changed it after the delete; a campaign deleted here stays deleted when an export made before
the delete comes in. Every copy of the same campaigns shares their ids."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import time_machine

from titan_campaign import actions
from titan_campaign.store import Database

EXAMPLE = Path(__file__).parents[2] / "sheets" / "example-campaign.json"
EXAMPLE_V2 = Path(__file__).parent / "fixtures" / "v2-example-campaign.json"
"""The example campaign as version 2 exported it (no ids, no delete records)."""
START = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


class Clock:
    """A clock that moves a minute on before each thing a player does."""

    def __init__(self, traveller: time_machine.Coordinates) -> None:
        self.traveller = traveller

    def tick(self) -> None:
        self.traveller.shift(timedelta(minutes=1))


@pytest.fixture
def clock() -> object:
    with time_machine.travel(START, tick=False) as traveller:
        yield Clock(traveller)


@pytest.fixture
def ann(tmp_path: Path, clock: Clock) -> Database:
    """Ann's file: the example campaign and "Side Quest" (Kel in it)."""
    db = Database(tmp_path / "campaigns.json")
    actions.import_campaigns(db, EXAMPLE)
    clock.tick()
    side = actions.new_campaign(db, "Side Quest", 0).ref
    actions.add_titan(db, side, "Kel", "Ann")
    clock.tick()
    return db


def copy_of(db: Database, name: str) -> Database:
    """Bo's copy of the file, as it is now."""
    target = db.path.with_name(name)
    shutil.copyfile(db.path, target)
    return Database(target)


def names(db: Database) -> list[str]:
    return [view.name for view in actions.campaign_views(db)]


def change_ids(db: Database) -> dict[str, list[str]]:
    """Each campaign's change ids, oldest first."""
    return {
        view.name: [change.id for change in actions.read_campaign(db, view.ref).changes]
        for view in actions.campaign_views(db)
    }


def exported(db: Database, name: str) -> Path:
    path = db.path.with_name(name)
    actions.export_campaigns(db, path)
    return path


def test_an_export_carries_each_campaigns_id_and_every_delete(ann: Database) -> None:
    side = actions.find_campaign(ann, "Side Quest")
    crown = actions.find_campaign(ann, "The Iron Crown")
    actions.delete_campaign(ann, side)
    data = json.loads(exported(ann, "export.json").read_text())
    assert [c["id"] for c in data["campaigns"]] == [crown.id]
    [deletion] = data["deleted"]
    assert deletion["campaign"] == side.id and deletion["name"] == "Side Quest"
    assert deletion == next(iter(json.loads(ann.path.read_text())["deleted"].values()))


def test_an_export_imported_into_a_copy_that_still_has_the_campaign_deletes_it(
    ann: Database, clock: Clock
) -> None:
    bo = copy_of(ann, "bo.json")
    actions.delete_campaign(ann, actions.find_campaign(ann, "Side Quest"))
    clock.tick()
    actions.change_gold(ann, actions.find_titan(ann, "Mira"), 3)
    clock.tick()
    imported = actions.import_campaigns(bo, exported(ann, "export.json"))
    assert imported.merged is not None
    assert 'campaign "Side Quest" deleted' in imported.merged.brought
    assert "Mira: gold +3" in imported.merged.brought
    assert names(bo) == ["The Iron Crown"]
    assert actions.read_titan(bo, actions.find_titan(bo, "Mira")).state.gold == (
        actions.read_titan(ann, actions.find_titan(ann, "Mira")).state.gold
    )
    assert actions.undo(bo).change.text.startswith("merged")  # one change: undo takes it back
    assert names(bo) == ["The Iron Crown", "Side Quest"]


def test_an_export_keeps_a_campaign_the_copy_changed_after_the_delete(
    ann: Database, clock: Clock
) -> None:
    bo = copy_of(ann, "bo.json")
    actions.delete_campaign(ann, actions.find_campaign(ann, "Side Quest"))
    clock.tick()
    actions.change_gold(bo, actions.find_titan(bo, "Kel"), 5)  # after the delete
    clock.tick()
    imported = actions.import_campaigns(bo, exported(ann, "export.json"))
    assert imported.merged is not None
    assert any("changed here after the delete: kept" in line for line in imported.merged.deletes)
    assert names(bo) == ["The Iron Crown", "Side Quest"]


@pytest.mark.parametrize("how", ["import", "merge"])
def test_an_export_made_before_a_delete_does_not_bring_the_campaign_back(
    ann: Database, clock: Clock, how: str
) -> None:
    before = exported(ann, "before.json")  # Side Quest in it
    actions.delete_campaign(ann, actions.find_campaign(ann, "Side Quest"))
    clock.tick()
    if how == "import":
        merged = actions.import_campaigns(ann, before).merged
        assert merged is not None
    else:
        merged = actions.merge_copy(ann, before)
    assert names(ann) == ["The Iron Crown"]
    assert merged.deletes == (
        'campaign "Side Quest" stays deleted (deleted here on 2026-12-01 18:02)',
    )


def test_an_export_into_a_new_file_is_a_copy_that_merges_back(ann: Database, clock: Clock) -> None:
    fresh = Database(ann.path.with_name("fresh.json"))
    imported = actions.import_campaigns(fresh, exported(ann, "export.json"))
    assert imported.merged is None and imported.campaigns == ["The Iron Crown", "Side Quest"]
    assert [v.ref for v in actions.campaign_views(fresh)] == [
        v.ref for v in actions.campaign_views(ann)
    ]
    actions.change_gold(fresh, actions.find_titan(fresh, "Kel"), 2)
    clock.tick()
    merged = actions.merge_copy(ann, fresh.path)
    assert merged.brought == ("Kel: gold +2",)


def test_an_export_without_ids_written_by_an_earlier_version_is_imported_as_before(
    tmp_path: Path,
) -> None:
    db = Database(tmp_path / "campaigns.json")
    assert "id" not in json.loads(EXAMPLE_V2.read_text())["campaigns"][0]
    imported = actions.import_campaigns(db, EXAMPLE_V2)
    assert imported.campaigns == ["The Iron Crown"] and imported.merged is None
    with pytest.raises(actions.StoreError, match="already exists; nothing imported"):
        actions.import_campaigns(db, EXAMPLE_V2)  # a campaign of that name, not known by id


def test_a_merge_says_a_campaign_stays_deleted_once_for_the_same_copy(
    ann: Database, clock: Clock
) -> None:
    bo = copy_of(ann, "bo.json")
    actions.delete_campaign(ann, actions.find_campaign(ann, "Side Quest"))
    clock.tick()
    first = actions.merge_copy(ann, bo.path)
    assert first.deletes == (
        'campaign "Side Quest" stays deleted (deleted here on 2026-12-01 18:02)',
    )
    clock.tick()
    actions.change_gold(bo, actions.find_titan(bo, "Mira"), 1)  # Bo goes on, without the delete
    clock.tick()
    again = actions.merge_copy(ann, bo.path)
    assert again.brought == ("Mira: gold +1",) and again.deletes == ()
    assert names(ann) == ["The Iron Crown"]
    assert actions.merge_copy(ann, bo.path).deletes == ()


def test_a_merge_undone_says_again_that_a_campaign_stays_deleted_when_merged_again(
    ann: Database, clock: Clock
) -> None:
    bo = copy_of(ann, "bo.json")
    actions.change_gold(bo, actions.find_titan(bo, "Mira"), 1)
    clock.tick()
    actions.delete_campaign(ann, actions.find_campaign(ann, "Side Quest"))
    clock.tick()
    first = actions.merge_copy(ann, bo.path)
    assert first.brought == ("Mira: gold +1",)
    assert first.deletes == (
        'campaign "Side Quest" stays deleted (deleted here on 2026-12-01 18:03)',
    )
    clock.tick()
    assert actions.undo(ann).change.text == "merged 1 change from bo.json"  # as if never merged
    clock.tick()
    again = actions.merge_copy(ann, bo.path)  # a first merge again: the same lines
    assert (again.brought, again.deletes) == (first.brought, first.deletes)
    assert names(ann) == ["The Iron Crown"]
    assert actions.merge_copy(ann, bo.path).deletes == ()  # and said once, as before


def test_an_export_into_a_new_file_keeps_every_change_id_so_merging_back_brings_nothing_twice(
    ann: Database, clock: Clock
) -> None:
    """A change made to one Titan is saved reading only that Titan; its id is the one the
    file keeps, and the import of an export keeps it: merging the new file back brings
    nothing, and Kel's gold is not counted twice."""
    side = actions.find_campaign(ann, "Side Quest")
    actions.add_titan(ann, side, "Lia", "Bo")
    clock.tick()
    actions.change_gold(ann, actions.find_titan(ann, "Lia"), 3)
    clock.tick()
    actions.change_gold(ann, actions.find_titan(ann, "Kel"), 5)
    clock.tick()
    fresh = Database(ann.path.with_name("fresh.json"))
    actions.import_campaigns(fresh, exported(ann, "export.json"))
    assert change_ids(fresh) == change_ids(ann)
    merged = actions.merge_copy(ann, fresh.path)
    assert merged.brought == ()
    assert actions.read_titan(ann, actions.find_titan(ann, "Kel")).state.gold == 5
