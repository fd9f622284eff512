"""Starting legions for the next game (R10)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import cycle, islice
from typing import NamedTuple

from .characters import LEADERSHIP_UPGRADES, TOWER_CREATURES, find_character
from .errors import RuleError
from .names import article, name_key, plural

BASE_LEGIONS = (
    ("Titan", "Centaur", "Gargoyle", "Ogre"),
    ("Angel", "Centaur", "Gargoyle", "Ogre"),
)
MAX_LEGION = 7
UPGRADED_FROM = {upgrade: creature for creature, upgrade in LEADERSHIP_UPGRADES.items()}


class LegionPlan(NamedTuple):
    """The player's picks, remembered between games (R10)."""

    charisma: tuple[str, ...] = ()
    upgrades: tuple[str, ...] = ()  # upgraded creature names: Lion, Cyclops, Troll
    placement: tuple[tuple[str, int], ...] = ()  # (character or item name, legion 1|2)

    def parts(self) -> list[str]:
        """The picks in words, one each: "Charisma: Ogre", "Leadership: Lion", "Ogre in
        legion 2"."""
        parts = [f"{name} in legion {legion}" for name, legion in self.placement]
        if self.upgrades:
            parts.insert(0, f"Leadership: {', '.join(self.upgrades)}")
        if self.charisma:
            parts.insert(0, f"Charisma: {', '.join(self.charisma)}")
        return parts


class StartingLegions(NamedTuple):
    legions: tuple[tuple[str, ...], tuple[str, ...]]
    items: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    notes: tuple[str, ...] = ()
    guard: tuple[int, int] = (0, 0)
    """How many of each legion's last characters are honor guard members."""


def upgrade_name(name: str) -> str:
    """ "Centaur" or "Lion" both mean the Leadership upgrade to a Lion (R3)."""
    creature = find_character(name).name
    if creature in LEADERSHIP_UPGRADES:
        return LEADERSHIP_UPGRADES[creature]
    if creature in UPGRADED_FROM:
        return creature
    raise RuleError(
        f"{creature} is not a Leadership upgrade: Centaur to Lion, Gargoyle to Cyclops, Ogre to Troll (R3)"
    )


def _filled(picks: Sequence[str], boxes: int, defaults: Sequence[str]) -> list[str]:
    """The player's picks, topped up with defaults to one per ability box."""
    return list(picks[:boxes]) + list(islice(cycle(defaults), max(0, boxes - len(picks))))


def _upgrades(plan: LegionPlan, charisma: int, leadership: int) -> list[str]:
    """R10: one upgrade per Leadership box: the player's picks, then defaults that still have a
    tower creature to replace (two of each in the base legions, plus the Charisma creatures)."""
    left = Counter(TOWER_CREATURES * 2) + Counter(_filled(plan.charisma, charisma, TOWER_CREATURES))
    chosen = list(plan.upgrades[:leadership])
    left.subtract(UPGRADED_FROM[upgrade] for upgrade in chosen)
    for creature in islice(cycle(TOWER_CREATURES), 3 * leadership):
        if len(chosen) >= leadership:
            break
        if left[creature] > 0:
            chosen.append(LEADERSHIP_UPGRADES[creature])
            left[creature] -= 1
    return chosen


class _Places:
    """The plan's placements by name (R10): with one placement of a name, every character of
    that name goes there; with several, the first goes to the first, the second to the
    second..., and any more to the last."""

    def __init__(self, placement: Sequence[tuple[str, int]]) -> None:
        self.left: dict[str, list[int]] = {}
        for name, legion in placement:
            self.left.setdefault(name_key(name), []).append(legion)

    def take(self, name: str) -> int | None:
        wanted = self.left.get(name_key(name))
        if not wanted:
            return None
        return wanted.pop(0) if len(wanted) > 1 else wanted[0]


def merged_placement(
    earlier: Sequence[tuple[str, int]],
    new: Sequence[tuple[str, int]],
    movable: Mapping[str, int],
) -> tuple[tuple[str, int], ...]:
    """The earlier placements with ``new`` added (R10): a name placed anew loses its earlier
    placements; the others keep theirs while there is still something of that name to place
    (``movable``, by name key, from ``movable_names``)."""
    named = {name_key(name) for name, _ in new}
    kept: list[tuple[str, int]] = []
    for name, legion in earlier:
        key = name_key(name)
        if key not in named and sum(name_key(n) == key for n, _ in kept) < movable.get(key, 0):
            kept.append((name, legion))
    return tuple(kept) + tuple(new)


def movable_names(
    plan: LegionPlan,
    charisma: int,
    leadership: int,
    honor_guard: Sequence[str],
    items: Iterable[str],
) -> Counter[str]:
    """What a placement may move, by name key and how many of each: the Charisma creatures,
    the Leadership upgrades, the honor guard and the magic items (R10)."""
    return Counter(
        name_key(name)
        for name in (
            *_filled(plan.charisma, charisma, TOWER_CREATURES),
            *_upgrades(plan, charisma, leadership),
            *honor_guard,
            *items,
        )
    )


def starting_legions(
    charisma: int,
    leadership: int,
    honor_guard: Sequence[str],
    items: Sequence[tuple[str, str]],
    plan: LegionPlan,
) -> StartingLegions:
    """R10: base legions + Charisma creatures, Leadership upgrades, then the honor guard (never
    upgraded, last in its legion); items placed.

    ``items`` are (name, type) pairs. The extras placed by the plan go first, so that one
    without a placement never takes the room of one with; those without go to the smaller
    legion.
    """
    places = _Places(plan.placement)
    creatures = [list(BASE_LEGIONS[0]), list(BASE_LEGIONS[1])]
    guard: list[list[str]] = [[], []]
    extras = [(name, creatures) for name in _filled(plan.charisma, charisma, TOWER_CREATURES)]
    extras += [(name, guard) for name in honor_guard]
    placed = [places.take(name) for name, _ in extras]
    for at in sorted(range(len(extras)), key=lambda at: placed[at] is None):
        name, kind = extras[at]
        sizes = [len(creatures[n]) + len(guard[n]) for n in (0, 1)]
        number = placed[at]
        if number is None or sizes[number - 1] >= MAX_LEGION:
            number = 1 if sizes[0] <= sizes[1] else 2
        kind[number - 1].append(name)
    notes: list[str] = []
    for upgrade in _upgrades(plan, charisma, leadership):
        creature = UPGRADED_FROM[upgrade]
        wanted = places.take(upgrade)
        first = (wanted or 1) - 1
        at = first if creature in creatures[first] else 1 - first
        creatures[at][creatures[at].index(creature)] = upgrade
        if wanted is not None and at != first:  # an upgrade moves as an extra does
            if len(creatures[first]) + len(guard[first]) < MAX_LEGION:
                creatures[at].remove(upgrade)
                creatures[first].append(upgrade)
            else:
                notes.append(f"{upgrade} stays in legion {at + 1}: legion {wanted} is full (R10)")
    legions = [creatures[0] + guard[0], creatures[1] + guard[1]]
    item_legions: list[list[str]] = [[], []]
    for name, item_type in items:
        legion_number = places.take(name) or 1
        item_legions[legion_number - 1].append(name)
        legion = legions[legion_number - 1]
        if item_type == "staff" and not any(
            find_character(c).is_lord or c == "Warlock" for c in legion
        ):
            notes.append(
                f"{name} is a staff but legion {legion_number} has no Lord or Warlock to use it (R11)"
            )
    type_of = dict(items)
    for number, (legion, held) in enumerate(zip(legions, item_legions, strict=True), start=1):
        staff_users = [c for c in legion if find_character(c).is_lord or c == "Warlock"]
        for item_type, count in Counter(type_of[name] for name in held).items():
            users = len(staff_users) if item_type == "staff" else len(legion)
            if item_type != "other" and count > users > 0:  # none: said of the staff above
                who = (
                    plural(users, "Lord or Warlock", "Lords or Warlocks")
                    if item_type == "staff"
                    else plural(users, "character")
                )
                notes.append(
                    f"legion {number} has {count} {item_type}s but {who} to use them:"
                    " a character uses at most one item of each type (R11)"
                )
    for number, legion in enumerate(legions, start=1):
        if len(legion) >= MAX_LEGION:
            notes.append(
                f"legion {number} has {len(legion)} characters: split it in the first Commencement Phase (R10)"
            )
    return StartingLegions(
        (tuple(legions[0]), tuple(legions[1])),
        (tuple(item_legions[0]), tuple(item_legions[1])),
        tuple(notes),
        (len(guard[0]), len(guard[1])),
    )


def check_plan(
    plan: LegionPlan,
    charisma: int,
    leadership: int,
    honor_guard: Sequence[str],
    items: Mapping[str, str],
) -> None:
    """R10: raise RuleError unless the plan fits the Titan's Charisma, Leadership and holdings.

    ``items`` maps each magic item's name to its type.
    """
    for name in plan.charisma:
        if name not in TOWER_CREATURES:
            said = f"Charisma adds a Centaur, Gargoyle or Ogre, not {article(name)} {name}"
            if name in UPGRADED_FROM:  # a Lion is read as an upgrade is: a Centaur upgraded
                creature = UPGRADED_FROM[name]
                said += f": {article(name)} {name} is {article(creature)} {creature}"
                said += " upgraded by Leadership"
            raise RuleError(f"{said} (R3)")
    if len(plan.charisma) > charisma:
        raise RuleError(
            f"{plural(len(plan.charisma), 'Charisma creature')} picked but"
            f" {plural(charisma, 'Charisma box', 'Charisma boxes')} checked (R10)"
        )
    if len(plan.upgrades) > leadership:
        raise RuleError(
            f"{plural(len(plan.upgrades), 'upgrade')} picked but"
            f" {plural(leadership, 'Leadership box', 'Leadership boxes')} checked (R10)"
        )
    creatures = Counter(TOWER_CREATURES * 2) + Counter(
        _filled(plan.charisma, charisma, TOWER_CREATURES)
    )
    for upgrade, picked in Counter(plan.upgrades).items():
        creature = UPGRADED_FROM[upgrade]
        if picked > creatures[creature]:
            raise RuleError(
                f"{plural(picked, f'{upgrade} upgrade')} picked but only"
                f" {plural(creatures[creature], creature)} among the starting creatures to"
                " upgrade (the honor guard's join after the upgrades) (R10)"
            )
    extras = {
        name_key(name)
        for name in (
            *_filled(plan.charisma, charisma, TOWER_CREATURES),
            *_upgrades(plan, charisma, leadership),
            *honor_guard,
            *items,
        )
    }
    for name, _legion in plan.placement:
        if name_key(name) not in extras:
            raise RuleError(
                f"nothing called {name} to place: only Charisma creatures, upgrades, honor guard and magic items move (R10)"
            )
    movable = movable_names(plan, charisma, leadership, honor_guard, items)
    placements = Counter(name_key(name) for name, _legion in plan.placement)
    for name, _legion in plan.placement:
        if placements[name_key(name)] > movable[name_key(name)]:
            have = movable[name_key(name)]
            raise RuleError(
                f"{placements[name_key(name)]} placements of {name} but {have} {name}"
                f"{'s' if have != 1 else ''} to place (R10)"
            )
    counts = [len(BASE_LEGIONS[0]), len(BASE_LEGIONS[1])]
    places = _Places(plan.placement)
    for extra in _filled(plan.charisma, charisma, TOWER_CREATURES) + list(honor_guard):
        legion = places.take(extra)
        if legion is not None:
            counts[legion - 1] += 1
    for number, count in enumerate(counts, start=1):
        if count > MAX_LEGION:
            raise RuleError(
                f"legion {number} would have {count} characters; at most {MAX_LEGION} (R10)"
            )
