"""Next game plan (R10): Charisma creatures, Leadership upgrades, which legion each extra joins."""

from __future__ import annotations

from collections import Counter
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
from ...rules.legions import LegionPlan, movable_names, starting_legions
from ...rules.names import name_key
from ...rules.titan import TitanState
from ...rules.wording import field_problems
from ..refusals import Refusal
from ..upright import ctrl_s, when_turned
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from ..widgets.shorten import shorten
from .base import UPRIGHT, OneTitan, titan_app
from .forms import ask_to_leave

LEGION_CHOICES = [("legion 1", "1"), ("legion 2", "2")]


def legion_choices(count: int) -> list[tuple[str, str]]:
    """Where the ``count`` characters of one name may go (R10): all to one legion, or split,
    ``"K:N"`` meaning K of the N in legion 1 and the rest in legion 2."""
    if count <= 1:
        return list(LEGION_CHOICES)
    every = "both" if count == 2 else f"all {count}"
    splits = [
        (f"{k} in legion 1, {count - k} in legion 2", f"{k}:{count}") for k in range(1, count)
    ]
    return [(f"{every} in legion 1", "1"), (f"{every} in legion 2", "2"), *splits]


def placed_choice(legions: list[int]) -> str:
    """The choice showing a name's placements as saved (in legion 1 or 2, or split)."""
    if len(set(legions)) == 1:
        return str(legions[0])
    return f"{legions.count(1)}:{len(legions)}"


def placements(name: str, choice: str) -> list[tuple[str, int]]:
    """The placements of a name's choice, as ``plan --legion NAME=1 --legion NAME=2`` gives
    them: with several, the first goes to the first legion named, the second to the second."""
    if ":" not in choice:
        return [(name, 1 if choice == "1" else 2)]
    first, count = (int(part) for part in choice.split(":"))
    return [(name, 1)] * first + [(name, 2)] * (count - first)


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
    HORIZONTAL_BREAKPOINTS = UPRIGHT  # a phone held upright: each pick under its name
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="plan.back"),
        Binding("ctrl+s", "save", "Save plan", id="plan.save"),
    ]

    def __init__(self, titan: actions.TitanRef, state: TitanState) -> None:
        """The plan of the Titan as ``state`` (just read) has it."""
        super().__init__(titan)
        self.state = state
        self._placed_names: dict[str, str] = {}  # placement Select id -> the extra it places
        self._offered: dict[str, list[tuple[str, str]]] = {}  # placement Select id -> choices
        self._kept: LegionPlan | None = None  # the picks made, when redrawn for a changed Titan
        self._as_saved: LegionPlan | None = None
        """The saved plan as this screen shows it (picks of extras the Titan no longer has
        left out): what leaving with no pick made keeps."""
        self._problem = ""

    def compose(self) -> ComposeResult:
        state = self.state
        plan = self._kept or state.plan
        placed: dict[str, list[int]] = {}
        for name, legion in plan.placement:
            placed.setdefault(name, []).append(legion)
        self._placed_names, self._offered = {}, {}
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
            counts = self.counts(plan)
            for number, name in enumerate(placeable(state)):
                with Horizontal(classes="panel"):
                    yield Label(plain(shorten(name, 24)), classes="placement-name")
                    choices = legion_choices(counts[name_key(name)])
                    value = placed_choice(placed[name]) if name in placed else Select.NULL
                    if value not in [choice for _, choice in choices]:
                        value = Select.NULL
                    select: Select[str] = Select(
                        choices,
                        prompt="default",
                        value=value,
                        id=f"place-{number}",
                        classes="placement",
                        compact=True,
                    )
                    self._placed_names[f"place-{number}"] = name
                    self._offered[f"place-{number}"] = choices
                    yield select
            problem = Static(plain(self._problem), id="plan-problem", classes="field-error")
            problem.display = bool(self._problem)
            yield problem
            yield Static(id="plan-preview", classes="panel")
        yield KeyBar()

    def on_mount(self) -> None:
        self._drawn()
        when_turned(self, self.preview)  # "ctrl+s saves it", or on a phone "Save plan"

    def _drawn(self) -> None:
        self.offer_splits()
        self.preview()
        if self._kept is None:
            self._as_saved = self.plan()

    def show_problem(self, problem: str) -> None:
        """Why the plan was not saved, above the preview (empty: none)."""
        self._problem = problem
        shown = self.query_one("#plan-problem", Static)
        shown.update(plain(problem))
        shown.display = bool(problem)

    def unsaved(self) -> bool:
        """Whether the picks differ from the plan saved (what leaving would throw away)."""
        return self.is_mounted and self.plan() != self._as_saved

    def typed(self) -> list[str]:
        """The picks not saved, one line each (kept if the app closes)."""
        return self.plan().parts()

    def action_back(self) -> None:
        """Back to the sheet; with picks not saved, once the player says to throw them away."""
        ask_to_leave(
            self, self.unsaved(), self.app.pop_screen, "Leave the plan?", "the picks not saved"
        )

    def refresh_view(self) -> None:
        """A change saved (an undo or redo here, or one made elsewhere): the plan as it is now,
        keeping the picks not saved (if any)."""
        state = self.read_state()
        if state is not None and state != self.state:
            self.titan_changed(state)

    def titan_changed(self, state: TitanState) -> None:
        """Redraw for the Titan as it is now, keeping the picks made (if any)."""
        self._kept = self.plan() if self.unsaved() else None
        self.state = state
        self.call_later(self._redraw)

    async def _redraw(self) -> None:
        await self.recompose()
        self._drawn()

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
            placed
            for s in self.query(".placement").results(Select)
            if s.value is not Select.NULL
            for placed in placements(self._placed_names[s.id or ""], str(s.value))
        )
        return LegionPlan(charisma, upgrades, placement)

    def placed_names(self) -> dict[str, str]:
        """Each placement pick's id, and the name it places."""
        return dict(self._placed_names)

    def offered(self, number: str) -> list[tuple[str, str]]:
        """The choices placement pick ``number`` offers (label, value)."""
        return list(self._offered[number])

    def counts(self, plan: LegionPlan) -> Counter[str]:
        """How many characters of each name (by name key) the picks bring, to place (R10)."""
        state = self.state
        return movable_names(
            plan,
            state.abilities["charisma"],
            state.abilities["leadership"],
            state.honor_guard,
            [item.name for item in state.items],
        )

    def offer_splits(self) -> None:
        """Each name's placement offers a split while the picks bring several of it, and is
        shown only while they bring one (a Lion no Leadership pick brings is not placed)."""
        counts = self.counts(self.plan())
        for select in self.query(".placement").results(Select):
            number = select.id or ""
            count = counts[name_key(self._placed_names[number])]
            if select.parent is not None:
                select.parent.display = count > 0
            if not count and select.value != Select.NULL:
                with select.prevent(Select.Changed):
                    select.value = Select.NULL
            choices = legion_choices(count)
            if self._offered[number] == choices:
                continue
            self._offered[number] = choices
            kept = select.value
            with select.prevent(Select.Changed):
                select.set_options(choices)
                if kept in [choice for _, choice in choices]:
                    select.value = kept

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
        lines.append(
            f"plan fits ({ctrl_s(self, 'Save plan')} saves it)"
            if decision
            else f"! {decision.reason}"
        )
        self.query_one("#plan-preview", Static).update(plain("\n".join(lines)))

    def on_select_changed(self, event: Select.Changed) -> None:
        if not event.select.has_class("placement"):
            self.offer_splits()
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
        self.state, self._as_saved = outcome.state, plan
        self.notify("The plan is remembered for the next game.", title=outcome.state.name)
        self.preview()
