"""Build goals: the cheapest legal order of purchases and choices that reaches a player's target.

A player names a target ("Fire 3, Spirit 3, Power 2 and Fire Ball") and ``plan_goal`` answers
with the cheapest order of steps from today's sheet, the XP it needs beyond what is available,
and (with ``games_needed``) how many games that is at the Titan's average award.

Every rule is respected because every step is a real event judged by ``titan.apply``:
100 XP a purchase (R1), a free school level at each level-up (R2) placed where it saves most,
school levels in order (R4), the spell picks school levels bring (R5) and Intelligence bonus
picks (R6) used for target spells (and a bonus swap, R6, when an old bonus spell the target does
not ask for can be traded), and a spell bought for 100 XP only where no pick reaches it (R5).
A plan spends XP only; gold buys are never part of it.

The steps a plan is made of (``GoalStep.do``), each the command that takes it, less the
Titan's name (``titan-campaign spend Thorn ability power``), a spell's name quoted if it has a
space:

=====================================  =======================================================
``spend ability power``                100 XP for one ability box (R3)
``spend school fire``                  100 XP for the next level of a school (R4)
``spend spell "Fire Ball"``            100 XP for a spell of a school at level 3 (R5)
``choose school fire``                 the free school level of a level-up (R2)
``choose spell "Fire Ball"``           a spell pick a school level brought (R5), or a free
                                       pick of any spell, once every school is full (R2)
``choose spell "Fire Ball" --bonus``   an Intelligence bonus pick (R6)
``choose swap Bless "Fire Ball"``      the bonus swap a new school level offers (R6)
=====================================  =======================================================

Worked example: a new Titan with 200 base XP (level 0) targets Fire 3 and Spirit 3.
Four purchases are needed at least: three Spirit boxes, and Fire 1, 2 and 3 less the free
levels. Spirit, Spirit (200 spent: level 1, a free level) then the free Fire 1, Spirit, Fire 2
(400 spent: level 2, a free level) and the free Fire 3: 400 XP, 200 beyond the 200 available.

The search (``goal_search.Search.cheapest``) is an A* over a small picture of the sheet; the
plan it finds is turned into real events and replayed, so it can never drift from the rules.
``tests/rules/test_goals.py`` compares it with an exhaustive search over the real events.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .abilities import ABILITIES, MAX_BOXES, find_ability
from .errors import RuleError
from .events import AbilityBought, BonusSwapped, Event, SpellBought, SpellChosen
from .goal_search import Action, Search
from .names import UnknownName, name_key
from .spells import SCHOOLS, find_school, find_spell
from .state import XP_PER_PURCHASE, TitanState
from .titan import apply, next_school_level
from .views import JsonObject, view_json

__all__ = [
    "Goal",
    "GoalPlan",
    "GoalStep",
    "games_needed",
    "parse_goal",
    "plan_goal",
]


# --- the goal ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Goal:
    """What a player wants on the sheet: ability boxes, school levels and spells known.

    Names are checked against the catalogue and stored as its keys ("Fire" is ``fire``,
    "fireball" is ``Fire Ball``); a level beyond what the sheet has is a RuleError (R3, R4).
    """

    abilities: Mapping[str, int] = field(default_factory=dict)
    schools: Mapping[str, int] = field(default_factory=dict)
    spells: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        abilities = {find_ability(name): boxes for name, boxes in self.abilities.items()}
        schools = {find_school(name): level for name, level in self.schools.items()}
        for name, boxes in abilities.items():
            if not 0 <= boxes <= MAX_BOXES:
                raise RuleError(
                    f"{name.title()} {boxes} cannot be reached: an ability has 0 to 3 boxes (R3)"
                )
        for name, level in schools.items():
            if not 0 <= level <= MAX_BOXES:
                raise RuleError(
                    f"{name.title()} {level} cannot be reached: a school has levels 0 to 3 (R4)"
                )
        spells = tuple(dict.fromkeys(find_spell(name).name for name in self.spells))
        object.__setattr__(self, "abilities", abilities)
        object.__setattr__(self, "schools", schools)
        object.__setattr__(self, "spells", spells)

    def met_by(self, state: TitanState) -> bool:
        """Whether ``state`` has every box, level and spell the goal asks for."""
        return (
            all(state.abilities[name] >= boxes for name, boxes in self.abilities.items())
            and all(state.schools[name] >= level for name, level in self.schools.items())
            and all(state.knows(spell) for spell in self.spells)
        )

    def describe(self) -> str:
        parts = [f"{name.title()} {boxes}" for name, boxes in self.abilities.items()]
        parts += [f"{name.title()} {level}" for name, level in self.schools.items()]
        return ", ".join(parts + list(self.spells)) or "nothing"

    def reached(self, state: TitanState) -> str:
        """What ``state`` has of what the goal names (a goal met), and the goal when it asked
        for less: ``Power 2 (the goal: Power 1)``."""
        has = Goal(
            {name: state.abilities[name] for name in self.abilities},
            {name: state.schools[name] for name in self.schools},
            self.spells,
        ).describe()
        goal = self.describe()
        return has if has == goal else f"{has} (the goal: {goal})"


def parse_goal(
    abilities: Iterable[str] = (), schools: Iterable[str] = (), spells: Iterable[str] = ()
) -> Goal:
    """A goal from the command-line forms ``--ability power=2``, ``--school fire=3`` and
    ``--spell "Fire Ball"``; a mistyped one is a RuleError in one line."""

    def pairs(texts: Iterable[str], option: str) -> dict[str, int]:
        found: dict[str, int] = {}
        typed: dict[str, str] = {}
        for text in texts:
            name, sep, number = text.partition("=")
            if not sep or not name.strip() or not re.fullmatch(r"[0-9]+", number.strip()):
                example = "power=2" if option == "ability" else "fire=3"
                raise RuleError(f'--{option} takes NAME=N, such as {example}, not "{text}"')
            key = name_key(name)
            if key in typed:
                raise RuleError(
                    f'--{option} names {name.strip()} twice ("{typed[key]}" and "{text}"): give it once'
                )
            typed[key] = text
            if int(number) == 0:  # "Water 0" headed a goal that bought Water 1 for a spell
                raise RuleError(
                    f"{name.strip()}={number.strip()} asks for nothing: give 1 to 3, or leave"
                    f" {name.strip()} out"
                )
            found[name.strip()] = int(number)
        return found

    try:
        return Goal(pairs(abilities, "ability"), pairs(schools, "school"), tuple(spells))
    except UnknownName as error:
        raise RuleError(str(error)) from None


# --- the plan ---------------------------------------------------------------------------


class GoalStep(NamedTuple):
    """One step of a plan: what to do in words (see the module docstring), the rules event,
    and the Titan's spent XP and level right after it."""

    do: str
    event: Event
    xp_spent_after: int
    level_after: int


class GoalPlan(NamedTuple):
    """The cheapest order of steps reaching ``goal``; ``xp_needed`` is the XP beyond what the
    Titan has available now (0: doable today); ``games`` the games still to play to earn it
    (see games_needed)."""

    goal: Goal
    steps: tuple[GoalStep, ...]
    xp_needed: int
    games: int | None

    @property
    def xp_cost(self) -> int:
        """All the XP the plan spends (R1: 100 a purchase)."""
        return XP_PER_PURCHASE * sum(1 for step in self.steps if step.do.startswith("spend "))

    @property
    def forgotten(self) -> tuple[str, ...]:
        """The bonus spells the plan's swaps forget (R6: the old spell is forgotten)."""
        return tuple(step.event.old for step in self.steps if isinstance(step.event, BonusSwapped))

    def headline_note(self) -> str:
        """What a player must know before following the plan: "; forgets the bonus spell
        Water Affinity (R6)", or ""."""
        if not self.forgotten:
            return ""
        word = "spell" if len(self.forgotten) == 1 else "spells"
        return f"; forgets the bonus {word} {', '.join(self.forgotten)} (R6)"

    def view(self) -> PlanView:
        """The plan as ``goal --format json`` prints it."""
        return PlanView(
            forgets=self.forgotten,
            xp_needed=self.xp_needed,
            games=self.games,
            steps=tuple(
                PlanStepLine(step.do, step.xp_spent_after, step.level_after) for step in self.steps
            ),
        )

    def to_json(self) -> JsonObject:
        return view_json(self.view())


@dataclass(frozen=True, slots=True)
class PlanStepLine:
    """One step of a plan as shown: what to do, then the spent XP and level after it."""

    do: str
    xp_spent_after: int
    level_after: int


@dataclass(frozen=True, slots=True)
class PlanView:
    """A plan as shown: the bonus spells it forgets (R6), the XP still to earn, about how many
    games that is, and its steps."""

    forgets: tuple[str, ...]
    xp_needed: int
    games: int | None
    steps: tuple[PlanStepLine, ...]


def games_needed(plan: GoalPlan, state: TitanState) -> int | None:
    """The games still to play to earn ``plan.xp_needed`` at the Titan's average award per
    game so far (R8), whole (a game is played whole: 5 XP short is 1 game; 134 short at 66
    a game is 3): 0 when the plan is doable now; None before the first game, or when its
    games earned nothing. Counted in whole XP, never rounded on the way."""
    if plan.xp_needed == 0:
        return 0
    earned = sum(game.award.total for game in state.games)
    if not state.games or earned == 0:
        return None
    return -(-plan.xp_needed * len(state.games) // earned)


def plan_goal(state: TitanState, goal: Goal) -> GoalPlan:
    """The cheapest legal order of steps from ``state`` to ``goal`` (R1-R6).

    A goal already met gives no step; a goal the rules cannot reach was refused when it was made.
    """
    if state.archived:
        raise RuleError(f"{state.name} is archived; undo the archive to plan a goal")
    if goal.met_by(state):
        return GoalPlan(goal, (), 0, 0)
    search = Search.of(state, goal)
    actions = search.cheapest()
    purchases = sum(1 for action in actions if action.cost)
    xp_needed = max(0, purchases * XP_PER_PURCHASE - state.available_xp)
    funded = state.evolve(earned_xp=state.earned_xp + xp_needed)
    steps = _steps(funded, goal, actions, search)
    draft = GoalPlan(goal, steps, xp_needed, None)
    return GoalPlan(goal, steps, xp_needed, games_needed(draft, state))


# --- from moves to real events ----------------------------------------------------------


class _Walk:
    """The plan's events applied one by one through ``titan.apply`` (so a step the rules
    refuse is a bug found here, never a plan handed to a player).

    ``early``: choices a first walk kept for the end, made here as soon as the rules allow,
    so that a bonus pick the Titan holds is among the first steps; school picks and purchases
    leave their spells alone."""

    def __init__(self, state: TitanState, goal: Goal, early: Sequence[Event] = ()) -> None:
        self.state = state
        self.goal = goal
        self.steps: list[GoalStep] = []
        self.early = list(early)
        self.targets = [find_spell(name) for name in goal.spells]
        self.kept = {
            e.new if isinstance(e, BonusSwapped) else getattr(e, "spell", "") for e in early
        }

    def do(self, words: str, event: Event) -> None:
        self.state = apply(self.state, event).state
        self.steps.append(GoalStep(words, event, self.state.spent_xp, self.state.level))

    def then(self, words: str, event: Event) -> None:
        """A main step, the school picks it brings, and the early choices it allows."""
        self.do(words, event)
        self.choose()

    def choose(self) -> None:
        self.use_school_picks()
        for choice in list(self.early):
            try:
                after = apply(self.state, choice).state
            except RuleError:
                continue
            self.early.remove(choice)
            self.state = after
            self.steps.append(GoalStep(_words(choice), choice, after.spent_xp, after.level))

    def unknown(self, school: str | None = None, level: int | None = None) -> list[str]:
        known = {k.name for k in self.state.spells}
        return [
            s.name
            for s in self.targets
            if s.name not in known
            and (school is None or s.school == school)
            and (level is None or s.level == level)
            and s.name not in self.kept
        ]

    def use_school_picks(self) -> None:
        """R5: each pending pick of a school level takes an unknown target spell of it."""
        for choice in self.state.pending:
            if choice.kind == "spell" and choice.school is not None:
                for name in self.unknown(choice.school, choice.level)[:1]:
                    self.do(f"choose spell {_typed(name)}", SpellChosen(spell=name, pick="school"))
                    self.use_school_picks()
                    return

    def gain(self, school: str, free: bool) -> None:
        event = next_school_level(self.state, school, free)
        self.then(f"{'choose' if free else 'spend'} school {school}", event)

    def buy_spell(self, school: str) -> None:
        """R5: a target spell of a full school, one no pending swap could take if possible."""

        def swaps(name: str) -> int:
            spell = find_spell(name)
            return sum(
                1
                for c in self.state.pending
                if (c.kind, c.school, c.level) == ("swap", spell.school, spell.level)
            )

        name = min(self.unknown(school), key=swaps)
        self.then(f"spend spell {_typed(name)}", SpellBought(spell=name))

    def finish(self) -> list[Event]:
        """The picks kept for the end: swaps of junk bonus spells (R6), bonus picks (R6),
        free picks (R2); the choices made here, in order."""
        made: list[Event] = list(self.early)
        for early in made:
            self.do(_words(early), early)
        for pending in self.state.pending:
            junk = [k.name for k in self.state.spells if k.bonus and k.name not in self.goal.spells]
            wanted = self.unknown(pending.school, pending.level)
            if pending.kind == "swap" and junk and wanted:
                made.append(BonusSwapped(old=junk[0], new=wanted[0]))
                self.do(_words(made[-1]), made[-1])
        for pending in self.state.pending:
            reachable = [
                n
                for n in self.unknown()
                if self.state.schools[find_spell(n).school] >= find_spell(n).level
            ]
            if pending.kind == "bonus" and reachable:
                made.append(SpellChosen(spell=reachable[0], pick="bonus"))
                self.do(_words(made[-1]), made[-1])
        for pending in self.state.pending:
            if pending.kind == "spell" and pending.school is None and self.unknown():
                made.append(SpellChosen(spell=self.unknown()[0], pick="free"))
                self.do(_words(made[-1]), made[-1])
        return made


def _words(choice: Event) -> str:
    if isinstance(choice, BonusSwapped):
        return f"choose swap {_typed(choice.old)} {_typed(choice.new)}"
    assert isinstance(choice, SpellChosen)
    bonus = " --bonus" if choice.pick == "bonus" else ""
    return f"choose spell {_typed(choice.spell)}{bonus}"


def _typed(spell: str) -> str:
    """A spell's name as a command takes it: quoted if it has a space."""
    return f'"{spell}"' if " " in spell else spell


def _steps(
    state: TitanState, goal: Goal, actions: Sequence[Action], search: Search
) -> tuple[GoalStep, ...]:
    """The moves as real events; then the same with the end's choices made as early as the
    rules allow, unless that falls short (it never should: the first walk is the safe one)."""
    first = _walk(_Walk(state, goal), actions, search)
    early = first.finish()
    if not goal.met_by(first.state):
        raise RuntimeError(f"goal planner bug: the plan for {goal.describe()} falls short")
    if not early:
        return tuple(first.steps)
    try:
        second = _walk(_Walk(state, goal, early), actions, search)
        second.finish()
    except (RuleError, ValueError):
        return tuple(first.steps)
    if not goal.met_by(second.state) or len(second.steps) != len(first.steps):
        return tuple(first.steps)
    return tuple(second.steps)


def _walk(walk: _Walk, actions: Sequence[Action], search: Search) -> _Walk:
    state, goal = walk.state, walk.goal
    walk.choose()  # the pending picks first (R5, R6)
    fill = [
        name
        for name in ABILITIES
        if name != "intelligence"
        for _ in range(goal.abilities.get(name, 0) - state.abilities[name])
    ]
    plain = [
        s
        for s in SCHOOLS
        if s not in search.schools
        for _ in range(goal.schools.get(s, 0) - state.schools[s])
    ]
    for action in actions:
        if action.kind == "fill":
            walk.then(f"spend ability {fill[0]}", AbilityBought(ability=fill.pop(0)))
        elif action.kind == "intelligence":
            walk.then("spend ability intelligence", AbilityBought(ability="intelligence"))
        elif action.kind == "plain":
            walk.gain(plain.pop(0), action.free)
        elif action.kind == "level":
            walk.gain(search.schools[action.school], action.free)
        else:
            walk.buy_spell(search.schools[action.school])
    return walk
