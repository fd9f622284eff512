"""Everything a user does, one function each: the command line and the app both call these.

An action reads the database, asks the rules core, and saves one change (or refuses with a
``RuleError``/``StoreError`` and saves nothing). It returns what a shell shows: the change's
line, and each touched Titan's new state with the rules' notes. Shells only collect input and
show results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from .rules import goals
from .rules.abilities import find_ability
from .rules.campaign import Campaign, Change, GameLogEntry
from .rules.characters import find_character
from .rules.describe import change_text, describe
from .rules.errors import RuleError
from .rules.events import (
    AbilityBought,
    Archived,
    BonusSwapped,
    Created,
    Event,
    GameOutcome,
    GameRecorded,
    GoalSet,
    GoldChanged,
    HonorGuardSet,
    ItemAdded,
    ItemBought,
    ItemFacts,
    ItemRemoved,
    ItemUsed,
    PlanSet,
    PlayerChanged,
    Renamed,
    SpellBought,
    SpellBoughtWithGold,
    SpellChosen,
    SwapDeclined,
    Unarchived,
)
from .rules.goals import GoalPlan, parse_goal
from .rules.progress import ProgressRow, progress_json
from .rules.progress import progress as progress_rows
from .rules.sheet import sheet_data
from .rules.spells import find_school, find_spell
from .rules.titan import (
    Step,
    TitanState,
    event_notes,
    next_school_level,
    replay,
    spell_pick_for,
    swap_offer,
)
from .store import Database, Session, Stored, StoreError, now_iso
from .store import backups as backup_files
from .store.exchange import (
    checked_campaigns,
    export_data,
    export_text,
    read_export,
    read_titan_export,
    titan_export_text,
)
from .store.files import write_atomically


@dataclass(frozen=True)
class Done:
    """What an action changed: the change's line, the campaign as it is now, and for each
    Titan touched (by name) its new state and the rules' notes."""

    text: str
    campaign: Campaign
    steps: dict[str, Step]

    @property
    def step(self) -> Step:
        """The one Titan's step, for an action on one Titan."""
        return next(iter(self.steps.values()))

    @property
    def state(self) -> TitanState:
        return self.step.state


@dataclass(frozen=True)
class TitanView:
    """A Titan as read: its campaign's name and its state."""

    campaign: str
    state: TitanState


@dataclass(frozen=True)
class Participant:
    """One Titan's part in a recorded game (R8, R9)."""

    titan: str
    outcome: GameOutcome
    survivors: tuple[str, ...] | None = None


# --- finding ---------------------------------------------------------------------------


def _campaign_of(session: Session, titan: str, campaign: str | None) -> Stored:
    return session.campaign_with_titan(titan, campaign)


def read_titan(db: Database, titan: str, campaign: str | None = None) -> TitanView:
    with db.reading() as session:
        stored = _campaign_of(session, titan, campaign)
        return TitanView(
            stored.campaign.name, stored.campaign.state(stored.campaign.titan_id(titan))
        )


def titan_sheet(db: Database, titan: str, campaign: str | None = None) -> dict[str, Any]:
    """The Titan's sheet as printed: every figure, and its progress game by game."""
    with db.reading() as session:
        campaign_name, events = session.titan_history(titan, campaign)
    return _printed_sheet(replay(events), campaign_name, events)


def _printed_sheet(state: TitanState, campaign: str, events: Sequence[Event]) -> dict[str, Any]:
    return {**sheet_data(state, campaign), "progress": progress_json(progress_rows(events))}


def read_campaign(db: Database, campaign: str | None = None) -> Campaign:
    with db.reading() as session:
        return session.campaign(campaign).campaign


def read_campaigns(db: Database) -> list[Campaign]:
    with db.reading() as session:
        return [stored.campaign for stored in session.campaigns()]


def titans(db: Database, campaign: str | None = None, archived: bool = False) -> list[TitanState]:
    """The campaign's Titans in the order they joined (archived ones only if asked)."""
    found = read_campaign(db, campaign)
    states = [found.state(titan_id) for titan_id in found.titan_ids]
    return [state for state in states if archived or not state.archived]


def games(db: Database, campaign: str | None = None) -> list[GameLogEntry]:
    return read_campaign(db, campaign).games()


# --- changing ---------------------------------------------------------------------------


def change_titans(
    db: Database,
    campaign: str | None,
    events: dict[str, Callable[[TitanState], Sequence[Event]]],
    text: str = "",
) -> Done:
    """One change adding events to one or more Titans (named), each made from its state now;
    judged by the rules and saved whole, or refused whole."""
    at = now_iso()
    with db.writing() as session:
        first = next(iter(events))
        stored = _campaign_of(session, first, campaign)
        found = stored.campaign
        ids = {name: found.titan_id(name) for name in events}
        added = {ids[name]: list(make(found.state(ids[name]))) for name, make in events.items()}
        if not text:
            text = change_text(found.state(ids[first]).name, added[ids[first]])
        outcome = found.record(text, added, at=at)
        session.save(stored, outcome.campaign, text)
    names = {tid: name for name, tid in ids.items()}
    return Done(
        text, outcome.campaign, {outcome.steps[tid].state.name: outcome.steps[tid] for tid in names}
    )


def _one(
    db: Database,
    titan: str,
    campaign: str | None,
    make: Callable[[TitanState], Event],
    shown: TitanState | None = None,
) -> Done:
    """One event for a Titan; with ``shown``, only if the Titan is still as shown (else
    ``TitanChanged``)."""
    if shown is not None:
        return change_titan_as_shown(db, titan, shown, make, campaign)
    return change_titans(db, campaign, {titan: lambda state: [make(state)]})


class TitanChanged(RuleError):
    """The Titan changed elsewhere since the app showed it: nothing was saved; ``state`` is
    the Titan as it is now."""

    def __init__(self, state: TitanState) -> None:
        super().__init__(
            f"{state.name} was changed elsewhere since it was shown; nothing was saved. "
            "It is shown as it is now: check and try again"
        )
        self.state = state


def change_titan_as_shown(
    db: Database,
    titan: str,
    shown: TitanState,
    make: Callable[[TitanState], Event],
    campaign: str | None = None,
) -> Done:
    """One event for a Titan, judged inside the one save: refused with ``TitanChanged`` if
    the Titan is no longer as ``shown``. A change to another Titan meanwhile does not matter."""

    def as_shown(state: TitanState) -> list[Event]:
        if state != shown:
            raise TitanChanged(state)
        return [make(state)]

    return change_titans(db, campaign, {titan: as_shown})


def new_campaign(db: Database, name: str, base_xp: int) -> Campaign:
    with db.writing() as session:
        stored = session.add_campaign(name, base_xp)
        session.saved_text = f'campaign "{stored.campaign.name}" created'
    return stored.campaign


def rename_campaign(db: Database, campaign: str | None, name: str) -> Campaign:
    with db.writing() as session:
        stored = session.campaign(campaign)
        renamed = session.rename_campaign(stored, name)
        session.saved_text = f'campaign "{stored.campaign.name}" renamed "{renamed.campaign.name}"'
    return renamed.campaign


def delete_campaign(db: Database, campaign: str) -> Campaign:
    """Delete a campaign and every Titan in it (the file as it was is kept as a backup)."""
    with db.writing() as session:
        stored = session.campaign(campaign)
        session.delete_campaign(stored)
        session.saved_text = f'campaign "{stored.campaign.name}" deleted'
    return stored.campaign


def add_titan(db: Database, campaign: str | None, name: str, player: str) -> Done:
    at = now_iso()
    with db.writing() as session:
        stored = session.campaign(campaign)
        found = stored.campaign
        created = Created(name=name, player=player, base_xp=found.base_xp, at=at)
        text = change_text(created.name, [created])
        outcome = found.record(text, {found.next_titan_id(): [created]}, at=at)
        session.save(stored, outcome.campaign, text)
    return Done(text, outcome.campaign, {created.name: next(iter(outcome.steps.values()))})


def archive_titan(db: Database, titan: str, campaign: str | None = None) -> Done:
    return _one(db, titan, campaign, lambda s: Archived())


def restore_titan(db: Database, titan: str, campaign: str | None = None) -> Done:
    """Bring an archived Titan back to the roster."""
    return _one(db, titan, campaign, lambda s: Unarchived())


def rename_titan(db: Database, titan: str, name: str, campaign: str | None = None) -> Done:
    """A new name, unique in the campaign (the history keeps the old one)."""
    return _one(db, titan, campaign, lambda s: Renamed(name=name))


def change_player(db: Database, titan: str, player: str, campaign: str | None = None) -> Done:
    return _one(db, titan, campaign, lambda s: PlayerChanged(player=player))


def buy_ability(db: Database, titan: str, ability: str, campaign: str | None = None) -> Done:
    """100 XP for the next box of an ability (R1, R3)."""
    name = find_ability(ability)
    return _one(db, titan, campaign, lambda s: AbilityBought(ability=name))


def buy_school_level(db: Database, titan: str, school: str, campaign: str | None = None) -> Done:
    """100 XP for the next level of a spell school (R1, R4)."""
    name = find_school(school)
    return _one(db, titan, campaign, lambda s: next_school_level(s, name))


def buy_spell(db: Database, titan: str, spell: str, campaign: str | None = None) -> Done:
    """100 XP for a spell of a mastered school (R5)."""
    name = find_spell(spell).name
    return _one(db, titan, campaign, lambda s: SpellBought(spell=name))


def choose_school(
    db: Database,
    titan: str,
    school: str,
    campaign: str | None = None,
    shown: TitanState | None = None,
) -> Done:
    """The free school level of a level-up (R2). ``shown`` (here and in the picks, swaps,
    honor guard and plan below): refused with ``TitanChanged`` if the Titan is no longer as
    the player saw it."""
    name = find_school(school)
    return _one(db, titan, campaign, lambda s: next_school_level(s, name, free=True), shown)


def choose_spell(
    db: Database,
    titan: str,
    spell: str,
    bonus: bool = False,
    campaign: str | None = None,
    shown: TitanState | None = None,
) -> Done:
    """A pending spell pick (R5), free pick (R2) or, with ``bonus``, Intelligence pick (R6)."""
    name = find_spell(spell).name
    return _one(
        db,
        titan,
        campaign,
        lambda s: SpellChosen(spell=name, pick=spell_pick_for(s, name, bonus)),
        shown,
    )


def swap_bonus(
    db: Database,
    titan: str,
    old: str,
    new: str,
    campaign: str | None = None,
    shown: TitanState | None = None,
) -> Done:
    """Replace a bonus spell with one of the school level just gained (R6)."""
    old_name, new_name = find_spell(old).name, find_spell(new).name
    return _one(db, titan, campaign, lambda s: BonusSwapped(old=old_name, new=new_name), shown)


def decline_swap(
    db: Database,
    titan: str,
    school: str | None = None,
    campaign: str | None = None,
    shown: TitanState | None = None,
) -> Done:
    chosen = find_school(school) if school else None

    def event(state: TitanState) -> Event:
        offer = swap_offer(state, chosen)
        return SwapDeclined(school=offer.school, level=offer.level)

    return _one(db, titan, campaign, event, shown)


def record_game(
    db: Database,
    campaign: str | None,
    participants: Sequence[Participant],
    when: str | None = None,
    scenario: str = "",
    game: int | None = None,
) -> Done:
    """One game for every Titan that took part, saved as one change (R8, R9). ``game``: add
    Titans to a game already recorded (its date and scenario are kept)."""
    if not participants:
        raise RuleError("a game needs at least one Titan")
    with db.writing() as session:
        stored = _campaign_of(session, participants[0].titan, campaign)
        found = stored.campaign
        earlier = found.game(game) if game is not None else None
        if game is not None and earlier is None:
            raise RuleError(
                f"no game {game} in this campaign; leave out the game number to record a new one"
            )
        number = game or found.next_game()
        day = when or (earlier.date if earlier else date.today().isoformat())
        named = scenario or (earlier.scenario if earlier else "")
        at = now_iso()
        ids: dict[str, int] = {}
        for part in participants:
            titan_id = found.titan_id(part.titan)
            if titan_id in ids.values():
                raise RuleError(f"{part.titan} is named twice in the game")
            ids[part.titan] = titan_id
        added = {
            ids[part.titan]: [
                GameRecorded(
                    game=number,
                    date=day,
                    scenario=named,
                    outcome=part.outcome,
                    survivors=part.survivors,
                )
            ]
            for part in participants
        }
        names = [found.state(tid).name for tid in ids.values()]
        text = f"game {number} recorded for {_and(names)}"
        outcome = found.record(text, added, at=at)
        session.save(stored, outcome.campaign, text)
    return Done(
        text,
        outcome.campaign,
        {outcome.steps[tid].state.name: outcome.steps[tid] for tid in ids.values()},
    )


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def set_honor_guard(
    db: Database,
    titan: str,
    members: Sequence[str],
    campaign: str | None = None,
    shown: TitanState | None = None,
) -> Done:
    """The whole honor guard; none clears it (R9)."""
    names = tuple(find_character(name).name for name in members)
    return _one(db, titan, campaign, lambda s: HonorGuardSet(members=names), shown)


def change_gold(
    db: Database,
    titan: str,
    amount: int,
    note: str = "",
    game: int | None = None,
    campaign: str | None = None,
) -> Done:
    """A line of the gold ledger (R11)."""
    return _one(db, titan, campaign, lambda s: GoldChanged(amount=amount, note=note, game=game))


def item_facts(
    name: str, type: str = "other", description: str = "", charges: int | None = None
) -> ItemFacts:
    return ItemFacts(name=name, type=type, description=description, charges=charges)


def buy_item(
    db: Database, titan: str, item: ItemFacts, price: int, campaign: str | None = None
) -> Done:
    return _one(db, titan, campaign, lambda s: ItemBought(item=item, price=price))


def buy_spell_with_gold(
    db: Database, titan: str, spell: str, price: int, campaign: str | None = None
) -> Done:
    name = find_spell(spell).name
    return _one(db, titan, campaign, lambda s: SpellBoughtWithGold(spell=name, price=price))


def add_item(db: Database, titan: str, item: ItemFacts, campaign: str | None = None) -> Done:
    return _one(db, titan, campaign, lambda s: ItemAdded(item=item))


def use_item(db: Database, titan: str, item: str, campaign: str | None = None) -> Done:
    return _one(db, titan, campaign, lambda s: ItemUsed(name=s.item(item).name))


def remove_item(db: Database, titan: str, item: str, campaign: str | None = None) -> Done:
    return _one(db, titan, campaign, lambda s: ItemRemoved(name=s.item(item).name))


def set_plan(
    db: Database,
    titan: str,
    charisma: Sequence[str] | None = None,
    upgrades: Sequence[str] | None = None,
    placement: Sequence[tuple[str, int]] | None = None,
    campaign: str | None = None,
    shown: TitanState | None = None,
) -> Done:
    """The next game's starting legions (R10); what is not given stays as planned."""

    def event(state: TitanState) -> Event:
        plan = state.plan
        return PlanSet(
            charisma=tuple(charisma) if charisma is not None else plan.charisma,
            upgrades=tuple(upgrades) if upgrades is not None else plan.upgrades,
            placement=tuple(placement) if placement is not None else plan.placement,
        )

    return _one(db, titan, campaign, event, shown)


# --- planning -------------------------------------------------------------------------------


def plan_goal(
    db: Database,
    titan: str,
    abilities: Sequence[str] = (),
    schools: Sequence[str] = (),
    spells: Sequence[str] = (),
    campaign: str | None = None,
) -> tuple[TitanState, GoalPlan]:
    """The cheapest legal order of purchases and choices from the Titan's sheet to a target
    (``power=2``, ``fire=3``, spell names), with the XP and games it needs. Reads only."""
    goal = parse_goal(abilities, schools, spells)
    state = read_titan(db, titan, campaign).state
    return state, goals.plan_goal(state, goal)


def keep_goal(
    db: Database,
    titan: str,
    abilities: Sequence[str] = (),
    schools: Sequence[str] = (),
    spells: Sequence[str] = (),
    campaign: str | None = None,
) -> tuple[Done, GoalPlan]:
    """Keep a build goal with the Titan (refused if the rules cannot reach it); the sheet then
    shows what remains. No goal given clears it."""
    goal = parse_goal(abilities, schools, spells)

    def event(state: TitanState) -> Event:
        goals.plan_goal(state, goal)  # a goal the rules cannot reach is refused here
        return GoalSet(
            abilities=tuple(goal.abilities.items()),
            schools=tuple(goal.schools.items()),
            spells=goal.spells,
        )

    done = _one(db, titan, campaign, event)
    return done, goals.plan_goal(done.state, goal)


def kept_goal_plan(state: TitanState) -> GoalPlan | None:
    """What remains of the goal kept with the Titan, or None."""
    if state.goal is None:
        return None
    kept = state.goal
    return goals.plan_goal(state, goals.Goal(dict(kept.abilities), dict(kept.schools), kept.spells))


def progress(
    db: Database, titan: str, campaign: str | None = None
) -> tuple[TitanState, list[ProgressRow]]:
    """The Titan after each game: award, XP earned and spent, level and Mana, oldest first."""
    with db.reading() as session:
        stored = _campaign_of(session, titan, campaign)
    found = stored.campaign
    titan_id = found.titan_id(titan)
    return found.state(titan_id), progress_rows(found.histories[titan_id])


def campaign_progress(db: Database, campaign: str | None = None) -> dict[str, list[ProgressRow]]:
    """Every active Titan's progress, by name, for comparing levels game by game."""
    found = read_campaign(db, campaign)
    return {
        found.state(tid).name: progress_rows(found.histories[tid])
        for tid in found.titan_ids
        if not found.state(tid).archived
    }


# --- a portable Titan --------------------------------------------------------------------------


def export_titan(db: Database, titan: str, output: Path, campaign: str | None = None) -> TitanState:
    """One Titan with its whole history, written atomically to ``output``."""
    with db.reading() as session:
        found = _campaign_of(session, titan, campaign).campaign
    titan_id = found.titan_id(titan)
    state = found.state(titan_id)
    write_atomically(
        output, titan_export_text(state, found.histories[titan_id], now_iso()).encode()
    )
    return state


def import_titan(
    db: Database, path: Path, campaign: str | None = None, name: str | None = None
) -> Done:
    """Bring an exported Titan into a campaign, every event replayed through the rules;
    refused whole (naming the first event that fails) with the database untouched."""
    events = read_titan_export(path)
    at = now_iso()
    with db.writing() as session:
        stored = session.campaign(campaign)
        found = stored.campaign
        first = events[0]
        if not isinstance(first, Created):
            raise StoreError(
                f"{path}: a Titan's history must start with its creation; nothing imported"
            )
        created = Created(name=name or first.name, player=first.player, base_xp=found.base_xp)
        if first.base_xp != found.base_xp:
            raise RuleError(
                f'{first.name} was made with {first.base_xp} base XP; "{found.name}" gives {found.base_xp} (R1); nothing imported'
            )
        history = [created, *events[1:]]
        if name:
            history = [e for e in history if not isinstance(e, Renamed)]
        text = f"{created.name} joins from another campaign ({len(history)} events)"
        try:
            replay(history)  # names the first event that fails
            outcome = found.record(text, {found.next_titan_id(): history}, at=at)
        except RuleError as error:
            raise RuleError(f"{path}: {error}; nothing imported") from None
        session.save(stored, outcome.campaign, text)
    step = next(iter(outcome.steps.values()))
    return Done(text, outcome.campaign, {step.state.name: step})


# --- undo, redo, history ---------------------------------------------------------------


@dataclass(frozen=True)
class Undone:
    """A change undone or redone, and the campaign as it is now."""

    change: Change
    campaign: Campaign
    steps: dict[str, Step]


def undo(db: Database, campaign: str | None = None, titan: str | None = None) -> Undone:
    """Undo the campaign's latest change as a whole, or the latest that touched ``titan``."""
    with db.writing() as session:
        stored = _campaign_of(session, titan, campaign) if titan else session.campaign(campaign)
        titan_id = stored.campaign.titan_id(titan) if titan else None
        names = stored.campaign.names()
        new, change = stored.campaign.undo(titan_id)
        session.save(stored, new, f"undo: {change.text}")
    steps = {names[tid]: Step(new.state(tid), ()) for tid in change.events if tid in new.histories}
    return Undone(change, new, steps)


def redo(db: Database, campaign: str | None = None, titan: str | None = None) -> Undone:
    with db.writing() as session:
        stored = _campaign_of(session, titan, campaign) if titan else session.campaign(campaign)
        titan_id = stored.campaign.titan_id(titan) if titan else None
        outcome, change = stored.campaign.redo(titan_id)
        session.save(stored, outcome.campaign, f"redo: {change.text}")
    steps = {step.state.name: step for step in outcome.steps.values()}
    return Undone(change, outcome.campaign, steps)


@dataclass(frozen=True)
class HistoryRow:
    number: int
    at: str
    text: str
    events: tuple[tuple[str, str, tuple[str, ...]], ...]  # (Titan, event line, notes)


def history(
    db: Database, titan: str | None = None, campaign: str | None = None
) -> list[HistoryRow]:
    """The campaign's changes in effect, oldest first, or only those that touched ``titan``,
    each with its events and the notes the rules gave them."""
    with db.reading() as session:
        stored = _campaign_of(session, titan, campaign) if titan else session.campaign(campaign)
    found = stored.campaign
    titan_id = found.titan_id(titan) if titan else None
    names = found.names()
    notes = {tid: iter(event_notes(events)) for tid, events in found.histories.items()}
    rows = []
    for change in found.history():
        lines = []
        for tid, events in change.events.items():
            for _event, said in (next(notes[tid]) for _ in events):
                lines.append((names.get(tid, ""), describe(_event), said))
        if titan_id is None or change.touches(titan_id):
            rows.append(HistoryRow(change.number or 0, change.at, change.text, tuple(lines)))
    return rows


# --- backups, export, import -------------------------------------------------------------


def list_backups(db: Database) -> list[backup_files.Backup]:
    return backup_files.list_backups(db.path)


def restore_backup(db: Database, number: int) -> backup_files.Backup:
    """Make backup ``number`` the database; the current file (even unreadable) is kept as a
    backup first, so nothing is ever lost by restoring."""
    backup = backup_files.find_backup(db.path, number)
    checked = Database(backup.file).checked_tables(database=db.path)
    db.replace_with(checked, f"restore of backup {number} ({backup.saved:%Y-%m-%d %H:%M:%S})")
    return backup


def export_campaigns(db: Database, output: Path | None = None) -> tuple[str, int]:
    """All campaigns as an export file's text (written atomically to ``output`` if given)."""
    campaigns = read_campaigns(db)
    text = export_text(export_data(campaigns, now_iso()))
    if output is not None:
        write_atomically(output, text.encode())
    return text, len(campaigns)


def import_campaigns(db: Database, path: Path) -> list[str]:
    """Add every campaign of an export file, or refuse the whole file and add nothing."""
    exported = read_export(path)
    with db.writing() as session:
        existing = [stored.campaign.name for stored in session.campaigns()]
        campaigns = checked_campaigns(path, exported, existing)
        for campaign in campaigns:
            stored = session.add_campaign(campaign.name, campaign.base_xp, campaign.created)
            session.save(stored, campaign, f"import of {campaign.name}")
        session.saved_text = f"import of {', '.join(c.name for c in campaigns)}"
    return [campaign.name for campaign in campaigns]


__all__ = [
    "Done",
    "Participant",
    "RuleError",
    "StoreError",
    "TitanChanged",
    "TitanView",
    "Undone",
]


# --- printing --------------------------------------------------------------------------------


def print_to_file(
    db: Database,
    what: str,
    format: str,
    paper: str = "a4",
    output: Path | None = None,
    campaign: str | None = None,
    titan: str | None = None,
    spells: Sequence[str] | None = None,
) -> Path:
    """Print from the database and return the file written. ``what``: "sheet", "cards" or
    "game-card" (of ``titan``), "blank", or "campaign" (every active Titan, one sheet a page).
    Cards without a Titan print the ``spells`` named, or all 72."""
    from .printing.render import write_printout  # PDF and fonts load only when printing

    data: dict[str, Any] | list[dict[str, Any]] | None = None
    campaign_name = ""
    if what == "campaign":
        found = read_campaign(db, campaign)
        campaign_name = found.name
        data = [
            _printed_sheet(found.state(t), found.name, found.histories[t])
            for t in found.titan_ids
            if not found.state(t).archived
        ]
    elif titan and what != "blank":
        data = titan_sheet(db, titan, campaign)
    return write_printout(what, format, data, output, paper, spells, campaign_name)
