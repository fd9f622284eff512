"""A history line of a game played in an earlier campaign (a Titan imported) names that
campaign, corrected or taken out too: a Titan may have two "game 1"s in its history."""

from __future__ import annotations

from titan_campaign.rules.describe import describe
from titan_campaign.rules.events import GameCorrected, GameOutcome, GameRecorded, GameRemoved

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
