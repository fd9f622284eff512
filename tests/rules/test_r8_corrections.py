"""R8, R9 and R1 for a corrected game entry: the award judged again (at the wisdom the Titan
had in that game), the difference applied, spent XP never taken back, the honor guard judged
against the corrected survivors of the last game."""

from __future__ import annotations

import pytest

from titan_campaign.rules.errors import XPAlreadySpent
from titan_campaign.rules.events import (
    AbilityBought,
    GameCorrected,
    GameOutcome,
    GameRecorded,
    GameRemoved,
    HonorGuardSet,
)
from titan_campaign.rules.titan import apply


def recorded(game: int, outcome: GameOutcome, *survivors: str) -> GameRecorded:
    return GameRecorded(game=game, date="2026-01-05", outcome=outcome, survivors=survivors or None)


def corrected(game: int, outcome: GameOutcome, *survivors: str) -> GameCorrected:
    return GameCorrected(game=game, date="2026-01-05", outcome=outcome, survivors=survivors or None)


def test_r8_a_corrected_score_changes_the_award_by_the_difference(titan):
    """Mira lost with a score of 120 (50 + 12 = 62), typed wrong: it was 210 (50 + 21 = 71)."""
    mira = titan(base_xp=0, name="Mira").do(recorded(3, GameOutcome(result="lost", score=120)))
    assert mira.state.earned_xp == 62
    mira.do(corrected(3, GameOutcome(result="lost", score=210)))
    assert mira.state.earned_xp == 71
    [game] = mira.state.games
    assert (game.outcome.score, game.award.total) == (210, 71)
    assert "game 3 judged again: 71 XP (+9 XP) (R8)" in mira.last_notes


def test_r8_a_correction_is_judged_at_the_wisdom_of_the_game_not_of_today(titan):
    """Won with no wisdom (100); wisdom bought later does not add 10% to the corrected game."""
    thorn = titan(base_xp=100).do(recorded(1, GameOutcome(result="won")))
    thorn.do(AbilityBought(ability="wisdom"))
    thorn.do(corrected(1, GameOutcome(result="won", score=100)))
    assert thorn.state.games[0].award.total == 110 and thorn.state.earned_xp == 110


def test_r1_a_correction_never_takes_back_xp_already_spent(titan):
    """Won (100) and spent 100 of the 100 base + 100 earned on two boxes; correcting it to a
    loss (50) would leave -50 available."""
    thorn = titan(base_xp=100).do(recorded(1, GameOutcome(result="won")))
    thorn.buy("power", 2)
    before = thorn.state
    with pytest.raises(XPAlreadySpent) as refused:
        apply(before, corrected(1, GameOutcome(result="lost")))
    assert refused.value.missing == 50 and refused.value.titan == "Thorn"
    assert "takes back 50 XP but Thorn has 0 XP left: the rest is spent (R1)" in str(refused.value)


def test_r9_the_corrected_survivors_of_the_last_game_judge_the_honor_guard_again(titan):
    thorn = titan(base_xp=0).reach_level(4)
    thorn.do(recorded(5, GameOutcome(result="lost"), "Titan", "Lion"))
    thorn.do(HonorGuardSet(members=("Lion",)))
    thorn.do(corrected(5, GameOutcome(result="lost"), "Titan", "Ogre"))
    assert thorn.state.honor_guard == ()
    assert "Lion was slain and leaves the honor guard (R9)" in thorn.last_notes
    assert "Lion did not survive" in thorn.refused(HonorGuardSet(members=("Lion",)))
    thorn.do(HonorGuardSet(members=("Ogre",)))


def test_r9_correcting_an_older_game_leaves_the_guard_alone(titan):
    thorn = titan(base_xp=0).reach_level(4)
    thorn.do(recorded(5, GameOutcome(result="lost"), "Titan", "Lion"))
    thorn.do(recorded(6, GameOutcome(result="lost"), "Titan", "Lion"))
    thorn.do(HonorGuardSet(members=("Lion",)))
    thorn.do(corrected(5, GameOutcome(result="lost"), "Titan"))
    assert thorn.state.honor_guard == ("Lion",)


def test_r8_a_titan_taken_out_of_a_game_loses_its_award(titan):
    mira = titan(base_xp=0, name="Mira").do(recorded(3, GameOutcome(result="lost", score=120)))
    mira.do(GameRemoved(game=3))
    assert mira.state.earned_xp == 0 and mira.state.games == ()
    assert mira.refused(GameRemoved(game=3)) == "Mira did not play game 3"
    assert mira.refused(corrected(3, GameOutcome(result="won"))) == "Mira did not play game 3"


def test_r1_a_correction_is_judged_where_the_game_was_played_not_only_at_the_end(titan):
    """Game 1 won with a score of 1000 (200 XP), both spent on Wisdom boxes; game 2 won with
    a score of 2000 (300 + 60 for the Wisdom). Correcting game 1 to a plain loss (50) leaves
    enough XP at the end, but the boxes were bought with XP game 1 then did not give (R1):
    refused, as is taking the Titan out of game 1. The XP lacking is the most at any point: 50
    after the first box, 150 after the second (the player must undo both)."""
    from titan_campaign.rules.titan import check_in_place

    e = titan(base_xp=0, name="E").do(recorded(1, GameOutcome(result="won", score=1000)))
    e.buy("wisdom", 2)
    e.do(recorded(2, GameOutcome(result="won", score=2000)))
    assert e.state.available_xp == 360
    history = e.log.events
    with pytest.raises(XPAlreadySpent) as refused:
        check_in_place(history, corrected(1, GameOutcome(result="lost")))
    assert "game 1 as corrected gives E 150 XP less" in str(refused.value)
    assert "before later games made it up: 150 XP would have been lacking (R1)" in str(
        refused.value
    )
    with pytest.raises(XPAlreadySpent):
        check_in_place(history, GameRemoved(game=1))
    check_in_place(history, corrected(1, GameOutcome(result="won", score=1500)))  # 215: enough
