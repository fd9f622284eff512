"""A campaign deleted on one copy stays deleted when the copies are merged, unless the other
copy changed it after the delete (then it is kept, and the merge says so). Each copy is
changed by its own process (the command line run in a subprocess on a clock fixed per command),
as Ann at home and Bo on his laptop would."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # every command is a process of its own

EXAMPLE = Path(__file__).parents[2] / "sheets" / "example-campaign.json"
START = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
RUNNER = """
import sys, time_machine
from titan_campaign.cli import main
with time_machine.travel(sys.argv[1], tick=False):
    code = main(sys.argv[2:])
sys.exit(code)
"""


class Copy:
    """One copy of the database, changed by the command line in its own process."""

    def __init__(self, db: Path, clock: list[int]) -> None:
        self.db = db
        self.clock = clock

    def run(self, *argv: str, minutes: int = 1) -> subprocess.CompletedProcess[str]:
        self.clock[0] += minutes
        at = (START + timedelta(minutes=self.clock[0])).isoformat()
        return subprocess.run(
            [sys.executable, "-c", RUNNER, at, "--db", str(self.db), *argv],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    def ok(self, *argv: str, minutes: int = 1) -> str:
        done = self.run(*argv, minutes=minutes)
        assert done.returncode == 0, f"{argv}: {done.stderr}"
        assert "Traceback" not in done.stderr
        return done.stdout

    def campaigns(self) -> list[str]:
        return [row["name"] for row in json.loads(self.ok("campaign", "list", "--json"))]


@pytest.fixture(scope="module")
def ann_at_the_start(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """Ann's file holding the example campaign and "Side Quest" (Kel in it), made by three
    commands once for every test here; its folder (file and backups) and the clock after."""
    clock = [0]
    ann = Copy(tmp_path_factory.mktemp("ann") / "campaigns.json", clock)
    ann.ok("import", str(EXAMPLE))
    ann.ok("campaign", "new", "Side Quest", "--base-xp", "0")
    ann.ok("titan", "add", "Kel", "--player", "Ann", "--campaign", "Side Quest")
    return ann.db.parent, clock[0]


@pytest.fixture
def pair(ann_at_the_start: tuple[Path, int], tmp_path: Path) -> tuple[Copy, Copy]:
    """Ann's file as it starts (a copy of its whole folder), and Bo's copy of her file."""
    folder, minutes = ann_at_the_start
    shutil.copytree(folder, tmp_path, dirs_exist_ok=True)
    clock = [minutes]
    ann = Copy(tmp_path / "campaigns.json", clock)
    bo = Copy(tmp_path / "campaigns (Bo's conflicted copy).json", clock)
    shutil.copyfile(ann.db, bo.db)
    return ann, bo


def test_a_campaign_deleted_on_one_copy_stays_deleted_in_both_merges(
    pair: tuple[Copy, Copy], tmp_path: Path
) -> None:
    ann, bo = pair
    ann.ok("campaign", "delete", "Side Quest", "--yes")
    bo.ok("gold", "Mira", "1")  # another campaign changed meanwhile
    shutil.copyfile(bo.db, tmp_path / "bo-before.json")
    said = ann.ok("merge", str(bo.db))
    assert "+ Mira: gold +1" in said
    assert 'campaign "Side Quest" stays deleted' in said
    assert ann.campaigns() == ["The Iron Crown"]
    said = bo.ok("merge", str(ann.db))  # the other way round: the delete comes in
    assert 'campaign "Side Quest" deleted' in said
    assert bo.campaigns() == ["The Iron Crown"]
    assert ann.ok("sheet", "Mira", "--format", "json") == bo.ok("sheet", "Mira", "--format", "json")
    assert "Side Quest" not in ann.ok("merge", str(bo.db))  # the same copy again: nothing
    assert bo.ok("undo").startswith("undone: merged")  # the merge taken back: Kel is back
    assert "Kel" in bo.ok("titan", "list", "--campaign", "Side Quest")


def test_a_delete_is_recorded_with_its_time_and_an_id_the_same_in_every_copy(
    pair: tuple[Copy, Copy],
) -> None:
    ann, bo = pair
    ann.ok("campaign", "delete", "Side Quest", "--yes")
    bo.ok("merge", str(ann.db))
    [mine] = json.loads(ann.db.read_text())["deleted"].values()
    [theirs] = json.loads(bo.db.read_text())["deleted"].values()
    assert mine == theirs
    assert mine["name"] == "Side Quest" and datetime.fromisoformat(mine["at"]).tzinfo is not None
    assert len(mine["id"]) == 32 and mine["id"] not in mine["campaign"]


def test_a_campaign_changed_on_the_other_copy_after_the_delete_is_kept_and_only_the_new_said(
    pair: tuple[Copy, Copy],
) -> None:
    ann, bo = pair
    ann.ok("campaign", "delete", "Side Quest", "--yes")
    bo.ok("gold", "Kel", "3", "--campaign", "Side Quest")  # after the delete
    ann_before = ann.db.with_name("ann-before.json")
    shutil.copyfile(ann.db, ann_before)
    said = ann.ok("merge", str(bo.db))
    assert 'campaign "Side Quest" was deleted here' in said
    assert "changed on the other copy after the delete: kept" in said
    # only what Bo did after the delete is new: Kel's joining was listed as if Bo had made it
    assert said.startswith("merged 2 changes from") and "+ Kel: gold +3" in said
    assert '+ campaign "Side Quest" brought back' in said
    assert "created" not in said and "comes in whole" not in said
    assert ann.campaigns() == ["The Iron Crown", "Side Quest"]
    assert '"gold": 3' in ann.ok("sheet", "Kel", "--format", "json")
    said = bo.ok("merge", str(ann_before))  # the other way round: the same outcome
    assert "changed here after the delete: kept" in said
    assert bo.campaigns() == ["The Iron Crown", "Side Quest"]


def test_changes_the_deleting_copy_never_saw_are_kept_whole_in_the_refused_file(
    pair: tuple[Copy, Copy],
) -> None:
    ann, bo = pair
    bo.ok("gold", "Kel", "3", "--campaign", "Side Quest")  # before the delete, on Bo's copy
    ann.ok("campaign", "delete", "Side Quest", "--yes")
    said = ann.ok("merge", str(bo.db))
    assert 'campaign "Side Quest" stays deleted' in said and "1 refused" in said
    # the refusal names the campaign and the change to enter again
    assert 'refused: the whole campaign "Side Quest": deleted here' in said
    assert "1 change in it that the delete never saw: Kel: gold +3" in said
    assert ann.campaigns() == ["The Iron Crown"]
    kept = json.loads(ann.db.with_name("campaigns.json.refused.json").read_text())
    [entry] = kept["refused"]
    assert entry["what"] == 'the whole campaign "Side Quest"' and entry["campaign"] == "Side Quest"
    assert any(change["text"] == "Kel: gold +3" for change in entry["change"]["changes"])


def test_a_campaign_restored_from_a_backup_after_its_delete_survives_a_merge(
    pair: tuple[Copy, Copy],
) -> None:
    ann, bo = pair
    ann.ok("campaign", "delete", "Side Quest", "--yes")
    bo.ok("merge", str(ann.db))  # Bo's copy has the delete now
    assert bo.campaigns() == ["The Iron Crown"]
    ann.ok("restore", "1")  # Ann wants it back after all
    assert ann.campaigns() == ["The Iron Crown", "Side Quest"]
    ann.ok("gold", "Mira", "1")
    said = ann.ok("merge", str(bo.db))
    assert ann.campaigns() == ["The Iron Crown", "Side Quest"], said
    said = bo.ok("merge", str(ann.db))
    assert bo.campaigns() == ["The Iron Crown", "Side Quest"], said
    assert "Kel" in bo.ok("titan", "list", "--campaign", "Side Quest")


def test_a_campaign_brought_back_by_a_merge_is_said_and_undone_as_a_change(
    pair: tuple[Copy, Copy],
) -> None:
    """Bo's copy held the delete, Ann's the campaign restored from a backup and nothing else:
    the merge said "nothing to merge: the database has all its changes" and brought the whole
    campaign back, saved as "merged 0 changes", which `undo` then took back unnamed."""
    ann, bo = pair
    ann.ok("campaign", "delete", "Side Quest", "--yes")
    bo.ok("merge", str(ann.db))  # Bo's copy has the delete now
    ann.ok("restore", "1")  # Ann brings it back, and changes nothing more
    said = bo.ok("merge", str(ann.db))
    assert said.startswith("merged 1 change from"), said
    assert '+ campaign "Side Quest" brought back' in said
    assert bo.campaigns() == ["The Iron Crown", "Side Quest"]
    assert bo.ok("undo").startswith("undone: merged 1 change from")
    assert bo.campaigns() == ["The Iron Crown"]


def test_a_copy_whose_only_campaign_was_deleted_still_merges(tmp_path: Path) -> None:
    clock = [0]
    ann = Copy(tmp_path / "campaigns.json", clock)
    bo = Copy(tmp_path / "copy.json", clock)
    ann.ok("campaign", "new", "Side Quest", "--base-xp", "0")
    shutil.copyfile(ann.db, bo.db)
    ann.ok("campaign", "delete", "Side Quest", "--yes")
    assert 'campaign "Side Quest" stays deleted' in ann.ok("merge", str(bo.db))
    assert 'campaign "Side Quest" deleted' in bo.ok("merge", str(ann.db))
    assert bo.campaigns() == []
