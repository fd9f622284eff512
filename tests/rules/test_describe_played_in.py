"""A history line of a game played in an earlier campaign (a Titan imported) names that
campaign, corrected or taken out too: a Titan may have two "game 1"s in its history."""

from __future__ import annotations

from titan_campaign.rules.describe import describe
from titan_campaign.rules.events import (
    GameCorrected,
    GameOutcome,
    GameRecorded,
    GameRemoved,
    GoldChanged,
)

LOST = GameOutcome(result="lost")


def test_a_correction_of_a_game_of_an_earlier_campaign_names_that_campaign() -> None:
    played = GameRecorded(game=1, date="2026-01-10", outcome=LOST, played_in="Red Keep")
    corrected = GameCorrected(game=1, date="2026-01-10", outcome=LOST, played_in="Red Keep")
    removed = GameRemoved(game=1, played_in="Red Keep")
    assert describe(played).startswith("game 1 in Red Keep on 2026-01-10")
    assert describe(corrected).startswith("game 1 in Red Keep corrected, on 2026-01-10")
    assert describe(removed) == "taken out of game 1 in Red Keep"
    here = GameCorrected(game=1, date="2026-01-10", outcome=LOST)
    assert describe(here).startswith("game 1 corrected, on 2026-01-10")


def test_a_gold_line_of_a_game_names_the_game_as_the_ledger_does() -> None:
    """`gold Thorn 80 --note "Last Stand prize" --game 8` read "gold +80 (Last Stand
    prize)" in the history, though the sheet's ledger said game 8."""
    assert describe(GoldChanged(amount=80, note="Last Stand prize", game=8)) == (
        "gold +80 (Last Stand prize, game 8)"
    )
    assert describe(GoldChanged(amount=-5, game=2, played_in="Red Keep")) == (
        "gold -5 (game 2 in Red Keep)"
    )
    assert describe(GoldChanged(amount=3)) == "gold +3"
