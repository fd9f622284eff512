"""Merging another copy of the database (a sync tool's conflicted copy) into this one.

Two copies of one campaign share the changes made before they parted: the longest common
prefix of their change ids (``documents.change_id``). After it, the changes of both copies,
and their undos and redos, are replayed in the order they were made (by their recorded UTC
times), each judged again by the rules, as a redo is judged (``Campaign.record_change``,
``Campaign.undo``): the first made wins a clash; one the rules now refuse is left out, with
the rule's reason, and kept whole in ``campaigns.json.refused.json`` beside the database.
Campaigns only the other copy has come in whole; Titans only it has come in with their
changes (under a free Titan number if theirs is taken); a Titan whose file came into one
campaign alike on both copies is one Titan (``merge_changes._joined_alike``). The same copy merged twice
changes nothing, and merging A into B or B into A gives the same sheets.

This module merges the two copies' campaigns (``merge_into``); its parts: ``merge_copy`` reads
and checks the other copy, ``merge_order`` puts the two copies' changes in the order made,
``merge_replay`` replays one campaign's changes through the rules, judging each with
``merge_changes``, ``merge_deletes`` settles campaigns one copy deleted, ``merge_result`` holds
what a merge brought in and refused and words its lines, and ``merge_refused`` keeps the
refused changes in a file beside the database.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ..rules.campaign import Campaign
from ..rules.errors import RuleError
from ..rules.events import SHORT
from ..rules.names import name_key
from ..rules.printable import kept_text
from .database import Session, Stored, now_iso
from .documents import change_to_doc
from .files import StoreError
from .merge_copy import _check_same_ids
from .merge_deletes import _kept_key, _order, _seen, _touched, _unseen, _when
from .merge_order import _earlier, _moment
from .merge_refused import _refusal
from .merge_replay import _Replay
from .merge_result import Merged, Refused, _judged_again, _whole


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


def _campaign_ids(session: Session) -> dict[str, Stored]:
    return {session.campaign_doc_id(stored.id): stored for stored in session.campaigns()}


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
