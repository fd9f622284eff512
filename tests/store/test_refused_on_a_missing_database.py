"""A command refused because there is no database yet leaves no file behind: no database,
no lock file, no lock holder, no backups folder, not even the folder named for it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.store import Database, StoreError

from .conftest import run


@pytest.fixture(scope="module")
def copies(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Another group's database (campaign "Elsewhere", Titan Thorn), its export, Thorn's
    file, and an export that names one campaign twice, in their own folder."""
    folder = tmp_path_factory.mktemp("elsewhere")
    other = Database(folder / "other.json")
    campaign = actions.new_campaign(other, "Elsewhere", 0).ref
    actions.add_titan(other, campaign, "Thorn", "Ann")
    actions.export_titan(other, actions.find_titan(other, "Thorn"), folder / "thorn.json")
    exported = json.loads(actions.export_campaigns(other, folder / "export.json")[0])
    twice = [{k: v for k, v in exported["campaigns"][0].items() if k != "id"}] * 2
    (folder / "twice.json").write_text(json.dumps({**exported, "campaigns": twice}), "utf-8")
    return folder


REFUSED = [
    ("undo",),
    ("redo",),
    ("undo", "Thorn"),
    ("redo", "Thorn"),
    ("merge", "{copies}/other.json"),
    ("merge", "{copies}/export.json"),
    ("merge", "{copies}/other.json", "--dry-run"),
    ("import", "{copies}/twice.json"),
    ("titan", "import", "{copies}/thorn.json"),
    ("restore", "1"),
    ("history",),
    ("campaign", "games"),
    ("campaign", "rename", "Second Age"),
    ("titan", "list"),
    ("titan", "add", "Bex", "--player", "Bo"),
    ("sheet", "Thorn"),
    ("gold", "Thorn", "5"),
    ("honor-guard", "Thorn", "Ogre"),
    ("print-campaign",),
]


@pytest.mark.parametrize("argv", REFUSED, ids=lambda argv: " ".join(argv).replace("{copies}/", ""))
def test_a_command_refused_for_want_of_a_database_leaves_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], copies: Path, argv: tuple[str, ...]
) -> None:
    """The database named in a folder not made yet either: the folder is not made."""
    folder = tmp_path / "db"
    folder.mkdir()
    db = folder / ("new" if argv[0] in ("undo", "import") else ".") / "campaigns.json"
    code, out, err = run(db, capsys, *(part.format(copies=copies) for part in argv))
    assert code == 1, (out, err)
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: "), err
    assert sorted(os.listdir(folder)) == []


def test_two_programs_making_the_first_change_at_once_both_told_the_truth(tmp_path: Path) -> None:
    """Two programs find no database and each makes a campaign: the one that writes first
    makes the file; the other is refused (the file is not what it read), and saves nothing."""
    db = tmp_path / "campaigns.json"
    refused = pytest.raises(StoreError, match="was made by another program meanwhile")
    with refused, Database(db).writing() as session:
        session.add_campaign("Iron Crown", 0)
        actions.new_campaign(Database(db), "Second Age", 0)
    assert [view.campaign.name for view in actions.campaign_views(Database(db))] == ["Second Age"]
