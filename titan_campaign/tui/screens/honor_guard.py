"""Honor guard picker (R9): one list per slot with the characters that fit it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Collapsible, Label, Select, Static

from ... import actions
from ...rules.characters import CHARACTERS, Character
from ...rules.honor_guard import slot_assignment
from ...rules.names import plural
from ...rules.titan import TitanState, slain_notes
from ..upright import KeyButton, key_named, when_turned
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from .base import OneTitan
from .forms import BACK, GENERAL, FormBox, FormModal


def eligible(state: TitanState) -> list[Character]:
    """Characters that may stand in a slot: no Lords, a point value, survivors of the last game."""
    last = state.last_game  # R9: the newest game by number
    survivors = last.survivors if last is not None else None
    return [
        c
        for c in CHARACTERS
        if not c.is_lord and c.points is not None and (survivors is None or c.name in survivors)
    ]


def slot_members(state: TitanState, members: Sequence[str] | None = None) -> list[str | None]:
    """The current members (or ``members``) placed in the slots they fit."""
    slots = state.honor_guard_slots
    members = list(state.honor_guard if members is None else members)
    placed: list[str | None] = [None] * len(slots)
    points = [next((c.points or 0 for c in CHARACTERS if c.name == m), 0) for m in members]
    assignment = slot_assignment(points, slots) if members else ()
    for member, slot in zip(members, assignment or ()):
        placed[slot] = member
    return placed


NAME = "\0"  # where a refusal names its character


def refusals(state: TitanState) -> dict[str, list[str]]:
    """The characters that cannot stand in this Titan's honor guard, grouped by the rules'
    reason (R9); empty when every character may."""
    if not state.honor_guard_slots:
        return {}
    grouped: dict[str, list[str]] = {}
    for character in CHARACTERS:
        decision = actions.can_set_honor_guard(state, [character.name])
        if not decision:
            grouped.setdefault(decision.reason.replace(character.name, NAME), []).append(
                character.name
            )
    return grouped


def not_offered(state: TitanState) -> str:
    """Every character that cannot stand in this Titan's honor guard, one line per reason:
    ``Hydra: Hydra is worth 60 points...`` or ``Giant, Water Elemental: each is worth 40...``."""
    lines = []
    for reason, names in refusals(state).items():
        who = names[0] if len(names) == 1 else "each"
        lines.append(f"{', '.join(names)}: {reason.replace(NAME, who)}")
    return "\n".join(lines)


def not_offered_title(state: TitanState, opens: str = "enter") -> str:
    """The title of the folded list of characters not offered, and ``opens``: what unfolds
    it (Enter at a keyboard, a tap on a phone)."""
    names = [name for names in refusals(state).values() for name in names]
    return f"Not offered: {plural(len(names), 'character')} ({opens} shows why)"


class HonorGuardModal(OneTitan, FormModal):
    """Saved only if the Titan is still as shown; if it changed meanwhile the picker stays
    open, drawn for the Titan as it is now, keeping each pick that still fits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("ctrl+s", "save", "Save guard", id="guard.save"),
    ]
    DEFAULT_CSS = """
    #not-offered-block { padding-bottom: 0; }
    #not-offered-block Contents { padding: 0 0 0 2; height: auto; }
    #not-offered-list { height: auto; max-height: 25vh; }
    #not-offered-block CollapsibleTitle { max-width: 100%; }
    """

    def __init__(
        self, titan: actions.TitanRef, state: TitanState, after_game: bool = False
    ) -> None:
        """The picker for the Titan as ``state`` (just read) has it; ``after_game``: opened
        by the game just recorded, which it says."""
        super().__init__(titan)
        self.state = state
        self.after_game = after_game
        self._picked: tuple[str, ...] | None = None  # kept when redrawn for a changed Titan
        self._problem = ""

    def compose(self) -> ComposeResult:
        state = self.state
        slots = state.honor_guard_slots
        last = state.last_game
        survivors = last.survivors if last is not None else None
        placed = slot_members(state, self._picked)
        with FormBox(classes="form"):
            yield Label(
                plain(f"{state.name}'s HONOR GUARD (level {state.level}) (R9)"),
                classes="form-title",
            )
            if self.after_game:
                slain = last.slain if last is not None else ()
                left = "".join(f" {note}." for note in slain_notes(slain))
                yield Static(
                    plain(
                        f"The game is recorded: {state.name}'s honor guard may change now"
                        f" (R9).{left} Cancel keeps it as shown, or choose again."
                    ),
                    classes="hint",
                )
            if not slots:
                yield Static("No honor guard slots below level 4.")
            if last is not None and survivors is None:
                yield Static(
                    plain(f"Game {last.game} lists no survivors: any character may be chosen"),
                    classes="hint",
                )
            if last is not None and survivors is not None:
                lords = {c.name for c in CHARACTERS if c.is_lord}  # the Titan survived too
                joinable = [name for name in survivors if name not in lords]
                yield Static(
                    plain(
                        f"Only survivors of game {last.game} may be chosen: {', '.join(joinable) or 'none'}"
                    ),
                    classes="hint",
                )
            candidates = eligible(state)
            chosen: list[str] = []
            for number, (cap, member) in enumerate(zip(slots, placed), start=1):
                options = [
                    (f"{c.name} ({c.points} pts)", c.name)
                    for c in candidates
                    if (c.points or 0) <= cap
                ]
                fits = member is not None and member in {o[1] for o in options}
                chosen += [member] if member is not None and fits else []
                yield Label(plain(f"Slot {number}: up to {cap} points"))
                yield Select(
                    options,
                    prompt="empty",
                    value=member if fits else Select.NULL,
                    id=f"slot-{number}",
                    compact=True,
                )
            yield Static(plain(self.verdict(tuple(chosen))), id="guard-verdict")
            if refusals(state):
                with (
                    Collapsible(
                        title=not_offered_title(state, key_named(self, "enter", "tap")),
                        id="not-offered-block",
                    ),
                    VerticalScroll(id="not-offered-list"),  # Up and Down read it all
                ):
                    yield Static(plain(not_offered(state)), id="not-offered", classes="hint")
            problem = Static(plain(self._problem), id=f"error-{GENERAL}", classes="field-error")
            problem.display = bool(self._problem)
            yield problem
            with Horizontal(classes="buttons"):
                yield KeyButton("Save", "ctrl+s", "primary", id="save-guard")
                yield Button("Cancel", id="cancel")
        yield KeyBar()

    def on_mount(self) -> None:
        when_turned(self, self.reword)

    def reword(self) -> None:
        """The list of those not offered says how it opens on a phone as it is held now."""
        for block in self.query("#not-offered-block").results(Collapsible):
            block.title = not_offered_title(self.state, key_named(self, "enter", "tap"))

    def members(self) -> tuple[str, ...]:
        return tuple(
            str(select.value) for select in self.query(Select) if select.value is not Select.NULL
        )

    def verdict(self, members: tuple[str, ...]) -> str:
        decision = actions.can_set_honor_guard(self.state, members)
        return "fits the slots" if decision else f"! {decision.reason}"

    def on_collapsible_expanded(self) -> None:
        """The list of those not offered opened: Save and Cancel stay in view below it."""
        self.call_after_refresh(self.query_one("#save-guard").scroll_visible, animate=False)

    def on_select_changed(self) -> None:
        self.query_one("#guard-verdict", Static).update(plain(self.verdict(self.members())))

    def show_problems(self, problems: Mapping[str, str]) -> None:
        self._problem = problems.get(GENERAL, "")  # still shown if the picker is redrawn
        super().show_problems(problems)

    def titan_changed(self, state: TitanState) -> None:
        """Redraw the picker for the Titan as it is now, keeping the picks made."""
        self._picked = self.members()
        self.state = state
        self.refresh(recompose=True)

    @on(Button.Pressed, "#save-guard")
    def action_save(self) -> None:
        members = self.members()
        decision = actions.can_set_honor_guard(self.state, members)
        if not decision:
            self.show_problems({GENERAL: decision.reason})
            return
        if self.state.honor_guard == members:
            self.dismiss(None)
            return
        shown = self.state
        done = self.save_with(lambda: actions.set_honor_guard(self.db, self.titan, members, shown))
        if done is not None:
            guard = ", ".join(done.state.honor_guard) or "empty"
            self.notify(f"{done.state.name}'s honor guard: {guard}")
            self.dismiss(done.state.honor_guard)
