"""Progress in the app: a Titan's XP earned, XP spent and level game by game, and the
campaign's Titans' levels side by side, as bar charts drawn in the terminal with the figures
under them (``actions.progress`` and ``actions.campaign_progress``)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ... import actions
from ...rules.names import plural
from ...rules.progress import ProgressRow, level_scale_top
from ..widgets.bar_chart import (
    DIVIDER,
    Series,
    bar_chart,
    groups_that_fit,
    legend,
    widest_bars,
)
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from .base import UPRIGHT_WIDTH, OneTitan, database, titan_app

XP_ROWS = 8
LABEL_WIDTH = 6  # the scale's numbers and the axis
LEVEL_ROWS = 4
CHART_MIN = 20
"""The narrowest chart drawn: the scale and a few games' bars."""
TABLE_COLUMNS = ("Game", "Date", "Award", "Earned", "Spent", "Level", "Mana")
EARNED = Series("XP earned", "bold blue")
SPENT = Series("XP spent", "bold red")
LEVEL = Series("level", "bold green")
TITAN_STYLES = tuple(
    f"bold {colour}"
    for colour in (
        *("#56b4e9", "#e69f00", "#009e73", "#cc79a7"),
        *("#f0e442", "#d55e00", "#0072b2", "#999999"),
    )
)
"""A Titan's bar colour in the campaign chart, in roster order (its place in a group says who
it is even without colour): Okabe and Ito's eight colours, told apart by colour-blind eyes
too, grey for their black (the terminal's red and magenta were one pink in Textual's colours);
a ninth Titan takes the first colour again."""


def shown_games(count: int, bars: int, width: int) -> tuple[int, int, str]:
    """How many of the latest games fit ``width``, how wide their bars are, and a note when
    not all games fit."""
    bar_width = widest_bars(count, bars, width, LABEL_WIDTH)
    fit = groups_that_fit(bars, width, LABEL_WIDTH, bar_width)
    if count <= fit:
        return count, bar_width, ""
    note = f"the latest {fit} of {count} games are charted; the table lists them all"
    return fit, bar_width, note


def titan_chart(rows: Sequence[ProgressRow], width: int) -> list[Text]:
    """XP earned and spent by game, then level by game, with legends."""
    if not rows:
        return [Text("No games recorded yet: the chart starts after the first game.")]
    runs = [list(run) for _, run in groupby(rows, key=lambda row: row.played_in)]
    count, bar_width, note = shown_games(len(rows), 2, width - 2 * (len(runs) - 1))
    latest = rows[-count:]
    xp: list[tuple[str, tuple[int | None, ...]]] = []
    levels: list[tuple[str, tuple[int | None, ...]]] = []
    for at, row in enumerate(latest):
        if at and row.played_in != latest[at - 1].played_in:
            xp.append(("", ()))  # a divider: the games on either side are two campaigns'
            levels.append(("", ()))
        xp.append((str(row.game), (row.earned, row.spent)))
        levels.append((str(row.game), (row.level, None)))
    top_level = level_scale_top(row.level for row in rows)
    lines = [Text("XP by game", style="bold")]
    if len(runs) > 1:
        lines.append(Text(played_where(runs), style="dim"))
    lines += bar_chart(xp, (EARNED, SPENT), XP_ROWS, None, bar_width)
    lines += [legend((EARNED, SPENT), width), Text("")]
    lines += [Text("Level by game", style="bold")]
    lines += bar_chart(levels, (LEVEL, Series("", "")), LEVEL_ROWS, top_level, bar_width)
    if note:
        lines.append(Text(note, style="dim"))
    return lines


def played_where(runs: Sequence[Sequence[ProgressRow]]) -> str:
    """Where each run of games was played, in the order charted ("games 1 to 5: played in
    The Iron Crown; ┆ then games 6 to 7: this campaign"), for a Titan imported with its past."""
    parts = []
    for run in runs:
        first, last = run[0].game, run[-1].game
        games = f"game {first}" if first == last else f"games {first} to {last}"
        where = f"played in {run[0].played_in}" if run[0].played_in else "this campaign"
        parts.append(f"{games}: {where}")
    return f"; {DIVIDER} then ".join(parts)


def titan_table(rows: Sequence[ProgressRow], upright: bool = False) -> Table:
    """The figures game by game; ``upright`` (a phone held upright), without the date and the
    Mana, so that the XP figures are read whole (the game log has the dates)."""
    table = Table(box=None, padding=(0, 1), pad_edge=False)
    columns = ("Game", "Award", "Earned", "Spent", "Lv") if upright else TABLE_COLUMNS
    for column in columns:
        table.add_column(column, justify="left" if column == "Date" else "right")
    for row in rows:
        figures: tuple[str | int, ...] = (row.label, row.award, row.earned, row.spent, row.level)
        if not upright:
            figures = (row.label, row.date, row.award, row.earned, row.spent, row.level, row.mana)
        table.add_row(*(str(v) for v in figures))
    return table


def levels_by_game(
    progress: dict[str, list[ProgressRow]],
) -> tuple[list[int], dict[str, dict[int, int]]]:
    """Every game of the campaign any Titan played, in order, and each Titan's level after each
    game played (an imported Titan's games from another campaign are not this campaign's)."""
    levels = {
        name: {row.game: row.level for row in rows if not row.played_in}
        for name, rows in progress.items()
    }
    games = sorted({game for played in levels.values() for game in played})
    return games, levels


def campaign_chart(progress: dict[str, list[ProgressRow]], width: int) -> list[Text]:
    """Every Titan's level after each game, a bar each, side by side by game."""
    games, levels = levels_by_game(progress)
    if not games:
        return [Text("No games recorded yet: the chart starts after the first game.")]
    names = list(levels)
    series = [Series(name, TITAN_STYLES[i % len(TITAN_STYLES)]) for i, name in enumerate(names)]
    count, bar_width, note = shown_games(len(games), len(names), width)
    groups = [(str(game), [levels[name].get(game) for name in names]) for game in games[-count:]]
    top = level_scale_top(v for played in levels.values() for v in played.values())
    lines = [Text("Level after each game", style="bold")]
    lines += bar_chart(groups, series, XP_ROWS, top, bar_width)
    lines.append(legend(series, width))
    if note:
        lines.append(Text(note, style="dim"))
    return lines


def campaign_table(progress: dict[str, list[ProgressRow]]) -> Table:
    """Titans down, games across: the level after each game ("·": did not play)."""
    games, levels = levels_by_game(progress)
    table = Table(box=None, padding=(0, 1), pad_edge=False)
    table.add_column("Titan")
    for game in games:
        table.add_column(f"g{game}", justify="right")
    for name, played in levels.items():
        table.add_row(Text(name), *(str(played.get(game, "·")) for game in games))
    return table


class _ProgressBase(Screen[None]):
    CSS_PATH = "pages.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back", id="progress.back"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="progress"):
            yield Static(id="progress-title", classes="page-title")
            yield Static(id="progress-chart")
            yield Static(id="progress-table")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_view()
        self.query_one("#progress").focus()

    def on_screen_resume(self) -> None:
        if self not in titan_app(self).closing:  # uncovered while it closes: nothing to read
            self.refresh_view()

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        raise NotImplementedError

    def chart_width(self) -> int:
        """The chart's width: the screen's less the scroll bar and a margin (on a phone held
        upright, about 28 columns: four games of two bars each)."""
        return max(CHART_MIN, self.app.size.width - 4)


class ProgressScreen(OneTitan, _ProgressBase):
    """One Titan's progress: XP earned and spent, and level, game by game."""

    def refresh_view(self) -> None:
        app = titan_app(self)
        found = app.attempt(lambda: actions.progress(app.db, self.titan))
        if found is None:
            return
        state, rows = found
        self.query_one("#progress-title", Static).update(
            plain(
                f"{state.name.upper()}: PROGRESS   {plural(len(rows), 'game')}   level {state.level}   "
                f"{state.earned_xp} XP earned, {state.spent_xp} spent"
            )
        )
        chart = Text("\n").join(titan_chart(rows, self.chart_width()))
        self.query_one("#progress-chart", Static).update(chart)
        upright = self.app.size.width < UPRIGHT_WIDTH
        heading = Text("\nGame by game", style="bold")
        table = Group(heading, titan_table(rows, upright)) if rows else ""
        self.query_one("#progress-table", Static).update(table)


class CampaignProgressScreen(_ProgressBase):
    """Every active Titan's level game by game, side by side."""

    def __init__(self, campaign: actions.CampaignRef) -> None:
        super().__init__()
        self.campaign = campaign

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.campaign

    def refresh_view(self) -> None:
        db = database(self)
        named = titan_app(self).attempt(lambda: actions.read_campaign(db, self.campaign))
        read = titan_app(self).attempt(lambda: actions.campaign_progress(db, self.campaign))
        if read is None or named is None:
            return
        found = read.titans
        self.query_one("#progress-title", Static).update(
            plain(f"{named.name.upper()}: LEVELS GAME BY GAME   {plural(len(found), 'Titan')}")
        )
        left_out = [
            Text(f"{titan.name} cannot be read: {titan.problem} (left out)", style="bold")
            for titan in read.unreadable
        ]
        chart = Text("\n").join([*left_out, *campaign_chart(found, self.chart_width())])
        self.query_one("#progress-chart", Static).update(chart)
        games, _ = levels_by_game(found)
        table = Group(Text("\nLevel after each game", style="bold"), campaign_table(found))
        self.query_one("#progress-table", Static).update(table if games else "")
