"""The order of two copies' changes: when each was made, undone or redone (in UTC), where the
copies parted, and whether the other copy is this one as it was earlier (a copy a sync tool
kept from before)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from ..rules.campaign import Campaign, Change


def _moment(at: str) -> datetime:
    """A recorded time in UTC, to put changes of two copies in the order they were made."""
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        return datetime.min.replace(tzinfo=UTC)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _state(change: Change) -> tuple[str, bool, str, str]:
    return (change.id, bool(change.undone), change.undone_at, change.redone_at)


def _stamp(change: Change) -> tuple[datetime, bool]:
    """When the change was last undone or redone (and whether it is undone, for a tie)."""
    times = [t for t in (change.undone_at, change.redone_at) if t]
    latest = max((_moment(t) for t in times), default=datetime.min.replace(tzinfo=UTC))
    return latest, bool(change.undone)


def _before_later_undos(mine: Sequence[Change], theirs: Sequence[Change], fork: int) -> int:
    """Where the copies parted, moved back before any change the two share that was undone
    or redone after a change of either copy's own was made: that undo is replayed in its
    place in time, not counted as done before (which would make the later change drop it
    from the redo stack, and a merge made again give another file)."""
    while True:
        made = [_moment(c.at) for c in (*mine[fork:], *theirs[fork:])]
        if not made:
            return fork
        late = [place for place in range(fork) if _stamp(mine[place])[0] > min(made)]
        if not late:
            return fork
        fork = min(late)


def _earlier(theirs: Campaign, mine: Campaign) -> bool:
    """Whether the other copy's campaign is this one as it was earlier (a copy a sync tool
    kept from before): each of its changes is here, undone or redone here as there or later,
    or undone and dropped here since (and not redone there: that redo may be newer). Its merge brings nothing; replayed, it would
    only put this copy's changes in another order (a redo moves a change to the end)."""
    here = {c.id: c for c in mine.changes}
    dropped = {i for c in mine.changes for i in c.dropped}
    return all(
        c.id in dropped and (c.undone or not c.redone_at)  # undone here, dropped since
        if (found := here.get(c.id)) is None
        else _made(found) == _made(c)
        and set(c.dropped) <= set(found.dropped)
        and (_state(found) == _state(c) or _stamp(found) > _stamp(c))
        for c in theirs.changes
    )


def _made(change: Change) -> Change:
    """The change as made, whatever undid or redid it since."""
    return change._replace(undone=0, number=None, undone_at="", redone_at="", dropped=())
