"""Actions on a campaign: campaigns themselves, recorded games, undo, redo and the history."""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import NamedTuple

from ..rules.campaign import Campaign, Change, GameLogEntry
from ..rules.describe import change_text, describe
from ..rules.errors import RuleError, XPAlreadySpent
from ..rules.events import (
    AbilityBought,
    Created,
    Event,
    GameCorrected,
    GameRecorded,
    GameRemoved,
    Renamed,
    SchoolGained,
)
from ..rules.game_log import changed_figures, correction_text, shown_in
from ..rules.names import and_listed, quoted
from ..rules.state import GamePlayed
from ..rules.titan import (
    Step,
    TitanState,
    apply,
    check_in_place,
    event_notes,
    wisdom_in_game,
)
from ..store import Database, Gone, Session, Stored, StoreError, now_iso
from ..store import backups as backup_files
from ..store.database import titan_gone
from ..store.merge import merged_campaigns
from ..store.merge_refused import forget_kept_deleted
from .common import (
    Done,
    Participant,
    TitanChanged,
    Unreadable,
    check_played,
)
from .ids import CampaignRef, CampaignView, TitanRef


def new_campaign(db: Database, name: str, base_xp: int) -> CampaignView:
    with db.writing() as session:
        stored = session.add_campaign(name, base_xp)
        session.saved_text = f'campaign "{stored.campaign.name}" created'
        key = session.campaign_doc_id(stored.id)
    return CampaignView(CampaignRef(key), stored.campaign)


def rename_campaign(db: Database, campaign: CampaignRef, name: str) -> Campaign:
    with db.writing() as session:
        stored = session.campaign_by_id(campaign.id)
        renamed = session.rename_campaign(stored, name)
    return renamed.campaign


def delete_campaign(db: Database, campaign: CampaignRef) -> Campaign:
    """Delete a campaign and every Titan in it (the file as it was is kept as a backup, which
    ``restore`` brings back; ``undo`` does not)."""
    with db.writing() as session:
        stored = session.campaign_by_id(campaign.id)
        session.delete_campaign(stored)
        session.saved_text = f'campaign "{stored.campaign.name}" deleted'
    return stored.campaign


def record_game(
    db: Database,
    campaign: CampaignRef,
    participants: Sequence[Participant],
    when: str | None = None,
    scenario: str = "",
    game: int | None = None,
) -> Done:
    """One game for every Titan that took part, saved as one change (R8, R9). ``game``: add
    Titans to a game already recorded (its date and scenario are kept)."""
    if not participants:
        raise RuleError("a game needs at least one Titan")
    scenario = scenario.strip()  # a scenario of spaces is none (R8: one winner)
    with db.writing() as session:
        _one_campaign(campaign, [part.titan for part in participants])
        ids = [part.titan.titan for part in participants]
        stored = session.campaign_for_ids(campaign.id, ids)
        found = stored.campaign
        earlier = found.game(game) if game is not None else None
        if game is not None and earlier is None:
            raise RuleError(
                f"no game {game} in this campaign; leave out the game number to record a new one"
            )
        if earlier is not None:
            _check_same_game(earlier, when, scenario)
        day = when or (earlier.date if earlier else date.today().isoformat())
        if when:
            check_played(when)
        named = scenario or (earlier.scenario if earlier else "")
        at = now_iso()
        seen: set[int] = set()
        for part in participants:
            titan_id = part.titan.titan
            if titan_id in seen:
                raise RuleError(f"{found.names()[titan_id]} is named twice in the game")
            seen.add(titan_id)
            if part.shown is not None and found.state(titan_id) != part.shown:
                raise TitanChanged(part.titan, found.state(titan_id), part.shown)
        number = game or found.next_game(ids)
        added = {
            part.titan.titan: [
                GameRecorded(
                    game=number,
                    date=day,
                    scenario=named,
                    outcome=part.outcome,
                    survivors=part.survivors,
                    wisdom=wisdom_in_game(found.state(part.titan.titan), number),
                )
            ]
            for part in participants
        }
        names = [found.state(tid).name for tid in ids]
        text = (
            f"{and_listed(names)} added to game {number}"
            if earlier
            else f"game {number} recorded for {and_listed(names)}"
        )
        outcome = found.record(text, added, at=at)
        session.save(stored, outcome.campaign, text)
    steps = {TitanRef(campaign, tid): outcome.steps[tid] for tid in ids}
    return Done(text, found.name, steps if earlier else _out_of_order(found, number, day, steps))


def _out_of_order(
    found: Campaign, number: int, day: str, steps: dict[TitanRef, Step]
) -> dict[TitanRef, Step]:
    """``steps``, the first Titan's noting a game dated before an earlier-numbered game or
    after a later-numbered one (a year mistyped, 2025 for 2026): the games count in the
    order of their numbers, not their dates (R9)."""
    others = [entry for entry in found.games() if entry.game != number]
    before = [e for e in others if e.game < number and e.date > day]
    after = [e for e in others if e.game > number and e.date < day]
    if before:
        other, where = max(before, key=lambda entry: entry.date), "before"
    elif after:
        other, where = min(after, key=lambda entry: entry.date), "after"
    else:
        return steps
    note = (
        f"game {number} is dated {day}, {where} game {other.game} ({other.date}): games count"
        " in the order of their numbers (R9), so check the date; a correction fixes it"
    )
    first = next(iter(steps))  # said once
    return {**steps, first: steps[first]._replace(notes=(*steps[first].notes, note))}


def _one_campaign(campaign: CampaignRef, titans: Sequence[TitanRef]) -> None:
    if any(titan.campaign != campaign for titan in titans):
        raise RuleError("the Titans of one game all play in the same campaign")


def _check_same_game(earlier: GameLogEntry, when: str | None, scenario: str) -> None:
    """A Titan added to a game recorded earlier joins that game: its date and scenario."""
    if when and when != earlier.date:
        raise RuleError(
            f"game {earlier.game} was played on {earlier.date}; leave out the date to add a Titan to it"
        )
    if scenario and scenario != earlier.scenario:
        raise RuleError(
            f"game {earlier.game} was played without a scenario; leave out the scenario to add a Titan to it"
            if not earlier.scenario
            else f'game {earlier.game} was the scenario "{earlier.scenario}"; leave out the scenario to add a Titan to it'
        )


def correct_game(
    db: Database,
    campaign: CampaignRef,
    game: int,
    entries: Sequence[Participant] = (),
    removed: Sequence[TitanRef] = (),
    when: str | None = None,
    scenario: str | None = None,
    shown: Mapping[TitanRef, TitanState] | None = None,
) -> Done:
    """Correct game ``game`` as one change, judged again by the rules (R1, R8, R9): each of
    ``entries`` replaces that Titan's entry (result, every figure, survivors); each Titan of
    ``removed`` is taken out of the game; ``when`` and ``scenario`` fix the game itself, for
    every Titan that played it. Refused whole, naming the changes to undo first, when it
    would take back XP already spent. ``shown``: the Titans as the player saw them (the game
    log), by id; refused (``TitanChanged``) if one the correction changes is no longer as
    shown (so is an entry whose ``Participant.shown`` is not)."""
    named = [part.titan for part in entries] + list(removed)
    if not named and when is None and scenario is None:
        raise RuleError(
            "nothing to correct: give TITAN:RESULT[:FIGURES], TITAN --remove, --date or --scenario"
        )
    _one_campaign(campaign, named)
    if scenario is not None:
        scenario = scenario.strip()  # a scenario of spaces is none (R8: one winner)
    with db.writing() as session:
        ids = [titan.titan for titan in named]
        stored = (  # a new date or scenario is a correction of every Titan in the game
            session.campaign_for_ids(campaign.id, ids)
            if named and when is None and scenario is None
            else session.campaign_by_id(campaign.id)
        )
        found = stored.campaign
        logged = found.game(game)
        if logged is None:
            raise RuleError(
                f"no game {game} in this campaign: the game log (l on the roster) lists them "
                "(campaign games on the command line)"
            )
        day = when or logged.date
        if when:
            check_played(when)
        called = logged.scenario if scenario is None else scenario
        events: dict[int, list[Event]] = {}
        for titan_id in ids:
            name = found.names()[titan_id]
            if titan_id in events:
                raise RuleError(f"{name} is named twice in the correction")
            if logged.entry(titan_id) is None:
                raise RuleError(
                    f"{name} did not play game {game}: a correction "
                    "changes the entries of the Titans who played it"
                )
            events[titan_id] = []
        for part in entries:
            titan_id = part.titan.titan
            events[titan_id] = [
                GameCorrected(
                    game=game, date=day, scenario=called, outcome=part.outcome,
                    survivors=part.survivors,
                )
            ]  # fmt: skip
        for titan in removed:
            events[titan.titan] = [GameRemoved(game=game)]
        if (day, called) != (logged.date, logged.scenario):
            for p in logged.participants:
                if p.titan_id not in events:
                    events[p.titan_id] = [
                        GameCorrected(
                            game=game, date=day, scenario=called, outcome=p.outcome,
                            survivors=p.survivors,
                        )
                    ]  # fmt: skip
        as_shown = {**(shown or {}), **{p.titan: p.shown for p in entries if p.shown is not None}}
        _check_shown(found, campaign, list(events), as_shown)
        text = _correction_text(found, logged, events, day, called)
        try:
            outcome = found.record(text, events, at=now_iso())
        except XPAlreadySpent as error:
            raise RuleError(_undo_first(found, error)) from None
        for titan_id in ids:  # R1 where the game stands too, not only with the XP left now
            for event in events[titan_id]:
                if isinstance(event, GameCorrected | GameRemoved):
                    check_in_place(found.histories[titan_id], event)
        session.save(stored, outcome.campaign, text)
    steps = {TitanRef(campaign, tid): outcome.steps[tid] for tid in events}
    return Done(text, found.name, _out_of_order(found, game, day, steps) if when else steps)


def correction_news(notes: Sequence[str]) -> list[str]:
    """The rules' notes on a correction that its line does not say already (the award judged
    again, XP taken back): "Cyclops survived game 4: back in the honor guard (R9)"."""
    return [note for note in notes if "judged again" not in note and "taken back" not in note]


def _check_shown(
    found: Campaign,
    campaign: CampaignRef,
    changed: Sequence[int],
    shown: Mapping[TitanRef, TitanState],
) -> None:
    """``TitanChanged`` for the first of the ``changed`` Titans no longer as ``shown``."""
    for titan_id in changed:
        titan = TitanRef(campaign, titan_id)
        was = shown.get(titan)
        if was is not None and found.state(titan_id) != was:
            raise TitanChanged(titan, found.state(titan_id), was)


def _correction_text(
    found: Campaign,
    logged: GameLogEntry,
    events: Mapping[int, Sequence[Event]],
    day: str,
    called: str,
) -> str:
    """ "game 3 corrected for Mira: score 120 -> 210, +9 XP" for each Titan whose entry
    changed, "Mira taken out of game 3: -62 XP"; the game's own date and scenario said once."""
    said = []
    if (day, called) != (logged.date, logged.scenario):
        first = logged.participants[0].played
        fixed = changed_figures(first, first._replace(date=day, scenario=called))
        said.append(f"game {logged.game} corrected: {', '.join(fixed)}")
    for titan_id, added in events.items():
        old = logged.entry(titan_id)
        assert old is not None
        if isinstance(added[0], GameRemoved):
            said.append(correction_text(old.titan, old.played, None))
            gold = sum(
                line.amount
                for line in found.state(titan_id).gold_ledger
                if (line.game, line.played_in) == (logged.game, added[0].played_in)
            )
            if gold:
                said.append(f"{old.titan}'s gold from game {logged.game} ({gold:+d}) stays")
            continue
        try:
            new = apply(found.state(titan_id), added[0]).state.game_played(logged.game)
        except XPAlreadySpent as error:
            raise RuleError(_undo_first(found, error)) from None
        kept = old.played._replace(date=day, scenario=called)
        if changed_figures(kept, new):
            said.append(correction_text(old.titan, kept, new))
            said.extend(_guard_kept(found.state(titan_id), old.played, new))
    if not said:
        raise RuleError(
            f"nothing to correct: game {logged.game} already holds that date, scenario and figures"
        )
    if all(
        isinstance(events.get(p.titan_id, (None,))[0], GameRemoved) for p in logged.participants
    ):
        said.append(f"game {logged.game} has no Titan left and leaves the game log")
    return "; ".join(said)


def _guard_kept(state: TitanState, old: GamePlayed, new: GamePlayed) -> list[str]:
    """R9 judges the honor guard by the survivors of the Titan's last game only: a correction
    of an earlier game that leaves out a member is said to leave the guard as it is."""
    last = state.last_game
    if last is None or last == old or new.survivors is None or new.survivors == old.survivors:
        return []
    left_out = [member for member in state.honor_guard if member not in new.survivors]
    if not left_out:
        return []
    kept = ", ".join(left_out)
    return [
        f"{state.name}'s honor guard keeps {kept}: R9 judges it by the last game, not game {old.game}"
    ]


def _undo_first(found: Campaign, error: XPAlreadySpent) -> str:
    """The refusal of a correction that takes back spent XP, naming what to undo first, and
    how many of the Titan's changes made since go before it (a Titan's undo takes back its
    newest change first: the picks that followed a purchase, say)."""
    titan_id = found.titan_id(error.titan)
    spent = found.spent_by(titan_id, error.missing)
    if not spent:
        return str(error)
    listed = " and ".join(quoted(change.text) for change in spent)
    ours = found.history(titan_id)
    undos = len(ours) - min(ours.index(change) for change in spent)
    if undos == len(spent):
        return f"{error}; undo {listed} first"
    return (
        f"{error}; undo {listed} first, which takes {undos} undos of {error.titan}'s changes"
        " (its newest go first)"
    )


# --- undo, redo, history ---------------------------------------------------------------


class Undone(NamedTuple):
    """A change undone or redone, and the campaign as it is now."""

    change: Change
    campaign: Campaign
    steps: dict[TitanRef, Step]


def _campaign_of(
    session: Session, of: CampaignRef | TitanRef | None, lenient: bool = False
) -> Stored:
    if of is None:
        return session.campaign(None, lenient)
    stored = session.campaign_by_id(of.campaign.id if isinstance(of, TitanRef) else of.id, lenient)
    if isinstance(of, TitanRef) and of.titan not in stored.campaign.titan_ids:
        raise Gone(titan_gone(stored.campaign.name))
    return stored


def _campaign_to_undo(
    session: Session, of: CampaignRef | TitanRef | None
) -> tuple[Stored, StoreError | None]:
    """The campaign whose change is undone or redone, and why it cannot be read whole (a
    hand edit broke a Titan's events): a change that leaves that Titan's changes as they are
    may still be undone or redone (``_not_of_unreadable``)."""
    try:
        return _campaign_of(session, of), None
    except Gone:
        raise
    except StoreError as damaged:
        return _campaign_of(session, of, lenient=True), damaged


def _not_of_unreadable(found: Campaign, change: Change, damaged: StoreError | None) -> None:
    """Refuse, as the read did, a change that touches a Titan whose events cannot be read."""
    if damaged is not None and found.unreadable.keys() & change.events.keys():
        raise damaged


def undo(db: Database, of: CampaignRef | TitanRef | None = None, alone: bool = False) -> Undone:
    """Undo the latest change of the campaign (``of``, or the only one), or the latest that
    touched the Titan ``of`` (``alone``: refused if it touched other Titans too, as from one
    Titan's screen). Refused, saying what to do, when neither is named and the file's latest
    change is one undo cannot take back (a campaign deleted, a backup restored, campaigns
    imported)."""
    return _undo(db, of, alone=alone)


class NotUndoable(NamedTuple):
    """The file's latest change, one undo cannot take back (a campaign deleted, a backup
    restored, campaigns imported), as it reads ("campaign "Side Quest" deleted"), and what
    can: ``backed_up``, a backup holds the file as it was just before it (none when it began
    the file or was made with backups off: the newest backup is then older); ``imported``,
    it brought campaigns in (a campaign delete takes one away)."""

    note: str
    backed_up: bool
    imported: bool


IMPORT_NOTE = "import of "
"""How an import's change note begins (``import_campaigns``)."""
NO_BACKUP_BEFORE = "the file began with it, or backups are turned off"
"""Why no backup holds the file as it was before its latest change, when none is kept."""


def not_undoable(db: Database) -> NotUndoable | None:
    """The file's latest change when undo cannot take it back; None otherwise."""
    with db.reading() as session:
        note = session.not_undoable_note()
    return _not_undoable(db, note) if note else None


def latest_merge(db: Database) -> str | None:
    """The file's latest change when it is a merge, as it reads ("merged 2 changes from
    ..."); None otherwise. ``undo`` of no campaign takes it back whole."""
    with db.reading() as session:
        merged = session.merge_note()
    return None if merged is None else str(merged["text"])


def undone_merge(db: Database) -> str | None:
    """The merge the file's latest change undid, as it reads ("merged 2 changes from ...");
    None otherwise. ``redo`` of no Titan is refused then: a merge is not redone."""
    with db.reading() as session:
        return session.merge_undone_note() or None


def _not_undoable(db: Database, note: str) -> NotUndoable:
    # the newest backup, or one older when the changes since were undone (a merge)
    backed_up = any(kept.before == note for kept in backup_files.list_backups(db.path))
    return NotUndoable(note, backed_up, note.startswith(IMPORT_NOTE))


UNCHECK_REFUSED = (
    "Only the latest purchase can be unchecked (it is the same as undo, ctrl+z); "
    "h shows the history."
)


def uncheck_box(
    db: Database,
    titan: TitanRef,
    row: str,
    box: int,
    shown: TitanState | None = None,
) -> Undone:
    """Uncheck box ``box`` (1 for the first) of an ability's or a school's ``row`` on the
    sheet: it undoes the Titan's latest change, so only the last checked box, and only when
    that change was only its purchase for 100 XP (R1). ``shown``: only if the Titan is still
    as the sheet showed it (else ``TitanChanged``)."""

    def judge(found: Campaign, titan_id: int) -> None:
        state = found.state(titan_id)
        if shown is not None and state != shown:
            raise TitanChanged(titan, state, shown)
        latest = found.history(titan_id)[-1]
        if _free_level_last(latest, titan_id, row, box):
            raise RuleError(FREE_LEVEL_KEPT)
        if not _bought_last(latest, titan_id, state, row, box):
            raise RuleError(UNCHECK_REFUSED)

    return _undo(db, titan, judge)


FREE_LEVEL_KEPT = (
    "That box is a free school level, not a purchase: ctrl+z (undo) takes it back, and the"
    " free level is yours to choose again (R2)."
)


def _free_level_last(change: Change, titan_id: int, row: str, box: int) -> bool:
    """Whether ``change`` was the free school level (R2) of box ``box`` of ``row``."""
    return any(
        isinstance(e, SchoolGained) and e.free and (e.school, e.level) == (row, box)
        for e in change.events.get(titan_id, ())
    )


def _bought_last(change: Change, titan_id: int, state: TitanState, row: str, box: int) -> bool:
    """Whether ``change`` was only the purchase of box ``box`` of ``row``, the row's last
    checked box."""
    events = change.events.get(titan_id, ())
    if len(change.events) != 1 or len(events) != 1:
        return False
    event = events[0]
    if isinstance(event, AbilityBought):
        return event.ability == row and state.abilities[row] == box
    return (
        isinstance(event, SchoolGained)
        and not event.free
        and event.school == row
        and event.level == state.schools[row] == box
    )


def _undo(
    db: Database,
    of: CampaignRef | TitanRef | None,
    judge: Callable[[Campaign, int], None] | None = None,
    alone: bool = False,
) -> Undone:
    """``undo``; ``judge`` (of the Titan's campaign and id) may refuse it first."""
    titan = of if isinstance(of, TitanRef) else None
    with db.writing() as session:
        merged = session.merge_note()
        if (
            isinstance(of, CampaignRef)
            and merged is not None
            and session.number_of(of.id) not in merged_campaigns(session.tables, merged)
        ):
            merged = None  # a merge that left the campaign alone: its own change is undone
        if merged is not None and not titan:
            session.put_back(merged["before"])
            session.not_undoable = str(merged.get("not_undoable", ""))  # as before the merge
            forget_kept_deleted(db.path, merged, now_iso())
            session.saved_text = f"undo: {merged['text']}"
            session.merge_undone = str(merged["text"])
            campaign = of if isinstance(of, CampaignRef) else None
            return Undone(Change("", str(merged["text"]), {}), read_merged(session, campaign), {})
        note = session.not_undoable_note()
        if note and of is None:
            latest = _not_undoable(db, note)
            way = "`titan-campaign backups` lists the file as it was before it, `restore N` brings it back"
            if not latest.backed_up:
                way = f"no backup holds the file as it was before it ({NO_BACKUP_BEFORE})"
                if latest.imported:
                    way += "; `titan-campaign campaign delete NAME --yes` takes a campaign it brought in away"
            raise RuleError(
                f"the latest change ({note}) is not undone by `undo`: {way}; `undo --campaign NAME` undoes a campaign's own latest change"
            )
        stored, damaged = _campaign_to_undo(session, of)
        key = CampaignRef(session.campaign_doc_id(stored.id))
        titan_id = titan.titan if titan else None
        if judge is not None and titan_id is not None:
            judge(stored.campaign, titan_id)
        new, change = stored.campaign.undo(titan_id, now_iso(), alone=alone)
        _not_of_unreadable(stored.campaign, change, damaged)
        try:
            session.save(stored, new, f"undo: {change.text}")
        except RuleError as error:  # the campaign's old name is another campaign's now
            raise RuleError(f"{quoted(change.text)} cannot be undone now: {error}") from None
    steps = {
        TitanRef(key, tid): Step(new.state(tid), ())
        for tid in change.events
        if tid in new.histories
    }
    return Undone(change, new, steps)


def redo(db: Database, of: CampaignRef | TitanRef | None = None, alone: bool = False) -> Undone:
    """Redo the campaign's (or the Titan's) latest undone change (``alone``: as for ``undo``)."""
    titan = of if isinstance(of, TitanRef) else None
    with db.writing() as session:
        undone_merge = session.merge_undone_note()
        if undone_merge and not titan:
            raise RuleError(
                f'the latest undo took back "{undone_merge}": a merge is not redone;'
                " `titan-campaign merge FILE` brings its changes in again"
            )
        stored, damaged = _campaign_to_undo(session, of)
        key = CampaignRef(session.campaign_doc_id(stored.id))
        outcome, change = stored.campaign.redo(
            titan.titan if titan else None, now_iso(), alone=alone
        )
        _not_of_unreadable(stored.campaign, change, damaged)
        try:
            session.save(stored, outcome.campaign, f"redo: {change.text}")
        except RuleError as error:  # the campaign's new name is another campaign's now
            raise RuleError(f"{quoted(change.text)} cannot be redone now: {error}") from None
    steps = {TitanRef(key, tid): step for tid, step in outcome.steps.items()}
    return Undone(change, outcome.campaign, steps)


def read_merged(session: Session, campaign: CampaignRef | None) -> Campaign:
    """The campaign in view after a merge was undone (an empty one if the merge had brought
    it in)."""
    try:
        if campaign is None:
            return session.campaign(None).campaign
        return session.campaign_by_id(campaign.id).campaign
    except StoreError:
        return Campaign("", 0)


@dataclass(frozen=True, slots=True)
class EventLine:
    """One event of a change: whose, in a player's words, and the rules' notes on it."""

    titan: str
    text: str
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """A change in effect as ``history`` shows it (``--json``: ``view_json``): its number,
    when it was made (UTC), its line and its events, and when it was redone if it was (its
    number is then its place since the redo, after changes made later than it)."""

    change: int
    at: str
    text: str
    events: tuple[EventLine, ...]
    redone_at: str = ""

    @property
    def line(self) -> str:
        """The change's line, and when it was redone: "Thorn: gold +5 (redone 2026-12-07 05:37)"."""
        redone = f" (redone {self.redone_at[:16].replace('T', ' ')})" if self.redone_at else ""
        return self.text + redone

    @property
    def below(self) -> list[str]:
        """What ``history`` shows under the change's line, in every shell: each event its line
        does not say (a game's figures), and the rules' notes, whose when the change touched
        several Titans: "Thorn: game 4 on 2026-03-01: won", "110 XP earned (R8)"."""
        several = len({event.titan for event in self.events}) > 1
        lines = []
        for event in self.events:
            who = f"{event.titan}: " if several else ""
            if event.text not in self.text:
                lines.append(f"{event.titan}: {event.text}")
            lines += [f"{who}{note}" for note in event.notes]
        return lines


class History(NamedTuple):
    """The changes in effect (``HistoryRow``), and the Titans among them whose events break
    the rules (their events are listed without the rules' notes)."""

    rows: list[HistoryRow]
    unreadable: list[Unreadable]


def history(db: Database, of: CampaignRef | TitanRef) -> list[HistoryRow]:
    """The rows of ``history_of``."""
    return history_of(db, of).rows


def _unreadable(found: Campaign, titan_id: int, name: str) -> Unreadable:
    """A Titan whose events break the rules, named with the change where they do."""
    try:
        found.state(titan_id)
    except RuleError as error:
        return Unreadable(name, str(error).removeprefix(f"{name}: "))
    raise AssertionError("its history replayed once and broke the rules")  # pragma: no cover


def history_of(db: Database, of: CampaignRef | TitanRef) -> History:
    """The campaign's changes in effect, oldest first, or only those that touched the Titan
    ``of``, each with its events and the notes the rules gave them. A Titan whose events
    break the rules (a hand edit) is named as ``Unreadable`` and its events listed without
    notes, the Titan ``of`` too (its changes listed to find the one named)."""
    with db.reading() as session:
        if isinstance(of, TitanRef):  # its changes (its own lines and notes only)
            stored = session.campaign_for_ids(of.campaign.id, [of.titan])
        else:
            stored = session.campaign_by_id(of.id)
    found = stored.campaign
    titan_id = of.titan if isinstance(of, TitanRef) else None
    names = found.names()
    shown = found.history(titan_id)
    listed = {id(change) for change in shown}
    touched = (  # only their notes are needed
        {titan_id} if titan_id is not None else {tid for change in shown for tid in change.events}
    )
    notes: dict[int, list[tuple[Event, tuple[str, ...]]]] = {}
    unreadable = []
    for tid in sorted(touched, key=found.titan_ids.index):
        history = found.histories.get(tid, ())
        try:
            if tid in found.unreadable:
                found.state(tid)  # names the change whose events cannot be read
            notes[tid] = event_notes(history)  # its history replayed once
        except RuleError:
            unreadable.append(_unreadable(found, tid, names.get(tid, "")))
            notes[tid] = [(event, ()) for event in history]
        kept = (note for _, note in notes[tid])  # its past worded as read here (``shown_in``)
        notes[tid] = list(zip(shown_in(history, found.name), kept, strict=True))
    told = dict.fromkeys(touched, 0)  # how many of each Titan's events are behind
    rows = []
    named: dict[int, list[str]] = {}  # each Titan's names so far, oldest first
    for change in found.history():
        lines = []
        for tid, events in change.events.items():
            if tid in touched:
                then = _name_then(tid, events, named) or names.get(tid, "")
                for event, said in notes[tid][told[tid] : told[tid] + len(events)]:
                    lines.append(EventLine(then, describe(event), said))
                told[tid] += len(events)
        if id(change) in listed:
            number, redone = change.number or 0, change.redone_at
            text = _as_named_then(change, named)
            rows.append(HistoryRow(number, change.at, text, tuple(lines), redone))
        for tid, events in change.events.items():
            for event in events:
                if isinstance(event, (Created, Renamed)):
                    named.setdefault(tid, []).append(event.name)
    return History(rows, unreadable)


def _name_then(tid: int, events: Sequence[Event], named: Mapping[int, Sequence[str]]) -> str:
    """The name the Titan had when a change was made, as the change's line says it (Thorn
    renamed Thorne, then Mira renamed Thorn: game 1's lines said "Thorne: won" and "Thorn:
    lost" under "game 1 recorded for Thorn and Mira")."""
    earlier = named.get(tid)
    if earlier:
        return earlier[-1]
    return next((event.name for event in events if isinstance(event, Created)), "")


def _as_named_then(change: Change, named: Mapping[int, Sequence[str]]) -> str:
    """A change's line; one a merge placed after its Titan's rename made on the other copy,
    under the name it had before, says the name it had by then: "Mira: gold +2 (called
    Mirabel by then)" (after "Mira: renamed Mirabel" and a new Mira, it read as the new Mira's
    gold); as does one made under a name only the other copy gave (its rename there refused)."""
    if len(change.events) != 1:
        return change.text
    [(tid, events)] = change.events.items()
    earlier = named.get(tid, ())
    if not earlier:
        return change.text
    said = change.text.partition(":")[0]  # the name it was made under
    # a name of its past, or one it had only on the other copy (a rename there refused)
    if said != earlier[-1] and change.text == change_text(said, events):
        return f"{change.text} (called {earlier[-1]} by then)"
    return change.text
