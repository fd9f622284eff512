"""The campaign's game log (`l` on the roster): every game by number, each Titan's figures and
how its award was reached (R8); `c` corrects one entry as one change (``actions.correct_game``)."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Label, Static

from ... import actions
from ...rules.game_log import ENTRY_FIGURES, GameLogEntry, entry_text, read_correction
from ...rules.names import name_key
from ...rules.titan import TitanState
from ..upright import key_named, when_turned, with_key
from .base import database, titan_app
from .forms import MessageModal, TextModal

CORRECTION_HELP = (
    "The game's number, then the Titan's whole entry as it should be, every figure as "
    "name=number (3 Mira:lost:score=210,survivors=Ogre+Troll; one not typed is 0): "
    f"{', '.join(ENTRY_FIGURES)}. Or 3 Mira:remove (Mira out of game 3), "
    "3 date=2026-11-28, 3 scenario=Siege (the game's own)"
)


def game_log_table(games: list[GameLogEntry], record: str = "g") -> Group | str:
    """The game log by game number: a line naming each game (number, date, scenario), then
    each Titan's result, every figure typed, and how its award was reached (R8), in lines as
    wide as the screen; ``record``: how the roster records a game (a key, or on a phone the
    key bar's entry)."""
    if not games:
        return f"No games recorded yet ({record} on the roster records one)."
    parts: list[Text | _Entries] = []
    for game in games:
        heading = Text(f"Game {game.game}   {game.date}", style="bold")
        if game.scenario:
            heading.append("   ").append(game.scenario)
        parts.append(heading)
        parts.append(_Entries(game))
    return Group(*parts)


STACKED_BELOW = 50
"""Under this width (a phone held upright) a Titan's figures go under its name: in a column
beside the name and the XP they were squeezed to a letter a line."""


class _Entries:
    """A game's entries: name, XP and figures side by side, or stacked on a narrow screen."""

    def __init__(self, game: GameLogEntry) -> None:
        self.game = game

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        participants = self.game.participants
        if options.max_width < STACKED_BELOW:
            for part in participants:  # the award on a line of its own: never "250 / XP"
                yield Text(part.titan, "bold", overflow="fold")
                figures = f"{entry_text(part.outcome, part.survivors)}\n{part.breakdown.summary()}"
                yield Padding(Text(f"{part.award} XP\n{figures}"), (0, 0, 1, 2))
            return
        table = Table(
            box=None, show_edge=False, show_header=False, padding=(0, 1, 1, 0), expand=True
        )
        table.add_column("Titan", no_wrap=False, max_width=20)
        table.add_column("XP", justify="right")
        table.add_column("figures and award", ratio=1)
        for part in participants:
            table.add_row(
                Text(part.titan, overflow="fold"),  # a long word goes on, never cut
                f"{part.award} XP",
                Text(f"{entry_text(part.outcome, part.survivors)}\n{part.breakdown.summary()}"),
            )
        yield table


class GameLogModal(MessageModal):
    """The game log; `c` corrects an entry (judged again by the rules) and shows the log anew."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "correct", "Correct an entry", id="game_log.correct"),
    ]

    def __init__(self, campaign: actions.CampaignRef, games: list[GameLogEntry]) -> None:
        super().__init__(self._heading(), game_log_table(games, self.record))
        self.campaign = campaign
        self.games = games
        self.shown: dict[actions.TitanRef, TitanState] = {}
        """The campaign's Titans as the log shows them, by id: a correction is refused if the
        Titan it changes is no longer so (``actions.TitanChanged``)."""

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.campaign

    @property
    def record(self) -> str:
        """How the roster records a game: its key, or on a phone the key bar's entry."""
        return key_named(self, "g", "Record game")

    def _heading(self) -> str:
        # on a phone, which has no c key, the key bar's "Correct an entry" is tapped
        return with_key(self, "Game log", "c: correct an entry")

    def on_mount(self) -> None:
        self.refresh_view()
        when_turned(self, self.reword)

    def reword(self) -> None:
        """The title, and an empty log's words, as the phone is now held."""
        self.heading = self._heading()
        self.query_one(".form-title", Label).update(self.heading)
        self.body = game_log_table(self.games, self.record)
        self.query_one(".message-body Static", Static).update(self.body)

    def refresh_view(self) -> None:
        """The log as saved now (a Titan renamed elsewhere shows its name now), and its
        Titans as it shows them (read with it)."""
        db = database(self)
        found = titan_app(self).attempt(lambda: actions.read_campaign(db, self.campaign))
        if found is None:
            return
        readable = actions.readable_by_id(found)
        self.shown = {actions.TitanRef(self.campaign, tid): s for tid, s in readable.items()}
        games = found.games()
        if games != self.games:  # drawn again where it is: the player stays on the game read
            self.games, self.body = games, game_log_table(games, self.record)
            self.query_one(".message-body Static", Static).update(self.body)

    def titan_named(self, name: str) -> actions.TitanRef:
        """The Titan a player typed, by the name the log shows (a Titan renamed elsewhere
        since is found by the name it was shown under, and then refused as changed); a name
        the log does not show is looked up in the campaign."""
        key = name_key(name)
        shown = [titan for titan, state in self.shown.items() if name_key(state.name) == key]
        return shown[0] if shown else actions.find_titan(database(self), name, self.campaign)

    def action_correct(self) -> None:
        if not self.games:
            self.notify(f"No game is recorded yet: {self.record} on the roster records one.")
            return
        db = database(self)
        campaign = self.campaign

        def correct(text: str) -> object:
            typed = read_correction(text)
            entries = []
            if (entry := typed.entry) is not None:
                titan = self.titan_named(entry.titan)
                entries.append(actions.Participant(titan, entry.outcome, entry.survivors))
            gone = [self.titan_named(typed.removed)] if typed.removed else []
            try:
                return actions.correct_game(
                    db, campaign, typed.game, entries, gone, typed.date, typed.scenario,
                    shown=self.shown,
                )  # fmt: skip
            except actions.TitanChanged:
                self.refresh_view()  # the log as it is now, to check before asking again
                raise

        self.app.push_screen(
            TextModal("Correct a game", CORRECTION_HELP, "", "correction", correct),
            self._corrected,
        )

    def _corrected(self, done: object) -> None:
        if isinstance(done, actions.Done):
            news = [
                f"{step.state.name}: {note}"
                for step in done.steps.values()
                for note in actions.correction_news(step.notes)
            ]  # a member of the honor guard back, say, as the command line says it
            self.notify("\n".join([done.text, *news]), title="Corrected")
            self.refresh_view()
