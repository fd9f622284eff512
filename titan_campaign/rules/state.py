"""A Titan's state: the facts replayed from its history, and every figure derived from them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from .abilities import ABILITIES
from .awards import Award
from .errors import RuleError
from .events import GameOutcome
from .honor_guard import honor_guard_slots
from .items import suggested_item
from .legions import LegionPlan, StartingLegions, starting_legions
from .names import article, as_typed, did_you_mean, name_key, quoted
from .spells import SCHOOLS, SPELLS, Spell, find_spell, spells_of

XP_PER_PURCHASE = 100  # R1
XP_PER_LEVEL = 200  # R2
MAX_BOXES = 3  # R3, R4


class KnownSpell(NamedTuple):
    """A spell in the spell book and how it was learned: ``school`` pick (R5), ``free`` pick (R2),
    ``bonus`` (R6), ``xp`` bought in a mastered school (R5) or ``gold`` (R11)."""

    name: str
    source: str

    @property
    def spell(self) -> Spell:
        return find_spell(self.name)

    @property
    def bonus(self) -> bool:
        return self.source == "bonus"

    @property
    def bought(self) -> bool:
        return self.source == "gold"


class PendingChoice(NamedTuple):
    """A choice the player still has to make.

    ``school``: a free school level (R2). ``spell``: a spell pick of (school, level) from a
    school level (R5), or of any spell when school and level are None (R2, all schools full).
    ``bonus``: an Intelligence pick (R6). ``swap``: the optional bonus swap for (school, level) (R6).
    """

    kind: str
    school: str | None = None
    level: int | None = None

    def describe(self) -> str:
        if self.kind == "school":
            return "free spell-school level (R2)"
        if self.kind == "bonus":
            return "bonus spell of a known school level (R6)"
        where = (
            f"{self.school.title()} level {self.level}" if self.school else "any school, any level"
        )
        if self.kind == "swap":
            return f"may swap a bonus spell for {article(where)} {where} spell (R6)"
        return (
            f"spell pick: {where} (R2, R5)" if self.school is None else f"spell pick: {where} (R5)"
        )


class OwnedItem(NamedTuple):
    name: str
    type: str
    description: str = ""
    charges: int | None = None
    max_charges: int | None = None


class GoldLine(NamedTuple):
    amount: int
    note: str = ""
    game: int | None = None
    played_in: str = ""


class GamePlayed(NamedTuple):
    """One game of the Titan's record: every figure typed, and the award they gave (R8).
    ``played_in``: the campaign it was played in, when not this one (an imported Titan's past)."""

    game: int
    date: str
    scenario: str
    outcome: GameOutcome
    award: Award
    survivors: tuple[str, ...] | None
    played_in: str = ""
    came: int = 0
    """For a game of another campaign: 1 for the first campaign the Titan played in, 2 for the
    next it was carried to, ... (its history holds them in that order)."""
    slain: tuple[str, ...] = ()
    """The honor guard members this game, the newest, took out of the guard (R9), while the
    guard has not been set again since: they come back if the game is taken out, or corrected
    with them among its survivors."""

    @property
    def order(self) -> tuple[int, int, int]:
        """Play order: games of other campaigns first (they came before the Titan joined), each
        campaign's in the order the Titan played in them, by number within one; then this
        campaign's games by number."""
        return (0, self.came, self.game) if self.played_in else (1, 0, self.game)


class KeptGoal(NamedTuple):
    """A build goal kept with the Titan: ability boxes, school levels and spells wanted."""

    abilities: tuple[tuple[str, int], ...] = ()
    schools: tuple[tuple[str, int], ...] = ()
    spells: tuple[str, ...] = ()


def unspent_base_xp(base: int, available: int, settled: bool) -> int:
    """The base XP still to spend before a Titan's first game, in whole purchases: the
    rulebook's Titans "immediately spend those points" (R2). 0 once ``settled``: it has played
    a game, or is archived (it plays no more)."""
    if settled:
        return 0
    return min(base, available) // XP_PER_PURCHASE * XP_PER_PURCHASE


@dataclass(frozen=True)
class TitanState:
    """Facts replayed from the history; every figure on the sheet is derived from them."""

    name: str
    player: str
    base_xp: int
    earned_xp: int = 0
    spent_xp: int = 0
    abilities: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(ABILITIES, 0))
    schools: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(SCHOOLS, 0))
    spells: tuple[KnownSpell, ...] = ()
    pending: tuple[PendingChoice, ...] = ()
    gold_ledger: tuple[GoldLine, ...] = ()
    gold: int = 0  # R11: the ledger's running total, never negative
    items: tuple[OwnedItem, ...] = ()
    honor_guard: tuple[str, ...] = ()
    plan: LegionPlan = field(default_factory=LegionPlan)
    goal: KeptGoal | None = None
    games: tuple[GamePlayed, ...] = ()
    archived: bool = False

    def evolve(self, **changes: Any) -> TitanState:
        """A copy with ``changes``: what ``dataclasses.replace`` does, without re-running
        ``__init__`` (a Titan's whole history is replayed through this on every read)."""
        unknown = changes.keys() - _FIELDS
        if unknown:
            raise TypeError(f"TitanState has no field {sorted(unknown)}")
        new = object.__new__(TitanState)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    # R1
    @property
    def available_xp(self) -> int:
        return self.base_xp + self.earned_xp - self.spent_xp

    # R2
    @property
    def level(self) -> int:
        return self.spent_xp // XP_PER_LEVEL

    @property
    def xp_to_next_level(self) -> int | None:
        """The XP still to spend to the next level; None when nothing is left to buy (every
        box and school level taken and every spell known): no level comes after."""
        if (
            all(boxes == MAX_BOXES for boxes in self.abilities.values())
            and all(level == MAX_BOXES for level in self.schools.values())
            and not self.unknown_spells()
        ):
            return None
        return (self.level + 1) * XP_PER_LEVEL - self.spent_xp

    @property
    def unspent_base_xp(self) -> int:
        """The base XP still to spend before the first game (``unspent_base_xp``)."""
        return unspent_base_xp(self.base_xp, self.available_xp, self.archived or bool(self.games))

    # R3, R7
    @property
    def mana(self) -> int:
        return self.level + self.abilities["spirit"]

    @property
    def titan_power(self) -> int:
        return 6 + self.abilities["power"]

    @property
    def skill_uses(self) -> int:
        return self.abilities["skill"]

    @property
    def rerolls(self) -> int:
        return self.abilities["luck"]

    @property
    def xp_bonus_percent(self) -> int:
        return 10 * self.abilities["wisdom"]

    # R9
    @property
    def honor_guard_slots(self) -> tuple[int, ...]:
        return honor_guard_slots(self.level)

    # R10
    @property
    def starting_legions(self) -> StartingLegions:
        return starting_legions(
            self.abilities["charisma"],
            self.abilities["leadership"],
            self.honor_guard,
            [(item.name, item.type) for item in self.items],
            self.plan,
        )

    @property
    def games_in_order(self) -> tuple[GamePlayed, ...]:
        """The games in play order (by number), whatever order they were recorded in."""
        return tuple(sorted(self.games, key=lambda played: played.order))

    @property
    def last_game(self) -> GamePlayed | None:
        """R9: the newest game the Titan played, by game number."""
        return max(self.games, key=lambda played: played.order, default=None)

    def game_played(self, game: int, played_in: str = "") -> GamePlayed:
        """Game ``game`` of the Titan's record (of this campaign, or of ``played_in``), or
        RuleError."""
        for played in self.games:
            if played.game == game and played.played_in == played_in:
                return played
        where = f" in {played_in}" if played_in else ""
        raise RuleError(f"{self.name} did not play game {game}{where}")

    def knows(self, spell: str) -> bool:
        return any(known.name == spell for known in self.spells)

    def unknown_spells(self, school: str | None = None, level: int | None = None) -> list[Spell]:
        """Spells of (school, level) not yet in the spell book; None means any."""
        pool = SPELLS if school is None else spells_of(school, level)
        in_book = {known.name for known in self.spells}
        return [
            spell
            for spell in pool
            if spell.name not in in_book and (level is None or spell.level == level)
        ]

    def spell_choices(self, choice: PendingChoice) -> list[Spell]:
        """The spells a pending pick, bonus pick or swap may take."""
        if choice.kind == "bonus":
            return [s for s in self.unknown_spells() if self.schools[s.school] >= s.level]
        if choice.kind in ("spell", "swap"):
            return self.unknown_spells(choice.school, choice.level)
        return []

    def school_choices(self) -> list[str]:
        """Schools whose next level may be gained now (R4)."""
        return [school for school in SCHOOLS if self.schools[school] < MAX_BOXES]

    def item(self, name: str) -> OwnedItem:
        """The item named so, or by the name of the suggested item it was added as ("Potions"
        for the Potion: ``items.suggested_item``); refused naming the nearest items."""
        suggested = suggested_item(name)
        for wanted in (name, *([suggested.name] if suggested else [])):
            for item in self.items:
                if name_key(item.name) == name_key(wanted):
                    return item
        owned = ", ".join(item.name for item in self.items) or "none"
        if not name.strip():
            raise RuleError(f"the magic item's name is empty ({self.name}'s items: {owned})")
        guess = did_you_mean(name, (item.name for item in self.items))
        raise RuleError(
            f"{self.name} has no magic item called {quoted(as_typed(name))}{guess} (items: {owned})"
        )


_FIELDS = frozenset(field.name for field in fields(TitanState))
