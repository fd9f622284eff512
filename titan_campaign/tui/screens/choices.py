"""Pending choices, one modal at a time: free school level (R2), spell picks (R5), bonus
picks (R6) and the bonus swap (R6). The lists come from the rules core; Escape defers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from textual.widgets import Label, OptionList

from ... import actions
from ...rules.abilities import MAX_BOXES
from ...rules.names import article, plural
from ...rules.spells import Spell, spells_of
from ...rules.state import XP_PER_PURCHASE
from ...rules.titan import (
    SPELL_NEEDS_MASTERY,
    PendingChoice,
    TitanState,
    archived_refusal,
    next_school_level,
    spell_pick_forfeits,
    swap_forfeits,
)
from ..upright import held_upright, key_named
from ..widgets.plain import plain
from .base import titan_app
from .forms import GENERAL, Choice, PickModal

if TYPE_CHECKING:
    from .sheet import SheetScreen

DECLINE = "__decline__"


def spell_choice(spell: Spell, loses: Sequence[str] = (), how: str = "Picked here") -> Choice:
    """A spell to pick; ``loses``: what picking it makes the Titan lose, said before."""
    label = f"{spell.name:<22} {spell.school.title():<10} level {spell.level}   Mana {spell.mana}   {spell.cast}"
    detail = f"{spell.name} ({spell.school.title()} {spell.level}, {spell.mana} Mana, {spell.cast}): {spell.text}"
    if loses:  # marked on its line (80 columns hold no more), said in its rules text
        label += "  !"
        detail = f"! {how}: " + "; ".join(loses) + "\n" + detail
    return Choice(spell.name, label, detail)


def school_choice(state: TitanState, school: str) -> Choice:
    level = next_school_level(state, school).level
    spells = ", ".join(spell.name for spell in spells_of(school, level))
    return Choice(
        school,
        f"{school.title():<10} level {level}",
        f"{school.title()} level {level} spells: {spells}",
    )


def swap_choice(state: TitanState, pick: Choice, width: int = 0) -> Choice:
    """A swap offer names what taking it forgets: the one bonus spell, or which ones may go,
    after the pick's line padded to ``width`` (the widest offer's: the words line up)."""
    bonus = [known.name for known in state.spells if known.bonus]
    forgets = bonus[0] if len(bonus) == 1 else f"one of {', '.join(bonus)} (asked next)"
    return Choice(
        pick.value,
        f"{pick.label:<{width}}   forgets {forgets}",
        f"{pick.detail}\nForgets {forgets}.",
    )


def school_choices(state: TitanState) -> list[Choice]:
    """The schools a free level may go to (none once it is taken)."""
    if not any(choice.kind == "school" for choice in state.pending):
        return []
    return [school_choice(state, school) for school in state.school_choices()]


def spell_choices(choice: PendingChoice) -> Callable[[TitanState], list[Choice]]:
    """The spells a pending pick may take, for the Titan as it is (none once it is made)."""

    def listed(state: TitanState) -> list[Choice]:
        if choice not in state.pending:
            return []
        bonus = choice.kind == "bonus"
        return [
            spell_choice(spell, spell_pick_forfeits(state, spell.name, bonus))
            for spell in state.spell_choices(choice)
        ]

    return listed


def swap_choices(choice: PendingChoice) -> Callable[[TitanState], list[Choice]]:
    """Keep the bonus spells, or each spell of the level just gained with what it forgets."""

    def listed(state: TitanState) -> list[Choice]:
        if choice not in state.pending:
            return []
        keep = Choice(
            DECLINE,
            "Keep my bonus spells (decline the swap)",
            "Nothing is forgotten; the offer is closed.",
        )
        picks = [
            spell_choice(spell, swap_forfeits(state, spell.name), "Swapped in")
            for spell in state.spell_choices(choice)
        ]
        width = max((len(pick.label) for pick in picks), default=0)
        return [keep, *(swap_choice(state, pick, width) for pick in picks)]

    return listed


Save = Callable[[TitanState, str], "actions.Done | None"]
"""Saves the pick for the Titan as shown (None: nothing to save yet, another question first)."""


MOVED = "the entry you were on was taken by a change made elsewhere: look at the list again"

CHANGED = "changed elsewhere"
"""What a pick list closes with when a change made elsewhere left it nothing to pick."""


class TitanPickModal(PickModal):
    """A pick that saves itself. It is refused only when that Titan changed since the list was
    drawn; it then stays open, lists what the Titan may pick now, and asks again. A change
    made elsewhere is followed as it is saved: the list is drawn anew, or closed when it
    leaves nothing to pick."""

    def __init__(
        self,
        titan: actions.TitanRef,
        shown: TitanState,
        title: Callable[[TitanState], str],
        choices_for: Callable[[TitanState], list[Choice]],
        save: Save,
        news: str = "",
    ) -> None:
        super().__init__(title(shown), choices_for(shown), news=news)
        self.title_for = title
        """The title as the Titan is (its name, its XP: a rename elsewhere shows at once)."""
        self.titan = titan
        self.shown = shown
        self.choices_for = choices_for
        self.save = save
        self.moved: str | None = None
        """The entry the highlight moved to when the one highlighted went with a change made
        elsewhere: picking it is refused once (an Enter would pick an entry never looked at);
        one the player moved to is picked."""

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.titan.campaign

    def titan_in_view(self) -> actions.TitanRef | None:
        return self.titan

    def refresh_view(self) -> None:
        app = titan_app(self)
        view = app.attempt(lambda: actions.read_titan(app.db, self.titan))
        if view is not None and view.state != self.shown:
            self.titan_changed(view.state)

    def picked(self, value: str) -> None:
        if value == self.moved:  # the highlight moved here with a change elsewhere: look first
            self.moved, self.pick_made = None, False
            self.show_problems({GENERAL: MOVED})
            return
        shown = self.shown
        outcome = self.save_with(lambda: self.save(shown, value) or value)
        if outcome is not None:
            self.dismiss(outcome)
        else:
            self.pick_made = False  # refused: it stays open, to pick again

    def titan_changed(self, state: TitanState) -> None:
        self.shown = state
        choices = self.choices_for(state)
        if not choices:
            self.dismiss(CHANGED)
            return
        self.query_one("#pick-news").display = False  # the news of a change no longer as it was
        self.heading = self.title_for(state)
        self.query_one(".form-title", Label).update(plain(self.heading))
        picks = self.query_one("#picks", OptionList)
        was = picks.highlighted_option
        self.show_choices(choices)
        now = picks.highlighted_option
        gone = was is not None and was.id not in [c.value for c in choices]
        self.moved = now.id if gone and now is not None else None


def school_title(state: TitanState) -> str:
    """A free school level's pick, titled by how many wait as the Titan is now (a level
    taken elsewhere left "1 of 2 waiting")."""
    waiting = sum(pending.kind == "school" for pending in state.pending)
    of = f", 1 of {waiting} waiting" if waiting > 1 else ""
    return f"Choose a free spell-school level{of} (R2)"


def swap_target(choice: PendingChoice) -> str:
    """``an Air level 1``: the kind of spell a bonus swap may bring."""
    school = str(choice.school).title()
    return f"{article(school)} {school} level {choice.level}"


class ChoiceFlow:
    """Walks a sheet's pending choices; each made choice is saved at once, by its pick list."""

    def __init__(self, sheet: SheetScreen) -> None:
        self.sheet = sheet

    def start(
        self,
        announce_none: bool = False,
        news: str = "",
        brought: Sequence[PendingChoice] = (),
    ) -> None:
        """Offer the pending choices one after another; ``news``: what the purchase that
        ``brought`` some did, shown on the first pick list (one of those), or told as bought
        when none can be made yet (R6: a bonus pick waits for a school level)."""
        self._next(announce_none, news, brought, told_as="Bought")

    @property
    def state(self) -> TitanState:
        assert self.sheet.state is not None, "the sheet is drawn before choices are made"
        return self.sheet.state

    def _ask(
        self,
        title: Callable[[TitanState], str],
        choices_for: Callable[[TitanState], list[Choice]],
        save: Save,
        news: str,
        then: Callable[[object], None] | None = None,
    ) -> None:
        modal = TitanPickModal(self.sheet.titan, self.state, title, choices_for, save, news)
        self.sheet.app.push_screen(modal, then or self._made)

    def _next(
        self,
        announce_none: bool = False,
        news: str = "",
        brought: Sequence[PendingChoice] = (),
        told_as: str = "Choices made",
    ) -> None:
        """Offer the next choice that can be made: those the change just made ``brought``
        first (its ``news`` speaks of them), then free school levels, spells, bonus spells
        and swaps. With none to offer, the ``news`` is a note titled ``told_as``: what the
        change was (a purchase, a choice)."""
        state = self.state
        order = {"school": 0, "spell": 1, "bonus": 2, "swap": 3}
        ranked = sorted(state.pending, key=lambda c: (c not in brought, order.get(c.kind, 9)))
        for choice in ranked:
            if choice.kind == "school" or state.spell_choices(choice):
                self._offer(choice, news)
                return
        if news:
            self.sheet.notify(news, title=told_as)  # the news says the XP left
        if announce_none:  # every pending choice waits (R6: for a school level or the swap)
            waiting = "; ".join(choice.describe() for choice in state.pending)
            spend = state.unspent_base_xp
            if spend:  # no choice of its own: a purchase on the sheet
                check = key_named(self.sheet, "space", "Check")
                spending = (
                    f"{spend} base XP to spend before the first game (R2): {check} checks a box"
                )
                waiting = "; ".join([spending] + [waiting] * bool(waiting))
            self.sheet.notify(f"Waiting: {waiting}" if waiting else "No choices to make.")

    def _offer(self, choice: PendingChoice, news: str) -> None:
        """The pick list of one pending choice."""
        db, titan = self.sheet.db, self.sheet.titan
        if choice.kind == "school":  # the news says the level reached; a deferred one is older
            self._ask(
                school_title,
                school_choices,
                lambda shown, school: actions.choose_school(db, titan, school, shown=shown),
                news,
            )
        elif choice.kind == "swap":
            self._ask(
                lambda _: f"Optional: swap a bonus spell for {swap_target(choice)} spell (R6)",
                swap_choices(choice),
                lambda shown, spell: self._swap(shown, choice, spell),
                news,
                lambda made: self._swapping(choice, made),
            )
        else:
            bonus = choice.kind == "bonus"
            self._ask(
                lambda now: f"{now.name}: {choice.describe()}",
                spell_choices(choice),
                lambda shown, spell: actions.choose_spell(db, titan, spell, bonus, shown=shown),
                news,
            )

    def _made(self, made: object) -> None:
        """A pick list closed: saved (the next choice is offered, with what this one did) or
        put off."""
        if made == CHANGED:
            self.sheet.refresh_view()  # as the Titan is now: its choices too
            # the next pick list is not opened under the player's keys: an Enter meant for
            # the list that closed picked a spell in it, never seen
            left = self.state.pending
            then = f" {plural(len(left), 'choice')} still to make: c shows them." if left else ""
            self.sheet.notify(
                f"{self.state.name} changed elsewhere: that choice is no longer waiting.{then}",
                title="Changed elsewhere",
            )
            return
        if not isinstance(made, actions.Done):
            self._deferred()
            return
        before = self.state
        self.sheet.show(made.state)
        brought = [c for c in made.state.pending if c not in before.pending]
        self._next(news=news_of(before, made), brought=brought)

    def _swap(self, shown: TitanState, choice: PendingChoice, spell: str) -> actions.Done | None:
        db, titan = self.sheet.db, self.sheet.titan
        if spell == DECLINE:
            return actions.decline_swap(db, titan, choice.school, shown, choice.level)
        bonus = [known.name for known in shown.spells if known.bonus]
        if len(bonus) != 1:
            return None  # which bonus spell to forget is asked next
        return actions.swap_bonus(db, titan, bonus[0], spell, shown=shown)

    def _swapping(self, choice: PendingChoice, made: object) -> None:
        if not isinstance(made, str) or made == CHANGED:
            self._made(made)
            return
        db, titan, new = self.sheet.db, self.sheet.titan, made

        def forgettable(state: TitanState) -> list[Choice]:
            if choice not in state.pending:
                return []
            return [Choice(known.name, known.name) for known in state.spells if known.bonus]

        self._ask(
            lambda _: f"Forget which bonus spell for {new}?",
            forgettable,
            lambda shown, old: actions.swap_bonus(db, titan, old, new, shown=shown),
            "",
        )

    def buy_spell(self) -> None:
        """R5: 100 XP for an unknown spell of a school at level 3; the core says which may be bought."""
        state = self.state
        if state.archived:
            self.sheet.notify(archived_refusal(state.name), title="Not bought", severity="warning")
            return
        unknown = state.unknown_spells()
        spells = [s for s in unknown if actions.can_buy_spell(state, s.name)]
        mastered = [s for s in unknown if state.schools[s.school] == MAX_BOXES]
        if not spells:
            gold = "Any spell can be bought with gold: m (Gold & items), then s (R11)"
            if mastered:  # a spell there to buy, but not now: the rules' reason (R1: the XP)
                reason = (
                    f"a spell costs {XP_PER_PURCHASE} XP, {state.available_xp} available (R1). {gold}"
                    if state.available_xp < XP_PER_PURCHASE
                    else actions.can_buy_spell(state, mastered[0].name).reason
                )
            elif unknown:
                best = max(state.schools.values())
                at = [school.title() for school, level in state.schools.items() if level == best]
                reason = (
                    f"{SPELL_NEEDS_MASTERY} (R5); "
                    + (
                        f"{' and '.join(at)} at {best} is the highest"
                        if best
                        else "no school has a level yet"
                    )
                    + f". {gold}"
                )
            else:
                reason = f"{state.name} knows every spell"
            self.sheet.notify(reason, title="No spell to buy with XP", severity="warning")
            return

        def title(now: TitanState) -> str:
            return f"Buy a spell of a mastered school for 100 XP ({now.available_xp} XP available) (R5)"

        db, titan = self.sheet.db, self.sheet.titan

        def buyable(now: TitanState) -> list[Choice]:
            return [
                spell_choice(spell)
                for spell in now.unknown_spells()
                if actions.can_buy_spell(now, spell.name)
            ]

        modal = TitanPickModal(
            titan,
            state,
            title,
            buyable,
            lambda shown, spell: actions.buy_spell(db, titan, spell, shown=shown),
        )
        modal.hint = lambda: (  # on a phone, the key bar's Back backs out
            "a second tap: buy (100 XP)"
            if held_upright(self.sheet)
            else "Enter or a second click: buy (100 XP)   Escape: back"
        )
        self.sheet.app.push_screen(modal, lambda done: self._bought(state, done))

    def _bought(self, shown: TitanState, done: object) -> None:
        if isinstance(done, actions.Done):
            self.sheet.after_purchase(shown, done, told=done.text)

    def _deferred(self) -> None:
        self.sheet.notify("Choices deferred: they stay on the sheet and roster until made (c).")


def news_of(before: TitanState | None, done: actions.Done) -> str:
    """What a change did, for the player: the level reached, the XP left, the rules' notes."""
    state = done.step.state
    if before is not None and state.level > before.level:
        said = [
            f"{state.name} reaches LEVEL {state.level}!   {state.available_xp} XP left.",
            done.text,
        ]
    else:
        said = [f"{done.text}. {state.available_xp} XP left."]
    return "\n".join([*said, *done.step.notes])
