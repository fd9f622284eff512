"""Record a game: one row per Titan with a live award preview (R8), then ONE write for all.

A row is a handful of small widgets (a tick, the result, the figures as compact fields), so the
form opens quickly for a whole table of Titans. Nothing is saved until ctrl+s; a refusal keeps
every figure typed and names each field that is wrong. A Titan changed elsewhere while the form
was open refuses the game (its award was previewed from what the form showed): its row then
shows it as it is now, and ctrl+s asks again.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Static

from ... import actions
from ...rules.campaign import Campaign
from ...rules.errors import RuleError
from ...rules.facts import ShapeError
from ...rules.game_log import read_survivors
from ...rules.names import and_listed
from ...rules.titan import TitanState
from ...rules.wording import field_problems
from .. import places
from ..refusals import Refusal
from ..upright import ctrl_s, key_named, when_turned
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from ..widgets.result_pick import Result, ResultPick
from ..widgets.shorten import shorten
from ..widgets.tick import Tick
from .base import database, titan_app
from .forms import ask_to_leave, field_error, field_path, form_values, typed_lines

if TYPE_CHECKING:
    from ..app import TitanCampaignApp

AWARD = "scenario_award"
FIGURES = (
    ("score", "Score", 5),  # 4 digits and the cursor as typed, 5 once typed; more scroll
    ("scenario_xp", "ScXP", 5),
    ("scenario_award", "ScAw", 5),
    ("battle_won", "BW", 4),
    ("battle_lost", "BL", 4),
    ("agreement", "Agr", 4),
    ("agreement_eliminated", "AgE", 4),
    ("fled", "Fled", 4),
)
FIGURE_NAMES = {name for name, _, _ in FIGURES}
HEADINGS = {
    "score": "Score",
    "scenario_xp": "Scenario\nXP",
    "scenario_award": "Scenario\naward",
    "battle_won": "Battles\nwon",
    "battle_lost": "Battles\nlost",
    "agreement": "Agreements",
    "agreement_eliminated": "Agreements\neliminated",
    "fled": "Fled",
}
"""The figures' full names over their fields, on two lines where they take two words."""
LABELS = {
    "date": "Date",
    "result": "Result",
    "score": "Score",
    "scenario_xp": "Scenario XP",
    "scenario_award": "Scenario award",
    "battle_won": "Battles won",
    "battle_lost": "Battles lost",
    "agreement": "Agreements",
    "agreement_eliminated": "Agreements eliminated",
    "fled": "Fled",
    "survivors": "Survivors",
}
SURVIVORS_HINT = "Survivors: names, e.g. Gargoyle, Troll"
ARCHIVED = "archived since the form opened: untick, or bring the Titan back first (x on the roster)"
LEGEND = (
    "ScXP scenario XP · BW/BL battles won/lost · Agr agreements · AgE agreements eliminated · "
    "Fled · " + SURVIVORS_HINT
)
AWARD_LEGEND = "ScAw scenario award (replaces the standard award) · "
NO_AWARD = "none"
"""A blank scenario award: none, the standard award stands (0 would be an award of 0, R8)."""
AWARD_TIP = "Scenario award: none keeps the standard award; a number, 0 too, replaces it (R8)"
NAME_WIDTH = 14
ROW_START = NAME_WIDTH + 4 + 7  # the tick and name, then the result and its gap
NAME_FEWEST = 6
"""The fewest columns a Titan's name is cut to, on a phone too narrow for ``NAME_WIDTH``."""
SURVIVORS_MIN = 10
TOP_WIDTH = 50
"""Narrower than this, the scenario's field goes under the date's."""


def figure_columns(full: bool) -> list[tuple[str, str, int]]:
    """Each figure's field, heading and width: the short headings, or the full names on two
    lines (each field as wide as its longest word). The scenario award's place is always kept: its
    field shows once a scenario is named (R8), and no other field moves then."""
    if not full:
        return list(FIGURES)
    return [
        (name, HEADINGS[name], max(width, *map(len, HEADINGS[name].split("\n"))))
        for name, _, width in FIGURES
    ]


def row_width(full: bool) -> int:
    """The columns a Titan's row needs, its figures headed by their full names or not."""
    figures = sum(column + 1 for _, _, column in figure_columns(full))
    return ROW_START + figures + SURVIVORS_MIN


def full_headings_fit(width: int) -> bool:
    """Whether a row with the figures' full names fits ``width`` columns."""
    return row_width(True) <= width


def shown_heading(name: str, label: str, scenario: bool) -> str:
    """A figure's heading: the scenario award's is blank until a scenario is named, as its
    place under it is (a heading over no field would ask for a click on nothing)."""
    return label if scenario or name != AWARD else ""


def headings(columns: list[tuple[str, str, int]], scenario: bool) -> str:
    """The headings over rows that take one line each: each figure's words over its field,
    its last word on the bottom line, beside "Titan", "Result" and "Survivors"."""
    words = [shown_heading(name, label, scenario).split("\n") for name, label, _ in columns]
    depth = max(map(len, words))
    lines = []
    for line in range(depth):
        cells = [
            f"{([''] * (depth - len(said)) + said)[line]:<{column + 1}}"
            for said, (_, _, column) in zip(words, columns, strict=True)
        ]
        lines.append("".join(cells))
    head = f"{'Titan':<{NAME_WIDTH + 4}}{'Result':<7}"
    lines = [" " * len(head) + line for line in lines[:-1]] + [head + lines[-1] + "Survivors"]
    return "\n".join(line.rstrip() for line in lines)


class Stacked(NamedTuple):
    """A Titan's figures stacked under its name: the grid's column widths (``1fr`` for the
    survivors' own column), the columns the survivors' field spans on the last line, and the
    headings of the figures' lines."""

    columns: tuple[str, ...]
    survivors_span: int
    heading: str
    fled_span: int = 1
    """The columns the last figure (Fled) spans: the rest of its line when the survivors'
    field has a line of its own (in the cell left beside Fled it was four cells wide)."""


def stacked(width: int, scenario: bool = False) -> Stacked:
    """The figures (short headings) in as many columns as fit ``width``, each column as wide
    as its widest field; the survivors' field after the last figure if it has room there,
    else on a line of its own. ``scenario``: one is named, its award's heading shown."""
    fields = [(shown_heading(name, label, scenario), column + 1) for name, label, column in FIGURES]
    for count in range(len(fields), 0, -1):
        columns = [
            max(w for place, (_, w) in enumerate(fields) if place % count == column)
            for column in range(count)
        ]
        if sum(columns) <= width or count == 1:
            break
    lines = [fields[start : start + count] for start in range(0, len(fields), count)]
    heading = [
        "".join(f"{label:<{columns[place]}}" for place, (label, _) in enumerate(line))
        for line in lines
    ]
    grid = [str(column) for column in columns]
    last = len(lines[-1])
    fled_span = 1
    if len(lines) == 1 and width - sum(columns) >= SURVIVORS_MIN:
        grid.append("1fr")  # one line of figures, and the survivors beside them
        span = 1
    elif last < count and sum(columns[last:]) - 1 >= SURVIVORS_MIN:  # the last column's gap
        span = count - last
    else:
        span, heading, fled_span = count, [*heading, ""], count - last + 1
    heading[-1] += "Survivors"
    return Stacked(tuple(grid), span, "\n".join(line.rstrip() for line in heading), fled_span)


MANY_TITANS = 6


def won_or_lost(node: Widget) -> str:
    """The result asked for: its keys at a keyboard; on a phone held upright, which has no
    keys, the result itself is tapped (a tap picks won, another flips it)."""
    return f"won or lost? ({key_named(node, 'w or l', 'tap w/l?')})"


def _figure(text: str) -> int | str:
    """A typed figure: blank is 0; anything else is left for the rules to judge."""
    text = text.strip()
    return 0 if not text else int(text) if text.lstrip("-").isdigit() else text


def say(shown: Static, text: Content) -> None:
    """``text`` in ``shown``, the form laid out again only when it takes another number of
    lines there: a key typed in a field changes its row's preview, and laying out the whole
    form cost more than all the key's other work."""
    if text == shown.content:
        return
    width, rules = shown.content_region.width, shown.styles.get_rules()
    before = shown.visual.get_height(rules, width) if width else 0
    shown.update(text, layout=not width or text.get_height(rules, width) != before)


def _survivors_read(row: TitanRow) -> str:
    """The survivors as the form reads them, on a line under the award: they decide the
    honor guard (R9), and a long list does not show whole in its field."""
    typed = row.value("survivors").strip()
    if not typed:
        return ""
    try:
        names = row.survivors()
    except RuleError:  # said by the save, beside the field
        return f"\n  survivors as typed: {typed}"
    return f"\n  survivors: {', '.join(names) if names else 'none'}"


class TitanRow(Horizontal):
    """One Titan's part of the game: takes part, result, figures, survivors; below, its award
    or what is wrong. On one line where it fits; on a narrower screen stacked: the Titan and
    its result, then its figures in as many lines as they need (``stack``). Up and Down go to
    the same field of the Titan above or below."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "row(-1)", "Titan above", id="game.row_up", show=False),
        Binding("down", "row(1)", "Titan below", id="game.row_down", show=False),
        # on the row's tick (its result and fields take these keys themselves)
        Binding("w", "result('won')", "Won", id="game.row_won", show=False),
        Binding("l", "result('lost')", "Lost", id="game.row_lost", show=False),
    ]

    def __init__(
        self, titan: actions.TitanRef, state: TitanState, number: int, taking_part: bool
    ) -> None:
        """``number``: the Titan's place in the form, 1 for the first."""
        super().__init__(classes="titan-row", id=f"titan-{number}")
        self.titan = titan
        self.state = state
        self.taking_part = taking_part
        self.name_width = NAME_WIDTH
        """The columns the Titan's name is cut to beside its tick (``fit_name``)."""

    def compose(self) -> ComposeResult:
        with Horizontal(classes="row-head"):
            yield Tick(
                self._titan_label(),
                self.taking_part,
                id="takes-part",
                tooltip=self._titan_tip(),
            )
            yield ResultPick(id="result")
        with Horizontal(classes="row-figures"):
            for name, _label, width in FIGURES:
                if name != AWARD:
                    yield self._figure_field(name, width)
                else:  # its place, kept: its field is added once a scenario is named
                    slot = Static(classes="award-slot")
                    slot.styles.width = width
                    yield slot
            yield Input(placeholder="survivors", id="survivors")

    @staticmethod
    def _figure_field(name: str, width: int) -> Input:
        """A figure's field: blank counts 0; a blank scenario award is none at all (the
        standard award stands), so it does not show "0", which as an award is one (R8)."""
        award = name == AWARD
        field = Input(
            placeholder=NO_AWARD if award else "0",
            type="integer",
            id=name,
            valid_empty=True,
            tooltip=AWARD_TIP if award else None,
        )
        field.styles.width = width
        return field

    def show_figures(self, widths: dict[str, int], scenario: bool) -> None:
        """The figures' fields as wide as ``widths`` says; the scenario award's only with a
        ``scenario`` named (added the first time it is wanted, then kept), in its place,
        which is blank without one."""
        if scenario and self._field(AWARD) is None:
            figures = self.query_one(".row-figures")
            figures.mount(self._figure_field(AWARD, widths[AWARD]), after="#scenario_xp")
        slot = self.query_one(".award-slot")
        slot.display = not scenario
        slot.styles.width = widths[AWARD]
        for field in self.query(Input):
            if field.id in FIGURE_NAMES:
                field.styles.width = widths[field.id]
                field.display = scenario or field.id != AWARD

    def stack(self, lines: Stacked | None) -> None:
        """The row on one line (None), or stacked in ``lines``: its figures in a grid of
        that many columns, of those widths, the survivors' field on the last line."""
        self.set_class(lines is not None, "-stacked")
        figures = self.query_one(".row-figures")
        survivors = self.query_one("#survivors", Input)
        fled = self.query_one("#fled", Input)
        if lines is None:
            figures.styles.layout = "horizontal"
            survivors.styles.column_span = fled.styles.column_span = 1
            return
        fled.styles.column_span = lines.fled_span
        figures.styles.layout = "grid"
        figures.styles.grid_size_columns = len(lines.columns)
        figures.styles.grid_columns = " ".join(lines.columns)
        figures.styles.grid_rows = "1"
        survivors.styles.column_span = lines.survivors_span

    def on_mount(self) -> None:
        self.show_taking_part()

    def on_checkbox_changed(self) -> None:  # the form goes on to hear of it too
        self.show_taking_part()

    def action_row(self, step: int) -> None:
        """The same field of the next Titan down (``step`` 1) or up (-1) that has it to type
        in: a Titan not taking part is passed over, but for its tick."""
        rows = list(self.screen.query(TitanRow))
        field = self.app.focused.id if self.app.focused is not None else None
        number = rows.index(self) + step
        while 0 <= number < len(rows):
            try:
                target = rows[number].query_one(f"#{field}")
            except NoMatches:
                target = rows[number].query_one("#takes-part")
            if target.focusable:
                target.focus()
                return
            number += step

    def action_result(self, result: Result) -> None:
        """``w`` or ``l`` on the row's tick: the Titan's result, said as on the result itself,
        which then has the focus (Tab goes on to the score, as from the first row's result).
        A Titan said to have won or lost took part: a Titan left out is ticked."""
        self.query_one("#takes-part", Tick).value = True
        self.show_taking_part()
        pick = self.query_one("#result", ResultPick)
        pick.action_pick(result)
        pick.focus()

    def show_taking_part(self) -> None:
        """A Titan not taking part has its result and figures dimmed and passed over by Tab
        (what was typed in them is kept for when it is ticked again)."""
        off = not self.takes_part
        self.query_one("#result", ResultPick).disabled = off
        self.query_one(".row-figures").disabled = off

    def _titan_label(self, gone: bool = False) -> Content:
        name = f"{self.state.name} (gone)" if gone else self.state.name
        return plain(shorten(name, self.name_width - 1))  # a gap before the result

    def fit_name(self, width: int) -> None:
        """The Titan's name cut to ``width`` columns beside its tick: fewer than
        ``NAME_WIDTH`` on a phone too narrow for the row's head (a 320 px phone, 26 columns,
        scrolled the form sideways and its ticks out of view)."""
        if width != self.name_width:
            self.name_width = width
            tick = self.query_one("#takes-part", Tick)
            tick.styles.width = width + 4
            tick.label = self._titan_label(gone=self.disabled)

    def _titan_tip(self) -> Content:
        return plain(f"{self.state.name} ({self.state.player}) takes part")

    def left_campaign(self) -> None:
        """The row's Titan is no longer in the campaign (its joining undone elsewhere): the
        row is left out of the game, unticked and dimmed, what was typed kept in view."""
        tick = self.query_one("#takes-part", Tick)
        tick.value = False
        tick.label = self._titan_label(gone=True)
        self.disabled = True

    def came_back(self) -> None:
        """The row's Titan is in the campaign again (the undo redone, a backup restored): the
        row can be ticked again, what was typed still there."""
        self.disabled = False
        self.query_one("#takes-part", Tick).label = self._titan_label()

    def show_titan(self, state: TitanState) -> None:
        """The row's Titan as it is now (renamed elsewhere, say); what was typed is kept."""
        self.state = state
        tick = self.query_one("#takes-part", Tick)
        tick.label = self._titan_label()
        tick.tooltip = self._titan_tip()

    def value(self, name: str) -> str:
        """A field as typed (a field not shown, or not added yet, counts as blank)."""
        field = self._field(name)
        return field.value if field is not None and field.display else ""

    def _field(self, name: str) -> Input | None:
        """The row's field for ``name``; None for the scenario award's before it is added."""
        try:
            return self.query_one(f"#{name}", Input)
        except NoMatches:
            return None

    @property
    def takes_part(self) -> bool:
        return self.query_one("#takes-part", Checkbox).value

    @property
    def result(self) -> str | None:
        return self.query_one("#result", ResultPick).value

    def figures(self) -> dict[str, int | str]:
        """The figures as typed (blank: 0), the scenario award apart."""
        return {name: _figure(self.value(name)) for name, _, _ in FIGURES if name != AWARD}

    def scenario_award(self) -> int | str | None:
        """The scenario award typed, which replaces the standard award (R8); None if blank."""
        return _figure(self.value(AWARD)) if self.value(AWARD).strip() else None

    def outcome(self, result: str | None = None) -> actions.GameOutcome:
        """The outcome as typed (``result``: instead of the one picked), or ShapeError."""
        typed = result or self.result
        return actions.game_outcome(typed, self.figures(), self.scenario_award())

    def survivors(self) -> tuple[str, ...] | None:
        """The names typed, "none" when none survived, None left blank (not listed); the
        rules check the names when the game is recorded. RuleError for a field of commas."""
        text = self.value("survivors").strip()
        return read_survivors(text) if text else None

    def problems(self, game: int, day: str) -> dict[str, str]:
        """What is wrong with this row, by field, in a player's words (all at once)."""
        problems: dict[str, str] = {}
        if self.result is None:
            problems["result"] = f"Result: {won_or_lost(self)}"
        try:
            survivors = self.survivors()
        except RuleError as error:
            said = str(error)
            problems["survivors"] = said[:1].upper() + said[1:]  # "Survivors names no ..."
            survivors = None
        try:
            actions.check_game_entry(
                game, day, self.result, self.figures(), self.scenario_award(), survivors
            )
        except ShapeError as error:
            problems.update(field_problems(error, LABELS))
        return problems

    def mark(self, problems: dict[str, str]) -> None:
        for widget in self.query("Input, ResultPick"):
            widget.set_class(widget.id in problems, "-invalid")


class RecordGameScreen(Screen[None]):
    CSS_PATH = "pages.tcss"
    AUTO_FOCUS = "#titan-1 #result"  # the first thing to say: who won (else see on_mount)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="game.cancel"),
        Binding("ctrl+s", "save_game", "Save game", id="game.save"),
    ]

    def __init__(self, campaign: actions.CampaignRef, found: Campaign) -> None:
        """The form for ``campaign`` as just read (``found``): its active Titans (the title
        names the number the game will get, from the Titans ticked as taking part)."""
        super().__init__()
        self.campaign = campaign
        self.found = found
        readable = actions.readable_by_id(found)
        self.titans = [
            (actions.TitanRef(campaign, titan_id), state)
            for titan_id, state in readable.items()
            if not state.archived
        ]
        self.states = [state for _, state in self.titans]
        self._initial: dict[str, object] | None = None
        self._unseen: set[actions.TitanRef] = set()
        """Titans changed elsewhere since their row was shown, redrawn as they are now: the
        save is refused once, naming them, as a save made before the redraw is."""
        self._refused: dict[int, dict[str, str]] = {}
        self._unsaved_shown = False
        """Whether the key bar was last drawn for a form holding something typed."""
        """What a refused save says is wrong under each row, by row number, until it changes."""

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.campaign

    def compose(self) -> ComposeResult:
        with Vertical(id="game-head"):  # stays in view while the Titans' rows scroll
            yield Static(id="game-title", classes="page-title")
            with Horizontal(classes="panel game-top"):
                with Horizontal(classes="game-day"):
                    yield Label("Date ")
                    yield Input(date.today().isoformat(), id="game-date")
                with Horizontal(classes="game-scenario"):
                    yield Label(" Scenario ")
                    yield Input(placeholder="e.g. Tower defence", id="scenario")
            yield field_error("date")
            yield Static(classes="game-header")
        with VerticalScroll(id="game-form", can_focus=False):  # its fields take the keys
            taking_part = len(self.states) <= MANY_TITANS
            for number, (titan, state) in enumerate(self.titans, start=1):
                yield TitanRow(titan, state, number, taking_part)
                yield Static("", id=f"award-{number}", classes="award")
            yield Static(plain(LEGEND), classes="hint", id="game-legend")
            yield field_error("form")
        yield KeyBar()

    def scenario_played(self) -> bool:
        """A scenario is named: its own award may replace the standard one (R8), so each row
        shows a field for it."""
        return bool(self.query_one("#scenario", Input).value.strip())

    def show_headings(self, full: bool, width: int | None = None) -> None:
        """The headings over the figures: their full names when a row has room for them, the
        short ones and a legend below the rows when not; a row too wide for ``width``
        columns is stacked, and its headings with it."""
        scenario = self.scenario_played()
        columns = figure_columns(full)
        lines = None if width is None or row_width(full) <= width else stacked(width, scenario)
        # stacked on a phone too narrow for the row's head, the Titans' names are cut shorter
        name_width = NAME_WIDTH
        if lines is not None and width is not None:
            name_width = max(NAME_FEWEST, min(NAME_WIDTH, width - (ROW_START + 1 - NAME_WIDTH)))
        if lines is None:
            said = headings(columns, scenario)
            min_width = row_width(full)
        else:
            said = f"{'Titan':<{name_width + 4}}Result\n{lines.heading}"
            min_width = ROW_START + 1 - NAME_WIDTH + name_width
        header = self.query_one(".game-header", Static)
        header.update(plain(said))
        header.styles.min_width = min_width
        widths = {name: width for name, _, width in columns}
        for row in self.query(TitanRow):
            row.fit_name(name_width)
            row.show_figures(widths, scenario)
            row.stack(lines)
            row.styles.min_width = min_width
        legend = (AWARD_LEGEND if scenario else "") + LEGEND
        self.query_one("#game-legend", Static).update(plain(SURVIVORS_HINT if full else legend))

    def fit_headings(self) -> None:
        width = self.query_one("#game-form").scrollable_content_region.width  # less its scroll bar
        self.show_headings(full_headings_fit(width), width)
        # the scenario under the date where a name of some length would not fit beside it
        self.query_one(".game-top").set_class(width < TOP_WIDTH, "-stacked")

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)  # once the form is laid out at its size

    def _fit(self) -> None:
        self.fit_headings()
        self._refocus()  # once laid out as they fit

    def _refocus(self) -> None:
        self.call_after_refresh(self._focused_in_view)

    def _focused_in_view(self) -> None:
        """The field being typed in stays on the screen at a new size (rows stacked or
        unstacked moved it, and what was typed then changed a field out of view)."""
        if self.focused is not None:
            self.focused.scroll_visible(animate=False, immediate=True)
            self.focused.scroll_visible(animate=False)  # and once any layout still due is done

    def on_mount(self) -> None:
        self.show_headings(full=False)  # the row's width is known once laid out (on_resize)
        # the form's scroll bar, shown or gone once the rows are laid out, takes their width
        form = self.query_one("#game-form")
        self.watch(form, "show_vertical_scrollbar", self.on_resize, init=False)
        # rows stacked or unstacked change what the form holds: the field typed in is shown
        # again once they are laid out, however late that is on a busy computer
        self.watch(form, "virtual_size", self._refocus, init=False)
        self.reword()
        when_turned(self, self.reword)
        if self.focused is None:  # many Titans, none ticked yet: who takes part comes first
            self.query_one("#titan-1 #takes-part").focus()

    def game_number(self) -> int | None:
        """The number the game will be saved under, as the recording decides it from the
        Titans taking part (None until one is ticked)."""
        taking_part = [row.titan.titan for row in self.query(TitanRow) if row.takes_part]
        if not taking_part:
            return None
        return self.found.next_game(taking_part)

    def reword(self) -> None:
        """The title and each row's award or problems, saying the keys at a keyboard and the
        taps on a phone held upright: when the form opens and each time the phone is turned."""
        self.show_number()
        for number in range(1, len(self.states) + 1):
            if number in self._refused:
                self.show_refused(number, self._refused[number])
            else:
                self.preview(number)

    def show_refused(self, number: int, problems: dict[str, str]) -> None:
        """What a refused save says is wrong with the row, kept until the row changes."""
        if "result" in problems:  # asked as the phone is held now
            problems = problems | {"result": f"Result: {won_or_lost(self)}"}
        self._refused[number] = problems
        self.query_one(f"#award-{number}", Static).update(
            plain(f"  ! {'; '.join(problems.values())}")
        )

    def show_number(self) -> None:
        number = self.game_number()
        game = "NEW GAME" if number is None else f"GAME {number}"
        self.query_one("#game-title", Static).update(
            plain(f"{game}: what happened (saved only with {ctrl_s(self, 'Save game')})")
        )

    def on_screen_resume(self) -> None:
        if self._initial is None:
            self._initial = form_values(self) | self._results()

    def _results(self) -> dict[str, object]:
        return {row.id or "": row.result for row in self.query(TitanRow)}

    def unsaved(self) -> bool:
        return self._initial is not None and bool(self.typed())

    def typed(self) -> list[str]:
        """What was typed since the form opened, one line each, a row named by its Titan."""
        names = {row.id or "": row.state.name for row in self.query(TitanRow)}
        now = form_values(self) | {f"{key}/result": value for key, value in self._results().items()}
        initial = self._initial or {}
        blank = {key: "" for key in now}  # a field added since the form opened was blank
        initial = blank | initial | {f"{key}/result": initial.get(key) for key in names}
        return typed_lines(now, initial, names)

    def row(self, number: int) -> TitanRow:
        return self.query_one(f"#titan-{number}", TitanRow)

    def preview(self, number: int) -> None:
        """The row's award as typed so far (R8), or what is wrong with it."""
        self._refused.pop(number, None)
        say(self.query_one(f"#award-{number}", Static), plain(self._award_text(self.row(number))))

    def _award_text(self, row: TitanRow) -> str:
        if not row.takes_part:
            return f"  {row.state.name}: not taking part"
        if row.state.archived:
            return f"  ! {row.state.name}: {ARCHIVED}"
        unspent = row.state.unspent_base_xp  # said under every line: the row keeps its height
        warning = _survivors_read(row) + (
            f"\n  ! {unspent} base XP still to spend before its first game (R2)" if unspent else ""
        )
        try:  # and what the game does to its honor guard (R9)
            warning += "".join(
                f"\n  {note}" for note in actions.guard_slain(row.state, row.survivors())
            )
        except RuleError:
            pass  # survivors typed amiss: said by the save, beside the field
        try:
            outcome = row.outcome()
        except ShapeError as error:
            problems = field_problems(error, LABELS)
            return "  ! " + "; ".join(problems.values()) + warning
        name = shorten(row.state.name, 30)
        if outcome.scenario_xp and not self.query_one("#scenario", Input).value.strip():
            return f"  ! {name}: scenario XP comes with the scenario named (R8){warning}"
        if row.result is None:
            won = actions.award_for(row.state, row.outcome("won")).total
            lost = actions.award_for(row.state, row.outcome("lost")).total
            return f"  {name}: {won_or_lost(self)}  won → {won} XP, lost → {lost} XP{warning}"
        award = actions.award_for(row.state, outcome)
        parts = " + ".join(f"{label}: {xp}" for label, xp in award.parts)
        return (
            f"  {name}: {parts} = {award.subtotal}; "
            f"wisdom +{award.wisdom_bonus}  →  {award.total} XP{warning}"
        )

    def _changed_row(self, widget: Widget) -> None:
        self.query_one("#error-form").display = False  # it said why the form as it was is not saved
        for number, row in enumerate(self.query(TitanRow), start=1):
            if row in widget.ancestors:
                self.preview(number)
        if self._unsaved_shown and self._typed_in(widget):
            return  # still holding something typed: the form as a whole need not be asked
        unsaved = self.unsaved()
        if unsaved != self._unsaved_shown:  # undo is off once something is typed (the key
            self._unsaved_shown = unsaved  # bar says so): drawn again only when that changes
            self.refresh_bindings()

    def _typed_in(self, widget: Widget) -> bool:
        """Whether the field ``widget`` holds something else than when the form opened."""
        if not isinstance(widget, Input | Checkbox) or self._initial is None:
            return False
        return widget.value != self._initial.get(field_path(widget, self), "")

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "scenario":  # a scenario award's field comes or goes (R8)
            self.fit_headings()
            for number in range(1, len(self.states) + 1):
                self.preview(number)
        if event.input.id == "game-date":  # what the note said was of the date before
            self.query_one("#error-date").display = False
            event.input.remove_class("-invalid")
        self._changed_row(event.input)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._changed_row(event.checkbox)
        self.show_number()

    def on_result_pick_changed(self, event: ResultPick.Changed) -> None:
        self._changed_row(event.pick)

    def action_cancel(self) -> None:
        ask_to_leave(
            self, self.unsaved(), self.app.pop_screen, "Leave the game form?", "this game's figures"
        )

    def refresh_view(self) -> None:
        """Every row's Titan as saved now (held by id: a Titan renamed elsewhere keeps its
        row, under its new name); what was typed is kept, and each award previewed again."""
        found = titan_app(self).attempt(
            lambda: actions.read_campaign(database(self), self.campaign)
        )
        if found is None:
            return
        self.found = found
        now = actions.readable_by_id(found)
        for number, row in enumerate(self.query(TitanRow), start=1):
            state = now.get(row.titan.titan)
            if row.titan.titan not in found.histories and not row.disabled:
                was_ticked = row.takes_part
                row.left_campaign()
                if self._initial is not None and was_ticked:  # unticked here, not by the player
                    self._initial[field_path(row.query_one("#takes-part"), self)] = False
                self.notify(
                    f"{row.state.name} is no longer in the campaign (its joining undone, or a"
                    " backup without it restored, elsewhere): left out of this game",
                    severity="warning",
                    markup=False,
                )
            elif row.titan.titan in found.histories and row.disabled:
                row.came_back()
                self.notify(
                    f"{row.state.name} is back in the campaign: tick {row.state.name} if"
                    f" {row.state.name} took part.",
                    markup=False,
                )
            if state is not None and state != row.state:
                row.show_titan(state)
                self.preview(number)
                self._unseen.add(row.titan)  # the next ctrl+s asks again, as the README says
        shown = {titan.titan for titan, _ in self.titans}
        for titan_id, state in now.items():
            if titan_id not in shown and not state.archived:
                titan = actions.TitanRef(self.campaign, titan_id)
                self.titans.append((titan, state))  # now: a second redraw adds it once
                self.states.append(state)
                self.call_later(self.add_row, titan, state, len(self.titans))
        self.show_number()

    async def add_row(self, titan: actions.TitanRef, state: TitanState, number: int) -> None:
        """A Titan that joined the campaign while the form is open gets its row, not ticked
        (whether it took part is the player's to say)."""
        row = TitanRow(titan, state, number, taking_part=False)
        award = Static("", id=f"award-{number}", classes="award")
        await self.query_one("#game-form").mount(row, award, before="#game-legend")
        if self._initial is not None:  # its blank fields were not typed by the player
            added = form_values(self).items() | self._results().items()
            self._initial |= {key: value for key, value in added if key not in self._initial}
        self.fit_headings()
        self.preview(number)
        self.notify(
            f"{state.name} joined the campaign: tick {state.name} if {state.name} took part.",
            markup=False,
        )

    def titan_changed(self, titan: actions.TitanRef, state: TitanState) -> None:
        """A Titan of the form changed elsewhere (``titan``, by id): its row previews from it
        as it is now, and every other row shows its Titan as it is now too."""
        for number, row in enumerate(self.query(TitanRow), start=1):
            if row.titan == titan:
                row.show_titan(state)
                self.preview(number)
        self.refresh_view()

    def show_problems(self, general: str = "", date_problem: str = "") -> None:
        """What is wrong, under the form (and the date); a refusal is also said where the
        player looks: under many Titans, the form's foot is off the screen."""
        for field, text in (("form", general), ("date", date_problem)):
            error = self.query_one(f"#error-{field}", Static)
            error.update(plain(text))
            error.display = bool(text)
        if general:
            self.notify(general, severity="error", markup=False)

    def action_save_game(self) -> None:
        game_date = self.query_one("#game-date", Input).value.strip()
        scenario = self.query_one("#scenario", Input).value.strip()
        rows = [row for row in self.query(TitanRow) if row.takes_part]
        if not rows:
            self.show_problems("Tick at least one Titan that took part.")
            return
        number = self.game_number() or self.found.next_game()
        wrong: list[str] = []
        date_problem = ""
        for place, row in enumerate(self.query(TitanRow), start=1):
            problems = row.problems(number, game_date) if row.takes_part else {}
            date_problem = problems.pop("date", "") or date_problem
            row.mark(problems)
            if problems:
                self.show_refused(place, problems)
                wrong.append(row.state.name)
        if not date_problem:  # said with the rows' problems: every one at once
            try:
                actions.check_played(game_date)  # a well-formed date, not yet played
            except RuleError as error:
                said = str(error)
                date_problem = f"Date: {said[:1].lower()}{said[1:]}"
        self.query_one("#game-date", Input).set_class(bool(date_problem), "-invalid")
        if wrong or date_problem:
            see = ", ".join(["the date"] * bool(date_problem) + wrong)
            self.show_problems(f"Not saved: see {see}", date_problem)
            return
        archived = [row.state.name for row in rows if row.state.archived]
        if archived:
            self.show_problems(f"Not saved: {', '.join(archived)}: {ARCHIVED}")
            return
        unseen = [row.state.name for row in rows if row.titan in self._unseen]
        self._unseen.clear()
        if unseen:
            self.show_problems(
                f"Not saved: {', '.join(unseen)} changed elsewhere since shown; each row now"
                f" previews its Titan as it is: check, and {ctrl_s(self, 'Save game')} again"
            )
            return
        parts = [
            actions.Participant(row.titan, row.outcome(), row.survivors(), row.state)
            for row in rows
        ]
        db = database(self)
        done = titan_app(self).try_action(
            lambda: actions.record_game(db, self.campaign, parts, game_date, scenario)
        )
        if isinstance(done, Refusal):
            if done.state is not None and done.titan is not None:
                self.titan_changed(done.titan, done.state)
            self.show_problems(f"Not saved: {done.message}")
            return
        noted: dict[str, list[str]] = {}  # one line for the Titans a note is alike for
        for step in done.steps.values():
            for note in step.notes:
                noted.setdefault(note, []).append(step.state.name)
        notes = [f"{and_listed(names)}: {note}" for note, names in noted.items()]
        guarded = [
            (titan, step.state)
            for titan, step in done.steps.items()
            if step.state.honor_guard_slots
        ]
        app = titan_app(self)
        app.pop_screen()
        # said once the guards are chosen: over a picker it covered its buttons on a phone
        said = "\n".join([done.text, *notes])
        offer_honor_guards(app, guarded, lambda: app.notify(said, title="Game recorded"))


def offer_honor_guards(
    app: TitanCampaignApp,
    titans: list[tuple[actions.TitanRef, TitanState]],
    then: Callable[[], object],
) -> None:
    """After a game, the honor guard picker for each Titan whose guard can change (R9), one
    after the other, then ``then``."""
    if not titans:
        then()
        return
    (titan, first), rest = titans[0], titans[1:]
    app.open(
        places.HonorGuard(titan, first, after_game=True),
        lambda _: offer_honor_guards(app, rest, then),
    )
