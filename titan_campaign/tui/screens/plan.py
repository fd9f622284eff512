"""Next game plan (R10): Charisma creatures, Leadership upgrades, which legion each extra joins."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Label, Select, Static

from ... import actions
from ...rules.characters import LEADERSHIP_UPGRADES, TOWER_CREATURES
from ...rules.errors import Decision
from ...rules.facts import ShapeError
from ...rules.legions import LegionPlan, starting_legions
from ...rules.titan import TitanState
from ...rules.wording import field_problems
from ..refusals import Refusal
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from ..widgets.shorten import shorten
from .base import OneTitan, titan_app

LEGION_CHOICES = [("legion 1", "1"), ("legion 2", "2")]


def placeable(state: TitanState) -> list[str]:
    """Names the player may place: possible Charisma creatures and upgrades, guard, items."""
    names = list(TOWER_CREATURES) if state.abilities["charisma"] else []
    names += list(LEADERSHIP_UPGRADES.values()) if state.abilities["leadership"] else []
    names += [m for m in state.honor_guard if m not in names]
    names += [item.name for item in state.items]
    return names


class PlanScreen(OneTitan, Screen[None]):
    """Saved only if the Titan is still as shown; if it changed meanwhile the screen stays,
    drawn for the Titan as it is now with the picks made kept where they still apply."""

    AUTO_FOCUS = "Select"  # the first pick, not the scrolling frame
    CSS_PATH = "pages.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back", id="plan.back"),
        Binding("ctrl+s", "save", "Save plan", id="plan.save"),
    ]

    def __init__(self, campaign: str, state: TitanState) -> None:
        """The plan of the Titan as ``state`` (just read) has it."""
        super().__init__(campaign, state.name)
        self.state = state
        self._placed_names: dict[str, str] = {}  # placement Select id -> the extra it places
        self._kept: LegionPlan | None = None  # the picks made, when redrawn for a changed Titan
        self._problem = ""

    def compose(self) -> ComposeResult:
        state = self.state
        plan = self._kept or state.plan
        placed = dict(plan.placement)
        self._placed_names = {}
        with VerticalScroll():
            yield Static(
                plain(f"{state.name.upper()}: STARTING LEGIONS FOR THE NEXT GAME (R10)"),
                classes="page-title",
            )
            with Horizontal(classes="panel"):
                with Vertical(classes="field"):
                    yield Label(plain(f"Charisma ({state.abilities['charisma']})"))
                    for box in range(state.abilities["charisma"]):
                        value = plan.charisma[box] if box < len(plan.charisma) else Select.NULL
                        yield Select(
                            [(c, c) for c in TOWER_CREATURES],
                            prompt="default",
                            value=value,
                            id=f"charisma-{box}",
                            classes="charisma",
                            compact=True,
                        )
                with Vertical(classes="field"):
                    yield Label(plain(f"Leadership ({state.abilities['leadership']})"))
                    for box in range(state.abilities["leadership"]):
                        value = plan.upgrades[box] if box < len(plan.upgrades) else Select.NULL
                        options = [(f"{c} to {u}", u) for c, u in LEADERSHIP_UPGRADES.items()]
                        yield Select(
                            options,
                            prompt="default",
                            value=value,
                            id=f"upgrade-{box}",
                            classes="upgrade",
                            compact=True,
                        )
            yield Label("Which legion each extra joins (default: keep them balanced)")
            for number, name in enumerate(placeable(state)):
                with Horizontal(classes="panel"):
                    yield Label(plain(shorten(name, 24)), classes="placement-name")
                    value = str(placed[name]) if name in placed else Select.NULL
                    select: Select[str] = Select(
                        LEGION_CHOICES,
                        prompt="default",
                        value=value,
                        id=f"place-{number}",
                        classes="placement",
                        compact=True,
                    )
                    self._placed_names[f"place-{number}"] = name
                    yield select
            problem = Static(plain(self._problem), id="plan-problem", classes="field-error")
            problem.display = bool(self._problem)
            yield problem
            yield Static(id="plan-preview", classes="panel")
        yield KeyBar()

    def on_mount(self) -> None:
        self.preview()

    def show_problem(self, problem: str) -> None:
        """Why the plan was not saved, above the preview (empty: none)."""
        self._problem = problem
        shown = self.query_one("#plan-problem", Static)
        shown.update(plain(problem))
        shown.display = bool(problem)

    def titan_changed(self, state: TitanState) -> None:
        """Redraw for the Titan as it is now, keeping the picks made."""
        self._kept = self.plan()
        self.state = state
        self.call_later(self._redraw)

    async def _redraw(self) -> None:
        await self.recompose()
        self.preview()

    def plan(self) -> LegionPlan:
        charisma = tuple(
            str(s.value)
            for s in self.query(".charisma").results(Select)
            if s.value is not Select.NULL
        )
        upgrades = tuple(
            str(s.value)
            for s in self.query(".upgrade").results(Select)
            if s.value is not Select.NULL
        )
        placement = tuple(
            (self._placed_names[s.id or ""], 1 if str(s.value) == "1" else 2)
            for s in self.query(".placement").results(Select)
            if s.value is not Select.NULL
        )
        return LegionPlan(charisma, upgrades, placement)

    def fits(self, plan: LegionPlan) -> Decision:
        """Whether the plan as picked fits the Titan as shown (ShapeError if it cannot be
        read), asked of the action that saves it."""
        return actions.can_set_plan(self.state, plan.charisma, plan.upgrades, plan.placement)

    def preview(self) -> None:
        state = self.state
        plan = self.plan()
        try:
            decision = self.fits(plan)
        except ShapeError as error:
            problems = field_problems(error, {})
            self.query_one("#plan-preview", Static).update(
                plain("! " + "; ".join(problems.values()))
            )
            return
        legions = starting_legions(
            state.abilities["charisma"],
            state.abilities["leadership"],
            state.honor_guard,
            [(item.name, item.type) for item in state.items],
            plan,
        )
        lines = []
        for number, (legion, items) in enumerate(zip(legions.legions, legions.items), start=1):
            flag = "  <- 7: split it in the first Commencement Phase" if len(legion) >= 7 else ""
            extra = f"   items: {', '.join(items)}" if items else ""
            lines.append(f"Legion {number} ({len(legion)}): {', '.join(legion)}{extra}{flag}")
        lines += [f"! {note}" for note in legions.notes]
        lines.append("plan fits (ctrl+s saves it)" if decision else f"! {decision.reason}")
        self.query_one("#plan-preview", Static).update(plain("\n".join(lines)))

    def on_select_changed(self) -> None:
        self.preview()

    def action_save(self) -> None:
        plan, shown = self.plan(), self.state
        outcome = titan_app(self).try_action(
            lambda: actions.set_plan(
                self.db,
                self.titan,
                plan.charisma,
                plan.upgrades,
                plan.placement,
                self.campaign,
                shown,
                whole=True,
            )
        )
        if isinstance(outcome, Refusal):
            if outcome.state is not None:
                self.titan_changed(outcome.state)
            self.show_problem(outcome.message)
            return
        self.show_problem("")
        self.state = outcome.state
        self.notify("The plan is remembered for the next game.", title=outcome.state.name)
        self.preview()
