"""A campaign: its Titans, their unique names, the game log, and the change log behind them.

Every user action is one ``Change``: when, a line a player reads, and the events it added to
each Titan it touched. A Titan's history is the events of the campaign's changes in effect, in
order; its state is that history replayed by ``titan.apply``, so the rules judge every event of
every Titan exactly as they did when it was new.

Undo and redo work on whole changes: a game recorded for three Titans is undone for all three.
An undone change is kept (with ``undone`` set to the order it was undone in) so that it can be
redone, until a new change touches one of its Titans. Undo and redo are judged by the same
campaign rules as any change: a Titan's name is unique in the campaign, and a game number is
one game's (the number a game was given is its identity: no other game gets it while any change
holds it, undone ones included).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from .errors import RuleError
from .events import (
    AbilityBought,
    Created,
    Event,
    GameCorrected,
    GameRecorded,
    Renamed,
    SchoolGained,
    SpellBought,
)
from .game_log import (
    GameLogEntry,
    Participant,
    check_eliminations,
    check_one_date,
    check_scenario_xp,
    check_winners,
    check_winners_survived,
    game_log,
)
from .names import (
    and_listed,
    as_typed,
    called,
    did_you_mean,
    name_key,
    quoted,
    renamed_note,
    same_name,
)
from .state import GamePlayed
from .titan import (
    NO_CREATION,
    XP_PER_PURCHASE,
    Step,
    TitanState,
    apply,
    brought_back_by,
    replay,
)

__all__ = ["BASE_XP_CHOICES", "Campaign", "Change", "GameLogEntry", "Outcome", "Participant"]

BASE_XP_CHOICES = (0, 100, 200)  # R1


class Change(NamedTuple):
    """One user action: when, what a player reads, and the events it added, by Titan id.
    ``number`` is its place in the database (None until saved); ``undone`` is 0 while the change
    is in effect, else the order in which it was undone (redo takes the latest)."""

    at: str
    text: str
    events: Mapping[int, tuple[Event, ...]]
    undone: int = 0
    number: int | None = None
    campaign_renamed: tuple[str, str] | None = None
    """A rename of the campaign itself: its name before and after (the change has no events)."""
    id: str = ""
    """The change's stable id, the same in every copy of the file ("" until saved)."""
    undone_at: str = ""
    """When it was undone (while it is), in UTC: a merge replays the undo at that time."""
    redone_at: str = ""
    """When it was last redone, in UTC: a merge replays it at that time."""
    dropped: tuple[str, ...] = ()
    """The ids of the undone changes it dropped (no longer redoable): a merge drops them too."""

    def touches(self, titan_id: int) -> bool:
        return titan_id in self.events


class Outcome(NamedTuple):
    """What a change did: the new campaign, and for each Titan touched its state and notes."""

    campaign: Campaign
    change: Change
    steps: Mapping[int, Step]


def _ids(dropping: Sequence[Change]) -> tuple[str, ...]:
    """The ids of the undone changes a new change drops, and of those they had dropped (a
    copy of the file kept from before any of them must not bring one back)."""
    return tuple(dict.fromkeys(i for c in dropping for i in (c.id, *c.dropped) if i))


@dataclass(frozen=True)
class Campaign:
    name: str
    base_xp: int
    created: str = ""
    changes: tuple[Change, ...] = ()
    unreadable: Mapping[int, str] = field(default_factory=dict)
    """Titans whose stored events could not be read (a hand edit), each with the change where
    (their events there are left out): read to be shown, never to be changed."""
    unreadable_names: Mapping[int, str] = field(default_factory=dict)
    """The name each unreadable Titan was last given, as stored (its damage shown as visible
    escapes), to list it by; none if that name is empty."""
    _states: dict[int, TitanState] = field(default_factory=dict, compare=False, repr=False)

    # --- reading ------------------------------------------------------------------

    @cached_property
    def histories(self) -> dict[int, tuple[Event, ...]]:
        """Each Titan's events from the changes in effect, in order, by Titan id."""
        events: dict[int, list[Event]] = {}
        for change in self.changes:
            if not change.undone:
                for titan_id, added in change.events.items():
                    events.setdefault(titan_id, []).extend(added)
        return {titan_id: tuple(history) for titan_id, history in events.items() if history}

    def state(self, titan_id: int) -> TitanState:
        """A Titan's state, its history replayed (once) through the rules; a RuleError names
        the change and the Titan whose events break them (a hand edit)."""
        if titan_id in self.unreadable:
            raise RuleError(f"{self.names()[titan_id]}: {self.unreadable[titan_id]}")
        if titan_id not in self._states:
            if titan_id not in self.histories:
                raise RuleError(f'campaign "{self.name}" has no Titan {titan_id}')
            try:
                self._states[titan_id] = replay(self.histories[titan_id])
            except RuleError:  # found again change by change, to name the change
                replay_changes(titan_id, (change for change in self.changes if not change.undone))
                raise
        return self._states[titan_id]

    @property
    def titan_ids(self) -> list[int]:
        return [*self.histories, *(t for t in self.unreadable if t not in self.histories)]

    def names(self) -> dict[int, str]:
        """Each Titan's name, without replaying anyone (from its creation and renames)."""
        names: dict[int, str] = {}
        for titan_id in self.titan_ids:
            history = self.histories.get(titan_id, ())
            named = [e.name for e in history if isinstance(e, Created | Renamed)]
            stored = self.unreadable_names.get(titan_id)
            names[titan_id] = stored or (named[-1] if named else f"Titan {titan_id}")
        return names

    def find(self, name: str) -> int | None:
        """The id of the Titan that answers to ``name`` (``called``: case-insensitive, or what
        a damaged name still says), or None: a new Titan may not take that name."""
        return next(iter(called(name, self.names())), None)

    def titan_id(self, name: str) -> int:
        """The id of the Titan a player named; a name a hand edit or an older version left a
        control character in, listed as "T\\x07", is found by that or by what it still says
        ("T"). RuleError naming the Titans if none is."""
        found = self.find(name)
        if found is None:
            missing = f"no Titan named {quoted(as_typed(name))} in {quoted(self.name)}"
            for history in self.histories.values():
                named = [e.name for e in history if isinstance(e, Created | Renamed)]
                renamed = renamed_note(name, named)
                if renamed is not None:
                    raise RuleError(f"{missing}: {renamed}")
            names = self.names().values()
            guess = did_you_mean(name, names)
            raise RuleError(f"{missing}{guess} (Titans: {', '.join(names) or 'none yet'})")
        return found

    def next_titan_id(self) -> int:
        """A Titan id no change of the campaign uses, undone ones included."""
        return max((tid for change in self.changes for tid in change.events), default=0) + 1

    def games(self) -> list[GameLogEntry]:
        """The game log by game number: each game with every Titan that played it, as
        corrected (games an imported Titan played in another campaign are left out)."""
        return game_log({titan_id: self.state(titan_id) for titan_id in self.titan_ids})

    def next_game(self, titans: Collection[int] = ()) -> int:
        """The number the next recorded game takes: one more than the highest any change
        holds, undone ones included (a redo brings their games back under their own numbers),
        except the undone changes of ``titans``, which a change to them drops (a Titan's
        games from another campaign do not count)."""
        held = (
            event.game
            for change in self.changes
            if not (change.undone and any(change.touches(tid) for tid in titans))
            for events in change.events.values()
            for event in events
            if isinstance(event, GameRecorded) and not event.played_in
        )
        return max(held, default=0) + 1

    def game(self, number: int) -> GameLogEntry | None:
        """Game ``number`` of the log (its date, scenario and entries), if recorded."""
        players = [tid for tid, history in self.histories.items() if _plays(history, number)]
        found = game_log({tid: self.state(tid) for tid in players})
        return next((entry for entry in found if entry.game == number), None)

    def spent_by(self, titan_id: int, xp: int) -> list[Change]:
        """The Titan's latest changes in effect that spent XP (R1), newest first, as many as
        it takes to cover ``xp``: what to undo before a correction can take ``xp`` back."""
        found: list[Change] = []
        covered = 0
        for change in reversed(self.history(titan_id)):
            spent = sum(
                XP_PER_PURCHASE
                for e in change.events[titan_id]
                if isinstance(e, AbilityBought | SpellBought)
                or (isinstance(e, SchoolGained) and not e.free)
            )
            if spent:
                found.append(change)
                covered += spent
                if covered >= xp:
                    break
        return found

    def history(self, titan_id: int | None = None) -> list[Change]:
        """The changes in effect, oldest first: all of them, or those touching one Titan."""
        return [
            c for c in self.changes if not c.undone and (titan_id is None or c.touches(titan_id))
        ]

    # --- changing -----------------------------------------------------------------

    def record(self, text: str, events: Mapping[int, Sequence[Event]], at: str = "") -> Outcome:
        """Judge a new change (every event of every Titan, in order) and add it, or RuleError.
        Undone changes of the Titans it touches, and an undone rename of the campaign, can no
        longer be redone and are dropped."""
        change = Change(at, text, {tid: tuple(added) for tid, added in events.items() if added})
        if not change.events:
            raise RuleError("nothing to change")
        return self.record_change(change)

    def record_change(self, change: Change, made_elsewhere: bool = False) -> Outcome:
        """Judge a change (its events, or the campaign's rename) and add it, or RuleError, as
        ``record`` does. ``made_elsewhere``: a change of another copy of the file (a merge),
        whose games keep their own numbers, as a redo's do."""
        if change.campaign_renamed:
            old, new = change.campaign_renamed
            if name_key(old) != name_key(self.name):
                raise RuleError(f'the campaign is called "{self.name}" now, not "{old}"')
            outcome = self.rename(new, change.at)
            dropped = tuple(dict.fromkeys(change.dropped + outcome.change.dropped))
            made = outcome.change._replace(id=change.id, text=change.text, dropped=dropped)
            renamed = outcome.campaign.numbered(outcome.campaign.changes[:-1] + (made,))
            return Outcome(renamed, made, {})
        if made_elsewhere:
            self._check_games_free(change)
        steps = self._judge(change)
        dropping = [  # an undone rename of the campaign touches no Titan: any change drops it
            c
            for c in self.changes
            if c.undone and (c.campaign_renamed or any(c.touches(t) for t in change.events))
        ]
        kept = tuple(c for c in self.changes if not any(c is d for d in dropping))
        if dropping:
            gone = tuple(dict.fromkeys(change.dropped + _ids(dropping)))
            change = change._replace(dropped=gone)
        # Only undone changes were dropped: every history is as it was, plus the new events.
        histories = dict(self.histories)
        for titan_id, added in change.events.items():
            histories[titan_id] = histories.get(titan_id, ()) + added
        campaign = self.numbered(kept + (change,))
        campaign.__dict__["histories"] = histories
        campaign._states.update({titan_id: step.state for titan_id, step in steps.items()})
        return Outcome(campaign, change, steps)

    def rename(self, name: str, at: str = "") -> Outcome:
        """The campaign under a new name, as a change that undo takes back; an undone rename
        can no longer be redone once another rename is made. (The store judges that no other
        campaign has the name.)"""
        text = f'campaign "{self.name}" renamed "{name}"'
        dropping = [c for c in self.changes if c.undone and c.campaign_renamed]
        change = Change(
            at,
            text,
            {},
            campaign_renamed=(self.name, name),
            dropped=_ids(dropping),
        )
        kept = tuple(c for c in self.changes if not (c.undone and c.campaign_renamed))
        return Outcome(self.named(name).numbered(kept + (change,)), change, {})

    def named(self, name: str) -> Campaign:
        """This campaign under another name (the same change log and states)."""
        campaign = Campaign(name, self.base_xp, self.created, self.changes)
        campaign._states.update(self._states)
        campaign.__dict__["histories"] = self.histories
        return campaign

    def _judge(self, change: Change) -> dict[int, Step]:
        steps: dict[int, Step] = {}
        names = self.names()
        for titan_id, added in change.events.items():
            state = self.state(titan_id) if titan_id in self.histories else None
            joining = next((e for e in added if isinstance(e, Created)), None)
            if joining is not None and state is None:  # her file redone or merged in
                self.check_not_here(joining.origin or change.id, None)
            notes: list[str] = []
            for event in added:
                if isinstance(event, Created | Renamed):
                    self._check_new_name(event.name, titan_id, names)
                step = apply(state, event)
                state = step.state
                notes.extend(step.notes)
            assert state is not None
            steps[titan_id] = Step(state, tuple(notes))
        self._check_games(change, steps)
        return steps

    def _check_games(self, change: Change, steps: Mapping[int, Step]) -> None:
        """Campaign-wide rules on each game the change records or corrects (R8: one winner,
        one elimination, scenario XP only in a scenario)."""
        numbers = {
            e.game
            for added in change.events.values()
            for e in added
            if isinstance(e, GameCorrected) or (isinstance(e, GameRecorded) and not e.played_in)
        }
        for number in sorted(numbers):
            players = {tid for tid, history in self.histories.items() if _plays(history, number)}
            states = {tid: self.state(tid) for tid in sorted(players - steps.keys())}
            states.update({tid: step.state for tid, step in steps.items()})
            for entry in game_log(states):
                if entry.game == number:
                    _check_game(entry)
        for titan_id, step in steps.items():  # games of its past (an imported Titan's)
            past = {
                (e.game, e.played_in)
                for e in change.events[titan_id]
                if isinstance(e, GameRecorded | GameCorrected) and e.played_in
            }
            for played in step.state.games:
                if (played.game, played.played_in) in past:
                    _check_past(titan_id, step.state.name, played)

    def check_games(self) -> None:
        """Every game of the log by R8's rules, and each Titan's games of another campaign by
        those that judge its own entry: a campaign brought in whole (an import) is judged as
        the changes that made it were; RuleError naming the first game that breaks them."""
        states = {titan_id: self.state(titan_id) for titan_id in self.titan_ids}
        for entry in game_log(states):
            _check_game(entry)
        for titan_id, state in states.items():
            for played in state.games:
                if played.played_in:
                    _check_past(titan_id, state.name, played)

    def _check_new_name(self, name: str, titan_id: int, names: dict[int, str]) -> None:
        """No other Titan answers to ``name`` (``called``: its name, or what a damaged name
        still says); ``names``: each Titan's name by id, updated with this one."""
        other = _answering(name, titan_id, names)
        if other is not None:
            taken = same_name(name, names[other])
            raise RuleError(
                f'campaign "{self.name}" already has a Titan named {taken}{self.archived_note(other)}'
            )
        names[titan_id] = name  # a renamed Titan's old name is free again

    def joining(self, titan_id: int) -> str:
        """The id of the change in which the Titan joined the campaign ("" until that change
        is saved)."""
        return next((c.id for c in self.history(titan_id) if _creates(c, titan_id)), "")

    def origin(self, titan_id: int) -> str:
        """Which Titan she is, in every campaign and copy of the file: the change she first
        joined a campaign in (her joining here, or the origin she was imported with); "" while
        her joining here is undone."""
        first = self.histories.get(titan_id, ())[:1]
        if not first or not isinstance(first[0], Created):
            return ""
        return first[0].origin or self.joining(titan_id)

    def check_not_here(self, origin: str, history: Sequence[Event] | None) -> None:
        """A Titan is in a campaign once: RuleError if the Titan of a file is here already
        (archived or not), named as she is called now. She is the one of the same ``origin``,
        or, given the ``history`` of an older file exported from this campaign (that did not
        say her origin), the Titan whose history agrees with it event for event, as far as
        both go (the times aside)."""
        found = [tid for tid in self.histories if origin and self.origin(tid) == origin]
        if history is not None:
            found += [tid for tid, had in self.histories.items() if _agree(had, history)]
        if found:
            raise RuleError(
                f'this Titan is already in "{self.name}", as'
                f" {self.names()[found[0]]}{self.archived_note(found[0])}"
            )

    def archived_note(self, titan_id: int) -> str:
        """ ", archived (how it comes back)" after a Titan's name in a refusal, if it is
        archived; "" if not."""
        try:
            state = self.state(titan_id)
        except RuleError:  # its history cannot be read: its name is all a refusal can say
            return ""
        return f", archived ({brought_back_by(state.name)})" if state.archived else ""

    def with_changes(self, changes: tuple[Change, ...], known: Mapping[int, Step] = {}) -> Campaign:
        """This campaign with another change log; Titans whose history is the same keep their
        replayed state, and ``known`` gives the states a change just reached."""
        campaign = Campaign(self.name, self.base_xp, self.created, changes)
        for titan_id, step in known.items():
            campaign._states[titan_id] = step.state
        for titan_id, state in self._states.items():  # untouched Titans keep their replayed state
            if titan_id not in known and campaign.histories.get(titan_id) == self.histories.get(
                titan_id
            ):
                campaign._states[titan_id] = state
        return campaign

    def numbered(self, changes: tuple[Change, ...]) -> Campaign:
        """This campaign with its changes numbered as saved (the same events: every history
        and replayed state is kept)."""
        campaign = Campaign(self.name, self.base_xp, self.created, changes)
        campaign._states.update(self._states)
        campaign.__dict__["histories"] = self.histories
        return campaign

    def undo(
        self, titan_id: int | None = None, at: str = "", change_id: str = "", alone: bool = False
    ) -> tuple[Campaign, Change]:
        """Undo the latest change in effect (or the latest touching ``titan_id``) as a whole, at
        time ``at``. ``change_id``: the change another copy of the file undid, as a merge
        replays its undo: the changes this copy made since stay, and the Titans it touched are
        judged again by the rules without it (an undo of a change that a later change of the
        same Titan needs is refused). ``alone``: refused if that change touched other Titans
        too (an undo from one Titan's screen never changes another player's Titan)."""
        done = self.history(titan_id)
        if change_id:
            done = [c for c in done if c.id == change_id]
        if titan_id is not None and len(done) == 1 and _creates(done[0], titan_id):
            raise RuleError(
                f"{self.names()[titan_id]} has no change to undo but joining the campaign: the"
                " campaign's own undo (undo with no Titan, ctrl+z on the roster) takes that back"
                " while it is the latest change; archiving puts a Titan away"
            )
        if not done:
            who = self.names().get(titan_id, "") if titan_id is not None else f'"{self.name}"'
            raise RuleError(f"nothing to undo for {who}")
        latest = done[-1]
        if alone and titan_id is not None:
            self._check_alone(latest, titan_id, "undone")
        later = [c for c in self.changes[self.changes.index(latest) + 1 :] if not c.undone]
        blocked = [
            tid
            for tid in latest.events
            if tid != titan_id and not change_id and any(c.touches(tid) for c in later)
        ]
        if blocked:
            names = self.names()
            who = and_listed([names.get(tid, str(tid)) for tid in blocked])
            first = [quoted(c.text) for c in reversed(later) if any(c.touches(t) for t in blocked)]
            raise RuleError(
                f"{quoted(latest.text)} also changed {who}, who changed again since: "
                f"undo {and_listed(first)} first, in that order, each as its Titan's latest change"
            )
        order = max((c.undone for c in self.changes), default=0) + 1
        undone = latest._replace(undone=order, undone_at=at)
        changes = tuple(undone if c is latest else c for c in self.changes)
        campaign = self.with_changes(changes)
        try:
            campaign._check_unique_names()
            for tid in latest.events if change_id else ():
                _check_not_needed(campaign, tid)
        except RuleError as error:
            raise RuleError(f"{quoted(latest.text)} cannot be undone now: {error}") from None
        for tid in () if change_id else latest.events:
            if tid in campaign.histories and tid not in self.unreadable:
                # a hand edit's line that still breaks the rules without the change refuses
                # the undo, as it refuses any change of the Titan (undoing that line's own
                # change takes it back); a line that cannot be read is refused where it is read
                campaign.state(tid)
        if latest.campaign_renamed and not any(c.campaign_renamed for c in later):
            campaign = campaign.named(latest.campaign_renamed[0])
        return campaign, undone

    def _check_alone(self, change: Change, titan_id: int, done: str) -> None:
        """RuleError if ``change`` touched other Titans than ``titan_id``."""
        names = self.names()
        others = [names.get(tid, f"Titan {tid}") for tid in change.events if tid != titan_id]
        if others:
            raise RuleError(
                f"{quoted(change.text)} also changed {and_listed(others)}: it is not {done} from"
                f" {names.get(titan_id, 'one Titan')}'s screen; the campaign's own (ctrl+z or"
                " ctrl+y on the roster) takes it whole, once it is the campaign's latest"
            )

    def _check_unique_names(self) -> None:
        """Every Titan answers to its own name only (``called``: case-insensitive, or what a
        damaged name still says); RuleError naming the first one two Titans share."""
        names = self.names()
        for titan_id, name in names.items():
            other = _answering(name, titan_id, names)
            if other is not None:
                taken = same_name(name, names[other])
                raise RuleError(
                    f'campaign "{self.name}" already has a Titan named {taken} (rename one of them first)'
                )

    def _check_games_free(self, change: Change) -> None:
        """A change redone (or merged) records its games under their own numbers: a number
        another game was given meanwhile (by a file of an earlier version, which reused an
        undone game's number) is refused, never merged. A Titan joining a game takes its date
        and scenario: one that joined it as it was recorded, before a correction of its date
        or scenario, is refused too, so that the game keeps one date."""
        for titan_id, events in change.events.items():
            for event in events:
                if not isinstance(event, GameRecorded) or event.played_in:
                    continue
                other = self.game(event.game)
                if other is None or (event.date, event.scenario) == (other.date, other.scenario):
                    continue
                scenario = f", {other.scenario}" if other.scenario else ""
                as_recorded = any(
                    (e.date, e.scenario) == (event.date, event.scenario)
                    for history in self.histories.values()
                    for e in history
                    if isinstance(e, GameRecorded) and e.game == event.game and not e.played_in
                )
                if as_recorded:
                    raise RuleError(
                        f"game {event.game} was corrected since (played {other.date}{scenario}"
                        f" now): add {self.names().get(titan_id, 'the Titan')} to it again"
                    )
                raise RuleError(
                    f"game {event.game} is another game now (played {other.date}{scenario})"
                )

    def redo(
        self, titan_id: int | None = None, at: str = "", alone: bool = False
    ) -> tuple[Outcome, Change]:
        """Redo the change undone last (of those touching ``titan_id``), judged again by the rules;
        it becomes the latest change. ``alone``: as for ``undo``."""
        undone = [c for c in self.changes if c.undone and (titan_id is None or c.touches(titan_id))]
        if not undone:
            if titan_id is None:
                raise RuleError(
                    f'nothing to redo for "{self.name}": no change is undone '
                    "(a new change to a Titan drops its undone changes)"
                )
            who = self.names().get(titan_id, "")
            raise RuleError(
                f"nothing to redo for {who}: no change of {who}'s is undone "
                "(a new change to a Titan drops its undone changes)"
            )
        latest = max(undone, key=lambda c: c.undone)
        if alone and titan_id is not None:
            self._check_alone(latest, titan_id, "redone")
        redone = latest._replace(undone=0, number=None, undone_at="", redone_at=at)
        rest = tuple(c for c in self.changes if c is not latest)
        before = self.with_changes(rest)
        try:
            before._check_games_free(redone)
            steps = before._judge(redone)
        except RuleError as error:
            raise RuleError(f"{quoted(latest.text)} cannot be redone now: {error}") from None
        campaign = self.with_changes(rest + (redone,), steps)
        if latest.campaign_renamed:
            campaign = campaign.named(latest.campaign_renamed[1])
        return Outcome(campaign, redone, steps), latest


class BrokenBy(RuleError):
    """A Titan's history broken by one of its changes (``replay_changes``): the change and
    the rule's reason, besides the message naming both."""

    def __init__(self, message: str, change: Change, reason: RuleError) -> None:
        super().__init__(message)
        self.change, self.reason = change, reason


def replay_changes(titan_id: int, changes: Iterable[Change]) -> TitanState:
    """A Titan's state from its events in ``changes`` (in effect, in order), replayed through
    the rules; a RuleError (``BrokenBy``) names the Titan and the change (its number and line)
    that breaks them, as a hand edit of the file can."""
    state: TitanState | None = None
    for change in changes:
        for place, event in enumerate(change.events.get(titan_id, ()), start=1):
            try:
                state = apply(state, event).state
            except RuleError as error:
                who = state.name if state is not None else f"Titan {titan_id}"
                where = f"change {change.number} " if change.number is not None else "change "
                raise BrokenBy(
                    f"{who}: {where}{quoted(change.text)} breaks the rules at its event {place} ({event.kind}): {error}",
                    change,
                    error,
                ) from None
    if state is None:
        raise RuleError(NO_CREATION)
    return state


def _answering(name: str, titan_id: int, names: Mapping[int, str]) -> int | None:
    """Another Titan than ``titan_id`` that answers to ``name`` (``called``: its name, or
    what a damaged name still says); None if none does."""
    others = {tid: known for tid, known in names.items() if tid != titan_id}
    return next(iter(called(name, others)), None)


def _check_not_needed(campaign: Campaign, titan_id: int) -> None:
    """The Titan's history stands by the rules without a change undone out of turn (a merge
    replaying another copy's undo): RuleError naming the first change made since that needs it."""
    if titan_id not in campaign.histories:
        return  # nothing of it is left in effect: nothing can need the change
    try:
        replay_changes(titan_id, (change for change in campaign.changes if not change.undone))
    except BrokenBy as broken:
        raise RuleError(
            f"{quoted(broken.change.text)}, made since, needs it ({broken.reason})"
        ) from None


def _check_game(entry: GameLogEntry) -> None:
    """R8's rules on a game of the campaign's log."""
    for rule in GAME_RULES:
        rule(entry)


def _check_past(titan_id: int, name: str, played: GamePlayed) -> None:
    """R8's rules on a Titan's own entry, on a game it played in another campaign (the other
    Titans of that game are not here to judge)."""
    entry = GameLogEntry(
        played.game, played.date, played.scenario, (Participant(titan_id, name, played),)
    )
    try:
        for rule in OWN_ENTRY_RULES:
            rule(entry)
    except RuleError as error:
        raise RuleError(f"in {played.played_in}, {error}") from None


OWN_ENTRY_RULES = (check_eliminations, check_winners_survived, check_scenario_xp)
"""R8's rules that judge one Titan's entry of a game by itself."""
GAME_RULES = (check_winners, check_one_date, *OWN_ENTRY_RULES)
"""R8's rules on a game: its entries together, and each by itself."""


def _creates(change: Change, titan_id: int | None) -> bool:
    """Whether the change is the creation of ``titan_id`` (a Titan's first change is not undone
    by Titan: archive it instead)."""
    return titan_id is not None and any(
        isinstance(e, Created) for e in change.events.get(titan_id, ())
    )


def _agree(history: Sequence[Event], other: Sequence[Event]) -> bool:
    """Whether two histories are the same events (their times aside) as far as both go."""
    return all(
        a.model_dump(exclude={"at"}) == b.model_dump(exclude={"at"})
        for a, b in zip(history, other, strict=False)
    )


def _plays(history: Sequence[Event], number: int) -> bool:
    """Whether a history records this campaign's game ``number``."""
    return any(
        isinstance(e, GameRecorded) and e.game == number and not e.played_in for e in history
    )
