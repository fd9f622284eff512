"""`sheet --format json` is served from the sheet kept beside each history file: the same
output as replaying the history, and without building any pydantic model."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from titan_campaign import sheet_cache

EXAMPLE = Path(__file__).resolve().parents[2] / "sheets" / "example-campaign.json"


def _replayed_sheet(cli, titan: str, monkeypatch: pytest.MonkeyPatch) -> str:
    with monkeypatch.context() as patch:
        patch.setattr(sheet_cache, "_fingerprint", "other rules")
        assert sheet_cache.cached_sheet(cli.db, titan, None) is None
        return cli.ok("sheet", titan, "--format", "json")


@pytest.mark.parametrize("titan", ["Thorn", "mira", "OSK"])
def test_kept_sheet_equals_the_replayed_one(cli, monkeypatch, titan) -> None:
    cli.ok("import", str(EXAMPLE))
    cli.ok("gold", "Thorn", "5", "--note", "after the import")
    kept = sheet_cache.cached_sheet(cli.db, titan, None)
    assert kept is not None and kept["campaign"] == "The Iron Crown"
    assert json.dumps(kept, indent=2) + "\n" == _replayed_sheet(cli, titan, monkeypatch)
    assert cli.ok("sheet", titan, "--format", "json") == _replayed_sheet(cli, titan, monkeypatch)


def test_kept_sheet_follows_every_change_and_undo(thorn, monkeypatch) -> None:
    thorn.ok("spend", "thorn", "ability", "power")
    assert sheet_cache.cached_sheet(thorn.db, "thorn", None)["abilities"]["power"] == 1
    thorn.ok("undo", "thorn")
    assert sheet_cache.cached_sheet(thorn.db, "thorn", None)["abilities"]["power"] == 0
    assert thorn.ok("sheet", "thorn", "--format", "json") == _replayed_sheet(thorn, "thorn", monkeypatch)


def test_ambiguous_or_unknown_names_take_the_ordinary_path_and_its_errors(thorn) -> None:
    thorn.ok("campaign", "new", "Other", "--base-xp", "0")
    thorn.ok("titan", "add", "Thorn", "--player", "Bo", "--campaign", "Other")
    assert sheet_cache.cached_sheet(thorn.db, "Thorn", None) is None
    assert "several campaigns" in thorn.refused("sheet", "Thorn", "--format", "json")
    assert sheet_cache.cached_sheet(thorn.db, "Thorn", "other")["player"] == "Bo"
    assert 'no Titan named "Nobody"' in thorn.refused("sheet", "Nobody", "--format", "json")


def test_printing_a_kept_sheet_builds_no_pydantic_model(thorn) -> None:
    thorn.ok("spend", "thorn", "ability", "luck")
    script = (
        "import sys\nfrom titan_campaign.cli import main\n"
        f"code = main(['--db', {str(thorn.db)!r}, 'sheet', 'Thorn', '--format', 'json'])\n"
        "print('MODULES', code, 'pydantic.main' in sys.modules, 'titan_campaign.rules.events' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=os.environ, timeout=60, check=False)
    assert '"rerolls": 1' in result.stdout
    assert "MODULES 0 False False" in result.stdout


def test_a_history_file_of_the_earlier_one_line_layout_still_gives_its_kept_sheet(thorn) -> None:
    from titan_campaign.locations import history_path

    thorn.ok("spend", "thorn", "ability", "power")
    entry = json.loads(thorn.db.read_bytes())["titans"]["1"]
    history = history_path(thorn.db, 1, entry["file"])
    history.write_text(json.dumps(json.loads(history.read_bytes())))  # the same contents, one line
    assert sheet_cache.cached_sheet(thorn.db, "thorn", None)["abilities"]["power"] == 1
