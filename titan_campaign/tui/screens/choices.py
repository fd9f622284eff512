"""Pending choices, one modal at a time: free school level (R2), spell picks (R5), bonus
picks (R6) and the bonus swap (R6). The lists come from the rules core; Escape defers."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ... import actions
from ...rules.events import SpellBought
from ...rules.spells import Spell, spells_of
from ...rules.titan import PendingChoice, TitanState, check, next_school_level
from ...store import Database
from .base import titan_app
from .forms import Choice, PickModal

if TYPE_CHECKING:
    from .sheet import SheetScreen

DECLINE = "__decline__"


def spell_choice(spell: Spell) -> Choice:
    label = f"{spell.name:<22} {spell.school.title():<10} level {spell.level}   Mana {spell.mana}   {spell.cast}"
    return Choice(
        spell.name,
        label,
        f"{spell.name} ({spell.school.title()} {spell.level}, {spell.mana} Mana, {spell.cast}): {spell.text}",
    )


def school_choice(state: TitanState, school: str) -> Choice:
    level = next_school_level(state, school).level
    spells = ", ".join(spell.name for spell in spells_of(school, level))
    return Choice(
        school,
        f"{school.title():<10} level {level}",
        f"{school.title()} level {level} spells: {spells}",
    )


def swap_choice(state: TitanState, pick: Choice) -> Choice:
    """A swap offer names what taking it forgets: the one bonus spell, or which ones may go."""
    bonus = [known.name for known in state.spells if known.bonus]
    forgets = bonus[0] if len(bonus) == 1 else f"one of {', '.join(bonus)} (asked next)"
    return Choice(
        pick.value, f"{pick.label}   forgets {forgets}", f"{pick.detail}\nForgets {forgets}."
    )


class ChoiceFlow:
    """Walks a sheet's pending choices; each made choice is saved at once."""

    def __init__(self, sheet: SheetScreen) -> None:
        self.sheet = sheet
        self._waiting: list[PendingChoice] = []

    def start(self, announce_none: bool = False) -> None:
        self._waiting = []
        self._next(announce_none)

    @property
    def state(self) -> TitanState:
        assert self.sheet.state is not None, "the sheet is drawn before choices are made"
        return self.sheet.state

    def _next(self, announce_none: bool = False) -> None:
        state = self.state
        order = {"school": 0, "spell": 1, "bonus": 2, "swap": 3}
        for choice in sorted(state.pending, key=lambda c: order.get(c.kind, 9)):
            if choice in self._waiting:
                continue
            if choice.kind == "school":
                picks = [school_choice(state, school) for school in state.school_choices()]
                title = f"LEVEL {state.level}: choose a free spell-school level (R2)"
                self.sheet.app.push_screen(
                    PickModal(title, picks), lambda school, c=choice: self._school(c, school)
                )
                return
            spells = state.spell_choices(choice)
            if not spells:
                self._waiting.append(choice)
                continue
            picks = [spell_choice(spell) for spell in spells]
            if choice.kind == "swap":
                picks = [swap_choice(state, pick) for pick in picks]
                keep = Choice(
                    DECLINE,
                    "Keep my bonus spells (decline the swap)",
                    "Nothing is forgotten; the offer is closed.",
                )
                title = f"Optional: swap a bonus spell for a {choice.school.title()} level {choice.level} spell (R6)"  # type: ignore[union-attr]
                self.sheet.app.push_screen(
                    PickModal(title, [keep, *picks]), lambda spell, c=choice: self._swap(c, spell)
                )
            else:
                title = f"{state.name}: {choice.describe()}"
                self.sheet.app.push_screen(
                    PickModal(title, picks), lambda spell, c=choice: self._spell(c, spell)
                )
            return
        if announce_none:
            waiting = "; ".join(choice.describe() for choice in self._waiting)
            self.sheet.notify(f"Waiting: {waiting}" if waiting else "No choices to make.")

    def buy_spell(self) -> None:
        """R5: 100 XP for an unknown spell of a school at level 3; the core says which may be bought."""
        state = self.state
        unknown = state.unknown_spells()
        spells = [s for s in unknown if check(state, SpellBought(spell=s.name))]
        if not spells:
            if unknown:
                nearest = max(unknown, key=lambda s: state.schools[s.school])
                reason = check(state, SpellBought(spell=nearest.name)).reason
            else:
                reason = f"{state.name} knows every spell"
            self.sheet.notify(reason, title="No spell to buy with XP", severity="warning")
            return
        picks = [spell_choice(spell) for spell in spells]
        title = (
            f"Buy a spell of a mastered school for 100 XP ({state.available_xp} XP available) (R5)"
        )
        self.sheet.app.push_screen(
            PickModal(title, picks, "Enter: buy   Escape: back"), self._bought
        )

    def _bought(self, spell: object) -> None:
        if isinstance(spell, str):
            self._save(lambda db, titan, campaign: actions.buy_spell(db, titan, spell, campaign))

    def _deferred(self) -> None:
        self.sheet.notify("Choices deferred: they stay on the sheet and roster until made (c).")

    def _save(self, action: Callable[[Database, str, str], actions.Done]) -> bool:
        """One action on the sheet's Titan (given the database, the Titan and its campaign)."""
        sheet = self.sheet
        done = titan_app(sheet).attempt(lambda: action(sheet.db, sheet.titan, sheet.campaign))
        if done is None:
            return False
        sheet.show_done(done)
        return True

    def _school(self, choice: PendingChoice, school: object) -> None:
        if not isinstance(school, str):
            self._deferred()
            return
        if self._save(
            lambda db, titan, campaign: actions.choose_school(db, titan, school, campaign)
        ):
            self._next()

    def _spell(self, choice: PendingChoice, spell: object) -> None:
        if not isinstance(spell, str):
            self._deferred()
            return
        bonus = choice.kind == "bonus"
        if self._save(
            lambda db, titan, campaign: actions.choose_spell(db, titan, spell, bonus, campaign)
        ):
            self._next()

    def _swap(self, choice: PendingChoice, spell: object) -> None:
        if not isinstance(spell, str):
            self._deferred()
            return
        if spell == DECLINE:
            school = choice.school
            if self._save(
                lambda db, titan, campaign: actions.decline_swap(db, titan, school, campaign)
            ):
                self._next()
            return
        bonus = [known.name for known in self.state.spells if known.bonus]
        if len(bonus) == 1:
            self._swapped(spell, bonus[0])
            return
        forget = [Choice(name, name) for name in bonus]
        self.sheet.app.push_screen(
            PickModal(f"Forget which bonus spell for {spell}?", forget),
            lambda old: self._swapped(spell, old),
        )

    def _swapped(self, new: str, old: object) -> None:
        if not isinstance(old, str):
            self._deferred()
            return
        if self._save(
            lambda db, titan, campaign: actions.swap_bonus(db, titan, old, new, campaign)
        ):
            self._next()
