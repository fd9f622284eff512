"""Reference: the 72 spells (filter by school, level, text; the spell card), the character
table (R12; the character card: where it is mustered, what it does) and the Extended Strike
Chart."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Input, Select, Static, TabbedContent, TabPane, Tabs

from ...rules.characters import CHARACTERS, STRIKE_CHART, SUMMONED, Character
from ...rules.spells import SCHOOLS, SPELLS, Spell
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from ..widgets.row_table import RowTable


def spell_card(spell: Spell) -> str:
    lines = [
        f"{spell.name.upper()}   {spell.school.title()} level {spell.level}   Mana {spell.mana}",
        f"Cast: {spell.cast}   Target: {spell.target}"
        + (f"   Attack: {spell.attack}" if spell.attack else "")
        + (f"   Area: {spell.area}" if spell.area else ""),
        "",
        spell.text,
    ]
    return "\n".join(lines)


def character_card(character: Character) -> str:
    """What the table has no room for: where a character is mustered or summoned, and what
    the rules say it does beyond its factors and natives."""
    summoned = character.muster == SUMMONED
    kind = f"{character.kind}, summoned" if summoned else character.kind
    points = "" if character.points is None else f"   {character.points} points"
    lines = [f"{character.name.upper()}   {kind}{points}"]
    factors = [
        f"{name} {value}"
        for name, value in (("Power", character.power), ("Skill", character.skill))
        if value is not None
    ]
    factors += ["flies"] * character.flies
    if character.rangestrikes:
        magic = " (magic)" if character.rangestrikes != "yes" else ""
        factors.append(f"rangestrikes{magic}")
    natives = f"natives: {', '.join(character.natives)}" if character.natives else ""
    if factors or natives:
        lines.append("; ".join(part for part in (", ".join(factors), natives) if part))
    if character.muster and not summoned:
        lines.append(character.muster)  # "Master Muster: mountains"
    lines += ["", character.notes or "Nothing beyond its factors and natives."]
    return "\n".join(lines)


def strike_chart() -> Table:
    table = Table(title="Extended Strike Chart: to hit", box=None)
    table.add_column("defender SF \\ attacker SF")
    for attacker in range(1, 6):
        table.add_column(str(attacker), justify="right")
    for defender in range(2, 6):
        table.add_row(
            str(defender), *(str(STRIKE_CHART[(attacker, defender)]) for attacker in range(1, 6))
        )
    return table


NATIVES_WIDTH = 11
"""The natives column wraps at this width, so every column fits 80 terminal columns; a wider
screen gives it the columns beyond 80."""
NATIVES_LONGEST = max(len(", ".join(c.natives)) for c in CHARACTERS)


def natives_width(screen_width: int) -> int:
    """The natives column's width on a screen this wide: each line whole when it has room."""
    return min(NATIVES_LONGEST, NATIVES_WIDTH + max(0, screen_width - 80))


def character_table(width: int = NATIVES_WIDTH) -> RowTable:
    """The character table (R12), points beside power and skill: what a player looks up when
    choosing an honor guard comes first, and nothing is cut off at 80 columns."""
    table = RowTable(id="character-table", zebra_stripes=True)
    fill_characters(table, width)
    return table


def fill_characters(table: DataTable[Any], width: int) -> None:
    """The table's columns and rows, the natives column ``width`` wide."""
    table.clear(columns=True)
    for column in ("Character", "Kind", "Power", "Skill", "Points", "Flies", "Range"):
        table.add_column(column)
    table.add_column("Natives", width=width)
    for c in CHARACTERS:
        table.add_row(
            c.name,
            c.kind,
            str(c.power or "-"),
            str(c.skill or "-"),
            str(c.points if c.points is not None else "-"),
            "yes" if c.flies else "",
            c.rangestrikes or "",
            Text(", ".join(c.natives)),
            height=None,
        )


class ReferenceScreen(Screen[None]):
    """Opens on the spell list, and each tab opened gives its list the focus, so Up and Down
    move through it at once; Tab and shift+Tab reach the tabs (Left and Right switch them),
    as does the mouse."""

    CSS_PATH = "pages.tcss"
    AUTO_FOCUS = "#spell-table"
    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-tall")]  # noqa: RUF012 (typed by Screen)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="reference.back"),
        Binding("slash", "focus_filter", "Filter spells", id="reference.filter"),
        Binding("down", "to_spells", show=False, id="reference.to_spells"),
        # Left and Right switch the tabs from their lists too (a list takes the focus when its
        # tab opens, so after one switch the next Right did nothing)
        Binding("left", "switch_tab(-1)", show=False, priority=True, id="reference.left"),
        Binding(
            "right", "switch_tab(1)", "Tabs", key_display="←→", priority=True, id="reference.right"
        ),
    ]
    _to_filter = False  # the filter, not the list, takes the focus when the Spells tab opens

    def compose(self) -> ComposeResult:
        with TabbedContent(id="reference-tabs"):
            with TabPane("Spells", id="tab-spells"), VerticalScroll(can_focus=False):
                with Horizontal(id="spell-filters", classes="panel"):
                    yield Input(
                        placeholder="/ name or rules text",
                        id="spell-filter",
                        compact=True,
                    )
                    yield Select(
                        [(s.title(), s) for s in SCHOOLS],
                        prompt="any school",
                        id="spell-school",
                        compact=True,
                    )
                    yield Select(
                        [(f"level {n}", n) for n in (1, 2, 3)],
                        prompt="any level",
                        id="spell-level",
                        compact=True,
                    )
                table = RowTable(id="spell-table", classes="panel")
                table.add_columns("Spell", "School", "Level", "Mana", "Cast")
                yield table
                yield Static(id="spell-card")
            with TabPane("Characters", id="tab-characters"):
                yield character_table()
                yield Static(plain(character_card(CHARACTERS[0])), id="character-card")
            with TabPane("Strikes", id="tab-strike"):  # "Strike chart" was cut on a phone
                yield Static(strike_chart())
        yield KeyBar()

    def on_mount(self) -> None:
        self.filter_spells()

    def on_resize(self, event: events.Resize) -> None:
        """The natives column takes the columns a wider screen has (it wrapped at 120)."""
        table = self.query_one("#character-table", DataTable)
        width = natives_width(event.size.width)
        if table.ordered_columns[-1].width != width:
            fill_characters(table, width)

    def shown_spells(self) -> list[Spell]:
        text = self.query_one("#spell-filter", Input).value.strip().lower()
        school = self.query_one("#spell-school", Select).value
        level = self.query_one("#spell-level", Select).value
        return [
            s
            for s in SPELLS
            if (school is Select.NULL or s.school == school)
            and (level is Select.NULL or s.level == level)
            and (not text or text in s.name.lower() or text in s.text.lower())
        ]

    def filter_spells(self) -> None:
        spells = self.shown_spells()
        self._spells = spells
        table = self.query_one("#spell-table", DataTable)
        table.clear()
        for s in spells:
            table.add_row(s.name, s.school.title(), str(s.level), str(s.mana), s.cast)
        self.query_one("#spell-card", Static).update(
            plain(spell_card(spells[0]) if spells else "No spell matches.")
        )

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """The tab's list takes the focus (the strike chart has none: the tabs keep it); the
        filter does when / opened the tab."""
        if self._to_filter and event.pane.id == "tab-spells":
            self._to_filter = False
            self.query_one("#spell-filter", Input).focus()
            return
        self._into_list(event.pane)

    @staticmethod
    def _into_list(pane: Widget) -> None:
        for table in pane.query(DataTable).results(DataTable):
            table.focus()
            return

    def on_input_changed(self) -> None:
        self.filter_spells()

    def on_select_changed(self) -> None:
        self.filter_spells()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "spell-table" and 0 <= event.cursor_row < len(self._spells):
            self.query_one("#spell-card", Static).update(
                plain(spell_card(self._spells[event.cursor_row]))
            )
        elif event.data_table.id == "character-table":
            self.query_one("#character-card", Static).update(
                plain(character_card(CHARACTERS[event.cursor_row]))
            )

    def action_back(self) -> None:
        """Escape in the filter clears it first, then leaves it for the list; elsewhere it
        closes the reference."""
        field = self.query_one("#spell-filter", Input)
        if field.has_focus and field.value:
            field.value = ""
        elif field.has_focus:
            self.query_one("#spell-table", DataTable).focus()
        else:
            self.app.pop_screen()

    def action_focus_filter(self) -> None:
        """/ : the spell filter, from any tab (whatever is typed next goes into it)."""
        tabs = self.query_one("#reference-tabs", TabbedContent)
        if tabs.active != "tab-spells":
            self._to_filter = True
            tabs.active = "tab-spells"
        else:
            self.query_one("#spell-filter", Input).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "switch_tab":  # the filter's own Left and Right move in what is typed
            return not isinstance(self.focused, Input | Select)
        return True

    def action_switch_tab(self, step: int) -> None:
        tabs = self.query_one("#reference-tabs", TabbedContent)
        panes = [str(pane.id) for pane in tabs.query(TabPane)]
        tabs.active = panes[(panes.index(tabs.active) + step) % len(panes)]

    def action_to_spells(self) -> None:
        """Down from the filter: into the list of spells it leaves; from the tabs, into the
        open tab's list."""
        if self.focused is self.query_one("#spell-filter", Input):
            self.query_one("#spell-table", DataTable).focus()
        elif isinstance(self.focused, Tabs):
            tabs = self.query_one("#reference-tabs", TabbedContent)
            self._into_list(tabs.get_pane(tabs.active))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the filter: into the list of spells it leaves."""
        self.query_one("#spell-table", DataTable).focus()
