"""Helpers for the rules worked examples: a Titan built through real events.

``titan(base_xp=..)`` (a fixture) returns a ``PlayedTitan``: a ``TitanLog`` plus the notes each
event produced, so a test reads like a player's session at the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from titan_campaign.rules.errors import RuleError
from titan_campaign.rules.events import (
    AbilityBought,
    Event,
    GameOutcome,
    GameRecorded,
    SchoolGained,
    SpellChosen,
)
from titan_campaign.rules.spells import SCHOOLS
from titan_campaign.rules.titan import TitanLog, TitanState


class PlayedTitan:
    """A Titan whose every change is a real event applied through ``TitanLog.do``."""

    def __init__(self, base_xp: int = 0, name: str = "Thorn", player: str = "Ann") -> None:
        self.log = TitanLog.create(name, player, base_xp)
        self.notes: list[str] = []
        self._games = 0

    @property
    def state(self) -> TitanState:
        return self.log.state

    def do(self, *events: Event) -> PlayedTitan:
        """Apply each event; the notes of the last one are in ``last_notes``."""
        for event in events:
            self.log, step = self.log.do(event)
            self.last_notes = step.notes
            self.notes.extend(step.notes)
        return self

    def refused(self, event: Event) -> str:
        """The RuleError message for ``event``; asserts nothing changed."""
        before = self.log
        with pytest.raises(RuleError) as error:
            self.log.do(event)
        assert self.log is before and self.log.state == before.state
        return str(error.value)

    def earn(self, xp: int) -> PlayedTitan:
        """Record a lost game worth exactly ``xp`` end-of-game XP (50 for the loss + scenario XP)."""
        assert xp >= 50 and self.state.abilities["wisdom"] == 0, "earn() assumes no wisdom bonus"
        self._games += 1
        outcome = GameOutcome(result="lost", scenario_xp=xp - 50)
        return self.do(GameRecorded(game=self._games, date="2026-11-29", outcome=outcome))

    def game(self, outcome: GameOutcome, survivors: tuple[str, ...] | None = None) -> PlayedTitan:
        self._games += 1
        return self.do(
            GameRecorded(game=self._games, date="2026-11-29", outcome=outcome, survivors=survivors)
        )

    def buy(self, ability: str, boxes: int = 1) -> PlayedTitan:
        return self.do(*[AbilityBought(ability=ability) for _ in range(boxes)])  # type: ignore[arg-type]

    def school(self, school: str, level: int, free: bool = False) -> PlayedTitan:
        return self.do(SchoolGained(school=school, level=level, free=free))  # type: ignore[arg-type]

    def choose(self, spell: str, pick: str = "school") -> PlayedTitan:
        return self.do(SpellChosen(spell=spell, pick=pick))  # type: ignore[arg-type]

    def history_notes(self) -> list[str]:
        return [note for _, notes in self.log.history() for note in notes]

    def reach_level(self, level: int) -> PlayedTitan:
        """Spend XP on ability boxes (power, skill, luck, spirit, ...) until ``level`` is reached;
        the free school levels it brings stay pending."""
        abilities = ("power", "skill", "luck", "spirit", "charisma", "leadership", "wisdom")
        needed = level * 200 - self.state.spent_xp
        if needed > self.state.available_xp:
            self.earn(max(50, needed - self.state.available_xp))
        for ability in abilities:
            while self.state.level < level and self.state.abilities[ability] < 3:
                self.buy(ability)
        assert self.state.level == level
        return self

    def fill_every_school(self) -> PlayedTitan:
        """Every school to level 3: 16 levels bought and the 8 free levels they bring (R2, R4)."""
        self.earn(1600)
        levels = [(school, level) for school in SCHOOLS for level in (1, 2, 3)]
        for school, level in levels:
            free = any(choice.kind == "school" for choice in self.state.pending)
            self.school(school, level, free=free)
        assert all(level == 3 for level in self.state.schools.values())
        assert self.state.spent_xp == 1600
        return self


@pytest.fixture
def titan() -> Callable[..., PlayedTitan]:
    """A new Titan: ``titan(base_xp=200)``."""

    def make(**kwargs: Any) -> PlayedTitan:
        return PlayedTitan(**kwargs)

    return make
