"""What a change does, as a merge judges it again: whether it archives a Titan, only brings
Titans back, creates them or only sets what the campaign holds already (made alike on both
copies); whether a Titan's file came in alike on both copies; and the names and game entries
just before it, in the copy it was made in."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from ..rules.campaign import Campaign, Change
from ..rules.events import (
    Archived,
    Created,
    Event,
    GameCorrected,
    GameOutcome,
    GameRecorded,
    GameRemoved,
    PlayerChanged,
    Renamed,
    Unarchived,
)


def _archives(change: Change, titan_id: int) -> bool:
    """Whether ``change`` archives the Titan."""
    return any(isinstance(e, Archived) for e in change.events.get(titan_id, ()))


def _brings_back(change: Change) -> bool:
    """Whether ``change`` only brings archived Titans back."""
    events = [e for added in change.events.values() for e in added]
    return bool(events) and all(isinstance(e, Unarchived) for e in events)


def _already_so(campaign: Campaign, change: Change) -> bool:
    """Whether ``change`` only sets what ``campaign`` holds already: the other copy renamed the
    campaign or a Titan alike, archived the Titan or brought it back, or gave it the same
    player. Made on both copies, it is no change the second time, and nothing to refuse."""
    if change.campaign_renamed:
        return not change.events and change.campaign_renamed[1] == campaign.name
    if not change.events or not change.events.keys() <= campaign.histories.keys():
        return False
    for tid, added in change.events.items():
        state = campaign.state(tid)
        for event in added:
            if isinstance(event, Renamed):
                already = event.name == state.name
            elif isinstance(event, PlayerChanged):
                already = event.player == state.player
            elif isinstance(event, Archived | Unarchived):
                already = state.archived == isinstance(event, Archived)
            else:
                return False
            if not already:
                return False
    return True


def _joined_alike(campaign: Campaign, change: Change) -> tuple[int, int] | None:
    """The Titan ``change`` brings in (her file imported) and the one she is in ``campaign``
    already, if her file came in there alike, under any name: the same Titan (her origin)
    with the same past. None if it brings in no such Titan."""
    if len(change.events) != 1:
        return None
    [(tid, added)] = change.events.items()
    joining = added[0] if added else None
    if not isinstance(joining, Created) or not joining.origin:
        return None
    for here in campaign.histories:
        if campaign.origin(here) == joining.origin:
            had = next(c for c in campaign.history(here) if here in c.events).events[here]
            if _unnamed(had) == _unnamed(added):
                return tid, here
    return None


def _unnamed(events: Sequence[Event]) -> list[dict[str, Any]]:
    """Events as a joining brings them, the name she was given aside."""
    return [
        e.model_dump(exclude={"at", "name"} if isinstance(e, Created) else {"at"}) for e in events
    ]


def _created(change: Change) -> list[int]:
    """The numbers of the Titans ``change`` creates, in its order."""
    return [
        tid for tid, added in change.events.items() if any(isinstance(e, Created) for e in added)
    ]


def _names_before(campaign: Campaign) -> dict[str, dict[int, str]]:
    """For each change that renames a Titan: the names its Titans had just before it, in the
    copy it was made in."""
    names: dict[int, str] = {}
    before: dict[str, dict[int, str]] = {}
    for change in campaign.changes:
        events = change.events.values()
        if any(isinstance(e, Renamed) for added in events for e in added):
            before[change.id] = {tid: names[tid] for tid in change.events if tid in names}
        if not change.undone:
            for tid, added in change.events.items():
                for event in added:
                    if isinstance(event, Created | Renamed):
                        names[tid] = event.name
    return before


class Entry(NamedTuple):
    """A Titan's entry in a game: the game's date and scenario, its outcome and survivors."""

    date: str
    scenario: str
    outcome: GameOutcome
    survivors: tuple[str, ...] | None


def _entry(history: Iterable[Event], game: int, played_in: str) -> Entry | None:
    """The Titan's entry in ``game`` as its ``history`` leaves it; None if it did not play it."""
    found: Entry | None = None
    for event in history:
        if not isinstance(event, GameRecorded | GameCorrected | GameRemoved):
            continue
        if (event.game, event.played_in) != (game, played_in):
            continue
        if isinstance(event, GameRemoved):
            found = None
        else:
            found = Entry(event.date, event.scenario, event.outcome, event.survivors)
    return found


def _entries_before(campaign: Campaign) -> dict[tuple[str, int, int, str], Entry | None]:
    """For each correction of a Titan's entry in a game, or the Titan taken out of it (by
    change id, Titan, game and the campaign it was played in): the entry just before it, in
    the copy it was made in."""
    histories: dict[int, list[Event]] = {}
    before: dict[tuple[str, int, int, str], Entry | None] = {}
    for change in campaign.changes:
        for tid, added in change.events.items():
            for event in added:
                if isinstance(event, GameCorrected | GameRemoved):
                    key = (change.id, tid, event.game, event.played_in)
                    before[key] = _entry(histories.get(tid, ()), event.game, event.played_in)
        if not change.undone:
            for tid, added in change.events.items():
                histories.setdefault(tid, []).extend(added)
    return before
