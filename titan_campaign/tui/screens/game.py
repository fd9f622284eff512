"""Record a game: one form, a live award preview per Titan (R8), then ONE write for all."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import ClassVar

from pydantic import ValidationError
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Checkbox, Input, Label, Select, Static

from ...rules.awards import game_award
from ...rules.characters import find_character
from ...rules.events import GameOutcome, GameRecorded
from ...rules.names import UnknownName
from ...rules.titan import TitanLog
from ...store.repository import TitanRecord, now_iso
from ..keeper import Keeper
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from .base import keeper, titan_app

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

    def __init__(self, record: TitanRecord, taking_part: bool) -> None:
        super().__init__(classes="participant", id=f"titan-{record.id}")
        self.record = record
        self.taking_part = taking_part

    def compose(self) -> ComposeResult:
        state = self.record.log.state
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
        text = self.value("survivors").strip()
        if not text:
            return None
        return tuple(find_character(name.strip()).name for name in text.split(",") if name.strip())

    def preview(self) -> None:
        award_view = self.query_one("#award", Static)
        if not self.takes_part:
            award_view.update(plain("not taking part"))
            return
        try:
            award = game_award(self.outcome(), self.record.log.state.abilities["wisdom"])
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
        state = self.record.log.state
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

    def __init__(self, campaign_id: int) -> None:
        super().__init__()
        self.campaign_id = campaign_id

    @property
    def keeper(self) -> Keeper:
        return keeper(self)

    def compose(self) -> ComposeResult:
        records = self.keeper.titans(self.campaign_id)
        number = max((int(g["game"]) for g in self.keeper.games(self.campaign_id)), default=0) + 1  # type: ignore[call-overload]
        self.game_number = number
        with VerticalScroll(id="game-form"):
            yield Static(
                plain(f"GAME {number}: record what happened (nothing is saved until ctrl+s)"),
                classes="page-title",
            )
            with Horizontal(classes="panel"):
                yield _field("Date", Input(date.today().isoformat(), id="game-date", compact=True))
                yield Vertical(
                    Label("Scenario"),
                    Input(placeholder="e.g. Tower defence", id="scenario", compact=True),
                    classes="field wide-field",
                )
            for record in records:
                yield Participant(record, len(records) <= MANY_TITANS)
        yield KeyBar()

    def action_save_game(self) -> None:
        game_date = self.query_one("#game-date", Input).value.strip()
        scenario = self.query_one("#scenario", Input).value.strip()
        taking_part = [p for p in self.query(Participant) if p.takes_part]
        if not taking_part:
            self.notify("Tick at least one Titan that took part.", severity="warning")
            return
        try:
            events = [
                (
                    part.record,
                    GameRecorded(
                        game=self.game_number,
                        date=game_date,
                        scenario=scenario,
                        outcome=part.outcome(),
                        survivors=part.survivors(),
                        at=now_iso(),
                    ),
                )
                for part in taking_part
            ]
        except UnknownName as error:
            self.notify(f"Survivors: {error}", title="Refused", severity="warning")
            return
        except ValidationError as error:
            from ...rules.events import explain

            self.notify(explain(error), title="Refused", severity="warning")
            return

        def change(event: GameRecorded) -> Callable[[TitanLog], TitanLog]:
            return lambda log: log.do(event)[0]

        saved = titan_app(self).attempt(
            lambda: self.keeper.change_titans([(r, change(e)) for r, e in events])
        )
        if saved is None:
            return
        lines = [f"{r.name}: +{r.log.state.games[-1].award.total} XP" for r in saved.values()]
        self.notify("\n".join(lines), title=f"Game {self.game_number} recorded")
        guard_changes = [r for r in saved.values() if r.log.state.honor_guard_slots]
        app = self.app
        app.pop_screen()
        offer_honor_guards(app, self.campaign_id, [r.id for r in guard_changes])


def offer_honor_guards(app: App[object], campaign_id: int, titan_ids: list[int]) -> None:
    """After a game, the honor guard picker for each Titan whose guard can change (R9)."""
    if not titan_ids:
        return
    from .honor_guard import HonorGuardModal

    first, rest = titan_ids[0], titan_ids[1:]
    app.push_screen(
        HonorGuardModal(campaign_id, first), lambda _: offer_honor_guards(app, campaign_id, rest)
    )
