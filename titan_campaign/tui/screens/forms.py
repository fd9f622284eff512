"""Small modal forms: new campaign, new Titan, a pick from a list, a message. Escape backs out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from ...rules.campaign import BASE_XP_CHOICES
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain

BACK = Binding("escape", "dismiss_form", "Back", id="form.back")


class FormBox(VerticalScroll, can_focus=False):
    """A modal form's box: it scrolls on a small terminal and never takes the focus itself."""


class FormModal(ModalScreen[object]):
    """A modal that Escape dismisses with None."""

    BINDINGS: ClassVar[list[BindingType]] = [BACK]

    def action_dismiss_form(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True)
class NewCampaign:
    name: str
    base_xp: int


class NewCampaignModal(FormModal):
    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("ctrl+s", "create", "Create", id="campaign_form.create"),
    ]

    def compose(self) -> ComposeResult:
        with FormBox(classes="form"):
            yield Label("New campaign", classes="form-title")
            yield Label("Name")
            yield Input(placeholder="e.g. Autumn League", id="campaign-name", max_length=60)
            yield Label("Base XP every Titan starts with (R1)")
            yield Select(
                [(f"{xp} XP", xp) for xp in BASE_XP_CHOICES],
                value=BASE_XP_CHOICES[0],
                allow_blank=False,
                id="base-xp",
                compact=True,
            )
            with Horizontal(classes="buttons"):
                yield Button("Create", variant="primary", id="create")
                yield Button("Cancel", id="cancel")
        yield KeyBar()

    def action_create(self) -> None:
        name = self.query_one("#campaign-name", Input).value.strip()
        if not name:
            self.notify("Give the campaign a name.", severity="warning")
            self.query_one("#campaign-name", Input).focus()
            return
        base_xp = int(self.query_one("#base-xp", Select).value)  # type: ignore[arg-type]
        self.dismiss(NewCampaign(name, base_xp))

    def on_input_submitted(self) -> None:
        self.action_create()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()
        else:
            self.dismiss(None)


@dataclass(frozen=True)
class NewTitan:
    name: str
    player: str


class AddTitanModal(FormModal):
    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("ctrl+s", "add", "Add", id="titan_form.add"),
    ]

    def __init__(self, base_xp: int) -> None:
        super().__init__()
        self.base_xp = base_xp

    def compose(self) -> ComposeResult:
        with FormBox(classes="form"):
            yield Label(plain(f"New Titan (starts with {self.base_xp} XP)"), classes="form-title")
            yield Label("Titan name")
            yield Input(placeholder="e.g. Thorn", id="titan-name", max_length=60)
            yield Label("Player")
            yield Input(placeholder="e.g. Ann", id="titan-player", max_length=60)
            with Horizontal(classes="buttons"):
                yield Button("Add", variant="primary", id="add")
                yield Button("Cancel", id="cancel")
        yield KeyBar()

    def action_add(self) -> None:
        name = self.query_one("#titan-name", Input).value.strip()
        player = self.query_one("#titan-player", Input).value.strip()
        if not name or not player:
            self.notify("A Titan needs a name and a player.", severity="warning")
            return
        self.dismiss(NewTitan(name, player))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "titan-name":
            self.query_one("#titan-player", Input).focus()
        else:
            self.action_add()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "add":
            self.action_add()
        else:
            self.dismiss(None)


@dataclass(frozen=True)
class Choice:
    """One entry of a pick list: what is returned, how it reads, and its rules text."""

    value: str
    label: str
    detail: str = ""


class PickModal(FormModal):
    """Pick one entry; the highlighted entry's rules text is shown below. Escape: decide later."""

    BINDINGS: ClassVar[list[BindingType]] = [BACK]

    def __init__(
        self, title: str, choices: list[Choice], hint: str = "Enter: choose   Escape: decide later"
    ) -> None:
        super().__init__()
        self.heading = title
        self.choices = choices
        self.hint = hint

    def compose(self) -> ComposeResult:
        with FormBox(classes="form pick"):
            yield Label(self.heading, classes="form-title")
            yield OptionList(
                *(Option(plain(c.label), id=c.value) for c in self.choices), id="picks"
            )
            yield Static(self.choices[0].detail if self.choices else "", id="pick-detail")
            yield Label(self.hint, classes="hint")
        yield KeyBar()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        choice = self.choices[event.option_index]
        self.query_one("#pick-detail", Static).update(plain(choice.detail))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)


class MessageModal(FormModal):
    """Read-only text (the game log, a preview); Escape closes."""

    def __init__(self, title: str, body: object) -> None:
        super().__init__()
        self.heading = title
        self.body = body

    def compose(self) -> ComposeResult:
        with FormBox(classes="form wide"):
            yield Label(self.heading, classes="form-title")
            with VerticalScroll(classes="message-body"):
                yield Static(self.body)  # type: ignore[arg-type]
            yield Label("Escape: close", classes="hint")
        yield KeyBar()


class ProblemScreen(Screen[None]):
    """The database cannot be opened: say why, touch nothing."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "app.quit", "Quit", id="problem.quit")
    ]

    def __init__(self, problem: str) -> None:
        super().__init__()
        self.problem = problem

    def compose(self) -> ComposeResult:
        yield Static(
            plain(
                f"The campaign database cannot be opened:\n\n{self.problem}\n\nNothing was changed."
            ),
            id="problem",
        )
        yield KeyBar()
