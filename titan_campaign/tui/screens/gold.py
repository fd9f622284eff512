"""Gold ledger and magic items (R11): add gold, buy items and spells with gold, use charges."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from ... import actions
from ...rules.items import ITEM_TYPES, SUGGESTED_ITEMS
from ...rules.names import plural
from ...rules.sheet import ItemLine, sheet_view
from ...rules.titan import TitanState
from ..upright import held_upright, key_named, when_turned
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from ..widgets.row_table import RowTable
from .base import UPRIGHT_WIDTH, OneTitan, titan_app
from .forms import BACK, GENERAL, FormBox, FormModal, field_error, save_or_cancel


def _int(text: str) -> int | None:
    """A typed whole number; blank (or a lone minus sign) is None, which the action refuses
    where a number is needed."""
    text = text.strip()
    return int(text) if text.lstrip("-").isdigit() else None


def _text(text: str) -> str | None:
    """A typed line; blank is None (for an item: as the suggested item of its name has it)."""
    return text.strip() or None


LABELS = {
    "amount": "Amount",
    "note": "Note",
    "game": "Game",
    "name": "Name",
    "type": "Type",
    "charges": "Charges",
    "description": "Description",
    "price": "Price in gold",
    "spell": "Spell",
}


class TitanForm(OneTitan, FormModal):
    """A form that changes one Titan: it shows the Titan's gold as it is now, saves through an
    action judged against the Titan as shown, and closes only when saved."""

    def __init__(self, titan: actions.TitanRef, state: TitanState) -> None:
        super().__init__(titan)
        self.shown = state

    def purse(self) -> Static:
        return Static(plain(self._purse_text()), id="purse", classes="hint")

    def _purse_text(self) -> str:
        return f"{self.shown.name} has {self.shown.gold} gold."

    def titan_changed(self, state: TitanState) -> None:
        self.shown = state
        self.query_one("#purse", Static).update(plain(self._purse_text()))

    def refresh_view(self) -> None:
        state = self.read_state()
        if state is not None:
            self.titan_changed(state)

    def save(self, action: Callable[[TitanState], actions.Done], refusal_field: str) -> None:
        """Run ``action`` with the Titan as the form shows it (refused if it changed
        elsewhere meanwhile); a refusal is shown beside its field, or ``refusal_field``."""
        shown = self.shown
        done = self.save_with(lambda: action(shown), LABELS, refusal_field)
        if done is not None:
            self.dismiss(done)


class GoldModal(TitanForm):
    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("ctrl+s", "save", "Save", id="gold_form.save"),
    ]

    def compose(self) -> ComposeResult:
        with FormBox(classes="form"):
            yield Label("Gold entry (negative to spend)", classes="form-title")
            yield self.purse()
            with Horizontal(classes="field-row framed"):
                yield Label("Amount")
                yield Input(id="gold-amount")  # as typed: a slip is said, not dropped
            yield field_error("amount")
            with Horizontal(classes="field-row framed"):
                yield Label("Note")
                yield Input(placeholder="e.g. loot from game 3", id="gold-note")
            yield field_error("note")
            yield Label("Game")
            played = [g.game for g in self.shown.games if not g.played_in]
            yield Select(
                [(f"game {game}", game) for game in reversed(played)],
                prompt="none (optional)",
                id="gold-game",
                compact=True,
            )
            yield field_error("game")
            yield save_or_cancel("Save")
        yield KeyBar()

    @on(Input.Submitted)
    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        amount = _int(self.query_one("#gold-amount", Input).value)
        note = self.query_one("#gold-note", Input).value.strip()
        chosen = self.query_one("#gold-game", Select).value
        game = chosen if isinstance(chosen, int) else None
        self.save(
            lambda shown: actions.change_gold(self.db, self.titan, amount, note, game, shown),
            "amount",
        )


CHARGES_HINT = "blank: as listed, else lasts"
CHARGES_BESIDE_PRICE = "as listed"


class ItemModal(TitanForm):
    """A magic item: given (a reward) or bought with gold at the campaign's price."""

    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("ctrl+s", "save", "Save", id="item_form.save"),
    ]
    AUTO_FOCUS = "#item-name"
    """A name typed at once lands in its field (the list of suggestions above took the keys,
    and dropped what was typed); the suggestions are a Shift+Tab away."""

    def __init__(self, titan: actions.TitanRef, state: TitanState, buying: bool) -> None:
        super().__init__(titan, state)
        self.buying = buying

    def compose(self) -> ComposeResult:
        with FormBox(classes="form"):
            yield Label(
                "Buy a magic item with gold" if self.buying else "Add a magic item",
                classes="form-title",
            )
            with Horizontal(id="purse-row"):  # one line for both: room for the framed fields
                yield self.purse()
                yield Select(
                    [(s.name, s.name) for s in SUGGESTED_ITEMS],
                    prompt="Suggestions (optional)",
                    id="suggestion",
                    compact=True,
                )
            with Horizontal(classes="field-row framed"):
                yield Label("Name")
                yield Input(id="item-name")
            yield field_error("name")
            with Horizontal(classes="field-row"):
                yield Label("Type")
                yield Select(
                    [(t, t) for t in ITEM_TYPES],
                    prompt="as listed, else other",
                    id="item-type",
                    compact=True,
                )
            with Horizontal(classes="field-row framed"):
                yield Label("Description")
                yield Input(id="item-description")
            yield field_error("description")
            # charges and price side by side: framed, the form still fits 60x20 with a refusal
            with Horizontal(classes="field-row framed"):
                yield Label("Charges")
                yield Input(
                    id="item-charges",
                    valid_empty=True,  # blank is allowed: never drawn as a mistake
                )
                if self.buying:
                    yield Label("Price in gold")
                    yield Input(id="item-price")
            yield Label(CHARGES_HINT, classes="hint", id="charges-hint")
            yield field_error("charges")
            if self.buying:
                yield field_error("price")
            yield field_error(GENERAL)
            yield save_or_cancel("Save")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show_charges_hint()
        when_turned(self, self.show_charges_hint)

    def show_charges_hint(self) -> None:
        """What a blank Charges field means: in the field at a keyboard's size; on a phone held
        upright under it, where it wraps (in the field it was cut to "blank: as listed, else")."""
        upright = held_upright(self)
        beside = CHARGES_BESIDE_PRICE if self.buying else CHARGES_HINT  # as much as fits
        self.query_one("#item-charges", Input).placeholder = "" if upright else beside
        self.query_one("#charges-hint").display = upright

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != "suggestion" or event.value is Select.NULL:
            return
        suggestion = actions.item_facts(str(event.value))  # as the command line fills it
        self.query_one("#item-name", Input).value = suggestion.name
        self.query_one("#item-type", Select).value = suggestion.type
        self.query_one("#item-charges", Input).value = str(suggestion.charges or "")
        self.query_one("#item-description", Input).value = suggestion.description[:1000]

    @on(Input.Submitted)
    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        """What was typed, to the same action as ``buy``/``item add``: what is left blank is
        filled from the suggested item of that name, as on the command line."""
        name = self.query_one("#item-name", Input).value
        chosen = self.query_one("#item-type", Select).value
        kind = None if chosen is Select.NULL else str(chosen)
        description = _text(self.query_one("#item-description", Input).value)
        charges = _int(self.query_one("#item-charges", Input).value)
        db, titan = self.db, self.titan
        if self.buying:
            price = _int(self.query_one("#item-price", Input).value)
            self.save(
                lambda shown: actions.buy_item(
                    db, titan, name, price, kind, description, charges, shown
                ),
                "price",
            )
        else:
            self.save(
                lambda shown: actions.add_item(db, titan, name, kind, description, charges, shown),
                GENERAL,
            )


class SpellForGoldModal(TitanForm):
    """Any spell the Titan does not know, at the campaign's price (R11)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("ctrl+s", "save", "Save", id="spell_gold_form.save"),
    ]

    def compose(self) -> ComposeResult:
        with FormBox(classes="form"):
            yield Label("Buy a spell with gold (R11)", classes="form-title")
            yield self.purse()
            yield Label("Spell")
            yield OptionList(
                *(
                    Option(plain(f"{s.name}  ({s.school.title()} {s.level})"), id=s.name)
                    for s in self.shown.unknown_spells()
                ),
                id="gold-spell",
                compact=True,
            )
            yield field_error("spell")
            with Horizontal(classes="field-row framed"):
                yield Label("Price in gold")
                yield Input(id="spell-price")
            yield field_error("price")
            yield save_or_cancel("Save")
        yield KeyBar()

    @on(Input.Submitted)
    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        spells = self.query_one("#gold-spell", OptionList)
        if spells.highlighted is None:
            self.show_problems({"spell": "Spell: pick one"})
            return
        spell = str(spells.get_option_at_index(spells.highlighted).id)
        price = _int(self.query_one("#spell-price", Input).value)
        self.save(
            lambda shown: actions.buy_spell_with_gold(self.db, self.titan, spell, price, shown),
            "price",
        )


FILL_MIN = 10
"""The narrowest a column that ``fill`` widens gets (it wraps to more lines instead): an item's
description, or on a phone held upright the item and the ledger's note."""


def fill(table: DataTable[object], key: str) -> bool:
    """Give column ``key`` of ``table`` the room its other columns leave; whether it changed.
    The others are measured on the rows shown now: a long item removed no longer widens its
    column (the table only ever widens a column as rows are added)."""
    for name, column in table.columns.items():
        if column.auto_width:
            cells = [Text(c) if isinstance(c, str) else c for c in table.get_column(name)]
            widest = [
                line.cell_len for cell in cells if isinstance(cell, Text) for line in cell.split()
            ]
            column.content_width = max([column.label.cell_len, *widest])
    others = sum(
        column.get_render_width(table) for name, column in table.columns.items() if name != key
    )
    column = table.columns[key]  # type: ignore[index]
    width = max(FILL_MIN, table.scrollable_content_region.width - others - 2)
    if column.width == width:
        return False
    column.width = width
    return True


WIDE_ITEM_COLUMNS = ("item", "type", "charges", "legion")
"""The items' figures beside their description, on a screen wide enough for both."""


def charges(item: ItemLine) -> str:
    return f"{item.charges}/{item.max_charges}" if item.max_charges else "-"


def wide_item_figures(item: ItemLine) -> tuple[str, str, str, str]:
    """An item's cells in ``WIDE_ITEM_COLUMNS``."""
    return (item.name, item.type, charges(item), str(item.legion or ""))


def wide_items_width(items: Sequence[ItemLine]) -> int:
    """The narrowest screen on which the items' figures leave their descriptions ``FILL_MIN``
    cells: each column as wide as its widest cell, with its padding, then the description's
    padding, the table's scroll bar and the screen's margins."""
    rows = [WIDE_ITEM_COLUMNS, *map(wide_item_figures, items)]
    figures = sum(max(cell_len(row[column]) for row in rows) + 2 for column in range(4))
    return figures + FILL_MIN + 2 + 2 + 2


class GoldScreen(OneTitan, Screen[None]):
    CSS_PATH = "pages.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back", id="gold.back"),
        Binding("a", "add_gold", "Gold entry", id="gold.add"),
        Binding("b", "buy_item", "Buy item", id="gold.buy_item"),
        Binding("s", "buy_spell", "Buy spell", id="gold.buy_spell"),
        Binding("i", "add_item", "Add item", id="gold.add_item"),
        Binding("minus", "use_charge", "Use charge", id="gold.use", key_display="-"),
        Binding("delete", "remove_item", "Remove item", id="gold.remove", key_display="del"),
    ]

    def __init__(self, titan: actions.TitanRef, state: TitanState) -> None:
        """The ledger and items of the Titan as ``state`` (just read) has them."""
        super().__init__(titan)
        self.state = state  # as shown
        self._upright: bool | None = None  # the columns shown: a narrow screen's or not
        self._items: Sequence[ItemLine] = ()  # as shown

    def compose(self) -> ComposeResult:
        yield Static(id="gold-title", classes="page-title")  # the purse stays in view
        with VerticalScroll():
            yield Label("GOLD LEDGER")
            yield RowTable(id="ledger", classes="panel")
            yield Static(self._items_heading(), id="items-heading")
            yield RowTable(id="items", classes="panel")
        yield KeyBar()

    def _items_heading(self) -> str:
        acting = (  # on a phone, the key bar's entries
            "the highlighted one: Use charge, Remove item"
            if held_upright(self)
            else "-: use a charge of the highlighted item, del: remove it"
        )
        return f"MAGIC ITEMS ({acting})"

    def on_mount(self) -> None:
        when_turned(
            self, lambda: self.query_one("#items-heading", Static).update(self._items_heading())
        )
        self.show(self.state)
        self.query_one("#items", DataTable).focus()

    def refresh_view(self) -> None:
        state = self.read_state()
        if state is not None:
            self.show(state)

    def show(self, state: TitanState) -> None:
        """Draw the Titan; the row highlighted in each table stays highlighted (an item by its
        name, so that Delete or - acts on the item the player chose), or goes to a line or an
        item just added."""
        self.state = state
        was = self._items
        data = sheet_view(state, self.campaign_name)
        self._items = data.magic_items
        self.query_one("#gold-title", Static).update(
            plain(f"{data.name.upper()}: GOLD {data.gold}")
        )
        ledger = self.query_one("#ledger", DataTable)
        items = self.query_one("#items", DataTable)
        ledger_row, item_row = ledger.cursor_row, items.cursor_row
        if len(data.gold_ledger) > ledger.row_count > 0 or not ledger.row_count:
            ledger_row = len(data.gold_ledger) - 1  # a line added: the newest, shown
        chosen = was[item_row].name if 0 <= item_row < len(was) else None
        upright = self._stacked(data.magic_items)
        ledger.clear(columns=upright != self._upright)
        items.clear(columns=upright != self._upright)
        if not ledger.columns:
            self._add_columns(ledger, items, upright)
        self._upright = upright
        for line in data.gold_ledger:
            if upright:  # the note takes the room, wrapped, with its game under it
                note = Text(line.note)
                if line.game:
                    note.append(f"\n{line.game_words}", style="dim")
                ledger.add_row(line.signed_amount, note, height=None)
            else:
                ledger.add_row(
                    line.signed_amount, Text(line.noted), str(line.game or ""), height=None
                )
        for item in data.magic_items:
            if upright:  # the item's type, legion and description under its name
                kind = item.type + (f", legion {item.legion}" if item.legion else "")
                cell = Text(item.name)
                cell.append(f"\n{kind}", style="dim")
                if item.description:
                    cell.append(f"\n{item.description}")
                items.add_row(cell, charges(item), height=None)
                continue
            items.add_row(
                *map(Text, wide_item_figures(item)),
                Text(item.description),
                height=None,  # a long description wraps in its column
            )
        names = [item.name for item in data.magic_items]
        if was and len(names) > len(was):  # an item added: it, shown (- uses its charges)
            before = {item.name for item in was}
            chosen = next((name for name in reversed(names) if name not in before), chosen)
        ledger.move_cursor(row=ledger_row, animate=False)
        items.move_cursor(row=names.index(chosen) if chosen in names else item_row, animate=False)
        self.call_after_refresh(self.fit_descriptions)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The highlighted row stays in view (Up and Down, a line added, a resize): each table
        scrolls to its cursor within its own height, and the page to the table."""
        self.query_one(VerticalScroll).scroll_to_widget(event.data_table, animate=False)

    @staticmethod
    def _add_columns(ledger: DataTable[object], items: DataTable[object], upright: bool) -> None:
        """The tables' columns; on a phone held upright (under ``UPRIGHT_WIDTH``), or a screen
        too narrow for the items' figures and their descriptions side by side, only the figures
        beside the note or the item, which take the rest of the row."""
        if upright:
            ledger.add_column("amount")
            ledger.add_column("note", width=FILL_MIN, key="note")
            items.add_column("item", width=FILL_MIN, key="item")
            items.add_column("charges")
            return
        ledger.add_column("amount")
        ledger.add_column("note", width=FILL_MIN, key="note")
        ledger.add_column("game")
        items.add_columns(*WIDE_ITEM_COLUMNS)
        items.add_column("description", width=FILL_MIN, key="description")

    def fit_descriptions(self) -> None:
        """The description column (on a narrow screen, the item's) and the note column take
        the room the other columns leave, so a description or a note wraps within the screen
        instead of running off it."""
        items = self.query_one("#items", DataTable)
        changed = fill(items, "item" if self._upright else "description")
        changed = fill(self.query_one("#ledger", DataTable), "note") or changed
        if changed:
            self.show(self.state)

    def _stacked(self, items: Sequence[ItemLine]) -> bool:
        """Whether the screen is too narrow for ``items``' figures beside their descriptions
        (a phone held upright, or a terminal split in two)."""
        width = self.app.size.width
        return width < UPRIGHT_WIDTH or width < wide_items_width(items)

    def on_resize(self) -> None:
        if self._stacked(self._items) != self._upright:
            self.show(self.state)  # turned upright or sideways: the other columns
        else:
            self.call_after_refresh(self.fit_descriptions)

    def _act(self, action: Callable[[], actions.Done]) -> None:
        """One change judged against the Titan as shown: if it changed elsewhere meanwhile,
        nothing is saved and the screen shows it as it is now."""
        done = titan_app(self).attempt(action, self.show)
        if done is not None:
            self._saved(done)

    def _saved(self, done: object) -> None:
        if isinstance(done, actions.Done):
            self.notify(
                "\n".join(
                    [done.text, *done.step.notes, f"{key_named(self, 'ctrl+z', 'Undo')} undoes it"]
                ),
                title=f"{done.state.name}: {done.state.gold} gold",
                markup=False,
            )
            self.show(done.state)

    def action_add_gold(self) -> None:
        self.app.push_screen(GoldModal(self.titan, self.state), self._saved)

    def action_buy_item(self) -> None:
        self.app.push_screen(ItemModal(self.titan, self.state, buying=True), self._saved)

    def action_add_item(self) -> None:
        self.app.push_screen(ItemModal(self.titan, self.state, buying=False), self._saved)

    def action_buy_spell(self) -> None:
        self.app.push_screen(SpellForGoldModal(self.titan, self.state), self._saved)

    def _highlighted_item(self) -> str | None:
        table = self.query_one("#items", DataTable)
        if not self._items or table.cursor_row >= len(self._items):
            self.notify("No magic item to act on.")
            return None
        return self._items[table.cursor_row].name

    def action_use_charge(self) -> None:
        name = self._highlighted_item()
        if not name:
            return
        shown = self.state
        done = titan_app(self).attempt(
            lambda: actions.use_item(self.db, self.titan, name, shown), self.show
        )  # judged against the Titan as shown; if it changed, it is shown as it is now
        if done is not None:
            left = next((item.charges for item in done.state.items if item.name == name), 0)
            self.notify(
                "\n".join(done.step.notes) or f"{name} used.",
                title=f"{done.state.name}: {plural(left or 0, 'charge')} left on {name}",
            )
            self.show(done.state)

    def action_remove_item(self) -> None:
        name = self._highlighted_item()
        if name:
            shown = self.state
            self._act(lambda: actions.remove_item(self.db, self.titan, name, shown))
