"""A block of check-box rows drawn as ONE widget: the sheet's abilities or spell schools.

Each row is ``▸ [X][X][ ] POWER        +1 Power-factor``. A checked box reads ``[X]`` and a box
that cannot be checked now reads ``[·]`` (dim), so the meaning never rests on colour. The widget
decides nothing: it shows the rows it is given and reports which box was pressed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..upright import key_named

BOXES = 3
BOX_X = 2  # column of the first box's "["
BOX_WIDTH = 3
SHORTEST_NOTE = 8
"""Fewer columns than this left for a row's note, and a note that does not fit is left out."""

CHECKED = "[X]"
OPEN = "[ ]"
CLOSED = "[·]"


@dataclass(frozen=True, slots=True)
class BoxRow:
    """One row as the sheet wants it shown: ``checked`` boxes, whether the next may be checked."""

    key: str
    title: str
    note: str
    checked: int
    can_check: bool
    reason: str = ""


class BoxGrid(Widget, can_focus=True):
    """Rows of three boxes with a cursor; click a box or press space to check the next one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "cursor(-1)", "Up", show=False, id="grid.up"),
        Binding("down,j", "cursor(1)", "Down", show=False, id="grid.down"),
        Binding("left", "beside(-1)", "Left", show=False, id="grid.left"),
        Binding("right", "beside(1)", "Right", show=False, id="grid.right"),
        Binding("home", "first_box", "First box", show=False, id="grid.first"),
        Binding("end", "last_box", "Last box", show=False, id="grid.last"),
        Binding("space", "check", "Check", id="grid.check"),  # Enter opens: never buys
        Binding("backspace,delete", "uncheck", "Uncheck", id="grid.uncheck"),
    ]

    DEFAULT_CSS = """
    BoxGrid { height: auto; width: 1fr; }
    """

    cursor = reactive(0)

    class BoxPressed(Message):
        """A box was pressed: ``index`` 0-2; the sheet decides what that means."""

        def __init__(self, grid: BoxGrid, key: str, index: int) -> None:
            super().__init__()
            self.grid = grid
            self.key = key
            self.index = index

        @property
        def control(self) -> BoxGrid:
            return self.grid

    def __init__(
        self, heading: str, rows: list[BoxRow], *, title_width: int = 13, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.heading = heading
        self.rows = rows
        self.title_width = title_width

    def set_rows(self, rows: list[BoxRow]) -> None:
        self.rows = rows
        self.cursor = min(self.cursor, max(len(rows) - 1, 0))
        self.refresh(layout=True)  # the cursor's row may now say something longer below

    @property
    def current(self) -> BoxRow | None:
        return self.rows[self.cursor] if self.rows else None

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        hint = self.hint(width)
        lines = hint.plain.count("\n") + 1 if hint.plain else 0
        return len(self.rows) + 1 + max(lines, 1)

    def hint(self, width: int) -> Text:
        """What the cursor's row asks of the player, on a grid ``width`` cells wide."""
        current = self.current
        if current is None or not self.has_focus:
            return Text()
        checks = key_named(self, "space", "Check")  # on a phone, the key bar's entry
        hint = (
            "all three boxes checked"
            if current.checked == BOXES
            else (f"{checks}: check the next box (100 XP)" if current.can_check else current.reason)
        )
        if self.note_is_cut(current, width):
            hint = f"{current.note}; {hint}"
        said = Text(f"{current.title.title()}: {hint}", style="italic")
        if not width:
            return Text("  ") + said
        lines = said.wrap(self.app.console, max(width - 2, 1))  # each line under the first
        return Text("\n").join(Text("  ") + line for line in lines)

    def note_is_cut(self, row: BoxRow, width: int) -> bool:
        """Whether the row's note runs past the grid's ``width`` (the hint then says it whole).
        The width is the one being laid out: asking the widget for its size while the screen
        is arranged would arrange the whole screen again."""
        used = BOX_X + BOXES * BOX_WIDTH + 1 + max(self.title_width, len(row.title)) + 1
        return bool(width and row.note) and used + Text(row.note).cell_len > width

    def render(self) -> Text:
        text = Text()
        width = self.content_size.width
        text.append(self.heading, style="bold underline")
        text.append("\n")
        for number, row in enumerate(self.rows):
            at_cursor = number == self.cursor
            line = Text("▸ " if at_cursor and self.has_focus else "  ")
            for box in range(BOXES):
                if box < row.checked:
                    line.append(CHECKED, style="bold")
                elif box == row.checked and row.can_check:
                    line.append(OPEN)
                else:
                    line.append(CLOSED, style="dim")
            line.append(f" {row.title:<{self.title_width}}", style="bold")
            if (
                not width
                or width - line.cell_len > SHORTEST_NOTE
                or not self.note_is_cut(row, width)
            ):
                # a note cut to a few letters says nothing: it is left out (the hint says it)
                line.append(
                    f" {row.note}", style="" if row.can_check or row.checked == BOXES else "dim"
                )
            if at_cursor and self.has_focus:
                line.stylize("reverse")
            if width:
                line.truncate(width, overflow="ellipsis")  # a row is one line; its hint wraps
            text.append_text(line)
            text.append("\n")
        return text.append_text(self.hint(width))

    def watch_cursor(self) -> None:
        self.refresh(layout=True)  # the hint below may take another number of lines

    def _page(self) -> ScrollableContainer | None:
        """The scrolling page the grid is in (the sheet), if any."""
        return next((w for w in self.ancestors if isinstance(w, ScrollableContainer)), None)

    def show_cursor(self) -> None:
        """The page scrolled to the cursor's row and the hint under the grid, when the keys
        moved it off the screen (space would check a box the player cannot see)."""
        page = self._page()
        if page is None or not self.has_focus:
            return
        hint = self.hint(self.content_size.width).plain
        top = self.content_region.y - page.content_region.y + round(page.scroll_y) + 1
        below = len(self.rows) - self.cursor + (hint.count("\n") + 1 if hint else 0)
        page.scroll_to_region(Region(0, top + self.cursor, 1, below), animate=False, immediate=True)

    def on_focus(self) -> None:
        self.refresh(layout=True)

    def on_blur(self) -> None:
        self.refresh(layout=True)

    def action_cursor(self, step: int) -> None:
        target = self.cursor + step
        if target < 0:
            self._above()
        elif target >= len(self.rows):
            chain = self.screen.focus_chain
            if self in chain and chain.index(self) < len(chain) - 1:  # never round to the top
                self.screen.focus_next()
        else:
            self.cursor = target
            self.call_after_refresh(self.show_cursor)  # the page follows the keys, only them

    def _above(self) -> None:
        """Up from the top row: to the last row of a grid above this one (on a narrow screen,
        the abilities above the schools), else the row stays and the page scrolls to its top
        (the page itself never takes the cursor: space and the arrows would then do nothing)."""
        chain = self.screen.focus_chain
        place = chain.index(self) if self in chain else 0
        above = chain[place - 1] if place > 0 else None
        if isinstance(above, BoxGrid) and above.region.bottom <= self.region.y:
            above.focus_row(len(above.rows) - 1)
            return
        page = self._page()
        if page is not None:
            page.scroll_home(animate=False)

    def focus_row(self, row: int) -> None:
        """The cursor on ``row`` (or the last row, if there are fewer), and the keys here."""
        self.cursor = max(min(row, len(self.rows) - 1), 0)
        self.focus()

    def action_beside(self, step: int) -> None:
        """To the grid beside this one (the schools beside the abilities), on the same row."""
        grids = list(self.screen.query(BoxGrid))
        place = grids.index(self) + step
        if 0 <= place < len(grids):
            grids[place].focus_row(self.cursor)

    def action_first_box(self) -> None:
        """Home: the cursor on the first box of the sheet, the page at its top, as Home goes to
        a list's first row (it scrolled the page, the cursor left where it was)."""
        first = next(iter(self.screen.query(BoxGrid)))
        first.cursor = 0
        first.focus(scroll_visible=False)  # the page's top shows it
        page = self._page()
        if page is not None:
            page.scroll_home(animate=False)

    def action_last_box(self) -> None:
        """End: the cursor on the last box of the sheet, in view (End scrolled the page to its
        end, the cursor left out of sight, and the next space only scrolled back)."""
        last = list(self.screen.query(BoxGrid))[-1]
        last.focus_row(len(last.rows) - 1)
        last.call_after_refresh(last.show_cursor)

    def action_check(self) -> None:
        if self.current is not None and self._cursor_seen("bought"):
            self.post_message(self.BoxPressed(self, self.current.key, self.current.checked))

    def action_uncheck(self) -> None:
        if self.current is not None and self.current.checked and self._cursor_seen("unchecked"):
            self.post_message(self.BoxPressed(self, self.current.key, self.current.checked - 1))

    def _cursor_seen(self, done: str) -> bool:
        """Whether the cursor's row is on the screen; if not (the page scrolled away with a
        section's key, page down or the wheel), it is brought back into view and the player
        told that nothing was ``done``: space bought a box the player could not see."""
        page = self._page()
        row = self.content_region.y + 1 + self.cursor
        seen = bool(self.region) and (
            page is None or page.content_region.y <= row < page.content_region.bottom
        )
        if not seen:
            self.show_cursor()
            self.notify(f"Nothing {done}: the boxes were out of sight; here they are.")
        return seen

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        number = offset.y - 1
        if not 0 <= number < len(self.rows):
            return
        self.cursor = number
        self.focus()
        column = offset.x - BOX_X
        if 0 <= column < BOXES * BOX_WIDTH:
            self.post_message(self.BoxPressed(self, self.rows[number].key, column // BOX_WIDTH))
