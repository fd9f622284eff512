"""Honor Guard (R9): slots by level and whether a set of members fits them."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from .characters import find_character
from .errors import RuleError
from .names import plural

SLOT_OPENS_AT = (4, 7, 10)  # R9: the level at which the first, second and third slot opens


def honor_guard_slots(level: int) -> tuple[int, ...]:
    """R9: the point caps of the Titan's honor guard slots at this level."""
    if level >= 10:
        return (75, 50, 50)
    if level >= 7:
        return (50, 50)
    if level >= 4:
        return (30,)
    return ()


def in_slot_order(members: tuple[str, ...], slots: tuple[int, ...]) -> tuple[str, ...]:
    """The members in the slots that hold them, slot 1 first: in the order the player chose
    them when each fits its slot so (the honor guard form's slot 1, slot 2...), else the most
    points first. A slot's cap is never more than the one before it (R9), so a guard that fits
    its slots at all fits them in that order (members of equal points keep their order)."""
    points = {name: find_character(name).points or 0 for name in members}
    if all(cap >= points[name] for cap, name in zip(slots, members, strict=False)):
        return members
    return tuple(sorted(members, key=lambda name: -points[name]))


def slot_assignment(points: list[int], slots: tuple[int, ...]) -> tuple[int, ...] | None:
    """Indexes of distinct slots, one per member, each cap >= the member's points; None if none."""
    for chosen in permutations(range(len(slots)), len(points)):
        if all(points[i] <= slots[slot] for i, slot in enumerate(chosen)):
            return chosen
    return None


def check_honor_guard(
    members: tuple[str, ...], level: int, survivors: tuple[str, ...] | None
) -> None:
    """R9: raise RuleError unless ``members`` may form this Titan's honor guard."""
    slots = honor_guard_slots(level)
    if not members:
        return
    if not slots:
        raise RuleError(f"no honor guard below level 4; the Titan is level {level} (R9)")
    points: list[int] = []
    for name in members:
        character = find_character(name)
        if character.is_lord:
            raise RuleError(f"{character.name} is a Lord and cannot join an honor guard (R9)")
        if character.points is None:
            raise RuleError(f"{character.name} has no Campaign point value (R9)")
        points.append(character.points)
    caps = ", ".join(str(cap) for cap in slots)
    if len(members) > len(slots):
        raise RuleError(
            f"{len(members)} members but level {level} has {len(slots)} slot"
            f"{'s' if len(slots) > 1 else ''} ({caps} points) (R9)"
        )
    for name, value in zip(members, points):
        if value > max(slots):
            raise RuleError(
                f"{name} is worth {value} points; the largest slot at level {level} holds {max(slots)} (R9)"
            )
    if slot_assignment(points, slots) is None:
        # in slot order, a member worth more than its slot: it and every member worth as much
        # need the fewer slots holding more than that slot (each fits the largest alone)
        cap = next(c for p, c in zip(sorted(points, reverse=True), slots, strict=False) if p > c)
        crowd = [f"{name} ({value})" for name, value in zip(members, points) if value > cap]
        above = [str(slot) for slot in slots if slot > cap]
        raise RuleError(
            f"{', '.join(crowd[:-1])} and {crowd[-1]} are each worth more than {cap} points;"
            f" level {level} has {plural(len(above), 'slot')} that"
            f" {'holds' if len(above) == 1 else 'hold'} more ({', '.join(above)}) (R9)"
        )
    if survivors is not None:
        survived = Counter(survivors)
        missing = Counter(members) - survived
        # a member named more often than it survived (a Unicorn twice, one Unicorn left)
        more = sorted(name for name in missing if survived[name])
        if more:
            counts = ", ".join(f"{survived[name]} {name}" for name in more)
            raise RuleError(
                f"only {counts} survived the last game; a survivor joins the guard once (R9)"
            )
        if missing:
            names = ", ".join(sorted(missing.elements()))
            raise RuleError(
                f"{names} did not survive the last game; choose from its survivors (R9)"
            )
