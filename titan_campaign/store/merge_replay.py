"""One campaign's changes after the two copies parted, replayed in the order made (``_Replay``):
each judged again by the rules, as a redo is judged; the first made wins a clash, and a change
the rules now refuse is left out, with the rule's reason."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from contextlib import suppress
from datetime import UTC, datetime
from types import MappingProxyType

from ..rules.campaign import Campaign, Change
from ..rules.errors import RuleError
from ..rules.events import Created, Event, GameCorrected, GameRemoved, Renamed
from ..rules.names import name_key, quoted
from ..rules.titan import BRING_BACK, NO_CREATION
from .documents import change_to_doc
from .merge_changes import (
    _already_so,
    _archives,
    _brings_back,
    _created,
    _entries_before,
    _entry,
    _joined_alike,
    _names_before,
)
from .merge_order import _before_later_undos, _moment, _stamp, _state
from .merge_result import Refused, _kept, _said

AFTER_BRINGING_BACK = "to have this change, bring the Titan back and enter it again"
"""What to do with a change refused as made to an archived Titan (the rules' own advice, to
bring the Titan back first, would not bring it in)."""


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
                    campaign = self._judged(campaign, side, made_change, change.events)
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

    def _judged(
        self,
        campaign: Campaign,
        side: str,
        change: Change,
        events: Mapping[int, tuple[Event, ...]],
    ) -> Campaign:
        """``campaign`` with ``change`` of ``side`` recorded, judged as a merge judges it (a
        rename or a correction clashing with the other copy's refused, then the rules);
        RuleError if refused."""
        self._check_renamed(campaign, side, change, events)
        if change.id not in self.both:
            self._check_corrected(campaign, side, change, events)
        return campaign.record_change(change, made_elsewhere=True).campaign

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
            self._judged(trial, side, change, events)
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
