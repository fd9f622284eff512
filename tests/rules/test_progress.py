"""Progress game by game (issue #11): the sheet right after each game's record (R1, R2, R7, R8)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from titan_campaign.rules.errors import RuleError
from titan_campaign.rules.events import GameOutcome, GameRecorded
from titan_campaign.rules.progress import ProgressRow, progress, progress_json, progress_table


def test_r8_each_game_row_shows_its_award_and_the_sheet_right_after_it(titan: Any) -> None:
    """Hand count (the module's worked example): 200 base XP spent on Power and Spirit (level 1,
    R2), a won game with a score of 500 (100 + 50 = 150, R8), Water 1 bought (300 spent),
    a lost game with a score of 100 (50 + 10 = 60). Mana is level + Spirit (R7)."""
    thorn = titan(base_xp=200).buy("power").buy("spirit")
    thorn.game(GameOutcome(result="won", score=500)).school("water", 1)
    thorn.game(GameOutcome(result="lost", score=100))
    rows = progress(thorn.log.events)
    assert rows == [
        ProgressRow(1, "2026-11-29", 150, 150, 200, 1, 2),
        ProgressRow(2, "2026-11-29", 60, 210, 300, 1, 2),
    ]


def test_r8_the_wisdom_bonus_is_in_the_award_of_the_game_after_wisdom_was_bought(
    titan: Any,
) -> None:
    """Wisdom 1 bought before the game: a won game (100) earns 100 + 10% = 110 (R8)."""
    thorn = titan(base_xp=100).buy("wisdom").game(GameOutcome(result="won"))
    assert [
        (row.award, row.earned, row.spent, row.level) for row in progress(thorn.log.events)
    ] == [(110, 110, 100, 0)]


def test_a_titan_with_no_game_has_no_progress_rows(titan: Any) -> None:
    thorn = titan(base_xp=200).buy("power")
    assert progress(thorn.log.events) == []
    assert progress_table([]) == "No games recorded yet."
    assert progress_json([]) == []


def test_progress_rows_follow_the_game_numbers_not_the_order_typed(titan: Any) -> None:
    """Play order is game order (issue 21): game 1 typed after game 3 is listed first."""
    thorn = titan(base_xp=0)
    for number, date in ((3, "2026-01-10"), (1, "2026-02-14")):
        thorn.do(GameRecorded(game=number, date=date, outcome=GameOutcome(result="lost")))
    assert [row.game for row in progress(thorn.log.events)] == [1, 3]


def test_a_history_the_rules_refuse_is_refused_by_progress_too(titan: Any) -> None:
    thorn = titan(base_xp=0).earn(50)
    events = list(thorn.log.events) + [thorn.log.events[-1]]  # game 1 twice
    with pytest.raises(RuleError, match="game 1 is already recorded"):
        progress(events)


def test_progress_as_json_has_exactly_the_documented_fields_oldest_first(titan: Any) -> None:
    thorn = titan(base_xp=0).earn(120).buy("luck").earn(80)
    data = json.loads(json.dumps(progress_json(progress(thorn.log.events))))
    assert data == [
        {
            "game": 1,
            "date": "2026-11-29",
            "award": 120,
            "earned": 120,
            "spent": 0,
            "level": 0,
            "mana": 0,
        },
        {
            "game": 2,
            "date": "2026-11-29",
            "award": 80,
            "earned": 200,
            "spent": 100,
            "level": 0,
            "mana": 0,
        },
    ]


def test_the_progress_table_fits_80_columns_with_large_figures() -> None:
    rows = [
        ProgressRow(n, "2026-11-29", 99_999, 9_999_999, 99_999, 499, 502)
        for n in range(9998, 10_001)
    ]
    table = progress_table(rows)
    lines = table.splitlines()
    assert lines[0].split() == ["Game", "Date", "Award", "Earned", "Spent", "Level", "Mana"]
    assert lines[2].split() == ["9998", "2026-11-29", "99999", "9999999", "99999", "499", "502"]
    assert max(len(line) for line in lines) <= 80


def test_games_played_in_another_campaign_line_up_under_their_campaign() -> None:
    """An imported Titan's past: its games of "The Iron Crown" under a line naming it, each
    figure in its column as this campaign's games are."""
    rows = [
        ProgressRow(1, "2026-11-28", 209, 209, 100, 0, 0, played_in="The Iron Crown"),
        ProgressRow(2, "2026-12-02", 105, 314, 200, 1, 1, played_in="The Iron Crown"),
        ProgressRow(1, "2026-12-09", 60, 374, 300, 1, 1),
    ]
    lines = progress_table(rows).splitlines()
    assert lines[2:] == [
        "played in The Iron Crown:",
        "    1  2026-11-28      209       209      100       0      0",
        "    2  2026-12-02      105       314      200       1      1",
        "played in this campaign:",
        "    1  2026-12-09       60       374      300       1      1",
    ]
    assert {len(line) for line in lines[3:] if line[0] == " "} == {len(lines[1])}


def test_r9_games_of_two_earlier_campaigns_keep_the_order_they_were_played_in(
    titan: Any,
) -> None:
    """Ax played games 1 to 3 in "Iron Crown", then game 1 of "Second Age", and was carried on
    from there: Second Age's game 1 came after Iron Crown's game 3, so it is Ax's last game
    (R9) and the last row, whatever its number."""
    ax = titan(base_xp=0)
    for number in (1, 2, 3):
        lost = GameOutcome(result="lost")
        ax.do(GameRecorded(game=number, date="2026-01-01", outcome=lost, played_in="Iron Crown"))
    ax.do(
        GameRecorded(
            game=1, date="2026-05-01", outcome=GameOutcome(result="won"), played_in="Second Age"
        )
    )
    rows = progress(ax.log.events)
    assert [(row.played_in, row.game) for row in rows] == [
        ("Iron Crown", 1),
        ("Iron Crown", 2),
        ("Iron Crown", 3),
        ("Second Age", 1),
    ]
    assert [row.earned for row in rows] == [50, 100, 150, 250]
    last = ax.state.last_game
    assert last is not None and (last.played_in, last.game) == ("Second Age", 1)


def test_a_game_of_another_campaign_is_named_as_the_game_log_names_it() -> None:
    """It read "1 (Iron Crown (earlier))": brackets in brackets."""
    row = ProgressRow(1, "2026-01-10", 100, 100, 0, 0, 0, played_in="Iron Crown (earlier)")
    assert row.label == "1 in Iron Crown (earlier)"
    assert ProgressRow(3, "2026-01-10", 100, 100, 0, 0, 0).label == "3"
