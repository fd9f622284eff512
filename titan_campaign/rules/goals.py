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

The steps a plan is made of (``GoalStep.do``):

==================================  ==========================================================
``spend ability power``             100 XP for one ability box (R3)
``spend school fire``               100 XP for the next level of a school (R4)
``spend spell Fire Ball``           100 XP for a spell of a school at level 3 (R5)
``choose school fire``              the free school level of a level-up (R2)
``choose spell Fire Ball``          a spell pick a school level brought (R5)
``choose bonus spell Fire Ball``    an Intelligence bonus pick (R6)
``choose free spell Fire Ball``     a free pick of any spell, once every school is full (R2)
``swap bonus Bless for Fire Ball``  the bonus swap a new school level offers (R6)
==================================  ==========================================================

Worked example: a new Titan with 200 base XP (level 0) targets Fire 3 and Spirit 3.
Four purchases are needed at least: three Spirit boxes, and Fire 1, 2 and 3 less the free
levels. Spirit, Spirit (200 spent: level 1, a free level) then the free Fire 1, Spirit, Fire 2
(400 spent: level 2, a free level) and the free Fire 3: 400 XP, 200 beyond the 200 available.

The search (``_Search.cheapest``) is an A* over a small picture of the sheet; the
plan it finds is turned into real events and replayed, so it can never drift from the rules.
``tests/rules/test_goals.py`` compares it with an exhaustive search over the real events.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import count

from .abilities import ABILITIES, MAX_BOXES, find_ability
from .errors import RuleError
from .events import AbilityBought, BonusSwapped, Event, SpellBought, SpellChosen
from .names import UnknownName
from .spells import SCHOOLS, find_school, find_spell
from .state import XP_PER_PURCHASE, TitanState
from .titan import apply, next_school_level

__all__ = ["Goal", "GoalPlan", "GoalStep", "games_needed", "parse_goal", "plan_goal"]


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


def parse_goal(
    abilities: Iterable[str] = (), schools: Iterable[str] = (), spells: Iterable[str] = ()
) -> Goal:
    """A goal from the command-line forms ``--ability power=2``, ``--school fire=3`` and
    ``--spell "Fire Ball"``; a mistyped one is a RuleError in one line."""

    def pairs(texts: Iterable[str], option: str) -> dict[str, int]:
        found: dict[str, int] = {}
        for text in texts:
            name, sep, number = text.partition("=")
            if not sep or not name.strip() or not number.strip().isdigit():
                example = "power=2" if option == "ability" else "fire=3"
                raise RuleError(f'--{option} takes NAME=N, such as {example}, not "{text}"')
            found[name.strip()] = int(number)
        return found

    try:
        return Goal(pairs(abilities, "ability"), pairs(schools, "school"), tuple(spells))
    except UnknownName as error:
        raise RuleError(str(error)) from None


# --- the plan ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GoalStep:
    """One step of a plan: what to do in words (see the module docstring), the rules event,
    and the Titan's spent XP and level right after it."""

    do: str
    event: Event
    xp_spent_after: int
    level_after: int


@dataclass(frozen=True, slots=True)
class GoalPlan:
    """The cheapest order of steps reaching ``goal``; ``xp_needed`` is the XP beyond what the
    Titan has available now (0: doable today); ``games`` the games that is (see games_needed)."""

    goal: Goal
    steps: tuple[GoalStep, ...]
    xp_needed: int
    games: float | None

    @property
    def xp_cost(self) -> int:
        """All the XP the plan spends (R1: 100 a purchase)."""
        return XP_PER_PURCHASE * sum(1 for step in self.steps if step.do.startswith("spend "))

    def to_json(self) -> dict[str, object]:
        return {
            "xp_needed": self.xp_needed,
            "games": None if self.games is None else round(self.games, 2),
            "steps": [
                {
                    "do": step.do,
                    "xp_spent_after": step.xp_spent_after,
                    "level_after": step.level_after,
                }
                for step in self.steps
            ],
        }


def games_needed(plan: GoalPlan, state: TitanState) -> float | None:
    """``plan.xp_needed`` over the Titan's average award per game so far (R8): 0.0 when the
    plan is doable now; None before the first game, or when its games earned nothing."""
    if plan.xp_needed == 0:
        return 0.0
    earned = sum(game.award.total for game in state.games)
    if not state.games or earned == 0:
        return None
    return plan.xp_needed / (earned / len(state.games))


def plan_goal(state: TitanState, goal: Goal) -> GoalPlan:
    """The cheapest legal order of steps from ``state`` to ``goal`` (R1-R6).

    A goal already met gives no step; a goal the rules cannot reach was refused when it was made.
    """
    if state.archived:
        raise RuleError(f"{state.name} is archived; undo the archive to plan a goal")
    if goal.met_by(state):
        return GoalPlan(goal, (), 0, 0.0)
    search = _Search.of(state, goal)
    actions = search.cheapest()
    purchases = sum(1 for action in actions if action.cost)
    xp_needed = max(0, purchases * XP_PER_PURCHASE - state.available_xp)
    funded = state.evolve(earned_xp=state.earned_xp + xp_needed)
    steps = _steps(funded, goal, actions, search)
    draft = GoalPlan(goal, steps, xp_needed, None)
    return GoalPlan(goal, steps, xp_needed, games_needed(draft, state))


# --- the search -------------------------------------------------------------------------

# A node of the search: (ability boxes still to buy other than Intelligence, Intelligence boxes,
# levels still to gain in target schools without target spells, the levels of the schools of
# target spells, spells bought in each of those schools, free school levels pending (R2), free
# spell picks pending (R2, every school full), spent XP // 100 % 2).
_Node = tuple[int, int, int, tuple[int, ...], tuple[int, ...], int, int, int]


@dataclass(frozen=True, slots=True)
class _Action:
    """One move of the search: ``kind`` is fill, intelligence, plain, level or buy; ``school``
    indexes the schools of target spells; a free school level costs nothing (R2)."""

    kind: str
    school: int = -1
    free: bool = False

    @property
    def cost(self) -> int:
        return 0 if self.free else 1


_FILL, _INTELLIGENCE = _Action("fill"), _Action("intelligence")
_PLAIN, _FREE_PLAIN = _Action("plain"), _Action("plain", free=True)


@dataclass(frozen=True)
class _Search:
    """The sheet as far as the goal cares. Spell picks a school level brings always go to a
    target spell of that school and level when one is unknown (R5: it costs nothing and any
    such target is as good as another); bonus picks (R6), bonus swaps (R6) and free spell picks
    (R2) wait to the end, where they can do anything they could have done earlier."""

    fill: int
    intelligence: int
    intelligence_goal: int
    plain: int
    schools: tuple[str, ...]
    levels: tuple[int, ...]
    level_goals: tuple[int, ...]
    wanted: tuple[tuple[int, int, int], ...]
    """Per school of target spells: its unknown target spells of level 1, 2 and 3, less the
    pending picks of that school and level that will learn them first."""
    swaps: tuple[tuple[int, int, int], ...]
    junk: int
    """Bonus spells the goal does not ask for: each may be swapped once for a target (R6)."""
    bonus: int
    any_picks: int
    free: int
    parity: int
    others_full: bool
    """Whether every school outside ``schools`` is at level 3 once the goal's levels are in."""
    alike: tuple[tuple[int, ...], ...] = ()
    left: list[list[tuple[int, int, int]]] = field(default_factory=list)
    swappable_left: list[list[int]] = field(default_factory=list)
    """Groups of schools the goal cannot tell apart (same level, goal, targets and swaps): a
    node lists their (level, buys) in order, so that the search meets each situation once."""

    @classmethod
    def of(cls, state: TitanState, goal: Goal) -> _Search:
        targets = [find_spell(name) for name in goal.spells if not state.knows(name)]
        schools = tuple(school for school in SCHOOLS if any(s.school == school for s in targets))
        picks = [c for c in state.pending if c.kind == "spell" and c.school is not None]
        wanted, swaps = [], []
        for school in schools:
            row, swap_row = [], []
            for level in (1, 2, 3):
                unknown = sum(1 for s in targets if (s.school, s.level) == (school, level))
                pending = sum(1 for c in picks if (c.school, c.level) == (school, level))
                row.append(max(0, unknown - pending))
                swap_row.append(
                    sum(
                        1
                        for c in state.pending
                        if (c.kind, c.school, c.level) == ("swap", school, level)
                    )
                )
            wanted.append((row[0], row[1], row[2]))
            swaps.append((swap_row[0], swap_row[1], swap_row[2]))
        goal_level = {
            school: max(state.schools[school], goal.schools.get(school, 0)) for school in SCHOOLS
        }
        return cls(
            fill=sum(
                max(0, boxes - state.abilities[name])
                for name, boxes in goal.abilities.items()
                if name != "intelligence"
            ),
            intelligence=state.abilities["intelligence"],
            intelligence_goal=goal.abilities.get("intelligence", 0),
            plain=sum(goal_level[s] - state.schools[s] for s in SCHOOLS if s not in schools),
            schools=schools,
            levels=tuple(state.schools[s] for s in schools),
            level_goals=tuple(goal_level[s] for s in schools),
            wanted=tuple(wanted),
            swaps=tuple(swaps),
            junk=sum(1 for k in state.spells if k.bonus and k.name not in goal.spells),
            bonus=sum(1 for c in state.pending if c.kind == "bonus"),
            any_picks=sum(1 for c in state.pending if c.kind == "spell" and c.school is None),
            free=sum(1 for c in state.pending if c.kind == "school"),
            parity=state.spent_xp // XP_PER_PURCHASE % 2,
            others_full=all(goal_level[s] == MAX_BOXES for s in SCHOOLS if s not in schools),
        )

    def __post_init__(self) -> None:
        groups: dict[object, list[int]] = {}
        for index in range(len(self.schools)):
            key = (
                self.levels[index],
                self.level_goals[index],
                self.wanted[index],
                self.swaps[index],
            )
            groups.setdefault(key, []).append(index)
        alike = tuple(tuple(group) for group in groups.values() if len(group) > 1)
        object.__setattr__(self, "alike", alike)
        # per school and level now: the targets no school pick reaches, and of those, the ones
        # a bonus swap could take (the search asks for these for every node)
        left = [
            [self._unpicked(index, now) for now in range(MAX_BOXES + 1)]
            for index in range(len(self.schools))
        ]
        object.__setattr__(self, "left", left)
        swappable = [
            [
                sum(self.swappable(index, now, left[index][now])) if self.junk else 0
                for now in range(MAX_BOXES + 1)
            ]
            for index in range(len(self.schools))
        ]
        object.__setattr__(self, "swappable_left", swappable)

    # -- what a node holds --

    def picked(self, index: int, level: int, now: int) -> int:
        """Target spells of (school, level) learned by the picks of the levels gained (R5):
        gaining level L brings one pick of each level up to L."""
        gained = max(0, now - max(self.levels[index], level - 1))
        return min(self.wanted[index][level - 1], gained)

    def unpicked(self, index: int, now: int) -> tuple[int, int, int]:
        """Target spells of the school, per level, that no school pick reaches (R5)."""
        return self.left[index][now]

    def _unpicked(self, index: int, now: int) -> tuple[int, int, int]:
        one, two, three = (
            self.wanted[index][lv - 1] - self.picked(index, lv, now) for lv in (1, 2, 3)
        )
        return one, two, three

    def swappable(self, index: int, now: int, unpicked: Sequence[int]) -> list[int]:
        """Per level, the unpicked targets the bonus swaps of (school, level) could take: those
        pending and, with a junk bonus spell known, one per level gained (R6)."""
        swaps = [
            self.swaps[index][level - 1]
            + (1 if self.junk and self.levels[index] < level <= now else 0)
            for level in (1, 2, 3)
        ]
        return [min(left, offered) for left, offered in zip(unpicked, swaps, strict=True)]

    def covered(self, node: _Node) -> bool:
        """Whether the target spells left after the school picks can all be learned at the end:
        bought ones, then bonus swaps of junk bonus spells (R6), bonus picks of a school level
        the Titan has (R6) and free picks of any spell (R2)."""
        _, intelligence, _, levels, buys, _, any_picks, _ = node
        bonus = self.bonus + intelligence - self.intelligence
        beyond = eligible = swappable = 0
        for index, now in enumerate(levels):
            unpicked = self.unpicked(index, now)
            alone = can_swap = 0
            for level, left in enumerate(unpicked, start=1):
                if level > now:
                    beyond += left
                    continue
                swaps = self.swaps[index][level - 1]
                if self.junk and self.levels[index] < level <= now:
                    swaps += 1
                can_swap += min(left, swaps)
                alone += left - min(left, swaps)
                eligible += left
            eligible -= buys[index]
            swappable += max(0, can_swap - max(0, buys[index] - alone))
        if beyond > any_picks:
            return False
        return eligible - min(self.junk, swappable) <= bonus + any_picks - beyond

    def done(self, node: _Node) -> bool:
        fill, intelligence, plain, levels, _, _, _, _ = node
        return (
            fill == 0
            and intelligence >= self.intelligence_goal
            and plain == 0
            and all(now >= goal for now, goal in zip(levels, self.level_goals, strict=True))
            and self.covered(node)
        )

    # -- moves --

    def moves(self, node: _Node) -> list[tuple[_Action, _Node]]:
        fill, intelligence, plain, levels, buys, free, any_picks, parity = node
        if free:  # a free level is placed as soon as it comes: where is the only choice (R2)
            placed: list[tuple[_Action, _Node]] = []
            if plain:
                placed.append(
                    (
                        _FREE_PLAIN,
                        self.settle(
                            (
                                fill,
                                intelligence,
                                plain - 1,
                                levels,
                                buys,
                                free - 1,
                                any_picks,
                                parity,
                            )
                        ),
                    )
                )
            for index, now in enumerate(levels):
                if now < MAX_BOXES:
                    raised = levels[:index] + (now + 1,) + levels[index + 1 :]
                    node_after = (
                        fill,
                        intelligence,
                        plain,
                        raised,
                        buys,
                        free - 1,
                        any_picks,
                        parity,
                    )
                    placed.append((_Action("level", index, free=True), self.settle(node_after)))
            if placed:
                return placed
        bought: list[tuple[_Action, _Node]] = []
        flipped = 1 - parity
        gained = free + (1 if flipped == 0 else 0)  # R2: a level each 200 XP spent
        if fill:
            bought.append(
                (_FILL, (fill - 1, intelligence, plain, levels, buys, gained, any_picks, flipped))
            )
        if intelligence < MAX_BOXES:
            bought.append(
                (
                    _INTELLIGENCE,
                    (fill, intelligence + 1, plain, levels, buys, gained, any_picks, flipped),
                )
            )
        if plain:
            bought.append(
                (_PLAIN, (fill, intelligence, plain - 1, levels, buys, gained, any_picks, flipped))
            )
        for index, now in enumerate(levels):
            if now < MAX_BOXES:
                raised = levels[:index] + (now + 1,) + levels[index + 1 :]
                bought.append(
                    (
                        _Action("level", index),
                        (fill, intelligence, plain, raised, buys, gained, any_picks, flipped),
                    )
                )
            elif buys[index] < sum(self.unpicked(index, now)):  # R5: 100 XP in a full school
                more = buys[:index] + (buys[index] + 1,) + buys[index + 1 :]
                bought.append(
                    (
                        _Action("buy", index),
                        (fill, intelligence, plain, levels, more, gained, any_picks, flipped),
                    )
                )
        return [(action, self.settle(after)) for action, after in bought]

    def settle(self, node: _Node) -> _Node:
        """R2: with every school at level 3, a free school level becomes a free spell pick."""
        fill, intelligence, plain, levels, buys, free, any_picks, parity = node
        if free and self.others_full and plain == 0 and all(now == MAX_BOXES for now in levels):
            free, any_picks = 0, any_picks + free
        if self.alike:
            placed, bought = list(levels), list(buys)
            for group in self.alike:
                for index, (now, more) in zip(
                    group, sorted((levels[i], buys[i]) for i in group), strict=True
                ):
                    placed[index], bought[index] = now, more
            levels, buys = tuple(placed), tuple(bought)
        return (fill, intelligence, plain, levels, buys, free, any_picks, parity)

    def estimate(self, node: _Node) -> int:
        """A lower bound of the purchases still needed (it keeps the A* search exact).

        Units of work left: ability boxes, levels of target schools, and for each school of
        target spells the fewest of (levels gained + its targets no school pick reaches), a
        level the school must reach for a bonus pick or a purchase of its spells (R5, R6); the
        picks the Titan holds (bonus, free, junk to swap) take one unit each. Boxes are
        purchases; a level may be a free one, and x purchases bring about x / 2 of them (R2).
        """
        fill, intelligence, plain, levels, buys, free, any_picks, parity = node
        boxes = max(0, self.intelligence_goal - intelligence)
        held = self.bonus + intelligence - self.intelligence + any_picks
        # fewest levels to gain for each count of (spells left to bonus picks or purchases,
        # spells among them a junk bonus spell could be swapped for)
        fewest: dict[tuple[int, int], int] = {(0, 0): 0}
        fewest_left = most_swaps = 0
        for index, now in enumerate(levels):
            options: dict[tuple[int, int], int] = {}
            for final in range(max(now, self.level_goals[index]), MAX_BOXES + 1):
                unpicked = self.unpicked(index, final)
                if any(unpicked[final:]) and not any_picks:
                    continue  # a spell above its school's level needs a free pick held (R2, R6)
                left = max(0, sum(unpicked) - buys[index])
                swaps = min(left, self.swappable_left[index][final])
                options[left, swaps] = min(options.get((left, swaps), MAX_BOXES + 1), final - now)
            fewest_left += min(left for left, _ in options)
            most_swaps += max(swaps for _, swaps in options)
            fewest = _merge(fewest, options, self.junk)
        held_junk = min(self.junk, most_swaps)
        covers = held + boxes  # the bonus picks held and those the Intelligence boxes bring (R6)
        spell_units = boxes + min(
            gained + max(0, left - covers - min(self.junk, swaps))
            for (left, swaps), gained in fewest.items()
        )
        held += held_junk
        # Without every school at 3 no free spell pick comes (R2): a spell no pick reaches is bought.
        must = fill + max(boxes, fewest_left - held)
        bound = self.purchases(must, fill + plain + spell_units, free, parity)
        if self.others_full:  # or every school goes to 3 and level-ups bring free spell picks
            to_full = plain + sum(MAX_BOXES - now for now in levels)
            units = fill + to_full + max(boxes, fewest_left - held)
            bound = min(bound, self.purchases(fill + boxes, units, free, parity))
        return bound

    @staticmethod
    def purchases(must: int, units: int, free: int, parity: int) -> int:
        """The fewest purchases, at least ``must``, that with the free levels pending and those
        they bring (R2: one each 200 XP spent) make ``units``."""
        bought = must
        while bought + free + (parity + bought) // 2 < units:
            bought += 1
        return bought

    def start(self) -> _Node:
        node = (
            self.fill,
            self.intelligence,
            self.plain,
            self.levels,
            (0,) * len(self.levels),
            self.free,
            self.any_picks,
            self.parity,
        )
        return self.settle(node)

    def cheapest(self) -> list[_Action]:
        """A* over the nodes, each purchase costing one (R1): the cheapest list of moves."""
        start = self.start()
        best: dict[_Node, int] = {start: 0}
        came: dict[_Node, tuple[_Node, _Action]] = {}
        tie = count()
        frontier = [(self.estimate(start), 0, next(tie), start)]
        while frontier:  # deepest first among equals: the goal is met sooner
            _, deeper, _, node = heapq.heappop(frontier)
            spent = -deeper
            if spent > best[node]:
                continue
            if self.done(node):
                path: list[tuple[_Node, _Action]] = []
                while node in came:
                    node, action = came[node]
                    path.append((node, action))
                return self.unfold(path[::-1])
            for action, after in self.moves(node):
                cost = spent + action.cost
                if cost < best.get(after, cost + 1):
                    best[after] = cost
                    came[after] = (node, action)
                    heapq.heappush(frontier, (cost + self.estimate(after), -cost, next(tie), after))
        raise RuleError("no order of purchases reaches this goal")  # every goal is reachable

    def unfold(self, path: Sequence[tuple[_Node, _Action]]) -> list[_Action]:
        """The moves of a path of sorted nodes, on real schools: a move on the k-th school of a
        group goes to any school of that group in the same situation (they are alike)."""
        levels, buys = list(self.levels), [0] * len(self.levels)
        moves: list[_Action] = []
        for node, action in path:
            index = action.school
            if index >= 0:
                group = next((g for g in self.alike if index in g), (index,))
                seen = (node[3][index], node[4][index])
                index = next(i for i in group if (levels[i], buys[i]) == seen)
                if action.kind == "level":
                    levels[index] += 1
                else:
                    buys[index] += 1
            moves.append(_Action(action.kind, index, action.free))
        return moves


def _merge(
    fewest: Mapping[tuple[int, int], int], options: Mapping[tuple[int, int], int], junk: int
) -> dict[tuple[int, int], int]:
    """Combine the ((spells left, swappable): levels gained) choices of one more school with
    those so far; no more swaps than junk bonus spells count."""
    merged: dict[tuple[int, int], int] = {}
    for (left, swaps), gained in fewest.items():
        for (more, more_swaps), extra in options.items():
            key = (left + more, min(junk, swaps + more_swaps))
            merged[key] = min(merged.get(key, gained + extra), gained + extra)
    return merged


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
                    self.do(f"choose spell {name}", SpellChosen(spell=name, pick="school"))
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
        self.then(f"spend spell {name}", SpellBought(spell=name))

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
        return f"swap bonus {choice.old} for {choice.new}"
    assert isinstance(choice, SpellChosen)
    return f"choose {choice.pick} spell {choice.spell}"


def _steps(
    state: TitanState, goal: Goal, actions: Sequence[_Action], search: _Search
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


def _walk(walk: _Walk, actions: Sequence[_Action], search: _Search) -> _Walk:
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
