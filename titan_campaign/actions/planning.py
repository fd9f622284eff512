"""Build goals and progress: what a Titan could become, and what it has been game by game."""

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..rules import goals
from ..rules.errors import RuleError
from ..rules.events import (
    Event,
    GoalSet,
)
from ..rules.game_log import shown_in
from ..rules.goals import GoalPlan, GoalStep, parse_goal
from ..rules.names import UnknownName
from ..rules.progress import ProgressRow
from ..rules.progress import progress as progress_rows
from ..rules.titan import TitanState, apply, check
from ..store import Database
from .common import (
    Done,
    Unreadable,
    _one,
    _partial,
    _readable,
    read_campaign,
    read_titan,
)
from .ids import CampaignRef, TitanRef

# --- planning -------------------------------------------------------------------------------


def plan_goal(
    db: Database,
    titan: TitanRef,
    abilities: Sequence[str] = (),
    schools: Sequence[str] = (),
    spells: Sequence[str] = (),
) -> tuple[TitanState, GoalPlan]:
    """The cheapest legal order of purchases and choices from the Titan's sheet to a target
    (``power=2``, ``fire=3``, spell names), with the XP and games it needs. Reads only."""
    goal = parse_goal(abilities, schools, spells)
    state = read_titan(db, titan).state
    return state, goals.plan_goal(state, goal)


def goal_mistakes(
    abilities: Sequence[str], schools: Sequence[str], spells: Sequence[str]
) -> dict[str, list[str]]:
    """Every mistake of a goal as typed, by field ("abilities", "schools", "spells"), each in
    one line: ``name=number`` wanted for a box or a level, then the rules' word on each name."""
    return {
        "abilities": _mistakes(abilities, "power=2", lambda pair: parse_goal([pair])),
        "schools": _mistakes(schools, "fire=3", lambda pair: parse_goal((), [pair])),
        "spells": _mistakes(spells, "", lambda name: parse_goal((), (), [name])),
    }


def _mistakes(entries: Sequence[str], example: str, judge: Callable[[str], object]) -> list[str]:
    found = []
    for entry in entries:
        number = entry.partition("=")[2]
        if example and not number.isdigit():
            found.append(f'write each as name=number, such as {example}, not "{entry.strip("=")}"')
            continue
        try:
            judge(entry)
        except (RuleError, UnknownName) as error:
            found.append(str(error))
    return found


def keep_goal(
    db: Database,
    titan: TitanRef,
    abilities: Sequence[str] = (),
    schools: Sequence[str] = (),
    spells: Sequence[str] = (),
    shown: TitanState | None = None,
) -> tuple[Done, GoalPlan]:
    """Keep a build goal with the Titan (refused if the rules cannot reach it); the sheet then
    shows what remains. No goal given clears it. ``shown``: only if the Titan is still as
    the form showed it (else ``TitanChanged``); clearing a goal when none is kept is refused
    (it would be a change that changes nothing)."""
    goal = parse_goal(abilities, schools, spells)

    def event(state: TitanState) -> Event:
        if state.goal is None and not (goal.abilities or goal.schools or goal.spells):
            raise RuleError(f"{state.name} keeps no goal: there is nothing to clear")
        plan = goals.plan_goal(state, goal)  # a goal the rules cannot reach is refused here
        if not plan.steps and (goal.abilities or goal.schools or goal.spells):
            raise RuleError(
                f"{state.name} already has {goal.reached(state)}: nothing to keep as a goal"
            )
        made = GoalSet(
            abilities=tuple(goal.abilities.items()),
            schools=tuple(goal.schools.items()),
            spells=goal.spells,
        )
        if state.goal is not None and apply(state, made).state.goal == state.goal:
            raise RuleError(f"{state.name} keeps that goal already: nothing to change")
        return made

    done = _one(db, titan, event, shown)
    return done, goals.plan_goal(done.state, goal)


def kept_goal_plan(state: TitanState) -> GoalPlan | None:
    """What remains of the goal kept with the Titan, or None."""
    if state.goal is None:
        return None
    kept = state.goal
    return goals.plan_goal(state, goals.Goal(dict(kept.abilities), dict(kept.schools), kept.spells))


def next_goal_step(state: TitanState) -> tuple[GoalStep | None, str]:
    """The next step of the goal kept with the Titan, and whether it can be taken now (empty)
    or why not; without a step, what to do instead."""
    plan = kept_goal_plan(state)
    if plan is None:
        return None, f"{state.name} keeps no build goal: o sets one."
    if not plan.steps:
        return None, f"{state.name} has reached the goal {plan.goal.describe()}."
    step = plan.steps[0]
    return step, check(state, step.event).reason


def take_goal_step(
    db: Database,
    titan: TitanRef,
    shown: TitanState | None = None,
) -> Done:
    """Take the next step of the Titan's kept goal (a purchase or a choice, as the plan says);
    refused with the reason ``next_goal_step`` gives when there is none to take. ``shown``:
    only if the Titan is still as it was when the step was offered (else ``TitanChanged``)."""

    def event(state: TitanState) -> Event:
        step, reason = next_goal_step(state)
        if step is None:
            raise RuleError(reason)
        return step.event

    return _one(db, titan, event, shown)


def progress(db: Database, titan: TitanRef) -> tuple[TitanState, list[ProgressRow]]:
    """The Titan after each game: award, XP earned and spent, level and Mana, oldest first."""
    found = _partial(db, [titan])
    history = shown_in(found.histories[titan.titan], found.name)
    return found.state(titan.titan), progress_rows(history)


class CampaignProgress(NamedTuple):
    """Every active Titan's progress, by name, and the Titans whose events break the rules
    (left out)."""

    titans: dict[str, list[ProgressRow]]
    unreadable: list[Unreadable]


def campaign_progress(db: Database, campaign: CampaignRef) -> CampaignProgress:
    """Every active Titan's progress, by name, for comparing levels game by game; a Titan
    that cannot be replayed is left out and named as ``Unreadable``."""
    found = read_campaign(db, campaign)
    states, damaged = _readable(found)
    rows = {
        state.name: progress_rows(shown_in(found.histories[tid], found.name))
        for tid, state in states.items()
        if not state.archived
    }
    return CampaignProgress(rows, damaged)
