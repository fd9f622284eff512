"""The search behind build goals (``goals.py``): an A* over a small picture of the sheet, where
each purchase costs 1 (100 XP, R1) and a free school level of a level-up costs nothing (R2).
``Search.cheapest`` gives the moves; ``goals.py`` turns them into real events and replays them.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import TYPE_CHECKING, NamedTuple

from .abilities import MAX_BOXES
from .errors import RuleError
from .spells import SCHOOLS, find_spell
from .state import XP_PER_PURCHASE, TitanState

if TYPE_CHECKING:
    from .goals import Goal


# A node of the search: (ability boxes still to buy other than Intelligence, Intelligence boxes,
# levels still to gain in target schools without target spells, the levels of the schools of
# target spells, spells bought in each of those schools, free school levels pending (R2), free
# spell picks pending (R2, every school full), spent XP // 100 % 2).
_Node = tuple[int, int, int, tuple[int, ...], tuple[int, ...], int, int, int]


class Action(NamedTuple):
    """One move of the search: ``kind`` is fill, intelligence, plain, level or buy; ``school``
    indexes the schools of target spells; a free school level costs nothing (R2)."""

    kind: str
    school: int = -1
    free: bool = False

    @property
    def cost(self) -> int:
        return 0 if self.free else 1


_FILL, _INTELLIGENCE = Action("fill"), Action("intelligence")
_PURCHASE = 16
"""The search's cost of one purchase: more than every unnamed purchase a plan can hold (at
most three Intelligence boxes), so that these only break ties between plans of equal XP."""
_PLAIN, _FREE_PLAIN = Action("plain"), Action("plain", free=True)


@dataclass(frozen=True)
class Search:
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
    def of(cls, state: TitanState, goal: Goal) -> Search:
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

    def moves(self, node: _Node) -> list[tuple[Action, _Node]]:
        fill, intelligence, plain, levels, buys, free, any_picks, parity = node
        if free:  # a free level is placed as soon as it comes: where is the only choice (R2)
            placed: list[tuple[Action, _Node]] = []
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
                    placed.append((Action("level", index, free=True), self.settle(node_after)))
            if placed:
                return placed
        bought: list[tuple[Action, _Node]] = []
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
                        Action("level", index),
                        (fill, intelligence, plain, raised, buys, gained, any_picks, flipped),
                    )
                )
            elif buys[index] < sum(self.unpicked(index, now)):  # R5: 100 XP in a full school
                more = buys[:index] + (buys[index] + 1,) + buys[index + 1 :]
                bought.append(
                    (
                        Action("buy", index),
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

    def unnamed(self, action: Action, node: _Node) -> int:
        """1 for a purchase the goal does not name: an Intelligence box beyond the goal's."""
        return 1 if action is _INTELLIGENCE and node[1] >= self.intelligence_goal else 0

    def cheapest(self) -> list[Action]:
        """A* over the nodes, each purchase costing one (R1): the cheapest list of moves, and
        among those of equal XP the one with the fewest purchases the goal does not name (a
        cost of ``_UNNAMED`` each, less than one purchase whatever their number)."""
        start = self.start()
        best: dict[_Node, int] = {start: 0}
        came: dict[_Node, tuple[_Node, Action]] = {}
        tie = count()
        frontier = [(self.estimate(start) * _PURCHASE, 0, next(tie), start)]
        while frontier:  # deepest first among equals: the goal is met sooner
            _, deeper, _, node = heapq.heappop(frontier)
            spent = -deeper
            if spent > best[node]:
                continue
            if self.done(node):
                path: list[tuple[_Node, Action]] = []
                while node in came:
                    node, action = came[node]
                    path.append((node, action))
                return self.unfold(path[::-1])
            for action, after in self.moves(node):
                cost = spent + action.cost * _PURCHASE + self.unnamed(action, node)
                if cost < best.get(after, cost + 1):
                    best[after] = cost
                    came[after] = (node, action)
                    guess = cost + self.estimate(after) * _PURCHASE
                    heapq.heappush(frontier, (guess, -cost, next(tie), after))
        raise RuleError("no order of purchases reaches this goal")  # every goal is reachable

    def unfold(self, path: Sequence[tuple[_Node, Action]]) -> list[Action]:
        """The moves of a path of sorted nodes, on real schools: a move on the k-th school of a
        group goes to any school of that group in the same situation (they are alike)."""
        levels, buys = list(self.levels), [0] * len(self.levels)
        moves: list[Action] = []
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
            moves.append(Action(action.kind, index, action.free))
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
