"""Merging another copy of the database (a sync tool's conflicted copy) into this one.

Two copies of one campaign share the changes made before they parted: the longest common
prefix of their change ids (``documents.change_id``). After it, the changes of both copies,
and their undos and redos, are replayed in the order they were made (by their recorded UTC
times), each judged again by the rules, as a redo is judged (``Campaign.record_change``,
``Campaign.undo``): the first made wins a clash; one the rules now refuse is left out, with
the rule's reason, and kept whole in ``campaigns.json.refused.json`` beside the database.
Campaigns only the other copy has come in whole; Titans only it has come in with their
changes (under a free Titan number if theirs is taken); a Titan whose file came into one
campaign alike on both copies is one Titan (``_joined_alike``). The same copy merged twice changes
nothing, and merging A into B or B into A gives the same sheets.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from ..rules.campaign import Campaign, Change
from ..rules.errors import RuleError
from ..rules.events import (
    SHORT,
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
from ..rules.game_log import entry_text
from ..rules.names import name_key, quoted
from ..rules.printable import kept_text, shown
from ..rules.titan import BRING_BACK, NO_CREATION
from .database import Database, Session, Stored, now_iso
from .documents import EXPORT_FORMAT, REFUSED_FORMAT, change_to_doc
from .exchange import ExportFile, check_export, export_tables, read_export
from .files import NotJson, StoreError, parse_json, read_bytes, write_atomically
from .upgrade import NoSchema

AFTER_BRINGING_BACK = "to have this change, bring the Titan back and enter it again"
"""What to do with a change refused as made to an archived Titan (the rules' own advice, to
bring the Titan back first, would not bring it in)."""


class Refused(NamedTuple):
    """A change (or an undo, or a whole campaign) the rules refused in a merge, and why."""

    campaign: str
    what: str
    reason: str
    kept: dict[str, Any]
    """The change's document (or the campaign's) as it was in its copy, whole."""
    alike: bool = False
    """Made alike on both copies (``_already_so``): nothing of it is lost, the one made first
    stands; kept beside the database all the same, as every change a merge leaves out is."""

    @property
    def line(self) -> str:
        """As a merge lists it: "refused: WHAT: WHY", or "= WHAT: WHY" when made alike."""
        return f"{'=' if self.alike else 'refused:'} {self.what}: {self.reason}"


class Merged(NamedTuple):
    """What a merge brought in from the other copy, and what the rules refused."""

    source: str
    brought: tuple[str, ...]
    """The lines of the other copy's changes (and undos) that came in."""
    refused: tuple[Refused, ...]
    campaigns: tuple[str, ...]
    """The campaigns that came in whole."""
    refused_before: int = 0
    """Changes refused again that an earlier merge of this copy refused and kept."""
    deletes: tuple[str, ...] = ()
    """What became of campaigns one copy deleted: kept deleted, or kept (changed after)."""
    kept_deleted: tuple[str, ...] = ()
    """Each campaign this merge kept deleted for the first time against the copy's version of
    it (``_kept_key``): said once, and remembered beside the database not to say it again."""
    unchanged: bool = False
    """The database stays as it was (say every change of the copy was refused): no merge is
    saved, so there is none for ``undo`` to take back."""
    judged: tuple[str, ...] = ()
    """This copy's games whose award the merge judged again, as the changes now come in the
    order made (a Wisdom box the other copy bought before the game, R8)."""
    differs: tuple[str, ...] = ()
    """Changes both copies hold under one id whose documents differ (a hand edit of one)."""

    @property
    def refusals(self) -> tuple[Refused, ...]:
        """The changes the rules refused (not those made alike on both copies)."""
        return tuple(refused for refused in self.refused if not refused.alike)

    @property
    def alike(self) -> tuple[Refused, ...]:
        """Changes both copies made alike (each renamed Osk "Oskar"): the first made stands."""
        return tuple(refused for refused in self.refused if refused.alike)

    @property
    def brings_nothing(self) -> bool:
        """Nothing comes in and nothing is refused: the database has every change of the copy."""
        return not (self.brought or self.campaigns or self.refusals)

    @property
    def refused_before_note(self) -> str:
        """ " (2 refused before)" when changes an earlier merge refused were refused again."""
        return f" ({self.refused_before} refused before)" if self.refused_before else ""

    @property
    def text(self) -> str:
        count = len(self.brought)
        text = f"merged {count} change{'' if count == 1 else 's'} from {self.source}"
        text = f"{text}; {len(self.refusals)} refused" if self.refusals else text
        return text + self.refused_before_note


def refused_file(database: Path) -> Path:
    """Where a database's refused changes are kept (one of the database's own files)."""
    return database.with_name(database.name + ".refused.json")


def read_copy(path: Path) -> dict[str, Any]:
    """The other copy's tables, every campaign replayed through the rules; StoreError in one
    line if it is neither a campaign database nor an export of one (saying what to give
    instead), is damaged or newer than this version."""
    try:
        raw = read_bytes(path, "campaign database or an export")
        if raw is None:
            raise StoreError(f"{path} does not exist")
        if _is_export(raw):
            return export_copy(path, read_export(path))
        return Database(path).checked_tables(raw=raw)
    except (NotJson, NoSchema) as error:
        why = f": {error.why};" if isinstance(error, NotJson) else ":"
        raise StoreError(
            f"{path} is neither a campaign database nor an export{why} give a copy of the"
            " database or a file `titan-campaign export` wrote; nothing merged"
        ) from None
    except StoreError as error:
        message = str(error).removesuffix(" (left untouched)").removesuffix("; left untouched")
        message = message.removesuffix(": upgrade titan-campaign").removesuffix(
            "; nothing imported"
        )
        raise StoreError(f"{message}; nothing merged") from None


def _is_export(raw: bytes) -> bool:
    """Whether a file reads as an export (``titan-campaign export``) rather than a database."""
    try:
        found = json.loads(raw)
    except ValueError:
        return False
    return isinstance(found, dict) and found.get("format") == EXPORT_FORMAT


def export_copy(path: Path, exported: ExportFile) -> dict[str, Any]:
    """An export as a copy of the database it was made from (``export_tables``), every
    campaign checked as an import checks it (``check_export``: a text that would act on a
    terminal is refused, as in any file imported); StoreError if anything is wrong."""
    check_export(path, exported)
    tables = export_tables(path, exported)
    return Database(path).checked_tables(raw=json.dumps(tables, ensure_ascii=False).encode())


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


class _Replay:
    """One campaign's changes after the two copies parted, replayed in the order made."""

    def __init__(
        self,
        mine: Campaign,
        theirs: Campaign,
        refused_ids: Collection[str] = frozenset(),
        refusing: Mapping[str, str] = MappingProxyType({}),
        unarchiving: Mapping[str, str] = MappingProxyType({}),
    ) -> None:
        """``refused_ids``: the changes an earlier merge refused, which stay refused (a player
        told to enter one again may have done so: brought in later, it would count twice);
        ``refusing``: changes of either copy this merge refuses, with the reason (a rename of
        the campaign to a name another campaign was given first); ``unarchiving``: archives
        of one copy this merge takes back, as the other copy went on with the Titan after
        them (``_archive_in_the_way``), with the reason."""
        self.refused_ids = refused_ids
        self.refusing = refusing
        self.unarchiving = unarchiving
        self.in_the_way: dict[str, str] = {}
        """Archives found in the way of a later change of the other copy, with the reason to
        take them back: the replay is run again without them."""
        fork = 0
        for one, other in zip(mine.changes, theirs.changes, strict=False):
            if _state(one) != _state(other):
                break
            fork += 1
        self.differs = [  # one change both copies hold, edited by hand on one of them
            f"{quoted(one.text)} is not the same on the other copy (edited by hand on one of them?):"
            " each copy keeps its own"
            for one, other in zip(mine.changes[:fork], theirs.changes, strict=False)
            if change_to_doc(0, one) != change_to_doc(0, other)
        ]
        fork = _before_later_undos(mine.changes, theirs.changes, fork)
        self.mine, self.fork = mine, fork
        droppers = {i: c for c in (*mine.changes, *theirs.changes) for i in c.dropped}
        self.dropped_on = {
            side: {i for c in copy.changes for i in c.dropped}
            for side, copy in (("mine", mine), ("theirs", theirs))
        }
        """The changes each copy dropped: undone there, then no longer redoable."""
        self.mine_rest, self.theirs_rest = mine.changes[fork:], theirs.changes[fork:]
        mine_rest = {c.id: c for c in mine.changes[fork:]}
        theirs_rest = {c.id: c for c in theirs.changes[fork:]}
        self.versions = {"mine": mine_rest, "theirs": theirs_rest}
        """Each copy's own version of a change, by id: a Titan one creates has the number
        that copy gave it, which the other copy may have given another Titan."""
        self.both = mine_rest.keys() & theirs_rest.keys()
        self.undone_here = {c.id for c in mine.changes[fork:] if c.undone}
        self.theirs_only = theirs_rest.keys() - mine_rest.keys()
        self.picked: dict[str, tuple[str, Change]] = {}
        self.left_out: list[tuple[str, Change, Change]] = []
        """Changes in effect in one copy that the other undid and then dropped (a later
        change of their Titans): left out, and said to be (side, change, the dropping one)."""
        for side, rest in (("mine", mine_rest), ("theirs", theirs_rest)):
            for change_id, change in rest.items():
                dropper = droppers.get(change_id)
                if dropper is not None and change.redone_at and not change.undone:
                    del droppers[change_id]  # redone on one copy: the redo stands, not the drop
                elif dropper is not None:
                    if not change.undone:
                        self.left_out.append((side, change, dropper))
                    continue
                known = self.picked.get(change_id)
                if known is None or (  # undone on one copy only: the later undo or redo wins
                    bool(change.undone) != bool(known[1].undone)
                    and _stamp(change) > _stamp(known[1])
                ):
                    self.picked[change_id] = (side, change)  # else this copy's own stays
        self.dropped_by = {
            change_id: tuple(
                dropped
                for dropped in dict.fromkeys(
                    (*mine_rest[change_id].dropped, *theirs_rest[change_id].dropped)
                    if change_id in self.both
                    else self.picked[change_id][1].dropped
                )
                if dropped in droppers
            )
            for change_id in self.picked
        }
        self.brought: list[str] = []
        self.named = {"mine": _names_before(mine), "theirs": _names_before(theirs)}
        self.names = {"mine": mine.names(), "theirs": theirs.names()}
        self.entries = {"mine": _entries_before(mine), "theirs": _entries_before(theirs)}
        self.refused: list[Refused] = []
        self.corrections_undone = {  # corrections that end undone: they clash with nothing
            cid
            for cid, (_, change) in self.picked.items()
            if change.undone
            and any(
                isinstance(e, GameCorrected | GameRemoved)
                for added in change.events.values()
                for e in added
            )
        }

    def base(self) -> Campaign:
        """This copy's campaign as it was when the copies parted."""
        prefix = self.mine.changes[: self.fork]
        renames = [c.campaign_renamed for c in prefix if c.campaign_renamed and not c.undone]
        later = [c.campaign_renamed for c in self.mine.changes[self.fork :] if c.campaign_renamed]
        name = renames[-1][1] if renames else (later[0][0] if later else self.mine.name)
        return Campaign(name, self.mine.base_xp, self.mine.created).with_changes(prefix)

    def _steps(self) -> list[tuple[datetime, int, int, int, str, Change]]:
        """Each copy's changes after they parted (and their undos), in the order made: by
        time, each copy's own order kept (a clock set back never reorders them); changes of
        the same second by their place in their copy's log, so that those both copies hold
        keep the order they have in both, whichever copy each is read from; then one copy's
        first (the same whichever is merged)."""
        rests = {"mine": self.mine_rest, "theirs": self.theirs_rest}
        ranks = sorted(rests, key=lambda side: [c.id for c in rests[side]])
        places: dict[str, dict[str, datetime]] = {}
        for side, rest in rests.items():
            latest = datetime.min.replace(tzinfo=UTC)
            places[side] = {}
            other = "theirs" if side == "mine" else "mine"
            for change in rest:
                # placed when it was made, not when it was redone: an undo and a redo on one
                # copy neither make it lose to a change the other copy made later, nor move
                # it after a change both hold after it (a change its copy made in between
                # still comes first, as in that copy's log: ``latest``). One the other copy
                # had too and dropped, undone before they parted, is placed at its redo:
                # the other copy's changes were made while it was taken back on both
                made = _moment(
                    change.redone_at or change.at
                    if change.id in self.dropped_on[other]
                    else change.at
                )
                if change.undone:  # out of effect: no change after it in the log waits for it
                    places[side][change.id] = max(latest, made)
                    continue
                latest = max(latest, made)
                places[side][change.id] = latest
        steps = []
        for side, rest in rests.items():
            for index, change in enumerate(rest):
                if self.picked.get(change.id, ("", change))[0] != side:
                    continue
                # one both hold, at the later of its two places (the same whichever copy is
                # merged into which: a redo that moved it on one copy moves it in the merge)
                latest = max(place[change.id] for place in places.values() if change.id in place)
                rank = ranks.index(side)
                steps.append((latest, index, rank, 0, side, change))
                if change.undone:
                    # undone on both copies: at the later undo (the other copy's changes
                    # made before it had it in effect), whichever copy is merged into which
                    undone = max(
                        (_moment(c.undone_at) for c in self._versions_of(change.id) if c.undone_at),
                        default=latest,
                    )
                    steps.append((max(undone, latest), index, rank, 1, side, change))
        steps.sort(key=lambda step: step[:4])
        return steps

    def _versions_of(self, change_id: str) -> list[Change]:
        """Each copy's version of a change, undone there (one or two)."""
        return [
            rest[change_id]
            for rest in self.versions.values()
            if change_id in rest and rest[change_id].undone
        ]

    def run(self) -> Campaign:
        campaign = self.base()
        for side, change, dropper in self.left_out:
            if side == "theirs" and dropper.id in self.both:
                continue  # this copy left it out already (an earlier merge): nothing changes
            where = "this copy" if side == "theirs" else "the other copy"
            reason = (
                f"{where} undid it, and its change {quoted(dropper.text)} made it no longer redoable"
                ": enter it again if it should stand"
            )
            what = self._said(change, side, "taken back on this copy" if side == "mine" else "")
            self.refused.append(Refused(campaign.name, what, reason, _kept(change)))
        steps = [(undo, change.id, side, change) for *_, undo, side, change in self._steps()]
        known = {tid for c in campaign.changes for tid in c.events}  # since before they parted
        titans: dict[tuple[str, int], int] = {}
        in_effect: set[str] = set()
        unarchived: set[tuple[str, int]] = set()  # each copy's Titans whose archive is taken back
        for undo, change_id, side, change in steps:
            ours = side == "theirs" and change_id in self.theirs_only
            if undo:
                if change_id not in in_effect:
                    continue
                try:
                    campaign, _ = campaign.undo(change_id=change_id, at=change.undone_at)
                except RuleError as error:
                    self._refuse(campaign, str(error), change, side, undo=True)
                    continue
                if side == "theirs" and change.undone_at and change_id not in self.undone_here:
                    self.brought.append(f"undo: {change.text}")  # not when undone here too
                continue
            if change_id in self.refusing:
                self._refuse(campaign, self.refusing[change_id], change, side)
                continue
            if change_id in self.unarchiving:
                self._refuse(campaign, self.unarchiving[change_id], change, side)
                unarchived.update((side, tid) for tid in change.events)
                continue
            if _brings_back(change) and change.events.keys() <= {
                tid for each, tid in unarchived if each == side
            }:  # its archive taken back: nothing to bring back
                unarchived.difference_update((side, tid) for tid in change.events)
                reason = "its archive is taken back in this merge: nothing to bring back"
                self.refused.append(
                    Refused(campaign.name, self._said(change, side), reason, _kept(change), True)
                )
                continue
            if ours and change_id in self.refused_ids:
                self._refuse(campaign, "refused by an earlier merge", change, side)
                continue
            alike = _joined_alike(campaign, change)
            if alike is not None:  # her file imported on both copies: she is one Titan
                tid, here = alike
                titans[(side, tid)] = here
                stands = f"her file came in on both copies: she is here once, as {campaign.names()[here]}"
                said = self._said(change, side)
                self.refused.append(Refused(campaign.name, said, stands, _kept(change), True))
                continue
            events: dict[int, tuple[Event, ...]] = {}
            new: dict[int, int] = {}
            for tid, added in change.events.items():
                mapped = titans.get((side, tid), tid if tid in known else None)
                if mapped is None and any(isinstance(e, Created) for e in added):
                    used = {t for c in campaign.changes for t in c.events} | set(new.values())
                    mapped = tid if tid not in used else max(used) + 1
                    new[tid] = mapped
                if mapped is None:
                    reason = "its Titan's creation was refused"
                    self._refuse(campaign, reason, change, side)
                    break
                events[mapped] = added
            else:
                made_change = change._replace(
                    events=events,
                    undone=0,
                    number=None,
                    undone_at="",
                    dropped=self.dropped_by[change_id],
                )
                if change_id not in self.both and _already_so(campaign, made_change):
                    stands = (  # the one made first stands: this change is the later
                        "the other copy's, made first, is kept in its place (the same change)"
                        if side == "mine"
                        else "this copy's came first and stands"
                    )
                    said, reason = self._said(change, side), f"made on both copies; {stands}"
                    self.refused.append(Refused(campaign.name, said, reason, _kept(change), True))
                    continue
                try:
                    self._check_renamed(campaign, side, made_change, change.events)
                    if change_id not in self.both:
                        self._check_corrected(campaign, side, made_change, change.events)
                    campaign = campaign.record_change(made_change, made_elsewhere=True).campaign
                except RuleError as error:
                    if not change.undone:
                        with suppress(RuleError):  # a history broken by hand: refused as it is
                            self._archive_in_the_way(campaign, side, made_change, change.events)
                    # a change the merge refuses stays refused: bringing the Titan back
                    # first does not bring it in (a merge never brings it in again)
                    reason = str(error).replace(BRING_BACK, AFTER_BRINGING_BACK)
                    if reason == NO_CREATION:
                        where = "this copy" if side == "theirs" else "the other copy"
                        reason = f"the Titan's joining was undone meanwhile on {where}"
                    self._refuse(campaign, reason, change, side)
                    continue
                sides = ("mine", "theirs") if change_id in self.both else (side,)
                for each in sides:  # each copy's number for the Titans it created
                    created = _created(self.versions[each][change_id])
                    titans.update(zip(((each, tid) for tid in created), new.values()))
                in_effect.add(change_id)
                if ours:
                    self.brought.append(self._said(change, side))
                elif side == "theirs" and change_id in self.undone_here and not change.undone:
                    self.brought.append(f"redo: {self._said(change, side)}")
        return campaign

    def _archive_in_the_way(
        self,
        campaign: Campaign,
        side: str,
        change: Change,
        events: Mapping[int, tuple[Event, ...]],
    ) -> None:
        """A change refused only because the other copy archived one of its Titans before it
        was made (and after the copies parted): that copy's archive is noted to be taken back
        (``in_the_way``), as this copy went on with the Titan. An archive is one command to
        make again; a game night is not."""
        other = "theirs" if side == "mine" else "mine"
        archives: dict[str, int] = {}
        for tid in change.events:
            if tid not in campaign.histories or not campaign.state(tid).archived:
                continue
            made = [c for c in campaign.changes if not c.undone and _archives(c, tid)]
            if not made or made[-1].id in self.both:
                return
            if self.picked.get(made[-1].id, ("", made[-1]))[0] != other:
                return
            archives[made[-1].id] = tid
        if not archives:
            return
        without = tuple(
            c._replace(undone=len(campaign.changes)) if c.id in archives else c
            for c in campaign.changes
        )
        trial = Campaign(campaign.name, campaign.base_xp, campaign.created, without)
        try:
            self._check_renamed(trial, side, change, events)
            self._check_corrected(trial, side, change, events)
            trial.record_change(change, made_elsewhere=True)
        except RuleError:
            return  # refused for another reason too
        where = "this copy" if side == "mine" else "the other copy"
        names = campaign.names()
        for archive_id, tid in archives.items():
            name = names.get(tid, f"Titan {tid}")
            self.in_the_way.setdefault(
                archive_id,
                f"{where} went on with {name} after it ({quoted(change.text)}), kept instead;"
                f" archive {name} again if it should stand",
            )

    def _check_renamed(
        self,
        campaign: Campaign,
        side: str,
        change: Change,
        events: Mapping[int, tuple[Event, ...]],
    ) -> None:
        """A rename of a Titan that the other copy renamed meanwhile is refused: both renamed
        it, and the first made wins."""
        before = self.named[side].get(change.id, {})
        names = campaign.names()
        for (tid, added), mapped in zip(events.items(), change.events, strict=True):
            was = before.get(tid)
            now = names.get(mapped)
            renamed = any(isinstance(e, Renamed) for e in added)
            if renamed and was is not None and now is not None and name_key(was) != name_key(now):
                where = "this copy" if side == "theirs" else "the other copy"
                raise RuleError(f'{was} was renamed "{now}" meanwhile on {where}')

    def _check_corrected(
        self,
        campaign: Campaign,
        side: str,
        change: Change,
        events: Mapping[int, tuple[Event, ...]],
    ) -> None:
        """A correction of a Titan's entry in a game (or the Titan taken out of it) that the
        other copy changed meanwhile (the entry, the game's date or scenario, or the Titan
        taken out) is refused: the first made wins, as it would put back what the other copy
        changed. The same correction made on both copies is no clash, nor one with a correction
        its copy undid later (that undo comes in too)."""
        where = "this copy" if side == "theirs" else "the other copy"
        standing: Mapping[int, tuple[Event, ...]] | None = None  # found at the first correction
        for (tid, added), mapped in zip(events.items(), change.events, strict=True):
            for event in added:
                if not isinstance(event, GameCorrected | GameRemoved):
                    continue
                if standing is None:
                    standing = self._standing(campaign)
                was = self.entries[side].get((change.id, tid, event.game, event.played_in))
                now = _entry(standing.get(mapped, ()), event.game, event.played_in)
                name = campaign.names().get(mapped, f"Titan {mapped}")
                if was is not None and now is None:
                    played = event.played_in or any(
                        _entry(each, event.game, "") is not None for each in standing.values()
                    )  # else the whole game is gone: undone
                    raise RuleError(
                        f"{name} was taken out of game {event.game} meanwhile on {where}"
                        if played
                        else f"game {event.game} was undone meanwhile on {where}"
                    )
                made = _entry((event,), event.game, event.played_in)
                if was is None or now is None or now in (was, made):  # (the same correction)
                    continue
                if (was.outcome, was.survivors) == (now.outcome, now.survivors):
                    scenario = f", {now.scenario}" if now.scenario else ""
                    raise RuleError(
                        f"game {event.game}'s date or scenario was corrected meanwhile on {where}"
                        f" (played {now.date}{scenario} now)"
                    )
                raise RuleError(f"game {event.game} was corrected for {name} meanwhile on {where}")

    def _standing(self, campaign: Campaign) -> Mapping[int, tuple[Event, ...]]:
        """Each Titan's history in ``campaign`` without the corrections their copy undid later
        (their undo comes in too)."""
        if not any(c.id in self.corrections_undone for c in campaign.changes if not c.undone):
            return campaign.histories
        changes = tuple(
            c._replace(undone=1) if c.id in self.corrections_undone else c for c in campaign.changes
        )
        return Campaign(campaign.name, campaign.base_xp, campaign.created, changes).histories

    def _said(self, change: Change, side: str, note: str = "") -> str:
        return _said(change, self.names[side], note)

    def _refuse(
        self,
        campaign: Campaign,
        reason: str,
        change: Change,
        side: str,
        undo: bool = False,
    ) -> None:
        """A change refused (``undo``: its undo); one of this copy's own (``side`` "mine") is
        said to be, as the merge takes it back. One its copy had undone is kept aside too (it
        was not in effect, but it could have been redone: never lost), said so."""
        if undo:  # the undo refused, the change stands
            what = f"undo: {change.text}"
            what += " (made on this copy: taken back)" if side == "mine" else ""
        elif change.undone:
            what = self._said(
                change, side, "undone on its copy: kept aside, no longer to be redone"
            )
        else:
            mine = side == "mine" and change.id not in self.both
            what = self._said(change, side, "made on this copy: taken back" if mine else "")
        self.refused.append(Refused(campaign.name, what, reason, _kept(change)))


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


def _said(change: Change, names: Mapping[int, str], note: str = "") -> str:
    """A change as a merge says it, with ``note`` in brackets; a game recorded with its date
    and each Titan's entry (result and figures), as two copies may each hold a "game 1
    recorded for Thorn and Mira" of their own. ``names``: the Titans' names in the copy it
    was made in, by that copy's numbers."""
    played = {
        f"{names.get(tid, '')} {entry_text(event.outcome, None)}".strip(): event.date
        for tid, added in change.events.items()
        for event in added
        if isinstance(event, GameRecorded)
    }
    dates = ", ".join(sorted(set(played.values())))
    notes = [f"played {dates}: {'; '.join(played)}" if played else "", note]
    said = "; ".join(each for each in notes if each)
    return f"{change.text} ({said})" if said else change.text


def _created(change: Change) -> list[int]:
    """The numbers of the Titans ``change`` creates, in its order."""
    return [
        tid for tid, added in change.events.items() if any(isinstance(e, Created) for e in added)
    ]


def _kept(change: Change) -> dict[str, Any]:
    """A refused change's document, as it is kept beside the database."""
    doc = change_to_doc(0, change)
    del doc["campaign"]
    return doc


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


def _judged_again(before: Campaign, after: Campaign) -> list[str]:
    """The games of this copy's Titans whose entry the merge kept but whose award it judged
    again, and the honor guard members it slew or brought back (a correction of the last
    game's survivors), each said as a player reads it."""
    said: list[str] = []
    for titan_id in before.titan_ids:
        was_history, history = before.histories.get(titan_id), after.histories.get(titan_id)
        if not was_history or not history or was_history == history:
            continue
        if was_history[0] != history[0]:  # another Titan under this number now
            continue
        try:
            was_state, state = before.state(titan_id), after.state(titan_id)
        except RuleError:
            continue
        was_games = {(game.game, game.played_in): game for game in was_state.games}
        for game in state.games:
            was = was_games.get((game.game, game.played_in))
            if was is None or was.outcome != game.outcome or was.award.total == game.award.total:
                continue
            change = game.award.total - was.award.total
            said.append(
                f"{state.name}: game {game.game} judged again: {game.award.total} XP"
                f" ({change:+d} XP) (R8)"
            )
        was_guard, guard = Counter(was_state.honor_guard), Counter(state.honor_guard)
        for members, how in ((was_guard - guard, "left"), (guard - was_guard, "is back in")):
            if members:
                named = ", ".join(members.elements())
                said.append(f"{state.name}: {named} {how} the honor guard (R9)")
    return said


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


def _replayed(
    session: Session,
    both: Mapping[str, Stored],
    theirs: Mapping[str, Stored],
    refused_ids: Collection[str],
) -> dict[str, tuple[_Replay, Campaign]]:
    """Each campaign both copies hold, by id, replayed (``_Replay``) and merged. Two campaigns
    the merge would give one name (each copy renamed one to it) are told apart as a clash of
    two renames: the rename made later is refused, and the campaign keeps its name."""
    refusing: dict[str, dict[str, str]] = {}
    unarchiving: dict[str, dict[str, str]] = {}
    while True:
        done = {}
        for campaign_id, stored in both.items():
            replay = _Replay(
                stored.campaign,
                theirs[campaign_id].campaign,
                refused_ids,
                refusing.get(campaign_id, {}),
                unarchiving.get(campaign_id, {}),
            )
            done[campaign_id] = (replay, _compact(replay.run()))
        found = False  # archives in the way of the other copy's later changes: taken back
        for campaign_id, (replay, _) in done.items():
            taking = unarchiving.setdefault(campaign_id, {})
            found = found or not replay.in_the_way.keys() <= taking.keys()
            taking.update({i: why for i, why in replay.in_the_way.items() if i not in taking})
        if found:
            continue
        later = _named_later(session, done)
        if later is None:
            return done
        campaign_id, change_id, reason = later
        refusing.setdefault(campaign_id, {})[change_id] = reason


def _named_later(
    session: Session, done: Mapping[str, tuple[_Replay, Campaign]]
) -> tuple[str, str, str] | None:
    """Of two campaigns of one name once merged, the one renamed so later by a rename this
    merge replays: its id, that rename's id and the reason to refuse it; None if no two
    campaigns share a name; RuleError if no such rename named one."""
    names = {
        campaign_id: stored.campaign.name for campaign_id, stored in _campaign_ids(session).items()
    }
    names.update({campaign_id: merged.name for campaign_id, (_, merged) in done.items()})
    for name in names.values():
        same = [other for other, its in names.items() if name_key(its) == name_key(name)]
        renames = []
        for one in same if len(same) > 1 else ():
            if one not in done:
                continue
            replay, merged = done[one]
            last = [c for c in merged.changes if c.campaign_renamed and not c.undone]
            if last and last[-1].id in replay.picked:  # renamed after the copies parted
                renames.append((_moment(last[-1].redone_at or last[-1].at), last[-1].id, one))
        if renames:
            _, change_id, later = max(renames)
            first = next(names[other] for other in same if other != later)
            return later, change_id, f'another campaign was named "{first}" first'
        if len(same) > 1:
            raise RuleError(f'two campaigns would be named "{name}"')
    return None


def _compact(campaign: Campaign) -> Campaign:
    """The campaign with its undone changes' order numbered 1, 2, ... (as undone), so that a
    merge made again gives the same file."""
    undone = sorted((c.undone, place) for place, c in enumerate(campaign.changes) if c.undone)
    order = {place: number for number, (_, place) in enumerate(undone, start=1)}
    changes = tuple(
        c._replace(undone=order[place]) if c.undone else c
        for place, c in enumerate(campaign.changes)
    )
    return campaign.numbered(changes)


def _touched(campaign: Campaign, deletion: Mapping[str, Any] | None) -> datetime:
    """When the campaign was last changed in its copy: a change made, undone or redone, or a
    backup that brought it back after its delete (``deletion``, that copy's record of it)."""
    times = [t for c in campaign.changes for t in (c.at, c.undone_at, c.redone_at) if t]
    if deletion is not None and deletion.get("restored_at"):
        times.append(str(deletion["restored_at"]))
    return max((_moment(t) for t in times), default=datetime.min.replace(tzinfo=UTC))


def _when(deletion: Mapping[str, Any]) -> str:
    return f"on {str(deletion['at'])[:16].replace('T', ' ')}"


def _order(deletion: Mapping[str, Any]) -> tuple[datetime, str]:
    return _moment(str(deletion["at"])), str(deletion["id"])


def _seen(campaign: Campaign, deletion: Mapping[str, Any]) -> list[str]:
    """The ids of the campaign's changes the copy that deleted it had then (up to its latest
    change then); the rest were made after, on the other copy."""
    ids = [change.id for change in campaign.changes]
    last = str(deletion.get("last_change", ""))
    return ids[: ids.index(last) + 1] if last in ids else []


def _unseen(campaign: Campaign, deletion: Mapping[str, Any], why: str) -> list[Refused]:
    """The campaign, kept whole as refused, when it holds changes the copy that deleted it
    never saw (made after its latest change then): nothing typed is lost."""
    seen = set(_seen(campaign, deletion))
    unseen = [change.text for change in campaign.changes if change.id not in seen]
    if not unseen:
        return []
    kept: dict[str, Any] = {"name": campaign.name, "base_xp": campaign.base_xp}
    kept["changes"] = [change_to_doc(0, c) for c in campaign.changes]
    listed = "; ".join(unseen[:3]) + ("; ..." if len(unseen) > 3 else "")
    count = f"{len(unseen)} change{'' if len(unseen) == 1 else 's'}"
    reason = f"{why}; {count} in it that the delete never saw: {listed}"
    return [Refused(campaign.name, _whole(campaign.name), reason, kept)]


def _whole(name: str) -> str:
    """A whole campaign refused, as a merge says it (two refused at once are told apart)."""
    return f"the whole campaign {quoted(name)}"


def _campaign_ids(session: Session) -> dict[str, Stored]:
    return {session.campaign_doc_id(stored.id): stored for stored in session.campaigns()}


UNDONE = "merge_undone_at"
"""A key of a refused change kept beside the database: when the merge that refused it was
undone (the next merge of the copy tells it again, and keeps it again)."""


def _refusal(what: str, kept: Any) -> str:
    return json.dumps([what, kept], sort_keys=True, ensure_ascii=False)


def _refusals_in_force(found: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The refusals kept in the file of refused changes (``found``, as ``check_refused``
    reads it), but for those of a merge undone since."""
    entries = found.get("refused")
    return [
        e
        for e in (entries if isinstance(entries, list) else [])
        if isinstance(e, dict) and UNDONE not in e
    ]


def refused_before(found: Mapping[str, Any]) -> set[str]:
    """The refusals kept in the file of refused changes (``_refusal``)."""
    return {_refusal(str(e.get("what")), e.get("change")) for e in _refusals_in_force(found)}


def refused_ids(found: Mapping[str, Any]) -> set[str]:
    """The ids of the changes earlier merges refused (``_refusals_in_force``; not those made
    alike on both copies, which are judged alike again)."""
    return {
        str(e["change"]["id"])
        for e in _refusals_in_force(found)
        if isinstance(e.get("change"), dict) and e["change"].get("id") and not e.get("alike")
    }


def _kept_key(campaign_id: str, campaign: Campaign) -> str:
    """A campaign kept deleted against one copy's version of it: its id and that version's
    latest change (a copy that goes on without the delete keeps that version of it)."""
    last = campaign.changes[-1].id if campaign.changes else ""
    return f"{campaign_id} {last}".strip()


def _refused_data(database: Path) -> dict[str, Any] | None:
    try:
        return check_refused(database)
    except StoreError:
        return None


def check_refused(database: Path) -> dict[str, Any] | None:
    """The file of refused changes beside the database (None if there is none); StoreError
    if it cannot be read as one (a folder, a damaged file): what earlier merges refused is
    then unknown, and what a merge refuses could not be kept."""
    path = refused_file(database)
    raw = read_bytes(path, "file of refused changes")
    if raw is None:
        return None
    found = parse_json(path, raw, "file of refused changes")
    if not isinstance(found, dict) or found.get("format") != REFUSED_FORMAT:
        raise StoreError(f"{path} is not a file of refused changes")
    return found


def kept_deleted(found: Mapping[str, Any]) -> set[str]:
    """The campaigns merges kept deleted, against each copy's version of them (``_kept_key``),
    as remembered beside the database, in its file of refused changes (``found``)."""
    entries = found.get("kept_deleted")
    return {str(e) for e in (entries if isinstance(entries, list) else []) if isinstance(e, str)}


def _free_name(session: Session, name: str) -> str:
    """``name``, or "Side (2)" and on if a campaign here has it."""
    taken = {name_key(stored.campaign.name) for stored in _campaign_ids(session).values()}
    free, number = name, 1
    while name_key(free) in taken:
        number += 1
        free = f"{name[: SHORT - 5]} ({number})"
    return free


def _made_later_here(
    session: Session, campaign: Campaign, theirs: Collection[str]
) -> Stored | None:
    """This copy's own campaign of the name of ``campaign`` (one only the other copy has), if
    it was made after it: each copy made a campaign of that name, and the one made first keeps
    the name, whichever copy is merged into which."""
    for campaign_id, stored in _campaign_ids(session).items():
        here = stored.campaign
        if campaign_id not in theirs and name_key(here.name) == name_key(campaign.name):
            return stored if _moment(here.created) > _moment(campaign.created) else None
    return None


def _rename_made_later(session: Session, stored: Stored) -> str:
    """This copy's campaign renamed "Side (2)" (``_made_later_here``), as a change of its log
    that the other copy makes too when it merges this file; what the merge says of it."""
    old = stored.campaign.name
    name = _free_name(session, old)
    session.save(stored, stored.campaign.rename(name, now_iso()).campaign, "", names_judged=True)
    return f'campaign "{old}" of this copy renamed "{name}": the other copy made its "{old}" first'


def _add_campaign(
    session: Session, campaign: Campaign, campaign_id: str
) -> tuple[Stored, Campaign]:
    """A campaign only the other copy has, added here; if a campaign here has its name (each
    copy made one of that name), it comes in renamed "Side (2)", the rename a change of its
    own log, so that the other copy takes it too when it merges this file."""
    name = _free_name(session, campaign.name)
    added = session.add_campaign(name, campaign.base_xp, campaign.created, campaign_id)
    if name != campaign.name:
        campaign = campaign.rename(name, now_iso()).campaign
    return added, campaign


def _check_same_ids(mine: dict[str, Any], theirs: dict[str, Any], source: str) -> None:
    """StoreError if a campaign holds changes of one of this file's under another campaign id
    (an id edited or removed by hand): merged, it would come in as a second campaign."""

    def owners(tables: dict[str, Any]) -> dict[str, tuple[str, str]]:
        """Each change's id: its campaign's id and name."""
        campaigns = tables.get("campaigns", {})
        found = {}
        for change in tables.get("changes", {}).values():
            campaign = campaigns.get(str(change.get("campaign")), {})
            found[change.get("id", "")] = (str(campaign.get("id", "")), str(campaign.get("name")))
        return found

    here = owners(mine)
    for change, (theirs_id, theirs_name) in owners(theirs).items():
        mine_id, mine_name = here.get(change, (theirs_id, ""))
        if change and mine_id != theirs_id:
            raise StoreError(
                f'{source}: its campaign "{shown(theirs_name)}" holds changes of'
                f' "{shown(mine_name)}" here, under another campaign id ({theirs_id or "none"}'
                f" there, {mine_id or 'none'} here: edited by hand?); give both the same id"
                " and merge again; nothing merged"
            )


def merge_into(
    session: Session,
    other: dict[str, Any],
    source: str,
    known: Collection[str] = frozenset(),
    kept_before: Collection[str] = frozenset(),
    refused_ids: Collection[str] = frozenset(),
) -> Merged:
    """Merge the other copy's tables (``read_copy``) into the session's, as one change that
    ``undo`` takes back whole; StoreError if the copy shares no campaign with this file.
    ``known``: refusals kept before (``refused_before``), not told again; ``kept_before``:
    campaigns kept deleted before against the copy's version of them (``kept_deleted``),
    not told again; ``refused_ids``: the changes refused before, never brought in."""
    with kept_text():
        theirs = Session(session.path, other, None)
        theirs_by_id = _campaign_ids(theirs)
        theirs_deleted = theirs.deletions()
    mine_by_id = _campaign_ids(session)
    mine_deleted = session.deletions()
    mine_known = mine_by_id.keys() | mine_deleted.keys()
    if not mine_known:
        raise StoreError(
            f"{session.path} holds no campaign yet, so {source} cannot be a copy of it:"
            f" use {source} itself with --db; nothing merged"
        )
    _check_same_ids(session.tables, other, source)
    if not mine_known & (theirs_by_id.keys() | theirs_deleted.keys()):
        raise StoreError(
            f"{source} is not a copy of this campaign's history (no campaign in common); nothing merged"
        )
    before = {
        table: {key: dict(doc) for key, doc in session.tables.get(table, {}).items()}
        for table in ("campaigns", "changes", "deleted")
    }
    brought: list[str] = []
    refused: list[Refused] = []
    whole: list[str] = []
    deletes: list[str] = []
    judged: list[str] = []
    differs: list[str] = []
    kept_now: list[str] = []
    for campaign_id, here in mine_by_id.items():  # deleted on the other copy
        deletion = theirs_deleted.get(campaign_id)
        if campaign_id in theirs_by_id or deletion is None:
            continue
        name, when = here.campaign.name, _when(deletion)
        if _touched(here.campaign, mine_deleted.get(campaign_id)) > _moment(deletion["at"]):
            deletes.append(
                f'campaign "{name}" was deleted on the other copy ({when}), and changed here after the delete: kept'
            )
            continue
        refused.extend(_unseen(here.campaign, deletion, f"deleted on the other copy ({when})"))
        session.drop_campaign(here)
        session.keep_deletion(deletion)
        brought.append(f'campaign "{name}" deleted')
    # the campaigns both copies hold first: one renamed on the other copy frees its name for
    # a campaign only that copy has (brought in under another name there, see below)
    both = {cid: mine_by_id[cid] for cid in theirs_by_id if cid in mine_by_id}
    if (
        theirs_by_id.keys() <= mine_by_id.keys()
        and theirs_deleted.keys() <= mine_deleted.keys()
        and all(_earlier(theirs_by_id[cid].campaign, both[cid].campaign) for cid in both)
    ):
        return Merged(source, (), (), ())  # a copy of this file kept from earlier
    try:
        replayed = _replayed(session, both, theirs_by_id, refused_ids)
    except RuleError as error:
        raise StoreError(f"{source}: {error}; nothing merged") from None
    for campaign_id, (replay, merged) in replayed.items():
        stored = both[campaign_id]
        brought.extend(replay.brought)
        differs.extend(replay.differs)
        judged.extend(_judged_again(stored.campaign, merged))
        refused.extend(replay.refused)
        # the order of the undone changes as numbered anew (``_compact``) is no change
        as_stored = _compact(stored.campaign).changes
        if merged.name != stored.campaign.name or [change_to_doc(0, c) for c in merged.changes] != [
            change_to_doc(0, c) for c in as_stored
        ]:
            # changes kept from before the copies parted keep their place; the names were
            # judged together (two campaigns may swap them)
            session.save(stored, merged, "", names_judged=True)
    for campaign_id, other_stored in theirs_by_id.items():
        if campaign_id in both:
            continue
        other_campaign = other_stored.campaign
        deletion = mine_deleted.get(campaign_id)
        seen: set[str] = set()  # its changes this copy had when it deleted it: nothing new
        if deletion is not None:  # deleted on this copy
            name, when = other_campaign.name, _when(deletion)
            if _touched(other_campaign, theirs_deleted.get(campaign_id)) <= _moment(deletion["at"]):
                key = _kept_key(campaign_id, other_campaign)
                if key not in kept_before:  # said once for the copy's version of it
                    deletes.append(f'campaign "{name}" stays deleted (deleted here {when})')
                    kept_now.append(key)
                refused.extend(_unseen(other_campaign, deletion, f"deleted here ({when})"))
                continue
            deletes.append(
                f'campaign "{name}" was deleted here ({when}), and changed on the other copy after the delete: kept'
            )
            brought.append(f'campaign "{name}" brought back')  # a change, as its delete is
            session.forget_deletion(campaign_id)
            seen = set(_seen(other_campaign, deletion))
        later = _made_later_here(session, other_campaign, theirs_by_id.keys())
        if later is not None:
            brought.append(_rename_made_later(session, later))
        try:
            added, other_campaign = _add_campaign(session, other_campaign, campaign_id)
        except RuleError as error:
            kept = {"name": other_campaign.name, "base_xp": other_campaign.base_xp}
            kept["changes"] = [change_to_doc(0, c) for c in other_campaign.changes]
            refused.append(
                Refused(other_campaign.name, _whole(other_campaign.name), str(error), kept)
            )
            continue
        changes = tuple(c._replace(number=None) for c in other_campaign.changes)
        session.save(added, other_campaign.with_changes(changes), "")
        if not seen:
            whole.append(other_campaign.name)
            brought.append(f'campaign "{other_stored.campaign.name}" created')
        brought.extend(c.text for c in changes if c.id not in seen)
    now_here = _campaign_ids(session).keys()
    kept_deletions = session.deletions()
    for campaign_id, deletion in theirs_deleted.items():  # every copy learns every delete
        mine = kept_deletions.get(campaign_id)
        if campaign_id not in now_here and (mine is None or _order(deletion) > _order(mine)):
            session.keep_deletion(deletion)
    fresh = tuple(r for r in refused if _refusal(r.what, r.kept) not in known)
    result = Merged(
        source,
        tuple(brought),
        fresh,
        tuple(whole),
        sum(not r.alike for r in refused) - sum(not r.alike for r in fresh),
        tuple(deletes),
        tuple(kept_now),
        judged=tuple(judged),
        differs=tuple(differs),
    )
    session.saved_text = result.text
    after = {table: session.tables.get(table, {}) for table in before}
    session.merged = {
        "text": result.text,
        "kept_deleted": list(kept_now),  # forgotten again if the merge is undone
        "not_undoable": session.not_undoable_note(),  # the latest change again once undone
        "refused": [_refusal(r.what, r.kept) for r in fresh],  # told again once undone
        "before": {
            table: {
                key: before[table].get(key)
                for key in before[table].keys() | after[table].keys()
                if before[table].get(key) != after[table].get(key)
            }
            for table in before
        },
    }
    return result


def merged_campaigns(tables: Mapping[str, Any], note: Mapping[str, Any]) -> set[int]:
    """The document numbers of the campaigns a merge (``note``, ``Session.merge_note``)
    changed, brought in or deleted."""
    before = note.get("before", {})
    numbers = {int(key) for key in before.get("campaigns", {})}
    changes = tables.get("changes", {})
    for key, was in before.get("changes", {}).items():
        for doc in (was, changes.get(key)):
            if isinstance(doc, dict) and isinstance(doc.get("campaign"), int):
                numbers.add(doc["campaign"])
    return numbers


def keep_refused(database: Path, merged: Merged, at: str) -> None:
    """Add the merge's refused changes to the file beside the database (each kept once), and
    the campaigns it kept deleted (``kept_deleted``)."""
    data: dict[str, Any] = {"format": REFUSED_FORMAT, "refused": []}
    found = check_refused(database)
    if found is not None and isinstance(found.get("refused"), list):
        data = found
    for refused in merged.refused:
        data["refused"].append(
            {
                "merged_at": at,
                "from": merged.source,
                "campaign": refused.campaign,
                "what": refused.what,
                "reason": refused.reason,
                "change": refused.kept,
                **({"alike": True} if refused.alike else {}),
            }
        )
    if merged.kept_deleted:
        told = data.get("kept_deleted")
        told = told if isinstance(told, list) else []
        data["kept_deleted"] = [*told, *(key for key in merged.kept_deleted if key not in told)]
    _write_refused(database, data)


def _write_refused(database: Path, data: Mapping[str, Any]) -> None:
    """The file of refused changes beside the database, written whole."""
    payload = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    write_atomically(refused_file(database), payload.encode())


def forget_refused_since(database: Path, taken: datetime, at: str) -> None:
    """A backup taken at ``taken`` restored at ``at``: the changes merges refused since it was
    taken (their merges are taken back too) are marked as refused by a merge undone, as an
    undo of those merges marks them (kept whole, never removed), so that merging the copy
    again judges them again. A file of refused changes that cannot be read or written is
    left as it is: those changes are then told as refused before, and still kept there."""
    found = _refused_data(database)
    if found is None:
        return
    taken_back = [
        entry
        for entry in _refusals_in_force(found)
        if _moment(str(entry.get("merged_at", ""))) >= taken
    ]
    for entry in taken_back:
        entry[UNDONE] = at
    if taken_back:
        with suppress(StoreError):
            _write_refused(database, found)


def forget_kept_deleted(database: Path, merge: Mapping[str, Any], at: str) -> None:
    """A merge undone (``merge`` its note, ``Session.merge_note``) at time ``at``: the
    campaigns it was the first to keep deleted are forgotten beside the database, and the
    changes it was the first to refuse are marked as refused by a merge undone (kept whole, never
    removed), so that merging the same copy again says both again, as a first merge does."""
    undone = merge.get("kept_deleted")
    refusals = merge.get("refused")
    undone = undone if isinstance(undone, list) else []
    refusals = {r for r in refusals if isinstance(r, str)} if isinstance(refusals, list) else set()
    found = _refused_data(database)
    if (not undone and not refusals) or found is None:
        return
    told = found.get("kept_deleted")
    if isinstance(told, list):
        found["kept_deleted"] = [key for key in told if key not in undone]
    for entry in _refusals_in_force(found):
        if _refusal(str(entry.get("what")), entry.get("change")) in refusals:
            entry[UNDONE] = at
    _write_refused(database, found)
