"""The rules that judge each event of a Titan's history, and the history itself.

``apply(state, event)`` is the one place an event is judged: it returns the new state and the
notes a player should read (level-ups, forfeited picks, items used up), or raises ``RuleError``
naming the rule. Everything else (the command line, the UI, imports) goes through it.
The state and its derived figures live in ``state.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from typing import Any, NamedTuple

from .awards import game_award
from .errors import Decision, RuleError, XPAlreadySpent
from .events import (
    AbilityBought,
    Archived,
    BonusSwapped,
    Created,
    Event,
    GameCorrected,
    GameRecorded,
    GameRemoved,
    GoalSet,
    GoldChanged,
    HonorGuardSet,
    ItemAdded,
    ItemBought,
    ItemFacts,
    ItemRemoved,
    ItemUsed,
    PlanSet,
    PlayerChanged,
    Renamed,
    SchoolGained,
    SpellBought,
    SpellBoughtWithGold,
    SpellChosen,
    SwapDeclined,
    Unarchived,
)
from .honor_guard import check_honor_guard
from .legions import LegionPlan, check_plan, upgrade_name
from .names import article, name_key, plural, quoted
from .spells import find_spell
from .state import (
    MAX_BOXES,
    XP_PER_LEVEL,
    XP_PER_PURCHASE,
    GamePlayed,
    GoldLine,
    KeptGoal,
    KnownSpell,
    OwnedItem,
    PendingChoice,
    TitanState,
)

__all__ = [
    "MAX_BOXES",
    "XP_PER_LEVEL",
    "XP_PER_PURCHASE",
    "GamePlayed",
    "GoldLine",
    "KnownSpell",
    "OwnedItem",
    "PendingChoice",
    "Step",
    "TitanLog",
    "TitanState",
    "apply",
    "check",
    "replay",
    "spell_pick_for",
]


# --- applying events -------------------------------------------------------------------


NO_CREATION = "a Titan's history must start with its creation"
"""Refused: an event of a Titan that has not joined (its joining undone, say)."""


BRING_BACK = "bring the Titan back first (x on the roster, or titan restore on the command line)"


def archived_refusal(name: str) -> str:
    """Why a change to an archived Titan is refused, and how to bring it back."""
    return f"{name} is archived; {BRING_BACK}"


def brought_back_by(name: str) -> str:
    """How an archived Titan comes back to the roster, on the command line and in the app."""
    return (
        f"titan restore {quoted(name)}, or x on the roster with archived Titans shown,"
        " brings it back"
    )


def _spend(state: TitanState, what: str) -> TitanState:
    """R1: every purchase costs exactly 100 XP from what is available."""
    if state.available_xp < XP_PER_PURCHASE:
        raise RuleError(f"{what} needs {XP_PER_PURCHASE} XP, {state.available_xp} available (R1)")
    return state.evolve(spent_xp=state.spent_xp + XP_PER_PURCHASE)


def _learn(state: TitanState, spell: str, source: str) -> TitanState:
    """R5: a spell is known at most once."""
    if state.knows(spell):
        raise RuleError(f"{state.name} already knows {spell} (R5)")
    return state.evolve(spells=state.spells + (KnownSpell(spell, source),))


def _without(
    choices: tuple[PendingChoice, ...], choice: PendingChoice
) -> tuple[PendingChoice, ...]:
    index = choices.index(choice)
    return choices[:index] + choices[index + 1 :]


def _pending(
    state: TitanState, kind: str, school: str | None = None, level: int | None = None
) -> PendingChoice | None:
    for choice in state.pending:
        if choice.kind == kind and choice.school == school and choice.level == level:
            return choice
    return None


def _pay_gold(state: TitanState, price: int, note: str) -> TitanState:
    """R11: gold never goes negative; every purchase is a line of the ledger, one for 0 gold
    included."""
    if price > state.gold:
        raise RuleError(f"{note} costs {price} gold, {state.gold} in the purse (R11)")
    return state.evolve(
        gold_ledger=state.gold_ledger + (GoldLine(-price, note),), gold=state.gold - price
    )


def _add_item(state: TitanState, facts: ItemFacts) -> TitanState:
    if any(name_key(item.name) == name_key(facts.name) for item in state.items):
        raise RuleError(f"{state.name} already has a magic item called {quoted(facts.name)}")
    item = OwnedItem(facts.name, facts.type, facts.description, facts.charges, facts.charges)
    return state.evolve(items=state.items + (item,))


def _buy_ability(state: TitanState, event: AbilityBought, notes: list[str]) -> TitanState:
    boxes = state.abilities[event.ability]
    if boxes >= MAX_BOXES:
        raise RuleError(f"{event.ability.title()} has all three boxes checked (R3)")
    state = _spend(state, f"one {event.ability.title()} box")
    state = state.evolve(abilities={**state.abilities, event.ability: boxes + 1})
    if event.ability == "intelligence":
        state = state.evolve(pending=state.pending + (PendingChoice("bonus"),))
        notes.append("Intelligence: one bonus spell to pick (R6)")
    return state


def _gain_school(state: TitanState, event: SchoolGained, notes: list[str]) -> TitanState:
    school, current = event.school, state.schools[event.school]
    level = event.level
    title = school.title()
    free = _pending(state, "school") if event.free else None
    if event.free and free is None:  # said first: no other reason matters then
        raise RuleError(
            f"{state.name} has no free school level to choose: one comes with each level"
            " reached (R2)"
        )
    if current >= MAX_BOXES:
        raise RuleError(f"{title} is already at level 3 (R4)")
    if level <= current:
        raise RuleError(f"{title} level {level} is already known (R4)")
    if level > current + 1:
        raise RuleError(f"{title} level {level} needs {title} level {level - 1} first (R4)")
    if free is not None:
        state = state.evolve(pending=_without(state.pending, free))
    else:
        state = _spend(state, f"{title} level {level}")
    picks = [PendingChoice("spell", school, level)]
    picks += [PendingChoice("spell", school, lower) for lower in range(1, level)]  # R5
    if any(known.bonus for known in state.spells):
        picks.append(PendingChoice("swap", school, level))  # R6
    first, *more = [f"{title} level {p.level}" for p in picks if p.kind == "spell"]
    others = [f"one of {named}" for named in more]
    levels = ", ".join([first, *others[:-1]]) + (f" and {others[-1]}" if others else "")
    notes.append(f"{title} level {level} gained: pick one spell of {levels} (R5)")
    return state.evolve(
        schools={**state.schools, school: level}, pending=state.pending + tuple(picks)
    )


SPELL_NEEDS_MASTERY = "100 XP buys a spell only from a school at level 3"
"""R5 in a player's words, as every refusal to buy a spell with XP begins."""


def _buy_spell(state: TitanState, event: SpellBought, notes: list[str]) -> TitanState:
    spell = find_spell(event.spell)
    if state.schools[spell.school] < MAX_BOXES:
        raise RuleError(
            f"{SPELL_NEEDS_MASTERY}; {spell.school.title()} is at {state.schools[spell.school]} (R5)"
        )
    return _spend(_learn(state, spell.name, "xp"), spell.name)  # a known spell is said first


def _choose_spell(state: TitanState, event: SpellChosen, notes: list[str]) -> TitanState:
    spell = find_spell(event.spell)
    if event.pick == "school":
        choice = _pending(state, "spell", spell.school, spell.level)
        if choice is None:
            school = spell.school.title()
            raise RuleError(
                f"no pending pick of {article(school)} {school} level {spell.level} spell for {spell.name} (R5)"
            )
    elif event.pick == "free":
        choice = _pending(state, "spell")
        if choice is None:
            raise RuleError(f"no pending free spell pick for {spell.name} (R2)")
    else:
        choice = _pending(state, "bonus")
        if choice is None:
            raise RuleError("no pending bonus spell pick (R6)")
        if state.schools[spell.school] < spell.level:
            raise RuleError(
                f"bonus spell {spell.name} needs {spell.school.title()} at level {spell.level}, "
                f"it is at {state.schools[spell.school]} (R6)"
            )
    state = _learn(state, spell.name, "bonus" if event.pick == "bonus" else event.pick)
    return state.evolve(pending=_without(state.pending, choice))


def _swap_bonus(state: TitanState, event: BonusSwapped, notes: list[str]) -> TitanState:
    new = find_spell(event.new)
    choice = _pending(state, "swap", new.school, new.level)
    if choice is None:
        school = new.school.title()
        raise RuleError(
            f"no bonus swap offered for {article(school)} {school} level {new.level} spell:"
            f" gaining {school} level {new.level} offers one, to trade a bonus spell for (R6)"
        )
    if KnownSpell(event.old, "bonus") not in state.spells:
        bonus = ", ".join(k.name for k in state.spells if k.bonus) or "none"
        raise RuleError(
            f"{event.old} is not one of {state.name}'s bonus spells (bonus spells: {bonus}) (R6)"
        )
    state = state.evolve(spells=tuple(k for k in state.spells if k.name != event.old))
    state = _learn(state, new.name, "bonus")
    notes.append(f"{event.old} is forgotten (R6)")
    return state.evolve(pending=_without(state.pending, choice))


def _decline_swap(state: TitanState, event: SwapDeclined, notes: list[str]) -> TitanState:
    choice = _pending(state, "swap", event.school, event.level)
    if choice is None:
        raise RuleError(
            f"no bonus swap offered for {event.school.title()} level {event.level}: gaining"
            f" that level offers one, to trade a bonus spell for (R6)"
        )
    return state.evolve(pending=_without(state.pending, choice))


def _record_game(state: TitanState, event: GameRecorded, notes: list[str]) -> TitanState:
    if any(game.game == event.game and game.played_in == event.played_in for game in state.games):
        where = f" in {event.played_in}" if event.played_in else ""
        raise RuleError(f"game {event.game}{where} is already recorded for {state.name}")
    wisdom = state.abilities["wisdom"]
    if event.wisdom is not None:
        if event.wisdom > wisdom:
            raise RuleError(
                f"{state.name} has {wisdom} Wisdom, not the {event.wisdom} the game was played with (R8)"
            )
        wisdom = event.wisdom
    award = game_award(event.outcome, wisdom)
    if state.unspent_base_xp:
        notes.append(
            f"played its first game with {state.unspent_base_xp} base XP unspent: the rules say"
            " to spend base XP before the first game (R2); it is still there to spend"
        )
    elsewhere = [game for game in state.games if game.played_in]
    came = next(
        (game.came for game in elsewhere if game.played_in == event.played_in),
        max((game.came for game in elsewhere), default=0) + 1,
    )
    played = GamePlayed(
        event.game,
        event.date,
        event.scenario,
        event.outcome,
        award,
        event.survivors,
        event.played_in,
        came if event.played_in else 0,
    )
    guard = state.honor_guard
    last = state.last_game
    if last is None or played.order > last.order:  # R9: only the newest game's slain
        slain = slain_by(guard, event.survivors)
        notes.extend(slain_notes(slain))
        guard = _minus(guard, slain)
        played = played._replace(slain=slain)
    notes.append(f"{award.total} XP earned (R8)")
    return state.evolve(
        earned_xp=state.earned_xp + award.total, games=state.games + (played,), honor_guard=guard
    )


def slain_by(guard: tuple[str, ...], survivors: tuple[str, ...] | None) -> tuple[str, ...]:
    """R9: the members of ``guard`` a game slew, those not among its ``survivors`` (none when
    its survivors were not listed)."""
    return () if survivors is None else _minus(guard, survivors)


def slain_notes(slain: tuple[str, ...]) -> list[str]:
    """R9: the honor guard ``slain`` in the Titan's newest game, as the recording notes it:
    "Cyclops was slain and leaves the honor guard (R9)"."""
    return [f"{member} was slain and leaves the honor guard (R9)" for member in slain]


def _minus(members: tuple[str, ...], taken: tuple[str, ...]) -> tuple[str, ...]:
    """``members`` less one of each name in ``taken``, in ``members``' order."""
    left = Counter(taken)
    kept: list[str] = []
    for member in members:
        if left[member] > 0:
            left[member] -= 1
        else:
            kept.append(member)
    return tuple(kept)


def _take_back(state: TitanState, xp: int, what: str) -> TitanState:
    """Earned XP lowered by ``xp`` (a corrected or removed game), refused if it was spent (R1)."""
    after = state.evolve(earned_xp=state.earned_xp - xp)
    if after.available_xp < 0:
        raise XPAlreadySpent(
            f"{what} takes back {xp} XP but {state.name} has {state.available_xp} XP left: "
            f"the rest is spent (R1)",
            state.name,
            -after.available_xp,
        )
    return after


def wisdom_in_game(state: TitanState, game: int) -> int | None:
    """R8: the Wisdom the Titan had in this campaign's game ``game``, when less than today's:
    a game entered after a later game was recorded has at most that game's Wisdom (boxes
    bought since came after it); None when it is today's."""
    later = [g.award.wisdom for g in state.games if not g.played_in and g.game > game]
    wisdom = min([state.abilities["wisdom"], *later])
    return None if wisdom == state.abilities["wisdom"] else wisdom


def _correct_game(state: TitanState, event: GameCorrected, notes: list[str]) -> TitanState:
    """The entry replaced, its award judged again at the wisdom of the game (R8); in the
    newest game, members the corrected survivors leave out leave the guard (R9)."""
    old = state.game_played(event.game, event.played_in)
    award = game_award(event.outcome, old.award.wisdom)
    new = GamePlayed(
        event.game,
        event.date,
        event.scenario,
        event.outcome,
        award,
        event.survivors,
        event.played_in,
        old.came,
    )
    difference = award.total - old.award.total
    what = f"the correction of game {event.game}"
    state = _take_back(state, -difference, what) if difference < 0 else state
    if difference > 0:
        state = state.evolve(earned_xp=state.earned_xp + difference)
    guard = state.honor_guard
    if state.last_game == old:  # R9: the guard judged again by the corrected survivors
        before = guard + old.slain
        new = new._replace(slain=slain_by(before, event.survivors))
        guard = _minus(before, new.slain)
        notes.extend(slain_notes(_minus(new.slain, old.slain)))
        notes.extend(
            f"{member} survived game {event.game}: back in the honor guard (R9)"
            for member in _minus(old.slain, new.slain)
        )
    games = tuple(new if played == old else played for played in state.games)
    notes.append(f"game {event.game} judged again: {award.total} XP ({difference:+d} XP) (R8)")
    return state.evolve(games=games, honor_guard=guard)


def _remove_game(state: TitanState, event: GameRemoved, notes: list[str]) -> TitanState:
    old = state.game_played(event.game, event.played_in)
    newest = state.last_game == old
    state = _take_back(state, old.award.total, f"taking {state.name} out of game {event.game}")
    notes.append(f"game {event.game} removed: {old.award.total} XP taken back (R8)")
    guard = state.honor_guard
    if newest and old.slain:  # R9: not slain in a game the Titan did not play
        guard += old.slain
        notes.extend(f"{member} is back in the honor guard (R9)" for member in old.slain)
    games = tuple(played for played in state.games if played != old)
    return state.evolve(games=games, honor_guard=guard)


def _change_gold(state: TitanState, event: GoldChanged, notes: list[str]) -> TitanState:
    if event.amount == 0:
        raise RuleError("a gold entry needs an amount other than 0 (R11)")
    if state.gold + event.amount < 0:
        raise RuleError(f"{-event.amount} gold needed, {state.gold} in the purse (R11)")
    line = GoldLine(event.amount, event.note, event.game, event.played_in)
    return state.evolve(gold_ledger=state.gold_ledger + (line,), gold=state.gold + event.amount)


def _add_item_event(state: TitanState, event: ItemAdded, notes: list[str]) -> TitanState:
    return _add_item(state, event.item)


def _buy_item(state: TitanState, event: ItemBought, notes: list[str]) -> TitanState:
    state = _pay_gold(state, event.price, event.item.name)
    return _add_item(state, event.item)


def _buy_spell_with_gold(
    state: TitanState, event: SpellBoughtWithGold, notes: list[str]
) -> TitanState:
    if state.knows(event.spell):
        raise RuleError(f"{state.name} already knows {event.spell} (R5)")
    return _learn(_pay_gold(state, event.price, event.spell), event.spell, "gold")


def _use_item(state: TitanState, event: ItemUsed, notes: list[str]) -> TitanState:
    item = state.item(event.name)
    if item.charges is None:
        raise RuleError(f"{item.name} lasts: it has no charges to use (R11)")
    used = item._replace(charges=item.charges - 1)
    items = tuple(used if i is item else i for i in state.items)
    if used.charges == 0:
        items = tuple(i for i in state.items if i is not item)
        notes.append(f"{item.name} is used up and leaves play (R11)")
    return state.evolve(items=items)


def _remove_item(state: TitanState, event: ItemRemoved, notes: list[str]) -> TitanState:
    item = state.item(event.name)
    return state.evolve(items=tuple(i for i in state.items if i is not item))


def _set_honor_guard(state: TitanState, event: HonorGuardSet, notes: list[str]) -> TitanState:
    last = state.last_game
    survivors = last.survivors if last is not None else None
    check_honor_guard(event.members, state.level, survivors)
    games = state.games  # a guard chosen anew: the last game's slain are no longer its to give back
    if last is not None and last.slain:
        games = tuple(g._replace(slain=()) if g == last else g for g in games)
    return state.evolve(honor_guard=event.members, games=games)


def _set_plan(state: TitanState, event: PlanSet, notes: list[str]) -> TitanState:
    plan = LegionPlan(
        tuple(event.charisma),
        tuple(upgrade_name(name) for name in event.upgrades),
        tuple(
            (state.item(name).name if _is_item(state, name) else name, legion)
            for name, legion in event.placement
        ),
    )
    check_plan(
        plan,
        state.abilities["charisma"],
        state.abilities["leadership"],
        state.honor_guard,
        {item.name: item.type for item in state.items},
    )
    return state.evolve(plan=plan)


def _is_item(state: TitanState, name: str) -> bool:
    return any(name_key(item.name) == name_key(name) for item in state.items)


def _archive(state: TitanState, event: Archived, notes: list[str]) -> TitanState:
    return state.evolve(archived=True)


def _unarchive(state: TitanState, event: Unarchived, notes: list[str]) -> TitanState:
    return state.evolve(archived=False)


def _rename(state: TitanState, event: Renamed, notes: list[str]) -> TitanState:
    if event.name == state.name:
        raise RuleError(f"{state.name} already has that name")
    notes.append(f"{state.name} is now called {event.name}")
    return state.evolve(name=event.name)


def _change_player(state: TitanState, event: PlayerChanged, notes: list[str]) -> TitanState:
    if event.player == state.player:
        raise RuleError(f"{state.player} already plays {state.name}")
    return state.evolve(player=event.player)


def _set_goal(state: TitanState, event: GoalSet, notes: list[str]) -> TitanState:
    if not (event.abilities or event.schools or event.spells):
        return state.evolve(goal=None)
    return state.evolve(
        goal=KeptGoal(tuple(event.abilities), tuple(event.schools), tuple(event.spells))
    )


_HANDLERS: dict[type, Callable[[TitanState, Any, list[str]], TitanState]] = {
    AbilityBought: _buy_ability,
    SchoolGained: _gain_school,
    SpellBought: _buy_spell,
    SpellChosen: _choose_spell,
    BonusSwapped: _swap_bonus,
    SwapDeclined: _decline_swap,
    GameRecorded: _record_game,
    GameCorrected: _correct_game,
    GameRemoved: _remove_game,
    GoldChanged: _change_gold,
    ItemAdded: _add_item_event,
    ItemBought: _buy_item,
    SpellBoughtWithGold: _buy_spell_with_gold,
    ItemUsed: _use_item,
    ItemRemoved: _remove_item,
    HonorGuardSet: _set_honor_guard,
    PlanSet: _set_plan,
    Archived: _archive,
    Unarchived: _unarchive,
    Renamed: _rename,
    PlayerChanged: _change_player,
    GoalSet: _set_goal,
}


def _settle(before: TitanState, after: TitanState, notes: list[str]) -> TitanState:
    """Consequences every event may have: level-ups (R2) and picks that can no longer be made."""
    if not after.pending and after.spent_xp == before.spent_xp:
        return after  # no level reached, no pick to judge again (most of a history's events)
    pending = list(after.pending)
    for level in range(before.level + 1, after.level + 1):
        pending.append(PendingChoice("school"))
        notes.append(f"level {level} reached: one free spell-school level to choose (R2)")
    settled: list[PendingChoice] = []
    for choice in pending:
        if choice.kind == "school" and not after.school_choices():
            notes.append(
                "every school is at level 3: the free school level becomes a free spell pick (R2)"
            )
            choice = PendingChoice("spell")
        if choice.kind == "bonus" and not after.unknown_spells():
            notes.append("the bonus pick is forfeited: every spell is known (R6)")
            continue
        if choice.kind in ("spell", "swap") and not after.spell_choices(choice):
            if _swap_may_free(after, choice):
                settled.append(choice)
                continue
            school = choice.school.title() if choice.school else ""
            where = f"{article(school)} {school} level {choice.level}" if school else "any"
            if choice.kind == "spell":
                rule = "R5" if choice.school else "R2"
                notes.append(
                    f"the pick of {where} spell is forfeited: none is left to learn ({rule})"
                )
            else:
                notes.append(f"the bonus swap for {where} spell lapses: none is left to learn (R6)")
            continue
        settled.append(choice)
    if settled != list(after.pending):
        after = after.evolve(pending=tuple(settled))
    return after


def _swap_may_free(state: TitanState, pick: PendingChoice) -> bool:
    """R5, R6: a school pick with nothing left to learn waits while a bonus swap of its school
    is open and a bonus spell of its school and level could be swapped away for it."""
    return (
        pick.kind == "spell"
        and any(
            c.kind == "swap" and c.school == pick.school and state.spell_choices(c)
            for c in state.pending
        )
        and any(
            known.bonus and (known.spell.school, known.spell.level) == (pick.school, pick.level)
            for known in state.spells
        )
    )


class Step(NamedTuple):
    state: TitanState
    notes: tuple[str, ...]


def apply(state: TitanState | None, event: Event) -> Step:
    """Judge ``event`` against ``state``: the new state and the player's notes, or RuleError."""
    if isinstance(event, Created):
        if state is not None:
            raise RuleError(f"{state.name} already exists")
        return Step(TitanState(event.name, event.player, event.base_xp), ())
    if state is None:
        raise RuleError(NO_CREATION)
    if state.archived and isinstance(event, Archived):
        raise RuleError(f"{state.name} is already archived")
    # a game the Titan played is still corrected with the others who played it (its date, a
    # typo in its scenario): the Titan's past is kept true, as it would be on paper
    if state.archived and not isinstance(event, Unarchived | GameCorrected | GameRemoved):
        raise RuleError(archived_refusal(state.name))
    if not state.archived and isinstance(event, Unarchived):
        raise RuleError(f"{state.name} is not archived")
    notes: list[str] = []
    after = _HANDLERS[type(event)](state, event, notes)
    return Step(_settle(state, after, notes), tuple(notes))


def check(state: TitanState, event: Event) -> Decision:
    """Ask before acting: whether ``event`` is allowed now, and if not, the rule's reason."""
    try:
        apply(state, event)
    except RuleError as error:
        return Decision(False, str(error))
    return Decision(True)


def replay(events: Iterable[Event]) -> TitanState:
    """The state a history leads to; RuleError if any event is illegal where it stands."""
    state: TitanState | None = None
    for number, event in enumerate(events, start=1):
        try:
            state = apply(state, event).state
        except RuleError as error:
            raise RuleError(f"event {number} ({event.kind}): {error}") from None
    if state is None:
        raise RuleError(NO_CREATION)
    return state


def check_in_place(history: Sequence[Event], correction: GameCorrected | GameRemoved) -> None:
    """R1 where the game stands: with game ``correction.game`` as corrected (or the Titan
    taken out of it) from the moment it was played, the Titan's available XP is never
    negative at any point of ``history`` after it. Applied at the end, a correction sees only
    the XP left now, which later games may have made up; XPAlreadySpent if XP it takes back
    was spent before they did, naming the most that would have been lacking at any point."""
    same = (correction.game, correction.played_in)
    state: TitanState | None = None
    new_award: int | None = None
    in_force: int | None = None
    lacking, less, name = 0, 0, ""
    for event in history:
        state = apply(state, event).state
        if isinstance(event, GameRecorded) and (event.game, event.played_in) == same:
            wisdom = state.game_played(*same).award.wisdom
            new_award = (
                0
                if isinstance(correction, GameRemoved)
                else game_award(correction.outcome, wisdom).total
            )
        in_force = next((g.award.total for g in state.games if (g.game, g.played_in) == same), None)
        if new_award is None or in_force is None:  # not played yet, or taken out of it then
            continue
        if in_force - new_award - state.available_xp > lacking:
            less, name = in_force - new_award, state.name
            lacking = less - state.available_xp
    if lacking > 0:
        if in_force is not None and new_award is not None:
            less = in_force - new_award  # said against the game as it stands now
        what = (
            f"taking {name} out of game {correction.game} takes back {less} XP"
            if isinstance(correction, GameRemoved)
            else f"game {correction.game} as corrected gives {name} {less} XP less"
        )
        raise XPAlreadySpent(
            f"{what}, which {name} spent after that game, before later games made it"
            f" up: {lacking} XP would have been lacking (R1)",
            name,
            lacking,
        )


class TitanLog:
    """One Titan's history with its redo stack, on its own (a campaign keeps its Titans'
    histories in its change log: see ``campaign.py``)."""

    def __init__(self, events: Iterable[Event] = (), undone: Iterable[Event] = ()) -> None:
        self.events = tuple(events)
        self.undone = tuple(undone)

    @classmethod
    def create(cls, name: str, player: str, base_xp: int, at: str = "") -> TitanLog:
        return cls((Created(name=name, player=player, base_xp=base_xp, at=at),))

    @cached_property
    def state(self) -> TitanState:
        return replay(self.events)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TitanLog):
            return NotImplemented
        return (self.events, self.undone) == (other.events, other.undone)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"TitanLog({len(self.events)} events, {len(self.undone)} undone)"

    def _then(self, event: Event, undone: tuple[Event, ...], state: TitanState) -> TitanLog:
        log = TitanLog(self.events + (event,), undone)
        log.__dict__["state"] = state
        return log

    def do(self, event: Event) -> tuple[TitanLog, Step]:
        step = apply(self.state, event)
        return self._then(event, (), step.state), step

    def undo(self) -> tuple[TitanLog, Event]:
        if len(self.events) <= 1:
            raise RuleError(f"nothing to undo for {self.state.name}")
        return TitanLog(self.events[:-1], self.undone + (self.events[-1],)), self.events[-1]

    def redo(self) -> tuple[TitanLog, Step]:
        if not self.undone:
            raise RuleError(f"nothing to redo for {self.state.name}")
        step = apply(self.state, self.undone[-1])
        return self._then(self.undone[-1], self.undone[:-1], step.state), step

    def history(self) -> list[tuple[Event, tuple[str, ...]]]:
        """Each event with the notes it produced, oldest first."""
        return event_notes(self.events)


def event_notes(events: Iterable[Event]) -> list[tuple[Event, tuple[str, ...]]]:
    """Each event of a history with the notes it produced, oldest first."""
    rows: list[tuple[Event, tuple[str, ...]]] = []
    state: TitanState | None = None
    for event in events:
        step = apply(state, event)
        state = step.state
        rows.append((event, step.notes))
    return rows


def spell_pick_forfeits(state: TitanState, spell_name: str, bonus: bool = False) -> tuple[str, ...]:
    """What choosing ``spell_name`` now (as ``spell_pick_for`` takes it) makes the Titan lose,
    to be said before it is chosen: the picks it leaves no spell for at once (a bonus pick
    taking the last spell of a school level a school pick needs, R5, R2, R6), and the school
    picks it leaves fewer spells than picks for (one of them is forfeited later, R5)."""
    name = find_spell(spell_name).name
    try:
        event = SpellChosen(spell=name, pick=spell_pick_for(state, name, bonus))
    except RuleError:
        return ()
    return _forfeits(state, event)


def swap_forfeits(state: TitanState, spell_name: str) -> tuple[str, ...]:
    """What swapping ``spell_name`` in for a bonus spell (R6) makes the Titan lose, as
    ``spell_pick_forfeits`` says it; a loss that depends on the bonus spell forgotten names it
    (forgetting a spell the pick may take leaves the pick that spell)."""
    new = find_spell(spell_name).name
    olds = [known.name for known in state.spells if known.bonus]
    if not olds:
        return ()
    lost = {old: _forfeits(state, BonusSwapped(old=old, new=new)) for old in olds}
    always = [line for line in lost[olds[0]] if all(line in other for other in lost.values())]
    return (
        *always,
        *(f"forgetting {old}, {line}" for old in olds for line in lost[old] if line not in always),
    )


def _forfeits(state: TitanState, event: SpellChosen | BonusSwapped) -> tuple[str, ...]:
    try:
        step = apply(state, event)
    except RuleError:
        return ()
    lost = [note for note in step.notes if "forfeited" in note or "lapses" in note]
    before = _short(state)
    for (school, level), (needed, left) in _short(step.state).items():
        was_needed, was_left = before.get((school, level), (0, 0))
        if needed - left > was_needed - was_left:  # this pick makes it so
            where = f"{school.title()} level {level}"
            lost.append(
                f"{plural(needed, where + ' pick')} wait for {plural(left, 'spell')} left:"
                f" {plural(needed - left, 'pick')} will be forfeited (R5)"
            )
    return tuple(dict.fromkeys(lost))


def _short(state: TitanState) -> dict[tuple[str, int], tuple[int, int]]:
    """The school levels with more pending picks than unknown spells left: (picks, spells)
    of each (none while a bonus swap may yet free a spell, R6)."""
    if any(choice.kind == "swap" for choice in state.pending):
        return {}
    needs = Counter(
        (choice.school, choice.level)
        for choice in state.pending
        if choice.kind == "spell" and choice.school and choice.level
    )
    left = {key: len(state.unknown_spells(*key)) for key in needs}
    return {key: (needed, left[key]) for key, needed in needs.items() if needed > left[key]}


def check_no_pick_forfeited(state: TitanState, event: SpellBought | SpellBoughtWithGold) -> None:
    """A spell bought (with XP or gold) that the pending picks need is refused: bought, it
    leaves fewer of them a spell to learn than before (one is forfeited, at once or when the
    others are made), where a pick would have given it free (R5, R2, R6). Buying a spell the
    picks can spare (another is left for each) is not. Asked before a purchase is made,
    never of one in the history (a history that did so stays as it is)."""
    try:
        after = apply(state, event).state
    except RuleError:
        return  # refused anyway, for its own reason
    if _picks_fillable(after) < _picks_fillable(state):
        raise RuleError(
            f"{event.spell} is a spell the pending picks need: bought, a pick would be left"
            " with no spell to learn and forfeited; choose it with a pick instead, free (R5)"
        )


def _picks_fillable(state: TitanState) -> int:
    """How many of the pending spell picks (school, free and bonus picks) can each be given
    a spell of its own: with the bonus swaps declined, or one taken (it forgets a bonus
    spell, which a pick may then take, and takes a spell of its own level, R6)."""
    picks = [c for c in state.pending if c.kind in ("spell", "bonus")]
    best = sum(_matched(state, picks))
    for swap in (c for c in state.pending if c.kind == "swap"):
        for old in (known for known in state.spells if known.bonus):
            forgot = state.evolve(spells=tuple(k for k in state.spells if k is not old))
            swapped, *filled = _matched(forgot, [swap, *picks])
            if swapped:
                best = max(best, sum(filled))
    return best


def _matched(state: TitanState, choices: Sequence[PendingChoice]) -> list[bool]:
    """Which of ``choices`` get a spell of their own when each is matched with the spells it
    may take (an augmenting path moves a choice to another of its spells to make room; one
    matched stays matched, so the first is filled whenever it can be)."""
    options = [state.spell_choices(choice) for choice in choices]
    taken: dict[str, int] = {}  # spell: the choice it goes to

    def place(choice: int, tried: set[str]) -> bool:
        for spell in options[choice]:
            if spell.name not in tried:
                tried.add(spell.name)
                if spell.name not in taken or place(taken[spell.name], tried):
                    taken[spell.name] = choice
                    return True
        return False

    return [place(choice, set()) for choice in range(len(choices))]


def spell_pick_for(state: TitanState, spell_name: str, bonus: bool = False) -> str:
    """Which pending pick a chosen spell resolves: its school pick (R5) first, then a free
    pick (R2), then a bonus pick (R6); ``bonus`` asks for the bonus pick explicitly."""
    spell = find_spell(spell_name)
    if not bonus:
        if _pending(state, "spell", spell.school, spell.level):
            return "school"
        if _pending(state, "spell"):
            return "free"
    if _pending(state, "bonus"):
        return "bonus"
    listed = "; ".join(choice.describe() for choice in state.pending)
    pending = f": pending are {listed}" if listed else ""
    if bonus:
        raise RuleError(
            f"{state.name} has no bonus spell to pick: one comes with each Intelligence box"
            f" (R6){pending}"
        )
    if not state.pending:
        raise RuleError(
            f"{state.name} has no spell to pick: each school level gained brings picks of its"
            " spells (R5)"
        )
    raise RuleError(
        f"{spell.name} is a {spell.school.title()} level {spell.level} spell, which no pending"
        f" pick takes (R5){pending}"
    )


def next_school_level(
    state: TitanState, school: str, free: bool = False, at: str = ""
) -> SchoolGained:
    """The event gaining ``school``'s next level (R4): bought for 100 XP, or the free level of
    a level-up (R2)."""
    level = min(state.schools[school] + 1, MAX_BOXES)
    return SchoolGained(school=school, level=level, free=free, at=at)


def swap_offer(
    state: TitanState, school: str | None = None, level: int | None = None
) -> PendingChoice:
    """The pending bonus swap (R6) to answer: the one, or the one of ``school`` (and
    ``level``), which must be named when offers of two schools (or two levels of one) wait."""
    offers = [c for c in state.pending if c.kind == "swap"]
    named = [
        c
        for c in offers
        if (school is None or c.school == school) and (level is None or c.level == level)
    ]
    if len(set(named)) == 1:
        return named[0]
    if not offers:
        raise RuleError(f"{state.name} has no bonus swap offer to decline (R6)")
    offered = {offer.school for offer in offers}
    wheres = [f"{(offer.school or '').title()} level {offer.level}" for offer in offers]
    spells = " and ".join(f"{article(where)} {where} spell" for where in wheres)
    schools = ", ".join(dict.fromkeys((offer.school or "").title() for offer in offers))
    if named and len({c.school for c in named}) == 1:  # two levels of one school
        levels = " or ".join(f"{(c.school or '').title()} {c.level}" for c in dict.fromkeys(named))
        raise RuleError(
            f"{state.name} has bonus swap offers for {spells}: name the level of the one to"
            f" decline too ({levels}) (R6)"
        )
    said = (
        f"the offer is for {spells}: name {schools} to decline that one"
        if len(offered) == 1
        else f"the offers are for {spells}: name the school of the one to decline ({schools})"
    )
    if school is None:
        raise RuleError(
            f"{state.name} has bonus swap offers for {len(offered)} schools; {said} (R6)"
        )
    where = school.title() + (f" level {level}" if level is not None else "")
    raise RuleError(f"{state.name} has no bonus swap offer for {where}; {said} (R6)")
