"""Build goals in the app: a form to keep or clear one, and the next step offered with one
key (the sheet shows the kept goal) (see ``rules/goals.py``; every change goes through ``actions``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from ... import actions
from ...rules.errors import RuleError
from ...rules.goals import GoalStep
from ...rules.names import UnknownName
from ...rules.state import XP_PER_PURCHASE
from ...rules.titan import TitanState
from ..upright import KeyButton, buttons_side_by_side
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from .base import database, titan_app
from .forms import BACK, FormBox, FormModal

# --- the next step ----------------------------------------------------------------------


def step_cost(step: GoalStep) -> str:
    """What a step costs, in the words of the confirm question."""
    return f"{XP_PER_PURCHASE} XP" if step.do.startswith("spend ") else "free"


class NextStepModal(FormModal):
    """The goal's next step, to take (Enter or y) or leave (Escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("y", "take", "Take it", id="next_step.take"),
    ]

    def __init__(self, titan: str, step: GoalStep, refusal: str) -> None:
        super().__init__()
        self.titan = titan
        self.step = step
        self.refusal = refusal

    def compose(self) -> ComposeResult:
        with FormBox(classes="form"):
            yield Label(plain(f"{self.titan}: next step of the goal"), classes="form-title")
            yield Static(plain(f"Next: {self.step.do} ({step_cost(self.step)})"), id="next-step")
            after = f"then {self.step.xp_spent_after} XP spent, level {self.step.level_after}"
            yield Static(plain(self.refusal or after), id="next-step-detail")
            with Horizontal(classes="buttons"):
                if not self.refusal:
                    yield Button("Take it (y)", variant="primary", id="take")
                yield Button("Not now", id="cancel")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "take" or not self.refusal  # a refused step is not offered

    @on(Button.Pressed, "#take")
    def action_take(self) -> None:
        self.dismiss(self.step)


def offer_next_step(
    screen: Screen[Any],
    titan: actions.TitanRef,
    state: TitanState,
    done: Callable[[actions.Done], None],
) -> None:
    """Ask whether to take the goal's next step (or say why there is none); ``done`` shows
    what taking it changed."""
    step, problem = actions.next_goal_step(state)
    if step is None:
        screen.notify(problem, title="Build goal")
        return

    def take(chosen: object) -> None:
        if not isinstance(chosen, GoalStep):
            return
        app = titan_app(screen)
        made = app.attempt(lambda: actions.take_goal_step(app.db, titan, state))
        if made is not None:
            done(made)

    screen.app.push_screen(NextStepModal(state.name, step, problem), take)


def edit_goal(
    screen: Screen[Any], titan: actions.TitanRef, state: TitanState, kept: Callable[[], None]
) -> None:
    """The goal form; ``kept`` redraws what shows the goal once it is kept or cleared."""

    def after(result: object) -> None:
        if isinstance(result, GoalKept):
            screen.notify(result.text, title="Build goal")
            kept()

    screen.app.push_screen(GoalModal(titan, state), after)


# --- keep or clear a goal ---------------------------------------------------------------


@dataclass(frozen=True)
class GoalKept:
    """A goal kept (or cleared) and the change's line."""

    text: str


def _pairs(typed: str) -> list[str]:
    """``power=2 spirit 3, luck=1`` as ``["power=2", "spirit=3", "luck=1"]``."""
    words = typed.replace(",", " ").replace("=", " ").split()
    pairs: list[str] = []
    for index in range(0, len(words), 2):
        number = words[index + 1] if index + 1 < len(words) else ""
        pairs.append(f"{words[index]}={number}")
    return pairs


def goal_fields(state: TitanState) -> tuple[str, str, str]:
    """The kept goal as the form's three fields show it."""
    kept = state.goal
    if kept is None:
        return "", "", ""
    return (
        " ".join(f"{name}={boxes}" for name, boxes in kept.abilities),
        " ".join(f"{name}={level}" for name, level in kept.schools),
        ", ".join(kept.spells),
    )


class GoalModal(FormModal):
    """Keep a build goal with the Titan, or clear it; a refusal shows in the form."""

    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("ctrl+s", "keep", "Keep goal", id="goal_form.keep"),
    ]
    HORIZONTAL_BREAKPOINTS = buttons_side_by_side(56)  # its three buttons, each with its margin

    def __init__(self, titan: actions.TitanRef, state: TitanState) -> None:
        super().__init__()
        self.titan = titan
        self.state = state

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.titan.campaign

    def titan_in_view(self) -> actions.TitanRef | None:
        return self.titan

    def compose(self) -> ComposeResult:
        abilities, schools, spells = goal_fields(self.state)
        with FormBox(classes="form"):
            yield Label(plain(f"Build goal for {self.state.name}"), classes="form-title")
            # the example in the field, as the other forms have it
            with Horizontal(classes="field-row framed"):
                yield Label("Ability boxes")
                yield Input(abilities, placeholder="e.g. spirit=3 power=2", id="goal-abilities")
            yield Static("", id="goal-abilities-problem", classes="field-error")
            with Horizontal(classes="field-row framed"):
                yield Label("School levels")
                yield Input(schools, placeholder="e.g. fire=3", id="goal-schools")
            yield Static("", id="goal-schools-problem", classes="field-error")
            with Horizontal(classes="field-row framed"):
                yield Label("Spells, commas between")
                yield Input(spells, placeholder="e.g. Fire Ball, Bless", id="goal-spells")
            yield Static("", id="goal-spells-problem", classes="field-error")
            yield Static("", id="goal-problem", classes="field-error")
            with Horizontal(classes="buttons"):
                yield KeyButton("Keep", "ctrl+s", "primary", id="keep")
                yield Button("Clear goal", id="clear")
                yield Button("Cancel", id="cancel")
        yield KeyBar()

    def _keep(self, abilities: list[str], schools: list[str], spells: list[str]) -> None:
        shown = self.state
        try:
            done, _ = actions.keep_goal(
                database(self), self.titan, abilities, schools, spells, shown
            )
        except (RuleError, actions.StoreError, UnknownName) as error:
            if isinstance(error, actions.TitanChanged):
                self.state = error.state  # asked again, it is judged as it is now
            self._show(str(error))  # the form stays open with everything typed
            return
        self.dismiss(GoalKept(done.text))

    def on_mount(self) -> None:
        for problem in self.query(".field-error").results(Static):
            problem.display = False
        self.query_one("#goal-abilities", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#keep")
    def action_keep(self) -> None:
        abilities = _pairs(self.query_one("#goal-abilities", Input).value)
        schools = _pairs(self.query_one("#goal-schools", Input).value)
        typed = self.query_one("#goal-spells", Input).value
        spells = [name.strip() for name in typed.split(",") if name.strip()]
        mistakes = actions.goal_mistakes(abilities, schools, spells)
        for field, found in mistakes.items():
            shown = self.query_one(f"#goal-{field}-problem", Static)
            shown.update(plain("\n".join(found)))
            shown.display = bool(found)
        if any(mistakes.values()):
            self.query_one("#goal-problem", Static).display = False
            return
        if not (abilities or schools or spells):
            self._show("Name at least one box, level or spell; Clear goal clears it.")
            return
        self._keep(abilities, schools, spells)

    def _show(self, problem: str) -> None:
        shown = self.query_one("#goal-problem", Static)
        shown.update(plain(problem))
        shown.display = True

    @on(Button.Pressed, "#clear")
    def clear_goal(self) -> None:
        self._keep([], [], [])
