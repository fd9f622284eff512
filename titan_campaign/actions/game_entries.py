"""One Titan's entry of a game as a player types it, before it is recorded: its outcome, what
is wrong with it (every problem at once, by field) and the award it would bring (R8). The game
form previews with these and the command line builds its entry with them, so both read the
same figures the same way."""

from collections.abc import Mapping, Sequence

from ..rules.awards import Award, game_award
from ..rules.characters import find_character
from ..rules.events import GameOutcome, GameRecorded
from ..rules.facts import Problem, ShapeError, parse
from ..rules.game_log import scenario_clash
from ..rules.titan import TitanState, slain_by, slain_notes

Figures = Mapping[str, int | str]
"""Figures by field (``score``, ``scenario_xp``, ``battle_won``...) as typed: a whole number,
or what was typed when it is not one (refused, named by its field)."""


def game_outcome(
    result: str | None, figures: Figures, scenario_award: int | str | None = None
) -> GameOutcome:
    """The outcome typed for one Titan: ``result`` "won" or "lost" (None, not said yet, is
    read as won), its figures, and a ``scenario_award`` that replaces the standard award
    (R8: "XP are awarded according to the rules of the scenario"). Refused with every
    problem at once (ShapeError), a scenario award's named as such; scenario XP and a
    scenario award together are refused, one of them is meant."""
    problems = _clash(figures, scenario_award)
    try:
        outcome = parse(GameOutcome, _outcome_json(result, figures, scenario_award))
    except ShapeError as error:
        raise ShapeError(problems + _placed(error, scenario_award)) from None
    if problems:
        raise ShapeError(problems)
    return outcome


def check_game_entry(
    game: int,
    day: str,
    result: str | None,
    figures: Figures,
    scenario_award: int | str | None = None,
    survivors: Sequence[str] | None = None,
) -> None:
    """Every problem of one Titan's entry of game ``game`` on ``day`` (YYYY-MM-DD) as the
    recording would find them, by field, at once (ShapeError); nothing when it can be saved
    as far as its shape goes (the rules judge it against the Titan when it is recorded)."""
    problems = _clash(figures, scenario_award)
    entry = {
        "game": game,
        "date": day,
        "outcome": _outcome_json(result, figures, scenario_award),
        "survivors": survivors,
    }
    try:
        parse(GameRecorded, entry)
    except ShapeError as error:
        problems += _placed(error, scenario_award)
    if problems:
        raise ShapeError(problems)


def guard_slain(state: TitanState, survivors: Sequence[str] | None) -> list[str]:
    """What recording a new game with ``survivors`` as typed (None: not listed) will say of
    the Titan's honor guard (R9): "Cyclops was slain and leaves the honor guard (R9)" for
    each member not among them. A name the rules do not know is left for the recording to
    refuse."""
    if survivors is None:
        return []
    return slain_notes(slain_by(state.honor_guard, tuple(_character(name) for name in survivors)))


def _character(name: str) -> str:
    try:
        return find_character(name).name
    except ValueError:
        return name


def award_for(state: TitanState, outcome: GameOutcome) -> Award:
    """The XP ``outcome`` brings the Titan as it is, its Wisdom bonus included (R8)."""
    return game_award(outcome, state.abilities["wisdom"])


def _outcome_json(
    result: str | None, figures: Figures, scenario_award: int | str | None
) -> dict[str, object]:
    data: dict[str, object] = {"result": result or "won", **figures}
    if scenario_award is not None:
        data.update(scenario_xp=scenario_award, scenario_replaces=True)
    return data


def _clash(figures: Figures, scenario_award: int | str | None) -> list[Problem]:
    if scenario_award is None or not figures.get("scenario_xp"):
        return []
    words = scenario_clash("Scenario XP", "Scenario award")
    return [Problem(("scenario_award",), "value_error", {"error": words})]


def _placed(error: ShapeError, scenario_award: int | str | None) -> list[Problem]:
    """The problems of ``error``; a scenario award's (kept as scenario XP) named as such."""
    if scenario_award is None:
        return list(error.problems)
    return [
        p._replace(loc=(*p.loc[:-1], "scenario_award")) if p.loc[-1:] == ("scenario_xp",) else p
        for p in error.problems
    ]
