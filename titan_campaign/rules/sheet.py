"""The Titan Character Sheet as a typed view: what ``sheet --format json`` prints, what the
printers draw and the app shows, read by attribute (``sheet.xp.available``).

Every view here is a frozen dataclass; ``views.view_json`` gives its JSON from its fields, so
the keys printed are the fields read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .abilities import ABILITIES
from .awards import figures
from .errors import RuleError
from .game_log import AwardView, award_view, past_as_shown
from .goals import Goal, plan_goal
from .honor_guard import in_slot_order
from .progress import ProgressRow
from .spells import SCHOOLS
from .state import GamePlayed, unspent_base_xp
from .titan import TitanState
from .views import JsonObject, view_json


@dataclass(frozen=True, slots=True)
class Experience:
    """The sheet's EXPERIENCE box (R1, R2)."""

    base: int
    earned: int
    spent: int
    available: int
    to_next_level: int | None
    """None when nothing is left to buy: the Titan is at its highest level."""

    @property
    def next_level_text(self) -> str:
        """``to_next_level`` as printed: "max" at the highest level."""
        return "max" if self.to_next_level is None else str(self.to_next_level)


@dataclass(frozen=True, slots=True)
class SpellLine:
    """One spell of the spell book: ``bonus`` an Intelligence pick (R6), ``bought`` paid for
    in gold (R11)."""

    name: str
    school: str
    level: int
    mana: int
    cast: str
    bonus: bool
    bought: bool


@dataclass(frozen=True, slots=True)
class ChoiceLine:
    """A choice still to make (``PendingChoice``) and its words."""

    kind: str
    school: str | None
    level: int | None
    text: str


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """One line of the gold ledger (R11): ``game`` the game it came from, if any, played in
    ``played_in`` when that is not this campaign (an imported Titan's past)."""

    amount: int
    note: str
    game: int | None
    played_in: str = ""

    @property
    def signed_amount(self) -> str:
        """ "+10", "-3", or "0" for a purchase made for nothing (neither gained nor paid)."""
        return f"{self.amount:+d}" if self.amount else "0"

    @property
    def game_words(self) -> str:
        """ "game 3", "game 1 in Iron Crown", or "" for a line of no game."""
        if self.game is None:
            return ""
        return f"game {self.game} in {self.played_in}" if self.played_in else f"game {self.game}"

    @property
    def noted(self) -> str:
        """The note as a ledger with a column of game numbers shows it: another campaign's
        game is said before it ("in Iron Crown: loot")."""
        return f"in {self.played_in}: {self.note}" if self.played_in else self.note


@dataclass(frozen=True, slots=True)
class ItemLine:
    """A magic item as the sheet shows it, with the starting legion it goes with (R10, R11)."""

    name: str
    type: str
    charges: int | None
    max_charges: int | None
    description: str
    legion: int | None


@dataclass(frozen=True, slots=True)
class GoalView:
    """The build goal kept with the Titan and what remains of it (``goals.py``): what is
    wanted, the XP still to earn, about how many games that is, and the steps in order;
    ``note`` says why an archived Titan's goal lists no steps."""

    wanted: str
    met: bool
    xp_needed: int
    xp_cost: int
    games: int | None
    steps: tuple[str, ...]
    forgets: tuple[str, ...]
    note: str


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game of the Titan's record: when, where (``played_in``: another campaign's game,
    of an imported Titan's past), every figure typed, the survivors and the award (R8, R9)."""

    game: int
    date: str
    scenario: str
    played_in: str
    result: str
    figures: Mapping[str, int | bool]
    survivors: tuple[str, ...] | None
    award: int
    breakdown: AwardView


def game_line(played: GamePlayed, past: Mapping[str, str] = {}) -> GameLine:
    """``past``: how a past campaign's name reads here (``game_log.past_as_shown``)."""
    return GameLine(
        game=played.game,
        date=played.date,
        scenario=played.scenario,
        played_in=past.get(played.played_in, played.played_in),
        result=played.outcome.result,
        figures=figures(played.outcome),
        survivors=played.survivors,
        award=played.award.total,
        breakdown=award_view(played.award),
    )


@dataclass(frozen=True, slots=True)
class SheetView:
    """Every figure of the paper sheet plus the derived ones; ``progress``: the Titan game by
    game (the printed sheet's back page), empty where it is not asked for."""

    name: str
    player: str
    campaign: str
    archived: bool
    level: int
    xp: Experience
    abilities: Mapping[str, int]
    schools: Mapping[str, int]
    spells: tuple[SpellLine, ...]
    pending: tuple[ChoiceLine, ...]
    mana: int
    titan_power: int
    skill_uses: int
    rerolls: int
    xp_bonus_percent: int
    gold: int
    gold_ledger: tuple[LedgerLine, ...]
    magic_items: tuple[ItemLine, ...]
    honor_guard: tuple[str, ...]
    """The members in slot order: ``honor_guard[n]`` holds slot n + 1 (R9)."""
    honor_guard_slots: tuple[int, ...]
    starting_legions: tuple[tuple[str, ...], ...]
    starting_legion_guard: tuple[int, ...]
    """How many of each starting legion's last characters are honor guard members."""
    starting_legion_notes: tuple[str, ...]
    goal: GoalView | None
    games: tuple[GameLine, ...]
    progress: tuple[ProgressRow, ...] = ()

    @property
    def base_unspent(self) -> int:
        """The base XP still to spend before the first game (R2), else 0."""
        return unspent_base_xp(self.xp.base, self.xp.available, self.archived or bool(self.games))

    def to_json(self) -> JsonObject:
        return view_json(self)


def goal_view(state: TitanState) -> GoalView | None:
    """The goal kept with the Titan and what remains of it; None without a goal. An archived
    Titan's goal lists no steps and says why."""
    kept = state.goal
    if kept is None:
        return None
    goal = Goal(dict(kept.abilities), dict(kept.schools), kept.spells)
    try:
        plan = plan_goal(state, goal)
    except RuleError as error:  # an archived Titan plans nothing
        return GoalView(goal.describe(), False, 0, 0, None, (), (), str(error))
    return GoalView(
        wanted=goal.describe(),
        met=not plan.steps,
        xp_needed=plan.xp_needed,
        xp_cost=plan.xp_cost,
        games=plan.games,
        steps=tuple(step.do for step in plan.steps),
        forgets=plan.forgotten,
        note="",
    )


def sheet_view(state: TitanState, campaign: str, progress: Sequence[ProgressRow] = ()) -> SheetView:
    """Every figure of the paper sheet plus the derived ones (and, if given, the progress);
    games of the Titan's past in a campaign of the name ``campaign`` has now read apart from
    its own ("Iron Crown (earlier)", ``game_log.past_as_shown``)."""
    past = past_as_shown({game.played_in for game in state.games if game.played_in}, campaign)
    legions = state.starting_legions
    item_legion = {
        name: number for number, names in enumerate(legions.items, start=1) for name in names
    }
    return SheetView(
        name=state.name,
        player=state.player,
        campaign=campaign,
        archived=state.archived,
        level=state.level,
        xp=Experience(
            base=state.base_xp,
            earned=state.earned_xp,
            spent=state.spent_xp,
            available=state.available_xp,
            to_next_level=state.xp_to_next_level,
        ),
        abilities={ability: state.abilities[ability] for ability in ABILITIES},
        schools={school: state.schools[school] for school in SCHOOLS},
        spells=tuple(
            SpellLine(
                name=known.name,
                school=known.spell.school,
                level=known.spell.level,
                mana=known.spell.mana,
                cast=known.spell.cast,
                bonus=known.bonus,
                bought=known.bought,
            )
            for known in sorted(
                state.spells, key=lambda k: (SCHOOLS.index(k.spell.school), k.spell.level, k.name)
            )
        ),
        pending=tuple(
            ChoiceLine(choice.kind, choice.school, choice.level, choice.describe())
            for choice in state.pending
        ),
        mana=state.mana,
        titan_power=state.titan_power,
        skill_uses=state.skill_uses,
        rerolls=state.rerolls,
        xp_bonus_percent=state.xp_bonus_percent,
        gold=state.gold,
        gold_ledger=tuple(
            LedgerLine(line.amount, line.note, line.game, past.get(line.played_in, line.played_in))
            for line in state.gold_ledger
        ),
        magic_items=tuple(
            ItemLine(
                name=item.name,
                type=item.type,
                charges=item.charges,
                max_charges=item.max_charges,
                description=item.description,
                legion=item_legion.get(item.name),
            )
            for item in state.items
        ),
        honor_guard=in_slot_order(state.honor_guard, state.honor_guard_slots),
        honor_guard_slots=tuple(state.honor_guard_slots),
        starting_legions=tuple(tuple(legion) for legion in legions.legions),
        starting_legion_guard=legions.guard,
        starting_legion_notes=tuple(legions.notes),
        goal=goal_view(state),
        games=tuple(game_line(game, past) for game in state.games_in_order),
        progress=tuple(progress),
    )
