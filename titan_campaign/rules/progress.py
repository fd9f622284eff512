"""A Titan's progress game by game: XP earned and spent, level and Mana after each game.

Every figure comes from replaying the history through ``titan.apply``: a row is the sheet as
it stood right after that game's record was applied (R1 XP, R2 level, R7 Mana, R8 award).
Purchases made between games count in the next game's row.

Worked example: a Titan with 200 base XP buys Power and Spirit (200 spent, level 1), then
wins a game worth 150 XP and spends 100 more, then loses one worth 60:
game 1: award 150, earned 150, spent 200, level 1, Mana 1 + 1 = 2;
game 2: award 60, earned 210, spent 300, level 1, Mana 2.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .events import Event, GameRecorded
from .state import TitanState
from .titan import apply
from .views import JsonObject, view_json

__all__ = ["ProgressRow", "level_scale_top", "progress", "progress_json", "progress_table"]

LEAST_LEVEL_SCALE = 4
"""The least top of a chart's level scale: a level is 200 spent XP (R2), so a Titan of a few
levels has its line rise on a scale of some height, never drawn along the chart's top edge."""


def level_scale_top(levels: Iterable[int]) -> int:
    """The top of a chart's level scale for these levels: the highest, and at least 4.

    >>> level_scale_top([1, 1]), level_scale_top([3, 7])
    (4, 7)
    """
    return max(LEAST_LEVEL_SCALE, max(levels, default=0))


@dataclass(frozen=True, slots=True)
class ProgressRow:
    """One game of a Titan's history and the sheet right after its record (R1, R2, R7, R8)."""

    game: int
    date: str
    award: int
    earned: int
    spent: int
    level: int
    mana: int
    played_in: str = ""
    """The campaign the game was played in, when not the Titan's campaign now (imported)."""

    @property
    def label(self) -> str:
        """The game as a player names it: "3", or "3 in The Iron Crown" for another campaign's
        (as the game log says it; "1 (Iron Crown (earlier))" read as brackets in brackets)."""
        return f"{self.game} in {self.played_in}" if self.played_in else str(self.game)


def progress(events: Iterable[Event]) -> list[ProgressRow]:
    """One row per game in play order (by game number, R9), from a Titan's whole history (its
    creation first), with every correction applied.

    ``earned`` adds the awards game by game in that order; ``spent``, level and Mana are the
    sheet as it stood when the game was recorded, or when a later game was, if that was
    recorded first (an older game typed late does not carry later purchases back in time).
    A history the rules refuse raises RuleError, as ``titan.replay`` does.
    """
    state: TitanState | None = None
    recorded: dict[tuple[int, int, int], tuple[int, TitanState]] = {}  # play order: (when, state)
    for when, event in enumerate(events):
        state = apply(state, event).state
        if isinstance(event, GameRecorded):
            played = next(
                g for g in state.games if (g.game, g.played_in) == (event.game, event.played_in)
            )
            recorded[played.order] = (when, state)
    if state is None:
        return []
    rows: list[ProgressRow] = []
    earned = 0
    games = state.games_in_order
    for index, played in enumerate(games):
        earned += played.award.total
        _, sheet = min((recorded[later.order] for later in games[index:]), key=lambda r: r[0])
        rows.append(
            ProgressRow(
                game=played.game,
                date=played.date,
                award=played.award.total,
                earned=earned,
                spent=sheet.spent_xp,
                level=sheet.level,
                mana=sheet.mana,
                played_in=played.played_in,
            )
        )
    return rows


def progress_json(rows: Sequence[ProgressRow]) -> list[JsonObject]:
    """The rows as plain JSON, oldest game first (``played_in`` only for another campaign's)."""
    return [view_json(row) for row in rows]


_HEADINGS = ("Game", "Date", "Award", "Earned", "Spent", "Level", "Mana")
_WIDTHS = (5, 10, 7, 8, 7, 6, 5)


def progress_table(rows: Sequence[ProgressRow]) -> str:
    """The rows as a plain-text table for the terminal (under 80 columns). An imported Titan's
    games of another campaign (listed first) come under a line naming where they were played,
    so every figure stays in its column."""
    if not rows:
        return "No games recorded yet."

    def line(cells: Sequence[object]) -> str:
        parts = [
            str(cell).ljust(width) if index == 1 else str(cell).rjust(width)
            for index, (cell, width) in enumerate(zip(cells, _WIDTHS, strict=True))
        ]
        return "  ".join(parts).rstrip()

    lines = [line(_HEADINGS), line(["-" * width for width in _WIDTHS])]
    for row in by_campaign(rows):
        if isinstance(row, str):
            lines.append(row)
            continue
        lines.append(
            line([row.game, row.date, row.award, row.earned, row.spent, row.level, row.mana])
        )
    return "\n".join(lines)


def by_campaign(rows: Sequence[ProgressRow]) -> list[str | ProgressRow]:
    """The rows, and when an imported Titan's games of another campaign are among them, a line
    naming where each campaign's games were played before them ("played in The Iron Crown:",
    then "played in this campaign:"), so that a game number is never listed twice unnamed."""
    listed: list[str | ProgressRow] = []
    where: str | None = None if any(row.played_in for row in rows) else ""
    for row in rows:
        if row.played_in != where:
            where = row.played_in
            listed.append(f"played in {where or 'this campaign'}:")
        listed.append(row)
    return listed
