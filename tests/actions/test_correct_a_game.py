"""A group corrects one Titan's entry of a recorded game (issue 21), through the actions the
command line and the app both call."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.rules.errors import RuleError
from titan_campaign.rules.events import GameOutcome
from titan_campaign.store import Database


@pytest.fixture
def db(tmp_path: Path) -> Database:
    db = Database(tmp_path / "campaigns.json")
    crown = actions.new_campaign(db, "Iron Crown", 0).ref
    thorn, mira = (actions.add_titan(db, crown, name, "Ann").titan for name in ("Thorn", "Mira"))
    actions.record_game(
        db,
        crown,
        [
            actions.Participant(thorn, GameOutcome(result="won", score=347)),
            actions.Participant(mira, GameOutcome(result="lost", score=120)),
        ],
        "2026-11-28",
    )
    return db


def test_correcting_miras_score_is_one_change_that_touches_only_mira(db: Database) -> None:
    crown, mira = actions.find_campaign(db), actions.find_titan(db, "Mira")
    changes = len(actions.history(db, crown))
    done = actions.correct_game(
        db, crown, 1, [actions.Participant(mira, GameOutcome(result="lost", score=210))]
    )
    assert done.text == "game 1 corrected for Mira: score 120 -> 210, +9 XP"
    assert list(done.steps) == [mira]
    assert len(actions.history(db, crown)) == changes + 1
    assert actions.read_titan(db, mira).state.earned_xp == 71  # R8: 50 + 21
    thorn = actions.find_titan(db, "Thorn")
    assert actions.read_titan(db, thorn).state.earned_xp == 134  # R8: 100 + 34, untouched


def test_correcting_a_game_nobody_recorded_is_refused_and_saves_nothing(db: Database) -> None:
    before = db.path.read_bytes()
    with pytest.raises(RuleError, match="no game 5"):
        mira = actions.find_titan(db, "Mira")
        actions.correct_game(
            db, mira.campaign, 5, [actions.Participant(mira, GameOutcome(result="lost"))]
        )
    assert db.path.read_bytes() == before


def test_taking_a_titan_out_of_a_game_keeps_the_game_for_the_others(db: Database) -> None:
    mira = actions.find_titan(db, "Mira")
    done = actions.correct_game(db, mira.campaign, 1, removed=[mira])
    assert done.text == "Mira taken out of game 1: -62 XP"
    [game] = actions.games(db, mira.campaign)
    assert [p.titan for p in game.participants] == ["Thorn"]


def test_a_correction_of_a_titan_changed_since_the_log_was_shown_saves_nothing(
    db: Database,
) -> None:
    """Mira's entry is corrected from the game log, but another shell renamed her Myra after
    the log was shown: refused whole (``TitanChanged``, Mira by id, as she is now)."""
    mira = actions.find_titan(db, "Mira")
    shown = {mira: actions.read_titan(db, mira).state}
    actions.rename_titan(Database(db.path), mira, "Myra")  # another shell
    before = db.path.read_bytes()
    entry = actions.Participant(mira, GameOutcome(result="lost", score=210))
    with pytest.raises(actions.TitanChanged) as refused:
        actions.correct_game(db, mira.campaign, 1, [entry], shown=shown)
    assert refused.value.titan == mira and refused.value.state.name == "Myra"
    assert str(refused.value).startswith("Mira (now Myra) was changed elsewhere")
    with pytest.raises(actions.TitanChanged):
        actions.correct_game(db, mira.campaign, 1, removed=[mira], shown=shown)
    assert db.path.read_bytes() == before


def test_a_correction_goes_through_when_only_another_titan_changed_since_it_was_shown(
    db: Database,
) -> None:
    mira, thorn = actions.find_titan(db, "Mira"), actions.find_titan(db, "Thorn")
    shown = {t: actions.read_titan(db, t).state for t in (mira, thorn)}
    actions.change_gold(Database(db.path), thorn, 5)  # Thorn's entry is not corrected
    entry = actions.Participant(mira, GameOutcome(result="lost", score=210))
    done = actions.correct_game(db, mira.campaign, 1, [entry], shown=shown)
    assert list(done.steps) == [mira]
    with pytest.raises(actions.TitanChanged):  # the game's date is Thorn's entry too
        actions.correct_game(db, mira.campaign, 1, when="2026-11-29", shown=shown)


def test_a_games_date_and_scenario_are_corrected_for_a_titan_archived_since(db: Database) -> None:
    """Mira died in game 1 and was archived: fixing the game's date then asked to bring her
    back first, for everyone's entry (restore, correct, archive again)."""
    mira = actions.find_titan(db, "Mira")
    actions.archive_titan(db, mira)
    done = actions.correct_game(db, mira.campaign, 1, when="2026-11-27", scenario="Siege")
    assert set(done.steps) == {mira, actions.find_titan(db, "Thorn")}
    state = actions.read_titan(db, mira).state
    assert state.archived
    assert [(game.date, game.scenario) for game in state.games] == [("2026-11-27", "Siege")]
    assert state.earned_xp == 62  # R8: judged again, the same award
