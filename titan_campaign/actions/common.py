"""What every action shares: what an action returns, reading the database, and saving one
change judged by the rules (refused whole, or saved whole)."""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import NamedTuple

from ..rules.campaign import Campaign, GameLogEntry, replay_changes
from ..rules.describe import change_text
from ..rules.errors import RuleError
from ..rules.events import (
    Event,
    GameCorrected,
    GameOutcome,
    GameRecorded,
)
from ..rules.game_log import game_log as game_log_of
from ..rules.titan import (
    Step,
    TitanState,
)
from ..store import Database, now_iso
from .ids import CampaignRef, TitanRef


class Done(NamedTuple):
    """What an action changed: the change's line, the campaign's name, and for each Titan
    touched (by id) its new state and the rules' notes."""

    text: str
    campaign: str
    steps: dict[TitanRef, Step]

    @property
    def titan(self) -> TitanRef:
        """The one Titan, for an action on one Titan."""
        return next(iter(self.steps))

    @property
    def step(self) -> Step:
        """The one Titan's step, for an action on one Titan."""
        return next(iter(self.steps.values()))

    @property
    def state(self) -> TitanState:
        return self.step.state


class TitanView(NamedTuple):
    """A Titan as read: its campaign's name and its state."""

    campaign: str
    state: TitanState


class Participant(NamedTuple):
    """One Titan's part in a recorded game (R8, R9)."""

    titan: TitanRef
    outcome: GameOutcome
    survivors: tuple[str, ...] | None = None
    shown: TitanState | None = None
    """The Titan as the game form showed it: the game is refused (``TitanChanged``) if it
    changed meanwhile, since its award was previewed from that state."""


# --- reading ---------------------------------------------------------------------------


def _titan_history(db: Database, titan: TitanRef) -> tuple[str, TitanState, tuple[Event, ...]]:
    """The Titan's campaign, state and events (no other Titan is read); a RuleError names
    the change and the Titan whose events break the rules."""
    with db.reading() as session:
        found = session.titan_history_by_id(titan.campaign.id, titan.titan)
    return found.campaign, replay_changes(found.titan_id, found.changes), found.events


def read_titan(db: Database, titan: TitanRef) -> TitanView:
    """The Titan as saved now."""
    campaign_name, state, _ = _titan_history(db, titan)
    return TitanView(campaign_name, state)


def read_campaign(db: Database, campaign: CampaignRef) -> Campaign:
    with db.reading() as session:
        return session.campaign_by_id(campaign.id).campaign


def _partial(db: Database, titans: list[TitanRef]) -> Campaign:
    """The campaign of ``titans`` as far as reading them needs (see ``campaign_for_ids``)."""
    with db.reading() as session:
        key = titans[0].campaign.id
        return session.campaign_for_ids(key, [t.titan for t in titans]).campaign


def read_campaigns(db: Database) -> list[Campaign]:
    with db.reading() as session:
        return [stored.campaign for stored in session.campaigns()]


def titans(db: Database, campaign: CampaignRef, archived: bool = False) -> list[TitanState]:
    """The campaign's Titans in the order they joined (archived ones only if asked)."""
    found = read_campaign(db, campaign)
    states = [found.state(titan_id) for titan_id in found.titan_ids]
    return [state for state in states if archived or not state.archived]


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A Titan whose events break the rules (a hand edit): its name and where they do."""

    name: str
    problem: str


def _readable(found: Campaign) -> tuple[dict[int, TitanState], list[Unreadable]]:
    """The campaign's Titans that replay, by id, and those whose events break the rules
    (named with the change where they do), in the order they joined."""
    names = found.names()
    states: dict[int, TitanState] = {}
    damaged: list[Unreadable] = []
    for titan_id in found.titan_ids:
        try:
            states[titan_id] = found.state(titan_id)
        except RuleError as error:
            name = names[titan_id]
            damaged.append(Unreadable(name, str(error).removeprefix(f"{name}: ")))
    return states, damaged


def readable_by_id(found: Campaign) -> dict[int, TitanState]:
    """The campaign's Titans that replay, by id, in the order they joined."""
    return _readable(found)[0]


def readable_states(found: Campaign) -> list[TitanState]:
    """The campaign's Titans that replay, in the order they joined (one whose events break
    the rules is left out: the roster names it)."""
    return list(_readable(found)[0].values())


def roster(
    db: Database, campaign: CampaignRef, archived: bool = False
) -> list[TitanState | Unreadable]:
    """As ``titans``, but a Titan that cannot be replayed is listed as ``Unreadable`` (the
    others stay readable)."""
    return [titan for _, titan in roster_by_id(db, campaign, archived)]


def roster_by_id(
    db: Database, campaign: CampaignRef, archived: bool = False
) -> list[tuple[TitanRef, TitanState | Unreadable]]:
    """As ``roster``, each Titan with its id."""
    found = read_campaign(db, campaign)
    states, damaged = _readable(found)
    unreadable = {titan.name: titan for titan in damaged}
    names = found.names()
    listed: list[tuple[TitanRef, TitanState | Unreadable]] = []
    for titan_id in found.titan_ids:
        state = states.get(titan_id)
        ref = TitanRef(campaign, titan_id)
        if state is None:
            listed.append((ref, unreadable[names[titan_id]]))
        elif archived or not state.archived:
            listed.append((ref, state))
    return listed


@dataclass(frozen=True, slots=True)
class RosterLine:
    """A Titan as ``titan list`` shows it (``--json``: ``view_json``): the choices still to
    make counted."""

    name: str
    player: str
    level: int
    available_xp: int
    mana: int
    pending: int
    archived: bool


@dataclass(frozen=True, slots=True)
class DamagedLine:
    """A Titan ``titan list`` cannot read (a hand edit): its name and where its events break
    the rules."""

    name: str
    damaged: str


def roster_lines(
    db: Database, campaign: CampaignRef, archived: bool = False
) -> list[RosterLine | DamagedLine]:
    """The ``roster`` as ``titan list`` shows it, in the order the Titans joined."""
    return [
        DamagedLine(titan.name, titan.problem)
        if isinstance(titan, Unreadable)
        else RosterLine(
            titan.name,
            titan.player,
            titan.level,
            titan.available_xp,
            titan.mana,
            len(titan.pending),
            titan.archived,
        )
        for titan in roster(db, campaign, archived)
    ]


@dataclass(frozen=True, slots=True)
class CampaignSummary:
    """A campaign as ``campaign list`` shows it (``--json``: ``view_json``): its active
    Titans counted, and the Titans whose events break the rules named apart."""

    name: str
    base_xp: int
    titans: int
    created: str
    unreadable: tuple[Unreadable, ...]


def campaign_list(db: Database) -> list[CampaignSummary]:
    """Every campaign, with its active Titans counted; a Titan that cannot be replayed is
    named as ``Unreadable`` (the other Titans and campaigns stay readable)."""
    listed = []
    for found in read_campaigns(db):
        states, damaged = _readable(found)
        active = sum(1 for state in states.values() if not state.archived)
        listed.append(
            CampaignSummary(found.name, found.base_xp, active, found.created, tuple(damaged))
        )
    return listed


def games(db: Database, campaign: CampaignRef) -> list[GameLogEntry]:
    return read_campaign(db, campaign).games()


class GameLog(NamedTuple):
    """The campaign's games as the Titans that can be read played them, and the Titans
    whose events break the rules (their entries are left out)."""

    games: list[GameLogEntry]
    unreadable: list[Unreadable]


def game_log(db: Database, campaign: CampaignRef) -> GameLog:
    """As ``games``, but a Titan that cannot be replayed is left out and named as
    ``Unreadable`` (the other Titans' entries stay readable)."""
    states, damaged = _readable(read_campaign(db, campaign))
    return GameLog(game_log_of(states), damaged)


# --- changing ---------------------------------------------------------------------------


def saved_then(saved: str, problems: Sequence[str]) -> str:
    """What a player is told when a change is in the file (``saved``: what it says) and then
    something failed: it is saved, so it must not be entered a second time."""
    text = f" ({saved})" if saved else ""
    return f"the change was saved{text}; then {'; then '.join(problems)}: do not enter it again"


def change_titans(
    db: Database,
    campaign: CampaignRef,
    events: dict[int, Callable[[TitanState], Sequence[Event]]],
    text: str = "",
) -> Done:
    """One change adding events to one or more Titans of a campaign (by id), each made from
    its state now; judged by the rules and saved whole, or refused whole."""
    at = now_iso()
    with db.writing() as session:
        stored = session.campaign_for_ids(campaign.id, list(events))
        found = stored.campaign
        added = {tid: list(make(found.state(tid))) for tid, make in events.items()}
        if not text:
            first = next(iter(events))
            text = change_text(found.state(first).name, added[first])
        outcome = found.record(text, added, at=at)
        session.save(stored, outcome.campaign, text)
    return Done(text, found.name, {TitanRef(campaign, tid): outcome.steps[tid] for tid in events})


def _one(
    db: Database,
    titan: TitanRef,
    make: Callable[[TitanState], Event],
    shown: TitanState | None = None,
) -> Done:
    """One event for a Titan; with ``shown``, only if the Titan is still as shown (else
    ``TitanChanged``)."""
    if shown is not None:
        return change_titan_as_shown(db, titan, shown, make)
    return change_titans(db, titan.campaign, {titan.titan: lambda state: [make(state)]})


class TitanChanged(RuleError):
    """The Titan changed elsewhere since the app showed it: nothing was saved. ``titan``: which
    Titan (by id: a rename meanwhile, or another Titan taking its former name, never mixes
    them up); ``state``: the Titan as it is now; ``shown``: as it was shown."""

    def __init__(self, titan: TitanRef, state: TitanState, shown: TitanState | None = None) -> None:
        was = shown.name if shown is not None else state.name
        name = was if was == state.name else f"{was} (now {state.name})"
        super().__init__(
            f"{name} was changed elsewhere since it was shown; nothing was saved. "
            "It is shown as it is now: check and try again"
        )
        self.titan = titan
        self.state = state
        self.shown = shown


def change_titan_as_shown(
    db: Database,
    titan: TitanRef,
    shown: TitanState,
    make: Callable[[TitanState], Event],
) -> Done:
    """One event for a Titan, judged inside the one save: refused with ``TitanChanged`` if
    the Titan is no longer as ``shown``. A change to another Titan meanwhile does not matter."""

    def as_shown(state: TitanState) -> list[Event]:
        if state != shown:
            raise TitanChanged(titan, state, shown)
        return [make(state)]

    return change_titans(db, titan.campaign, {titan.titan: as_shown})


FIRST_EDITION = 1980
"""The year Titan was first published: a game dated before it is a slip of the year (0206
for 2026)."""


def check_played(day: str) -> None:
    """A game is entered once it is played: a date after tomorrow (today somewhere on Earth)
    is a slip of the year or month (2062 for 2026), as is one before Titan was published."""
    tomorrow = date.today() + timedelta(days=1)
    played = date.fromisoformat(day)
    if played > tomorrow:
        raise RuleError(
            f"game date {day} is later than tomorrow ({tomorrow.isoformat()}): a game is entered"
            " once it is played; check the year and month"
        )
    if played.year < FIRST_EDITION:
        raise RuleError(
            f"game date {day} is before Titan was first published ({FIRST_EDITION}): check the year"
        )


def check_dates_played(events: Iterable[Event]) -> None:
    """``check_played`` for every game date in ``events`` (a file brought in)."""
    for event in events:
        if isinstance(event, GameRecorded | GameCorrected):
            check_played(event.date)
