"""A player exports a Titan to take it to another campaign: the file is the same whether the
command line writes it or a served tab downloads it, and names the campaign it was played in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.rules.errors import RuleError
from titan_campaign.rules.events import GameOutcome
from titan_campaign.store import Database


def test_a_titan_downloaded_from_a_tab_names_its_campaign_as_the_command_lines_file_does(
    tmp_path: Path,
) -> None:
    db = Database(tmp_path / "campaigns.json")
    crown = actions.new_campaign(db, "The Iron Crown", 200).ref
    thorn = actions.add_titan(db, crown, "Thorn", "Ann").titan
    written = tmp_path / "thorn.json"
    actions.export_titan(db, thorn, written)
    _, downloaded = actions.titan_export(db, thorn)
    on_disk, in_tab = json.loads(written.read_bytes()), json.loads(downloaded)
    assert on_disk["campaign"] == in_tab["campaign"] == "The Iron Crown"
    on_disk.pop("exported"), in_tab.pop("exported")
    assert on_disk == in_tab


def test_a_titan_file_whose_past_game_breaks_r8_is_refused_as_the_game_typed_in_is(
    tmp_path: Path,
) -> None:
    """A Titan file edited to say Thorn won game 1 with two battles lost and 400 scenario XP
    with no scenario joined another campaign with 510 XP: the rules on each game (R8) were
    skipped for a game of another campaign."""
    db = Database(tmp_path / "campaigns.json")
    crown = actions.new_campaign(db, "The Iron Crown", 0).ref
    side = actions.new_campaign(db, "Side", 0).ref
    thorn = actions.add_titan(db, crown, "Thorn", "Ann").titan
    actions.record_game(
        db, crown, [actions.Participant(thorn, GameOutcome(result="lost", score=100))]
    )
    written = tmp_path / "thorn.json"
    actions.export_titan(db, thorn, written)
    exported = json.loads(written.read_text())
    [played] = [e for e in exported["events"] if e["kind"] == "game_recorded"]
    for outcome, reason in (
        ({"result": "won", "battle_lost": 2}, "eliminates Thorn: it happens once"),
        ({"result": "lost", "scenario_xp": 400}, "the game names no scenario"),
    ):
        played["outcome"] = outcome
        written.write_text(json.dumps(exported))
        with pytest.raises(RuleError, match=reason) as refused:
            actions.import_titan(db, written, side)
        assert "thorn.json: in The Iron Crown, game 1: " in str(refused.value)
    assert [state.name for _, state in actions.roster_by_id(db, side)] == []


def test_a_titan_file_with_a_game_dated_in_the_future_is_refused_as_typed_in(
    tmp_path: Path,
) -> None:
    """A game dated 2099 came in with an imported Titan, where the same date typed in is
    refused as later than tomorrow (a slip of the year)."""
    db = Database(tmp_path / "campaigns.json")
    crown = actions.new_campaign(db, "The Iron Crown", 0).ref
    side = actions.new_campaign(db, "Side", 0).ref
    thorn = actions.add_titan(db, crown, "Thorn", "Ann").titan
    actions.record_game(db, crown, [actions.Participant(thorn, GameOutcome(result="lost"))])
    written = tmp_path / "thorn.json"
    actions.export_titan(db, thorn, written)
    exported = json.loads(written.read_text())
    [played] = [e for e in exported["events"] if e["kind"] == "game_recorded"]
    played["date"] = "2099-01-01"
    written.write_text(json.dumps(exported))
    with pytest.raises(RuleError, match="game date 2099-01-01 is later than tomorrow"):
        actions.import_titan(db, written, side)
    assert actions.roster_by_id(db, side) == []


def test_a_titan_file_refused_for_its_base_xp_names_the_titan_as_it_is_called_now(
    tmp_path: Path,
) -> None:
    """Thorn renamed Thorin, exported, and brought into a campaign of 100 base XP: the
    refusal said "Thorn was made with 200 base XP", a name the file no longer gives."""
    db = Database(tmp_path / "c.json")
    home = actions.new_campaign(db, "Iron Crown", 200).ref
    thorn = actions.add_titan(db, home, "Thorn", "Ann").titan
    actions.rename_titan(db, thorn, "Thorin")
    actions.export_titan(db, thorn, tmp_path / "thorin.json")
    elder = actions.new_campaign(db, "Elder Age", 100).ref
    with pytest.raises(RuleError) as refused:
        actions.import_titan(db, tmp_path / "thorin.json", elder)
    assert str(refused.value).startswith("Thorin was made with 200 base XP;"), refused.value
