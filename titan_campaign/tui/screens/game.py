"""Record a game: one form, a live award preview per Titan (R8), then ONE write for all."""

from __future__ import annotations

from datetime import date
from typing import ClassVar

from pydantic import ValidationError
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Checkbox, Input, Label, Select, Static

from ... import actions
from ...rules.awards import game_award
from ...rules.campaign import Campaign
from ...rules.events import GameOutcome, explain
from ...rules.titan import TitanState
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from .base import database, titan_app
from .honor_guard import HonorGuardModal

COUNTS = (
    ("battle_won", "Battles won"),
    ("battle_lost", "Battles lost"),
    ("agreement", "Agreements"),
    ("agreement_eliminated", "Agr. eliminated"),
    ("fled", "Fled"),
)
MANY_TITANS = 6


def _field(label: str, widget: Input | Select[str]) -> Vertical:
    return Vertical(Label(label), widget, classes="field")


def _number(text: str) -> int:
    return int(text) if text.strip().lstrip("-").isdigit() else 0


class Participant(Vertical):
    """One Titan's part of the game form, with its award preview."""

    def __init__(self, state: TitanState, number: int, taking_part: bool) -> None:
        """``number``: the Titan's place in the form, 1 for the first."""
        super().__init__(classes="participant", id=f"titan-{number}")
        self.state = state
        self.taking_part = taking_part

    def compose(self) -> ComposeResult:
        state = self.state
        yield Checkbox(
            plain(f"{state.name} ({state.player}) takes part"),
            self.taking_part,
            id="takes-part",
            compact=True,
        )
        with Horizontal():
            yield _field(
                "Result",
                Select(
                    [("won", "won"), ("lost", "lost")],
                    value="lost",
                    allow_blank=False,
                    id="result",
                    compact=True,
                ),
            )
            yield _field("Score", Input("0", type="integer", id="score", compact=True))
            yield _field("Scenario XP", Input("0", type="integer", id="scenario_xp", compact=True))
            yield Vertical(
                Label("Survivors (optional)"),
                Input(placeholder="e.g. Gargoyle, Troll", id="survivors", compact=True),
                classes="field wide-field",
            )
        with Horizontal():
            for name, label in COUNTS:
                yield _field(label, Input("0", type="integer", id=name, compact=True))
        yield Static(id="award", classes="award")

    def on_mount(self) -> None:
        self.preview()

    def value(self, name: str) -> str:
        return self.query_one(f"#{name}", Input).value

    @property
    def takes_part(self) -> bool:
        return self.query_one("#takes-part", Checkbox).value

    def outcome(self) -> GameOutcome:
        fields = {name: _number(self.value(name)) for name, _ in COUNTS}
        return GameOutcome.model_validate(
            {
                "result": self.query_one("#result", Select).value,
                "score": _number(self.value("score")),
                "scenario_xp": _number(self.value("scenario_xp")),
                **fields,
            }
        )

    def survivors(self) -> tuple[str, ...] | None:
        """The names typed (the rules check them when the game is recorded)."""
        text = self.value("survivors").strip()
        if not text:
            return None
        return tuple(name.strip() for name in text.split(",") if name.strip())

    def preview(self) -> None:
        award_view = self.query_one("#award", Static)
        if not self.takes_part:
            award_view.update(plain("not taking part"))
            return
        try:
            award = game_award(self.outcome(), self.state.abilities["wisdom"])
        except ValidationError as error:
            award_view.update(plain(f"! {error.errors()[0]['msg']}"))
            return
        parts = " + ".join(f"{label}: {xp}" for label, xp in award.parts)
        award_view.update(
            plain(
                f"Award: {parts} = {award.subtotal}; wisdom +{award.wisdom_bonus}  →  {award.total} XP"
            )
        )

    def on_input_changed(self) -> None:
        self.preview()

    def on_select_changed(self) -> None:
        self.preview()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        state = self.state
        taking = "takes part" if event.value else "does not take part"
        event.checkbox.label = plain(f"{state.name} ({state.player}) {taking}")
        self.preview()


class RecordGameScreen(Screen[None]):
    CSS_PATH = "pages.tcss"
    AUTO_FOCUS = "#game-date"  # the form, not its scrolling frame, takes the keys first
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Cancel", id="game.cancel"),
        Binding("ctrl+s", "save_game", "Save game", id="game.save"),
    ]

    def __init__(self, campaign: Campaign) -> None:
        """The form for ``campaign`` as just read: its active Titans, its next game's number."""
        super().__init__()
        self.campaign = campaign

    def campaign_in_view(self) -> str | None:
        return self.campaign.name

    def compose(self) -> ComposeResult:
        found = self.campaign
        states = [found.state(titan_id) for titan_id in found.titan_ids]
        states = [state for state in states if not state.archived]
        with VerticalScroll(id="game-form"):
            yield Static(
                plain(
                    f"GAME {found.next_game()}: record what happened (nothing is saved until ctrl+s)"
                ),
                classes="page-title",
            )
            with Horizontal(classes="panel"):
                yield _field("Date", Input(date.today().isoformat(), id="game-date", compact=True))
                yield Vertical(
                    Label("Scenario"),
                    Input(placeholder="e.g. Tower defence", id="scenario", compact=True),
                    classes="field wide-field",
                )
            for number, state in enumerate(states, start=1):
                yield Participant(state, number, len(states) <= MANY_TITANS)
        yield KeyBar()

    def action_save_game(self) -> None:
        game_date = self.query_one("#game-date", Input).value.strip()
        scenario = self.query_one("#scenario", Input).value.strip()
        taking_part = [p for p in self.query(Participant) if p.takes_part]
        if not taking_part:
            self.notify("Tick at least one Titan that took part.", severity="warning")
            return
        try:
            parts = [
                actions.Participant(part.state.name, part.outcome(), part.survivors())
                for part in taking_part
            ]
        except ValidationError as error:
            self.notify(explain(error), title="Refused", severity="warning")
            return
        db = database(self)
        done = titan_app(self).attempt(
            lambda: actions.record_game(db, self.campaign.name, parts, game_date, scenario)
        )
        if done is None:
            return
        notes = [f"{name}: {note}" for name, step in done.steps.items() for note in step.notes]
        self.notify("\n".join([done.text, *notes]), title="Game recorded")
        guarded = [step.state for step in done.steps.values() if step.state.honor_guard_slots]
        app = self.app
        app.pop_screen()
        offer_honor_guards(app, self.campaign.name, guarded)


def offer_honor_guards(app: App[object], campaign: str, titans: list[TitanState]) -> None:
    """After a game, the honor guard picker for each Titan whose guard can change (R9)."""
    if not titans:
        return
    first, rest = titans[0], titans[1:]
    app.push_screen(
        HonorGuardModal(campaign, first), lambda _: offer_honor_guards(app, campaign, rest)
    )
