"""Modal forms: new campaign, new Titan, names, a pick from a list, a question, a message.

A form saves through an action itself and closes only when the action is done: a refusal is
shown beside the field it is about, every problem at once, and everything typed stays.
Escape on a form with something typed asks first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.css.scalar import Scalar
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from ... import actions
from ...rules.campaign import BASE_XP_CHOICES
from ...rules.titan import TitanState
from ..refusals import REFUSED, Refusal, refusal_of
from ..upright import KeyButton, held_upright, key_named, when_turned
from ..widgets.key_bar import KeyBar
from ..widgets.pick_list import PickList
from ..widgets.plain import plain
from .base import UPRIGHT, database, titan_app

T = TypeVar("T")

BACK = Binding("escape", "dismiss_form", "Back", id="form.back")
GENERAL = "form"
"""The problem area of a form for a refusal that is about no one field."""


class FormBox(VerticalScroll, can_focus=False):
    """A modal form's box: it scrolls on a small terminal and never takes the focus itself."""


def save_or_cancel(save: str, save_id: str = "save") -> Horizontal:
    """A form's two buttons side by side: ``save`` (the primary one, which ctrl+s presses) and
    Cancel."""
    return Horizontal(
        KeyButton(save, "ctrl+s", "primary", id=save_id),
        Button("Cancel", id="cancel"),
        classes="buttons",
    )


def _field_of(error: Widget) -> Widget | None:
    """The field a problem is shown under: the one it names (``error-charges`` under
    ``item-charges``, which may stand beside another field), else the focusable widget just
    before it."""
    name = (error.id or "").removeprefix("error-")
    named = {name, *(f"{prefix}{name}" for prefix in FORM_PREFIXES)}
    for around in error.ancestors:  # the nearest: a row of a form may repeat a field's name
        if isinstance(around, Widget):
            found = [w for w in around.query("*") if w.id in named and w.focusable]
            if found:
                return found[0]
    siblings = list(error.parent.children) if error.parent is not None else []
    for before in reversed(siblings[: siblings.index(error)] if error in siblings else []):
        if before.focusable:
            return before
        inside = [widget for widget in before.query("*") if widget.focusable]
        if inside:
            return inside[-1]
    return None


def field_error(field: str) -> Static:
    """Where a field's problem is shown, right below it (hidden while there is none)."""
    error = Static("", id=f"error-{field}", classes="field-error")
    error.display = False
    return error


def form_values(screen: Widget) -> dict[str, object]:
    """What a form holds now: every text field, pick and tick, by widget (named by its own
    id and its containers', so the same field in two rows of a form is two entries)."""
    values: dict[str, object] = {}
    for number, widget in enumerate(screen.query("Input, Select, Checkbox")):
        if isinstance(widget, Input | Select | Checkbox):
            values[field_path(widget, screen) or str(number)] = widget.value
    return values


def typed_lines(
    now: Mapping[str, object], initial: Mapping[str, object], names: Mapping[str, str] = {}
) -> list[str]:
    """What was typed or picked since the form opened, one ``field: value`` line each
    (``names``: a better name for a field's container, e.g. a Titan's for its row)."""
    lines = []
    for key, value in now.items():
        if value != initial.get(key):
            parts = key.split("/")
            row = next((n for n, part in enumerate(parts) if part in names), None)
            words = field_words(parts[-1])
            field = words.capitalize() if row is None else f"{names[parts[row]]} {words}"
            shown = ("yes" if value else "no") if isinstance(value, bool) else value
            lines.append(f"{field}: {shown}")
    return lines


FORM_PREFIXES = ("gold-", "item-", "titan-", "goal-", "spell-", "print-", "campaign-")
"""The form a field's id begins with (``gold-amount``), left out of its name (``amount``)."""


def field_words(field_id: str) -> str:
    """A field's name as a player reads it: ``gold-amount`` "amount", ``slot-1`` "slot 1"."""
    for prefix in FORM_PREFIXES:
        if field_id.startswith(prefix):
            field_id = field_id.removeprefix(prefix)
            break
    return field_id.replace("-", " ")


def form_title(screen: Widget) -> str:
    """The form's heading, to say which form it was."""
    for title in screen.query(".form-title, .page-title").results(Static):
        shown = title.render()
        return str(getattr(shown, "plain", shown)).strip()
    return type(screen).__name__


def field_path(widget: Widget, screen: Widget) -> str:
    """A field's name within ``screen``: the ids from its outermost named container to it
    (``titan-1/score``)."""
    names: list[str] = []
    node: object = widget
    while isinstance(node, Widget) and node is not screen:
        if node.id:
            names.append(node.id)
        node = node.parent
    return "/".join(reversed(names))


R = TypeVar("R")
TOASTS = "#textual-toastrack"
"""Textual's toasts on a screen."""


class Dialog(ModalScreen[R]):
    """A screen over another, seen through its backdrop."""

    HORIZONTAL_BREAKPOINTS = UPRIGHT

    def on_screen_resume(self) -> None:
        """The screens behind show no toasts: Textual shows them on the dialog, and seen
        through its backdrop each would show twice. The screen on top again shows them anew."""
        for screen in self.app.screen_stack[:-1]:
            for rack in screen.query_children(TOASTS):
                rack.display = False

    def on_mount(self) -> None:
        """The notes raised before the dialog opened concern the screen left: put away (f2
        lists them), they hid a new dialog's title and first lines until they faded."""
        self.app.clear_notifications()
        self.screen_layout_refresh_signal.subscribe(self, self.room_for_notes)

    def room_for_notes(self, _laid_out: Screen[Any] | None = None) -> None:
        """Notes show at the top (app.tcss), each whole or not at all, never lower than the
        dialog's first button: at the foot of the screen they covered a tall form's Save and
        Cancel at 80x24, and a note with no room left showed as a stub (``▌``). Laid out again
        as notes come and go, a note waiting for room shows when the ones above it fade; f2
        lists every note all the same."""
        tops = [button.region.y for button in self.query(Button) if button.region]
        room = min(tops) if tops else self.size.height
        for rack in self.query_children(TOASTS):
            shown = 0  # the foot of the last note that fits whole
            for toast in rack.query("Toast"):
                if toast.region.bottom > room:
                    break
                shown = toast.region.bottom
            if rack.styles.max_height != Scalar.from_number(shown):
                rack.styles.max_height = shown


class ConfirmModal(Dialog[bool]):
    """A yes/no question; Escape answers no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer(False)", "No", id="confirm.no"),
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
    ]
    DEFAULT_CSS = "ConfirmModal { align: center middle; }"

    def __init__(self, title: str, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.heading, self.question, self.yes, self.no = title, question, yes, no
        self.key_descriptions = {"answer(False)": no, "answer(True)": yes}  # as the buttons

    def compose(self) -> ComposeResult:
        with FormBox(classes="form"):
            yield Label(plain(self.heading), classes="form-title")
            yield Static(plain(self.question), id="question")
            with Horizontal(classes="buttons"):
                # neither drawn as the main one: the focused answer (No, first) is Enter's
                yield Button(plain(self.yes), id="yes")
                yield Button(plain(self.no), id="no")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def ask_to_leave(
    screen: Screen[Any], unsaved: bool, leave: Callable[[], object], title: str, what: str
) -> None:
    """``leave`` now when the screen holds nothing unsaved; else once the player says to
    throw ``what`` away (Keep it, or Escape: the screen stays as it is)."""
    if not unsaved:
        leave()
        return

    def answered(throw_away: bool | None) -> None:
        if throw_away:
            leave()

    screen.app.push_screen(
        ConfirmModal(title, f"Throw away {what}?", "Throw away", "Keep it"), answered
    )


def ask_to_replace(
    screen: Screen[object], path: Path, write: Callable[[], None], titan_file: bool = False
) -> None:
    """``write`` now, or, when ``path`` is a file already there, once the player agrees to
    replace it (no: nothing is written and the form stays as typed). A file the printout (or,
    ``titan_file``, the Titan's file) never replaces, say the database or an export, is
    refused at once: the player is never asked whether to replace it."""
    db = database(screen)
    if titan_app(screen).attempt(lambda: actions.may_write_to(db, path, titan_file)) is None:
        return
    try:
        there = path.is_file()
    except (OSError, ValueError):  # a name too long: writing says so (is_file ended the app)
        there = False
    if not there:
        write()
        return
    screen.app.push_screen(
        ConfirmModal(
            "Replace the file?",
            f"{path} is already there. Replace it with this one?",
            "Replace",
            "Keep it",
        ),
        lambda yes: write() if yes else None,
    )


def save_file(
    screen: Screen[object],
    write: Callable[[bool], T],
    then: Callable[[T], None],
    refused: Callable[[Refusal], None],
) -> None:
    """Write a printout or export (``write(make_folder)``) and pass what it returned to
    ``then``; into a folder that does not exist only once the player agrees to make it; a
    refusal (say, the database's own file) goes to ``refused``."""

    def attempt(make_folder: bool) -> None:
        try:
            done = write(make_folder)
        except actions.MissingFolder as missing:
            screen.app.push_screen(
                ConfirmModal(
                    "Make the folder?",
                    f"The folder {missing.folder} does not exist. Make it and save there?",
                    "Make it",
                    "No",
                ),
                lambda yes: (
                    attempt(True)
                    if yes
                    else screen.notify("Nothing was written: the folder was not made.")
                ),
            )
            return
        except REFUSED as error:
            refused(refusal_of(error))
            return
        then(done)

    attempt(False)


class QuitModal(ConfirmModal):
    """Quit and lose what was typed? (asked by q, ctrl+q and the palette's Quit)."""

    def __init__(self) -> None:
        super().__init__("Quit?", "Quit and lose what you typed?", "Quit", "Keep typing")


class FormModal(Dialog[object]):
    """A modal form. Escape backs out, asking first if anything was typed."""

    BINDINGS: ClassVar[list[BindingType]] = [BACK]

    def __init__(self) -> None:
        super().__init__()
        self._initial: dict[str, object] | None = None

    def on_screen_resume(self) -> None:
        if self._initial is None:
            self._initial = form_values(self)

    @on(events.Mount)
    def keep_typed_text(self) -> None:
        """A field taking the focus never selects its text: the focus moved to a field with a
        problem, or back from "Leave the form?", and the next key replaced what was typed."""
        for field in self.query(Input):
            field.select_on_focus = False

    replaces_at_open = False
    """The field the form opens in holds what is to be replaced (a name to rename): selected
    at first, so that typing replaces it."""

    @on(events.DescendantFocus)
    def type_at_the_end(self, event: events.DescendantFocus) -> None:
        """A field taking the focus takes typing at the end of its text (after a problem it
        was at its start: "ed" typed to finish a name made "edThorn"); the first one of a form
        that ``replaces_at_open`` has its text selected (a new name typed at once made
        "ThornThorin")."""
        if isinstance(event.widget, Input):
            if self.replaces_at_open:
                self.replaces_at_open = False
                event.widget.select_all()
            else:
                event.widget.cursor_position = len(event.widget.value)

    @on(events.Click)
    def focus_the_labelled_field(self, event: events.Click) -> None:
        """A click on a field's label gives that field (the one just after it) the focus: a
        click on "Player" did nothing, and the player's name typed then went into the Titan's."""
        label = event.widget
        if not isinstance(label, Label) or label.parent is None:
            return
        shown = [widget for widget in label.parent.children if widget.display]
        after = shown[shown.index(label) + 1 :]
        if after and after[0].focusable:
            after[0].focus()

    def unsaved(self) -> bool:
        """Whether something was typed or picked since the form opened."""
        return self._initial is not None and form_values(self) != self._initial

    def typed(self) -> list[str]:
        """What was typed or picked since the form opened, one line each."""
        return typed_lines(form_values(self), self._initial or {})

    @on(Button.Pressed, "#cancel")
    def cancel(self) -> None:
        """Cancel backs out as Escape does."""
        self.action_dismiss_form()

    def action_dismiss_form(self) -> None:
        ask_to_leave(
            self, self.unsaved(), lambda: self.dismiss(None), "Leave the form?", "what you typed"
        )

    # --- saving ------------------------------------------------------------------------

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def field_changed(self, event: Input.Changed | Select.Changed | Checkbox.Changed) -> None:
        """A field's problem goes as the field is changed (it stayed under a name typed in
        since, until the next save)."""
        for error in self.query(".field-error").results(Static):
            if error.display and _field_of(error) is event.control:
                error.display = False

    def show_problems(self, problems: Mapping[str, str]) -> None:
        """Each problem beside its field (``GENERAL``: above the buttons); the rest cleared."""
        for error in self.query(".field-error").results(Static):
            field = (error.id or "").removeprefix("error-")
            error.update(plain(problems.get(field, "")))
            error.display = field in problems
        fields = {(e.id or "").removeprefix("error-") for e in self.query(".field-error")}
        loose = [text for field, text in problems.items() if field not in fields]
        if loose:
            self.notify("\n".join(loose), title="Refused", severity="warning")
        wrong = [
            _field_of(error)
            for error in self.query(".field-error").results(Static)
            if error.display and error.id != f"error-{GENERAL}"
        ]
        if wrong and wrong[0] is not None and self.focused not in wrong:
            wrong[0].focus()  # typing goes where the first problem is

    def save_with(
        self,
        action: Callable[[], T],
        labels: Mapping[str, str] = {},
        refusal_field: str = GENERAL,
    ) -> T | None:
        """Run the form's action; on a refusal show why (a rule's refusal beside
        ``refusal_field``; the file's, which no field caused, above the buttons or as a note)
        and keep the form open: None."""
        outcome = titan_app(self).try_action(action, labels)
        if not isinstance(outcome, Refusal):
            self.show_problems({})
            return outcome
        if outcome.state is not None:
            self.titan_changed(outcome.state)
        where = GENERAL if outcome.severity == "error" else refusal_field
        self.show_problems(outcome.problems or {where: outcome.message})
        return None

    def titan_changed(self, state: TitanState) -> None:
        """The Titan changed elsewhere: show it as it is now (forms about a Titan)."""


class NewCampaignModal(FormModal):
    """Dismissed with the campaign created."""

    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("ctrl+s", "create", "Create", id="campaign_form.create"),
    ]

    def compose(self) -> ComposeResult:
        with FormBox(classes="form"):
            yield Label("New campaign", classes="form-title")
            yield Label("Name")
            yield Input(placeholder="e.g. Autumn League", id="campaign-name")
            yield field_error("name")
            yield Label("Base XP every Titan starts with (R1)")
            yield Select(
                [(f"{xp} XP", xp) for xp in BASE_XP_CHOICES],
                value=BASE_XP_CHOICES[0],
                allow_blank=False,
                id="base-xp",
                compact=True,
            )
            yield field_error(GENERAL)
            with Horizontal(classes="buttons"):
                yield Button("Create", variant="primary", id="create")
                yield Button("Cancel", id="cancel")
        yield KeyBar()

    @on(Input.Submitted)
    @on(Button.Pressed, "#create")
    def action_create(self) -> None:
        name = self.query_one("#campaign-name", Input).value.strip()
        base_xp = int(self.query_one("#base-xp", Select).value)  # type: ignore[arg-type]
        db = titan_app(self).db

        created = self.save_with(
            lambda: actions.new_campaign(db, name, base_xp), {"name": "Name"}, refusal_field="name"
        )
        if created is not None:
            self.dismiss(created)


class AddTitanModal(FormModal):
    """A new Titan of ``campaign``; dismissed with the action's ``Done``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("ctrl+s", "add", "Add", id="titan_form.add"),
    ]

    def __init__(self, campaign: actions.CampaignRef, base_xp: int) -> None:
        super().__init__()
        self.campaign = campaign
        self.base_xp = base_xp

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.campaign

    def compose(self) -> ComposeResult:
        with FormBox(classes="form"):
            yield Label(plain(f"New Titan (starts with {self.base_xp} XP)"), classes="form-title")
            # framed fields, their labels beside them: at 60x20 both refusals fit too
            with Horizontal(classes="field-row framed"):
                yield Label("Titan name")
                yield Input(placeholder="e.g. Thorn", id="titan-name")
            yield field_error("name")
            with Horizontal(classes="field-row framed"):
                yield Label("Player")
                yield Input(placeholder="e.g. Ann", id="titan-player")
            yield field_error("player")
            with Horizontal(classes="buttons"):
                yield Button("Add", variant="primary", id="add")
                yield Button("Cancel", id="cancel")
        yield KeyBar()

    @on(Input.Submitted, "#titan-name")
    def next_field(self) -> None:
        self.query_one("#titan-player", Input).focus()

    @on(Input.Submitted, "#titan-player")
    @on(Button.Pressed, "#add")
    def action_add(self) -> None:
        name = self.query_one("#titan-name", Input).value.strip()
        player = self.query_one("#titan-player", Input).value.strip()
        db = titan_app(self).db
        done = self.save_with(
            lambda: actions.add_titan(db, self.campaign, name, player),
            {"name": "Titan name", "player": "Player"},
            refusal_field="name",
        )
        if done is not None:
            self.dismiss(done)


class TextModal(FormModal):
    """One line of text to change (a name, a player); ``save`` runs the action with it and
    the form is dismissed with what it returned."""

    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("ctrl+s", "save", "Save", id="text_form.save"),
    ]
    replaces_at_open = True

    def __init__(
        self,
        title: str,
        label: str,
        value: str,
        field: str,
        save: Callable[[str], object],
    ) -> None:
        """``field``: the name the rules give the value (its problems are shown below it)."""
        super().__init__()
        self.heading, self.label, self.value, self.field, self.save = (
            title,
            label,
            value,
            field,
            save,
        )

    def compose(self) -> ComposeResult:
        with FormBox(classes="form"):
            yield Label(plain(self.heading), classes="form-title")
            yield Label(plain(self.label))
            yield Input(self.value, id="text-value")
            yield field_error(self.field)
            with Horizontal(classes="buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Cancel", id="cancel")
        yield KeyBar()

    def on_mount(self) -> None:
        """Opened on its title: on a small phone the field taking the focus scrolled the
        title and the first words of a long label (a correction's) out of view."""
        self.call_after_refresh(self._open_on_title)

    def _open_on_title(self) -> None:
        box, field = self.query_one(FormBox), self.query_one("#text-value", Input)
        if field.virtual_region_with_margin.bottom <= box.scrollable_content_region.height:
            box.scroll_home(animate=False)  # only if the field is still in view there

    def typed(self) -> list[str]:
        """What was typed, said by the field's label ("New name: Bob")."""
        value = self.query_one("#text-value", Input).value
        return [f"{self.label}: {value}"] if self.unsaved() else []

    @on(Input.Submitted)
    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        value = self.query_one("#text-value", Input).value.strip()
        done = self.save_with(lambda: self.save(value), {self.field: self.label}, self.field)
        if done is not None:
            self.dismiss(done)


class TitanTextModal(TextModal):
    """A line of text about one Titan (its name, its player), saved only if the Titan is
    still as the form showed it; refused, the form stays open, takes the Titan as it is now
    and asks again."""

    def __init__(
        self,
        title_of: Callable[[TitanState], str],
        label: str,
        titan: actions.TitanRef,
        shown: TitanState,
        field: str,
        save: Callable[[str, TitanState], object],
    ) -> None:
        """``title_of``: the form's title for the Titan as shown; ``field``: "name" or
        "player", the Titan's value the form starts with."""
        value = shown.name if field == "name" else shown.player
        super().__init__(title_of(shown), label, value, field, lambda text: save(text, self.shown))
        self.title_of = title_of
        self.titan = titan
        self.shown = shown

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.titan.campaign

    def titan_in_view(self) -> actions.TitanRef | None:
        return self.titan

    def titan_changed(self, state: TitanState) -> None:
        """Refused as changed elsewhere: the form is about the Titan as it is now."""
        self._follow(state)
        self.shown = state

    def _follow(self, state: TitanState) -> None:
        """The title as the Titan is now, and the field too if nothing was typed in it (it
        kept the old name, and a second Enter put it back over the rename made elsewhere)."""
        self.heading = self.title_of(state)
        self.query_one(".form-title", Label).update(plain(self.heading))
        field = self.query_one("#text-value", Input)
        if field.value == self._value_of(self.shown):
            field.value = self._value_of(state)
            self._initial = form_values(self)  # nothing typed still

    def _value_of(self, state: TitanState) -> str:
        return state.name if self.field == "name" else state.player

    def refresh_view(self) -> None:
        """The Titan changed elsewhere: a change to what this form is not about (gold, a
        purchase) is taken in, so saving is not refused for it; a new name (or player)
        elsewhere is shown, and saving is refused once, saying so."""
        app = titan_app(self)
        view = app.attempt(lambda: actions.read_titan(app.db, self.titan))
        if view is None:
            return
        now = view.state
        if (now.name, now.player) == (self.shown.name, self.shown.player):
            self.shown = now
        else:
            self._follow(now)


@dataclass(frozen=True)
class Choice:
    """One entry of a pick list: what is returned, how it reads, its rules text, and whether
    it may be picked (an entry that may not says why in its text)."""

    value: str
    label: str
    detail: str = ""
    enabled: bool = True


class PickModal(FormModal):
    """Pick one entry; the highlighted entry's rules text is shown below. Escape: decide later.

    ``news``: what the change just made did (a level reached, the rules' notes), shown above
    the list rather than as notifications that would cover it."""

    BINDINGS: ClassVar[list[BindingType]] = [BACK]
    pick_made = False
    """A pick was made and the modal is closing (``picked`` sets it back if it stays open)."""

    def __init__(
        self,
        title: str,
        choices: list[Choice],
        hint: Callable[[], str] | None = None,
        news: str = "",
    ) -> None:
        """``hint``: how an entry is chosen, worded as the phone is held (default: choose, or
        decide later)."""
        super().__init__()
        self.heading = title
        self.choices = choices
        self.hint = hint
        self.news = news

    def compose(self) -> ComposeResult:
        with FormBox(classes="form pick"):
            yield Label(plain(self.heading), classes="form-title")
            news = Static(plain(self.news), id="pick-news")
            news.display = bool(self.news)
            yield news
            yield PickList(*self._options(), id="picks")
            yield Static(plain(self.choices[0].detail if self.choices else ""), id="pick-detail")
            yield field_error(GENERAL)
            yield Label(plain((self.hint or self._choosing)()), classes="hint")
        yield KeyBar()

    def _choosing(self) -> str:
        """How an entry is chosen and the choice put off: on a phone, by a second tap and the
        key bar's Back."""
        choose = "a second tap" if held_upright(self) else "Enter or a second click"
        return f"{choose}: choose   {key_named(self, 'Escape', 'Back')}: decide later"

    def on_mount(self) -> None:
        """Opened on its title: the list taking the focus scrolled a tall pick (a long name's
        news, at 80x24) past the title saying what is picked."""
        self.call_after_refresh(self.query_one(FormBox).scroll_home, animate=False)
        self.call_after_refresh(self._fit_list)
        hint = self.query_one(".hint", Label)
        when_turned(self, lambda: hint.update(plain((self.hint or self._choosing)())))

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_list)

    def _fit_list(self) -> None:
        """The list no taller than the dialog shows at once, so that it scrolls to its own
        highlighted entry (on a short screen the dialog scrolled instead, and the highlight
        moved out of sight: Enter picked a spell the player never saw)."""
        room = self.query_one(FormBox).scrollable_content_region.height
        self.query_one("#picks", OptionList).styles.max_height = max(3, min(14, room - 2))
        self._fit_detail()

    def _fit_detail(self) -> None:
        """The rules text as tall as the longest entry's, so that the dialog keeps its height
        (centred on the screen, it moved the list under the pointer when one entry's text was
        a line longer: a second click on an entry highlighted the next one)."""
        detail = self.query_one("#pick-detail", Static)
        width = detail.content_region.width
        if width:
            console = self.app.console
            lines = max((len(Text(c.detail).wrap(console, width)) for c in self.choices), default=1)
            detail.styles.min_height = lines + detail.styles.padding.top

    def _options(self) -> list[Option]:
        return [Option(plain(c.label), id=c.value, disabled=not c.enabled) for c in self.choices]

    def show_choices(self, choices: list[Choice]) -> None:
        """List ``choices`` instead (the highlight stays on the same entry if it is there)."""
        picks = self.query_one("#picks", OptionList)
        was = picks.highlighted_option.id if picks.highlighted_option is not None else None
        self.choices = choices
        picks.clear_options()
        picks.add_options(self._options())
        values = [choice.value for choice in choices]
        if choices:
            picks.highlighted = values.index(was) if was in values else 0
        self.query_one("#pick-detail", Static).update(
            plain(choices[picks.highlighted or 0].detail if choices else "Nothing to pick now.")
        )
        self._fit_detail()

    def action_dismiss_form(self) -> None:
        self.dismiss(None)  # nothing typed to lose: a pick is made or put off

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        choice = self.choices[event.option_index]
        self.query_one("#pick-detail", Static).update(plain(choice.detail))
        if event.option_list.has_focus:  # the list, with its highlighted entry, in sight
            event.option_list.scroll_visible(animate=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        picks = self.query_one("#picks", PickList)
        if event.option_list is picks and picks.by_first_click(event.option_index):
            return  # a first click shows the entry's rules text; a second click picks it
        if self.pick_made:  # a double-click's second click: the pick is made, the modal closing
            return
        self.pick_made = True
        self.picked(event.option.id or "")

    def picked(self, value: str) -> None:
        """An entry was chosen: the modal closes with its value."""
        self.dismiss(value)


class MessageModal(FormModal):
    """Read-only text (the game log, a preview); Escape closes."""

    def __init__(self, title: str, body: object) -> None:
        super().__init__()
        self.heading = title
        self.body = body

    def compose(self) -> ComposeResult:
        with FormBox(classes="form wide message"):
            yield Label(plain(self.heading), classes="form-title")
            with VerticalScroll(classes="message-body"):
                body = plain(self.body) if isinstance(self.body, str) else self.body
                yield Static(body)  # type: ignore[arg-type]
            yield Label(self._close_hint(), classes="hint")
        yield KeyBar()

    def _close_hint(self) -> str:
        return f"{key_named(self, 'Escape', 'Back')}: close"

    def on_mount(self) -> None:
        when_turned(self, lambda: self.query_one(".hint", Label).update(self._close_hint()))


def rename_titan(
    screen: Screen[None],
    titan: actions.TitanRef,
    state: TitanState,
    then: Callable[[object], None],
) -> None:
    """Ask for a Titan's new name and rename it (the history keeps the old one)."""
    db = database(screen)
    screen.app.push_screen(
        TitanTextModal(
            lambda shown: f"Rename {shown.name}",
            "New name",
            titan,
            state,
            "name",
            lambda name, shown: actions.rename_titan(db, titan, name, shown),
        ),
        then,
    )


def change_player(
    screen: Screen[None],
    titan: actions.TitanRef,
    state: TitanState,
    then: Callable[[object], None],
) -> None:
    """Ask who plays a Titan now."""
    db = database(screen)
    screen.app.push_screen(
        TitanTextModal(
            lambda shown: f"Who plays {shown.name}?",
            "Player",
            titan,
            state,
            "player",
            lambda player, shown: actions.change_player(db, titan, player, shown),
        ),
        then,
    )
