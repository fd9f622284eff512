"""End-of-game experience (R8)."""

from __future__ import annotations

from typing import NamedTuple

from .events import GameOutcome

XP_FOR_RESULT = {"won": 100, "lost": 50}
XP_PER_ENGAGEMENT = {
    "battle_won": 25,
    "agreement": 10,
    "agreement_eliminated": 0,
    "battle_lost": 0,
    "fled": 0,
}
ENGAGEMENT_LABELS = {
    "battle_won": "battles won",
    "agreement": "agreements",
    "agreement_eliminated": "agreements eliminating the Titan's legion",
    "battle_lost": "battles lost",
    "fled": "engagements fled",
}


class Award(NamedTuple):
    """One Titan's end-of-game XP (R8); ``parts`` labels each part for the breakdown."""

    outcome: GameOutcome
    subtotal: int
    wisdom: int
    wisdom_bonus: int

    @property
    def total(self) -> int:
        return self.subtotal + self.wisdom_bonus

    @property
    def parts(self) -> tuple[tuple[str, int], ...]:
        outcome = self.outcome
        parts = [(f"game {outcome.result}", XP_FOR_RESULT[outcome.result])]
        for field, xp_each in XP_PER_ENGAGEMENT.items():
            count = getattr(outcome, field)
            if count:
                parts.append((f"{count} {ENGAGEMENT_LABELS[field]} x {xp_each}", count * xp_each))
        parts.append((f"score {outcome.score} / 10", outcome.score // 10))
        if outcome.scenario_xp:
            parts.append(("scenario", outcome.scenario_xp))
        return tuple(parts)

    def lines(self) -> list[str]:
        """The breakdown as a player reads it."""
        lines = [f"{label}: {xp}" for label, xp in self.parts]
        lines.append(f"subtotal: {self.subtotal}")
        lines.append(f"wisdom bonus ({10 * self.wisdom}%): {self.wisdom_bonus}")
        lines.append(f"total: {self.total} XP")
        return lines


def game_award(outcome: GameOutcome, wisdom: int) -> Award:
    """R8: engagements + result + score // 10 + scenario XP, then the wisdom bonus on top.

    Worked example (RULINGS R8): won, 3 battles won, 1 agreement, score 347, wisdom 2
    gives 100 + 75 + 10 + 34 = 219, bonus 219 * 2 // 10 = 43, award 262.
    """
    subtotal = (
        XP_FOR_RESULT[outcome.result]
        + outcome.battle_won * XP_PER_ENGAGEMENT["battle_won"]
        + outcome.agreement * XP_PER_ENGAGEMENT["agreement"]
        + outcome.score // 10
        + outcome.scenario_xp
    )  # battles lost, agreements eliminating the legion and engagements fled earn 0
    return Award(outcome, subtotal, wisdom, subtotal * wisdom // 10)
