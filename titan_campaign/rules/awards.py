"""End-of-game experience (R8)."""

from __future__ import annotations

from typing import NamedTuple

from .events import GameOutcome
from .names import plural

XP_FOR_RESULT = {"won": 100, "lost": 50}
XP_PER_ENGAGEMENT = {
    "battle_won": 25,
    "agreement": 10,
    "agreement_eliminated": 0,
    "battle_lost": 0,
    "fled": 0,
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
        if outcome.scenario_replaces:
            return (("scenario award, replacing the standard one", outcome.scenario_xp),)
        parts = [(f"game {outcome.result}", XP_FOR_RESULT[outcome.result])]
        for field, xp_each in XP_PER_ENGAGEMENT.items():
            count = getattr(outcome, field)
            if count:
                one, many = FIGURE_LABELS[field]
                parts.append((f"{plural(count, one, many)} x {xp_each}", count * xp_each))
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

    def summary(self) -> str:
        """The breakdown on one line: "100 (game won) + 75 (3 battles won x 25) + ... = 219,
        + 43 wisdom bonus (20%) = 262 XP"."""
        parts = " + ".join(f"{xp} ({label})" for label, xp in self.parts)
        if not self.wisdom:
            return f"{parts} = {self.total} XP"
        bonus = f"{self.wisdom_bonus} wisdom bonus ({10 * self.wisdom}%)"
        return f"{parts} = {self.subtotal}, + {bonus} = {self.total} XP"


FIGURE_LABELS = {
    "score": ("score", "score"),
    "battle_won": ("battle won", "battles won"),
    "battle_lost": ("battle lost", "battles lost"),
    "agreement": ("agreement", "agreements"),
    "agreement_eliminated": (
        "agreement eliminating the Titan's legion",
        "agreements eliminating the Titan's legion",
    ),
    "fled": ("engagement fled", "engagements fled"),
    "scenario_xp": ("scenario XP", "scenario XP"),
}
"""Every figure typed for a game, in the order the ``game`` command takes them (R8)."""


def figures(outcome: GameOutcome) -> dict[str, int | bool]:
    """The figures typed for one Titan's game, as data (every one, zeros included)."""
    typed: dict[str, int | bool] = {name: getattr(outcome, name) for name in FIGURE_LABELS}
    typed["scenario_replaces"] = outcome.scenario_replaces
    return typed


def figures_text(outcome: GameOutcome) -> str:
    """The figures typed, in a player's words: "score 347, 3 battles won, 1 agreement"; the
    ones left at 0 are not named ("" when every figure is 0)."""
    said = [f"score {outcome.score}"] if outcome.score else []
    for name, (one, many) in FIGURE_LABELS.items():
        value = getattr(outcome, name)
        if name == "scenario_xp" and outcome.scenario_replaces:
            said.append(f"scenario award {value}, replacing the standard one")
        elif name != "score" and value:
            said.append(plural(value, one, many))
    return ", ".join(said)


def game_award(outcome: GameOutcome, wisdom: int) -> Award:
    """R8: engagements + result + score // 10 + scenario XP, then the wisdom bonus on top.

    Worked example (RULINGS R8): won, 3 battles won, 1 agreement, score 347, wisdom 2
    gives 100 + 75 + 10 + 34 = 219, bonus 219 * 2 // 10 = 43, award 262.

    A scenario whose own award replaces the standard one (``scenario_replaces``): the subtotal
    is ``scenario_xp`` alone, the wisdom bonus still on top ("XP are awarded according to the
    rules of the scenario").
    """
    if outcome.scenario_replaces:
        return Award(outcome, outcome.scenario_xp, wisdom, outcome.scenario_xp * wisdom // 10)
    subtotal = (
        XP_FOR_RESULT[outcome.result]
        + outcome.battle_won * XP_PER_ENGAGEMENT["battle_won"]
        + outcome.agreement * XP_PER_ENGAGEMENT["agreement"]
        + outcome.score // 10
        + outcome.scenario_xp
    )  # battles lost, agreements eliminating the legion and engagements fled earn 0
    return Award(outcome, subtotal, wisdom, subtotal * wisdom // 10)
