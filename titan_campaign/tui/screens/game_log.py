"""The campaign's game log (`l` on the roster): every game by number, each Titan's figures and
how its award was reached (R8); `c` corrects one entry as one change (``actions.correct_game``)."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType

from ... import actions
from ...rules.game_log import GameLogEntry, entry_text, read_correction
from .base import database, titan_app
from .forms import MessageModal, TextModal

CORRECTION_HELP = (
    "Game number, then the Titan's whole entry as the game command takes it "
    "(3 Mira:lost:score=210), or 3 Mira --remove"
)


def game_log_table(games: list[GameLogEntry]) -> Table | str:
    """The game log by game number: each Titan's result, every figure typed, and how its
    award was reached (R8)."""
    if not games:
        return "No games recorded yet (g records one)."
    table = Table(box=None, show_edge=False)
    for column in ("game", "date", "scenario", "Titan", "XP", "figures and award"):
        table.add_column(column)
    for game in games:
        for number, part in enumerate(game.participants):
            first = number == 0
            table.add_row(
                str(game.game) if first else "",
                game.date if first else "",
                Text(game.scenario) if first else "",
                Text(part.titan),
                str(part.award),
                Text(f"{entry_text(part.outcome, part.survivors)}\n{part.breakdown.summary()}"),
            )
    return table


class GameLogModal(MessageModal):
    """The game log; `c` corrects an entry (judged again by the rules) and shows the log anew."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "correct", "Correct an entry", id="game_log.correct"),
    ]

    def __init__(self, campaign: str, games: list[GameLogEntry]) -> None:
        super().__init__("Game log (c: correct an entry)", game_log_table(games))
        self.campaign = campaign

    def action_correct(self) -> None:
        db = database(self)
        campaign = self.campaign

        def correct(text: str) -> object:
            game, entry, removed = read_correction(text)
            entries = []
            if entry is not None:
                entries.append(actions.Participant(*entry))
            gone = [removed] if removed else []
            return actions.correct_game(db, campaign, game, entries, gone)

        self.app.push_screen(
            TextModal("Correct a game", CORRECTION_HELP, "", "correction", correct, 200),
            self._corrected,
        )

    def _corrected(self, done: object) -> None:
        if isinstance(done, actions.Done):
            self.notify(done.text, title="Corrected")
            games = titan_app(self).attempt(lambda: actions.games(database(self), self.campaign))
            if games is not None:
                self.body = game_log_table(games)
                self.refresh(recompose=True)
