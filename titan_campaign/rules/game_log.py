"""The campaign's game log: every game by number, and each Titan's entry in it with every
figure typed and the award they gave (R8); the rule of one winner per game; the line a
correction of an entry shows.

An entry is read from the Titan's replayed state (``TitanState.games``), so a corrected entry
shows as corrected. Games a Titan played in another campaign before it was imported are its
own past (``GamePlayed.played_in``): they are never listed under this campaign's numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import NamedTuple

from .awards import Award, figures, figures_text
from .errors import RuleError
from .events import (
    SHORT,
    Event,
    GameCorrected,
    GameOutcome,
    GameRecorded,
    GameRemoved,
    GoldChanged,
)
from .facts import ShapeError, parse, replaced
from .names import name_key
from .state import GamePlayed, TitanState
from .views import JsonObject, view_json
from .wording import in_one_line


class Participant(NamedTuple):
    """One Titan's entry in a game: every figure typed and its award (R8), survivors (R9)."""

    titan_id: int
    titan: str
    played: GamePlayed

    @property
    def outcome(self) -> GameOutcome:
        return self.played.outcome

    @property
    def award(self) -> int:
        return self.played.award.total

    @property
    def breakdown(self) -> Award:
        return self.played.award

    @property
    def survivors(self) -> tuple[str, ...] | None:
        return self.played.survivors


class GameLogEntry(NamedTuple):
    """A game of the campaign's log: every Titan that took part, with its award (R8)."""

    game: int
    date: str
    scenario: str
    participants: tuple[Participant, ...]

    def entry(self, titan_id: int) -> Participant | None:
        return next((p for p in self.participants if p.titan_id == titan_id), None)


def game_log(states: Mapping[int, TitanState]) -> list[GameLogEntry]:
    """The campaign's games by number, each with the entries of the Titans that played it
    (in the order the Titans joined). Another campaign's games are left out."""
    games: dict[int, list[Participant]] = {}
    for titan_id, state in states.items():
        for played in state.games:
            if not played.played_in:
                games.setdefault(played.game, []).append(Participant(titan_id, state.name, played))
    entries = []
    for number in sorted(games):
        first = games[number][0].played
        entries.append(GameLogEntry(number, first.date, first.scenario, tuple(games[number])))
    return entries


def played_elsewhere(events: Sequence[Event], campaign: str, here: str = "") -> list[Event]:
    """A Titan's history as brought into campaign ``here``: each game of its own past is kept
    as played in ``campaign`` (games already of another campaign keep theirs), so it is never
    taken for one of the new campaign's games; so is the game a gold line came from. A past
    campaign of the same name (another group's), or ``here`` itself (a Titan brought back
    into the campaign it was exported from), is told apart: with a number, "Iron Crown (2)",
    or, for ``here``, as its games there before it left, "Iron Crown (earlier)"."""
    named = _past_campaigns(events)
    named.add(here)
    campaign = _told_apart(campaign, named, here)
    moved: list[Event] = []
    for event in events:
        if isinstance(event, GameRecorded | GameCorrected | GameRemoved | GoldChanged):
            of_a_game = not isinstance(event, GoldChanged) or event.game is not None
            if of_a_game and not event.played_in:
                event = replaced(event, played_in=campaign)
        moved.append(event)
    return moved


def _past_campaigns(events: Iterable[Event]) -> set[str]:
    """The campaigns a Titan's history says it played in before this one."""
    return {e.played_in for e in events if isinstance(e, GameRecorded) and e.played_in}


def _told_apart(campaign: str, named: set[str], here: str) -> str:
    """``campaign`` as a label none of ``named`` has: "Iron Crown (2)", or for ``here``,
    "Iron Crown (earlier)"."""
    number, label = 1, campaign
    while label in named:
        number += 1
        tag = str(number)
        if campaign == here:
            tag = "earlier" if number == 2 else f"earlier {number - 1}"
        label = f"{campaign[: SHORT - len(tag) - 3]} ({tag})"
    return label


def past_as_shown(past: Iterable[str], here: str) -> dict[str, str]:
    """How each campaign of a Titan's past (``past``) that has the name of campaign ``here``
    reads in it: "Iron Crown (earlier)" (see ``shown_in``); {} when none has."""
    named = set(past)
    return {was: _told_apart(was, named, was) for was in named if name_key(was) == name_key(here)}


def shown_in(events: Sequence[Event], here: str) -> Sequence[Event]:
    """A Titan's history as its screens and printouts word it in campaign ``here`` (the name
    it has now): games of its past played in a campaign of that very name (the campaign was
    renamed to it since the Titan joined, or another group's had it) read as its games there
    before it joined, "Iron Crown (earlier)", as an import into a campaign of that name tells
    them apart. The stored history keeps its words; ``events`` itself when nothing reads so."""
    shown = past_as_shown(_past_campaigns(events), here)
    if not shown:
        return events
    return [
        replaced(event, played_in=shown[event.played_in])
        if isinstance(event, GameRecorded | GameCorrected | GameRemoved | GoldChanged)
        and event.played_in in shown
        else event
        for event in events
    ]


ENTRY_FIGURES = (
    "score",
    "battle-won",
    "battle-lost",
    "agreement",
    "agreement-eliminated",
    "fled",
    "scenario-xp",
    "scenario-award",
)
"""The figures of an entry as the ``game`` command takes them (``score=347,battle-won=3``)."""
TYPED = {key.replace("-", "_"): key for key in ENTRY_FIGURES}
"""Each figure's field named as the ``game`` command takes it."""


def scenario_clash(scenario_xp: str, scenario_award: str) -> str:
    """Scenario XP and a scenario award are given for one Titan: the first adds to the
    standard award, the second replaces it (R8), so one of them is meant; named as the form
    or command calls them."""
    return f"{scenario_xp} adds to the standard award, {scenario_award} replaces it: give one"


ENTRY = re.compile(r"(.+):(won|lost)(?::([^:]*))?", re.IGNORECASE)
"""An entry as typed: the Titan's name (which may hold a colon, even ":won"), its result, its
figures (which hold none)."""


class EntryWords(NamedTuple):
    """One Titan's entry of a game as typed: its name, every figure, its survivors."""

    titan: str
    outcome: GameOutcome
    survivors: tuple[str, ...] | None


NO_SURVIVORS = "none"


def read_survivors(text: str, between: str = ",") -> tuple[str, ...]:
    """The survivors typed, names ``between`` them (R9); "none" when none survived. Typed
    with no name at all (``survivors=``) is a slip, refused: read as none, it would slay the
    whole honor guard. A ``between`` with no name beside it (``Titan++Ogre``) is refused too:
    a name was forgotten there."""
    typed = [name.strip() for name in text.split(between)]
    names = tuple(name for name in typed if name)
    example = between.join(("Titan", "Ogre"))
    if len(names) == 1 and names[0].lower() == NO_SURVIVORS:
        return ()
    if not names:
        raise RuleError(
            f"survivors names no character: name them ({example}), or say {NO_SURVIVORS}"
            " if none survived"
        )
    if len(names) < len(typed):
        raise RuleError(
            f'survivors "{text.strip()}" has a "{between}" with no name beside it:'
            f" name each survivor once, as in {example}"
        )
    other = "+" if between == "," else ","
    if any(other in name for name in names):  # no character's name holds one
        raise RuleError(
            f'survivors are named with "{between}" between them here, as in {example}'
            f' (not "{other}")'
        )
    return names


def read_entry(text: str) -> EntryWords:
    """``Thorn:won:score=347,battle-won=3,survivors=Titan+Ogre`` as typed: the Titan's name,
    result, figures and survivors; RuleError naming what is not understood.
    ``scenario-award=N`` is a scenario's own award that replaces the standard one (R8)."""
    match = ENTRY.fullmatch(text.strip())
    if not match:
        raise RuleError(f"expected TITAN:won or TITAN:lost (then :score=N,...), got {text!r}")
    figures: dict[str, int | bool] = {}
    survivors = None
    given: set[str] = set()
    award: int | None = None
    for part in filter(None, (p.strip() for p in (match.group(3) or "").split(","))):
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        if key in given:
            raise RuleError(f"{text!r}: {key} is given twice: give each once")
        given.add(key)
        if key == "survivors" and sep:
            try:
                survivors = list(read_survivors(value, "+"))
            except RuleError as error:
                raise RuleError(f"{text!r}: {error}") from None
        elif key == "scenario-award" and sep:
            award = _count(key, value)
        elif key in ENTRY_FIGURES and sep:
            figures[key.replace("-", "_")] = _count(key, value)
        elif not sep and survivors is not None:  # survivors=Titan,Ogre: as award takes them
            raise RuleError(
                f"{text!r}: survivors are joined with + here, as in survivors=Titan+{part}"
            )
        else:
            raise RuleError(
                f"{part!r}: expected one of {', '.join(ENTRY_FIGURES)} or survivors, as key=value"
            )
    if award is not None:  # an award of 0 is one; scenario XP of 0 adds nothing (R8)
        if figures.get("scenario_xp"):
            raise RuleError(f"{text!r}: {scenario_clash('scenario-xp', 'scenario-award')}")
        figures.update(scenario_xp=award, scenario_replaces=True)
    try:
        outcome = parse(GameOutcome, {"result": match.group(2).lower(), **figures})
    except ShapeError as error:
        raise RuleError(f"{text!r}: {in_one_line(error, TYPED)}") from None
    return EntryWords(
        match.group(1).strip(), outcome, tuple(survivors) if survivors is not None else None
    )


REMOVE = ":remove"


class CorrectionWords(NamedTuple):
    """A correction as typed in the app: game ``game`` and what changes: a Titan's whole
    entry, a Titan taken out, or the game's date or scenario."""

    game: int
    entry: EntryWords | None = None
    removed: str | None = None
    date: str | None = None
    scenario: str | None = None


def read_correction(text: str) -> CorrectionWords:
    """``3 Mira:lost:score=210`` (game 3, Mira's whole entry), ``3 Mira:remove`` (Mira taken
    out of game 3), ``3 date=2026-11-28`` or ``3 scenario=Siege`` (the game's own), as typed
    in the app."""
    number, _, rest = text.strip().partition(" ")
    if not re.fullmatch(r"[0-9]+", number) or not rest.strip():
        raise RuleError(
            "type the game's number, then the Titan's whole entry, e.g. 3 Mira:lost:score=210 "
            "(or 3 Mira:remove to take Mira out of game 3, 3 date=2026-11-28, 3 scenario=Siege)"
        )
    game, rest = int(number), rest.strip()
    field, equals, value = rest.partition("=")
    if equals and field.strip().lower() == "date":
        return CorrectionWords(game, date=iso_day(value))
    if equals and field.strip().lower() == "scenario":
        return CorrectionWords(game, scenario=value.strip())
    if rest.lower().endswith(REMOVE):
        return CorrectionWords(game, removed=rest[: -len(REMOVE)].strip())
    return CorrectionWords(game, entry=read_entry(rest))


def iso_day(text: str) -> str:
    """A date as YYYY-MM-DD (not the other forms Python reads, such as 20261128 or a week);
    RuleError otherwise."""
    if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text.strip()):
        try:
            return date.fromisoformat(text.strip()).isoformat()
        except ValueError:
            raise RuleError(f"{text.strip()} is no day of the calendar") from None
    raise RuleError(f"expected a date like 2026-11-29, got {text.strip()!r}")


def _count(key: str, text: str) -> int:
    """The figure ``key`` as typed; RuleError naming it (its number alone said nothing of
    which figure was wrong)."""
    if not re.fullmatch(r"[0-9]+", text.strip()):
        raise RuleError(f"{key}: expected a number of 0 or more, got {text!r}")
    return int(text)


def check_winners(entry: GameLogEntry) -> None:
    """R8: "Normally, winning or losing is determined by the standard rules" (one winner);
    only a scenario may say otherwise, so a game with two winners must name its scenario."""
    winners = [p.titan for p in entry.participants if p.outcome.result == "won"]
    if len(winners) > 1 and not entry.scenario:
        listed = " and ".join([", ".join(winners[:-1]), winners[-1]])
        raise RuleError(
            f"game {entry.game} would have {len(winners)} winners, {listed}: the standard rules"
            " have one; "
            "name the scenario that allows more (R8)"
        )


def check_one_date(entry: GameLogEntry) -> None:
    """A game is played on one date, in one scenario: every Titan's entry holds the game's
    (a merge could bring in a date corrected for the Titans one copy had in the game, and
    not for one the other copy added to it)."""
    if len({(p.played.date, p.played.scenario) for p in entry.participants}) > 1:
        each = "; ".join(
            f"{p.titan} {p.played.date}{', ' + p.played.scenario if p.played.scenario else ''}"
            for p in sorted(entry.participants, key=lambda p: p.titan_id)
        )
        dates = len({p.played.date for p in entry.participants}) > 1
        two = "be played on two dates" if dates else "have two scenarios"
        raise RuleError(
            f"game {entry.game} would {two} ({each}): correct its date and scenario again for"
            " every Titan in it"
        )


def check_eliminations(entry: GameLogEntry) -> None:
    """R8: the Titan's legion eliminated, in a battle it lost or by an agreement "that includes
    the elimination of the Titan's Legion", eliminates the Titan and so its player, who has
    lost: it happens once, in a game lost, and the Titan is no survivor (a scenario may say
    otherwise)."""
    for p in entry.participants:
        outcome = p.outcome
        eliminations = outcome.agreement_eliminated + outcome.battle_lost
        if entry.scenario or eliminations == 0:
            continue
        if outcome.agreement_eliminated and outcome.battle_lost:
            how = f"{p.titan}'s legion, lost in a battle and eliminated by an agreement,"
        elif outcome.agreement_eliminated:
            how = f"an agreement that eliminates {p.titan}'s legion"
        else:
            how = f"a battle {p.titan}'s legion lost"
        if eliminations > 1 or outcome.result == "won":
            raise RuleError(
                f"game {entry.game}: {how} eliminates {p.titan}: it happens once, in a game"
                f" {p.titan} lost (R8)"
            )
        if p.survivors is not None and "Titan" in p.survivors:
            raise RuleError(
                f"game {entry.game}: {how} eliminates {p.titan}: its Titan is not among the"
                " survivors (R8)"
            )


def check_winners_survived(entry: GameLogEntry) -> None:
    """A player whose Titan is slain is out of the game: a winner's survivors, when listed,
    include its Titan (a scenario may say otherwise); and a player has one Titan, listed once."""
    for p in entry.participants:
        if p.survivors is not None and p.survivors.count("Titan") > 1:
            raise RuleError(
                f"game {entry.game}: {p.titan}'s survivors list its Titan"
                f" {p.survivors.count('Titan')} times: a player has one Titan"
            )
        if entry.scenario:
            continue
        if p.outcome.result == "won" and p.survivors is not None and "Titan" not in p.survivors:
            raise RuleError(
                f"game {entry.game}: {p.titan} won, but its survivors do not include its Titan:"
                " a player whose Titan is slain is out of the game and has lost (R8); add Titan"
                " to the survivors"
            )


def check_scenario_xp(entry: GameLogEntry) -> None:
    """R8: "When playing a scenario, XP are awarded according to the rules of the scenario":
    scenario XP, or a scenario's own award, come with the scenario named."""
    if entry.scenario:
        return
    for p in entry.participants:
        if p.outcome.scenario_xp or p.outcome.scenario_replaces:
            what = "a scenario award" if p.outcome.scenario_replaces else "scenario XP"
            raise RuleError(
                f"game {entry.game}: {p.titan} has {what}, but the game names no scenario:"
                " name the scenario played (R8)"
            )


@dataclass(frozen=True, slots=True)
class AwardPart:
    label: str
    xp: int


@dataclass(frozen=True, slots=True)
class AwardView:
    """A game's award (R8): each part, the subtotal, the wisdom bonus and the total."""

    parts: tuple[AwardPart, ...]
    subtotal: int
    wisdom_bonus: int
    total: int


def award_view(award: Award) -> AwardView:
    return AwardView(
        tuple(AwardPart(label, xp) for label, xp in award.parts),
        award.subtotal,
        award.wisdom_bonus,
        award.total,
    )


@dataclass(frozen=True, slots=True)
class EntryLine:
    """One Titan's entry in the game log as shown: its name, result, every figure typed, the
    survivors, the award and its breakdown (R8, R9)."""

    titan: str
    result: str
    figures: Mapping[str, int | bool]
    survivors: tuple[str, ...] | None
    award: int
    breakdown: AwardView


@dataclass(frozen=True, slots=True)
class GameLogLine:
    """A game of the campaign's log as shown: number, date, scenario and every entry."""

    game: int
    date: str
    scenario: str
    participants: tuple[EntryLine, ...]


def game_log_view(entries: Iterable[GameLogEntry]) -> tuple[GameLogLine, ...]:
    """The game log as a view: number, date, scenario, and per Titan its entry."""
    return tuple(
        GameLogLine(
            entry.game,
            entry.date,
            entry.scenario,
            tuple(
                EntryLine(
                    titan=p.titan,
                    result=p.outcome.result,
                    figures=figures(p.outcome),
                    survivors=p.survivors,
                    award=p.award,
                    breakdown=award_view(p.breakdown),
                )
                for p in entry.participants
            ),
        )
        for entry in entries
    )


def game_log_json(entries: Iterable[GameLogEntry]) -> list[JsonObject]:
    """The game log as data (``game_log_view``), for ``campaign games --json``."""
    return [view_json(line) for line in game_log_view(entries)]


def survivors_text(survivors: tuple[str, ...] | None) -> str:
    if survivors is None:
        return "not listed"
    return ", ".join(survivors) or "none"


def entry_text(outcome: GameOutcome, survivors: tuple[str, ...] | None) -> str:
    """An entry in a player's words: "won, score 347, 3 battles won; survivors Titan, Ogre"."""
    typed = figures_text(outcome)
    said = f"{outcome.result}, {typed}" if typed else outcome.result
    if survivors is not None:
        said += f"; survivors {survivors_text(survivors)}"
    return said


def correction_text(titan: str, old: GamePlayed, new: GamePlayed | None) -> str:
    """The change's line: "game 3 corrected for Mira: score 120 -> 210, +9 XP"; for a
    removal, "Mira taken out of game 3: -62 XP"."""
    if new is None:
        return f"{titan} taken out of game {old.game}: -{old.award.total} XP"
    changed = changed_figures(old, new)
    difference = new.award.total - old.award.total
    said = ", ".join(changed) if changed else "nothing changed"
    return f"game {old.game} corrected for {titan}: {said}, {difference:+d} XP"


def changed_figures(old: GamePlayed, new: GamePlayed) -> list[str]:
    """Each figure that differs, "score 120 -> 210", in the ``game`` command's order."""
    changed = []
    if old.outcome.result != new.outcome.result:
        changed.append(f"result {old.outcome.result} -> {new.outcome.result}")
    before, after = figures(old.outcome), figures(new.outcome)
    for name, value in before.items():
        if after[name] != value and not name.startswith("scenario_"):
            label = name.replace("_", "-")
            changed.append(f"{label} {value} -> {after[name]}")
    was, now = _scenario_part(old.outcome), _scenario_part(new.outcome)
    if was != now:
        changed.append(
            f"{was} -> {now}" if was and now else f"{was} taken out" if was else f"{now} added"
        )
    if old.survivors != new.survivors:
        changed.append(
            f"survivors {survivors_text(old.survivors)} -> {survivors_text(new.survivors)}"
        )
    if old.date != new.date:
        changed.append(f"date {old.date} -> {new.date}")
    if old.scenario != new.scenario:
        said = [
            f'"{scenario}"' if scenario else "none" for scenario in (old.scenario, new.scenario)
        ]
        changed.append(f"scenario {said[0]} -> {said[1]}")
    return changed


def _scenario_part(outcome: GameOutcome) -> str:
    """ "scenario XP 30" (added to the standard award), "scenario award 400" (replacing it,
    R8: an award of 0 too), or "" for neither."""
    if outcome.scenario_replaces:
        return f"scenario award {outcome.scenario_xp}"
    return f"scenario XP {outcome.scenario_xp}" if outcome.scenario_xp else ""
