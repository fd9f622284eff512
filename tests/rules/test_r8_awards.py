"""R8 End-of-game experience: engagements, result, score // 10, scenario XP, then wisdom bonus."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from titan_campaign.rules.awards import game_award
from titan_campaign.rules.events import GameOutcome, GameRecorded


def test_r8_the_rulings_worked_example_gives_262():
    outcome = GameOutcome(result="won", battle_won=3, agreement=1, score=347)
    award = game_award(outcome, wisdom=2)
    assert award.subtotal == 100 + 75 + 10 + 34 == 219
    assert award.wisdom_bonus == 219 * 2 // 10 == 43
    assert award.total == 262
    assert award.lines()[-3:] == ["subtotal: 219", "wisdom bonus (20%): 43", "total: 262 XP"]


def test_r8_the_worked_example_parts_are_listed_one_by_one():
    award = game_award(GameOutcome(result="won", battle_won=3, agreement=1, score=347), wisdom=2)
    assert [xp for _, xp in award.parts] == [100, 75, 10, 34]


def test_r8_a_lost_game_alone_is_worth_50():
    assert game_award(GameOutcome(result="lost"), wisdom=0).total == 50


def test_r8_a_won_game_alone_is_worth_100():
    assert game_award(GameOutcome(result="won"), wisdom=0).total == 100


@pytest.mark.parametrize("engagement", ["fled", "battle_lost", "agreement_eliminated"])
def test_r8_fled_battle_lost_and_eliminating_agreement_are_worth_nothing(engagement):
    outcome = GameOutcome(result="lost", **{engagement: 4})
    assert game_award(outcome, wisdom=0).total == 50


def test_r8_each_battle_won_is_25_and_each_agreement_10():
    outcome = GameOutcome(result="lost", battle_won=2, agreement=3)
    assert game_award(outcome, wisdom=0).total == 50 + 2 * 25 + 3 * 10


@pytest.mark.parametrize(("score", "xp"), [(0, 0), (9, 0), (10, 1), (347, 34), (1000, 100)])
def test_r8_score_gives_a_tenth_rounded_down(score, xp):
    assert game_award(GameOutcome(result="lost", score=score), wisdom=0).total == 50 + xp


def test_r8_scenario_xp_is_added():
    award = game_award(GameOutcome(result="won", scenario_xp=40), wisdom=0)
    assert award.total == 140
    assert ("scenario", 40) in award.parts


@pytest.mark.parametrize(
    ("subtotal_outcome", "wisdom", "bonus"),
    [
        (GameOutcome(result="lost", score=90), 1, 5),  # 59 * 1 // 10 = 5 (5.9 rounds down)
        (GameOutcome(result="lost", score=90), 3, 17),  # 59 * 3 // 10 = 17 (17.7 rounds down)
        (GameOutcome(result="won"), 3, 30),
        (GameOutcome(result="won"), 0, 0),
    ],
)
def test_r8_wisdom_bonus_is_ten_percent_per_box_rounded_down(subtotal_outcome, wisdom, bonus):
    award = game_award(subtotal_outcome, wisdom=wisdom)
    assert award.wisdom_bonus == bonus
    assert award.total == award.subtotal + bonus


def test_r8_recording_a_game_raises_earned_xp_by_the_award(titan):
    thorn = titan(base_xp=100)
    outcome = GameOutcome(result="won", battle_won=3, agreement=1, score=347)
    thorn.do(GameRecorded(game=1, date="2026-11-29", scenario="Opening", outcome=outcome))
    assert thorn.state.earned_xp == 219
    assert thorn.state.available_xp == 319
    assert "219 XP earned (R8)" in thorn.last_notes
    assert thorn.state.games[0].award.total == 219


def test_r8_recording_a_game_uses_the_titans_wisdom_at_that_time(titan):
    thorn = titan(base_xp=200).buy("wisdom", 2)
    outcome = GameOutcome(result="won", battle_won=3, agreement=1, score=347)
    thorn.do(GameRecorded(game=1, date="2026-11-29", outcome=outcome))
    assert thorn.state.earned_xp == 262
    assert "262 XP earned (R8)" in thorn.last_notes


def test_r8_earned_xp_adds_up_over_games_and_does_not_raise_the_level(titan):
    thorn = titan(base_xp=0)
    thorn.game(GameOutcome(result="lost")).game(GameOutcome(result="won", score=250))
    assert thorn.state.earned_xp == 50 + 125
    assert thorn.state.level == 0


def test_r8_the_same_game_number_cannot_be_recorded_twice(titan):
    thorn = titan(base_xp=0)
    thorn.do(GameRecorded(game=1, date="2026-11-29", outcome=GameOutcome(result="lost")))
    message = thorn.refused(
        GameRecorded(game=1, date="2026-11-30", outcome=GameOutcome(result="won"))
    )
    assert message == "game 1 is already recorded for Thorn"


def test_r8_negative_counts_are_not_an_outcome():
    with pytest.raises(ValidationError):
        GameOutcome(result="won", battle_won=-1)
    with pytest.raises(ValidationError):
        GameOutcome(result="drawn")  # type: ignore[arg-type]


from hypothesis import given
from hypothesis import strategies as st

from titan_campaign.rules.awards import game_award as _award
from titan_campaign.rules.events import GameOutcome as _Outcome


@given(
    result=st.sampled_from(["won", "lost"]),
    counts=st.lists(st.integers(0, 40), min_size=5, max_size=5),
    score=st.integers(0, 5000),
    scenario_xp=st.integers(0, 500),
    wisdom=st.integers(0, 3),
)
def test_r8_the_breakdown_parts_always_add_up_to_the_subtotal(
    result, counts, score, scenario_xp, wisdom
) -> None:
    outcome = _Outcome(
        result=result,
        score=score,
        scenario_xp=scenario_xp,
        **dict(
            zip(["battle_won", "battle_lost", "agreement", "agreement_eliminated", "fled"], counts)
        ),
    )
    award = _award(outcome, wisdom)
    assert sum(xp for _, xp in award.parts) == award.subtotal
    assert award.total == award.subtotal + award.subtotal * wisdom // 10


def test_r8_a_scenario_award_that_replaces_the_standard_one_is_the_whole_subtotal():
    """Won, 2 battles won, score 500 would be 100 + 50 + 50 = 200; the scenario awards 80
    instead, and Wisdom 1 adds 10% of that: 88."""
    outcome = GameOutcome(
        result="won", battle_won=2, score=500, scenario_xp=80, scenario_replaces=True
    )
    award = game_award(outcome, wisdom=1)
    assert (award.subtotal, award.wisdom_bonus, award.total) == (80, 8, 88)
    assert award.parts == (("scenario award, replacing the standard one", 80),)


def test_r8_a_game_recorded_with_the_wisdom_it_was_played_with_is_judged_at_it(titan):
    thorn = titan(base_xp=100).buy("wisdom")
    late = GameRecorded(game=1, date="2026-11-22", outcome=GameOutcome(result="lost"), wisdom=0)
    thorn.do(late)
    assert thorn.state.game_played(1).award.total == 50
    more = GameRecorded(game=2, date="2026-11-29", outcome=GameOutcome(result="lost"), wisdom=2)
    assert thorn.refused(more) == "Thorn has 1 Wisdom, not the 2 the game was played with (R8)"
