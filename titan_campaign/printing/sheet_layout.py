"""The Titan Character Sheet laid out like the paper sheet at the end of the rulebook.

Top to bottom: title and Campaign; Titan name and LEVEL; ABILITIES (three boxes each, with the
sheet's effect line) beside EXPERIENCE and GOLD; SPELL SCHOOLS beside the figures used at the
table and the starting legions with their warnings (R10); SPELLS (with blank lines for new
ones); MAGIC ITEMS in full, a box per charge, and blank lines; HONOR GUARD with its three slots;
the choices still to make; the build goal and what remains of it; then GOLD LEDGER and NOTES
ruled down to the foot of the page (never left out). Type never goes below 7 points: what does
not fit goes on over the page under its heading. Last, on a page of its own, when the data
carries the Titan's ``progress``: the progress chart and the figures game by game; the order is
the same on every paper. With no data it is the blank sheet: 16 magic item lines
(as many on the front as fit above the honor guard), and on the back 28 more spell lines, the
rest of the item lines, the ledger and the notes.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.abilities import ABILITIES, ABILITY_INFO
from ..rules.progress import ProgressRow, by_campaign
from ..rules.sheet import GoalView, LedgerLine, SheetView, SpellLine
from ..rules.spells import SCHOOLS
from .canvas import MIN_SIZE, Page, fit_size, fit_text, paper_size, text_width, wrap_text
from .figures import (
    IN_PLAY,
    SKILL_USES_LABEL,
    XP_LABELS,
    goal_steps,
    goal_summary,
    guard_slots,
    not_castable,
    progress_now,
    spell_mark,
    xp_figures,
)
from .flow import GAP_MM, HEADING, HEADING_H, Flow, heading
from .sheet_items import BLANK_ITEM_LINES, blank_items_section, items_section

GAP = GAP_MM
BLANK_SPELL_ROWS = 8
BLANK_BACK_SPELL_ROWS = 14  # the blank sheet's back: 28 more spells, 44 in all
LINE = 6.0  # mm between write-in lines


def _header(page: Page, data: SheetView | None, x: float, y: float, width: float) -> float:
    page.text(x, y + 5, "TITAN CHARACTER SHEET", 15, bold=True)
    campaign_x = x + 78
    page.text(campaign_x, y + 5, "Campaign:", 8)
    page.line(campaign_x + 14, y + 5.8, x + width, y + 5.8, stroke=0.2)
    if data:
        facts = data.campaign + ("   ARCHIVED" if data.archived else "")
        room = width - 78 - 15
        size = fit_size(facts, room, 9, 7, bold=True)
        page.text(campaign_x + 15, y + 5, fit_text(facts, room, size, True), size, bold=True)
    y += 9
    level_w = 26.0
    name_w = width - level_w - 4
    page.text(x, y + 2.5, "Titan Name", 7)
    page.line(x, y + 11, x + name_w, y + 11, stroke=0.4)
    page.text(x, y + 15, "Player:", 8)
    page.line(x + 11, y + 15.6, x + name_w, y + 15.6, stroke=0.2)
    if data:
        size = fit_size(data.name, name_w - 1, 16, MIN_SIZE, bold=True)  # 60 "W" fit at 7
        name = fit_text(data.name, name_w - 1, size, True)
        page.text(x + 1, y + 9.8, name, size, bold=True, figure="name")
        size = fit_size(data.player, name_w - 12, 8, MIN_SIZE)  # 60 "W" fit, as the name
        player = fit_text(data.player, name_w - 12, size)
        page.text(x + 12, y + 15, player, size, figure="player")
    page.text(x + width - level_w, y + 2.5, "LEVEL", 7, bold=True)
    page.box(x + width - level_w + 10, y - 1, level_w - 10, 13, stroke=0.5)
    if data:
        level = str(data.level)
        page.text(
            x + width - (level_w - 10) / 2, y + 9.5, level, 18, bold=True, align="center",
            figure="level",
        )  # fmt: skip
    return y + 19


def _abilities(page: Page, data: SheetView | None, x: float, y: float, width: float) -> float:
    y = heading(page, x, y, width, "ABILITIES")
    for ability in ABILITIES:
        info = ABILITY_INFO[ability]
        checked = data.abilities[ability] if data else 0
        end = page.check_boxes(x, y + 0.9, checked)
        page.text(end + 1.5, y + 4, info.title, 8.5, bold=True)
        page.text(end + 25, y + 4, fit_text(info.sheet_text, width - (end - x) - 25, 8), 8)
        y += 5.8
    return y


def _figure_rows(
    page: Page,
    rows: list[tuple[str, str, str]],
    x: float,
    y: float,
    width: float,
    step: float = 5.6,
) -> float:
    """Label on the left, figure right-aligned over a write-in line, on the label's baseline."""
    for label, key, figure in rows:
        bold = label.startswith("Available")
        page.text(x, y + 4, label, 8.5, bold=bold)
        page.line(x + width - 18, y + 4.8, x + width, y + 4.8)
        page.text(x + width - 1, y + 4, figure, 9.5, bold=bold, align="right", figure=key)
        y += step
    return y


def _experience(page: Page, data: SheetView | None, x: float, y: float, width: float) -> float:
    y = heading(page, x, y, width, "EXPERIENCE")
    rows = [
        (label, f"xp.{key}", figure)
        for (label, key), figure in zip(XP_LABELS, xp_figures(data), strict=True)
    ]
    y = _figure_rows(page, rows, x, y, width) + 1.5
    page.text(x, y + 6.5, "GOLD", HEADING, bold=True)
    page.box(x + width - 30, y, 30, 9.5, stroke=0.5)
    if data:
        page.text(x + width - 2, y + 7, str(data.gold), 13, bold=True, align="right", figure="gold")
    return y + 11


def _schools(page: Page, data: SheetView | None, x: float, y: float, width: float) -> float:
    y = heading(page, x, y, width, "SPELL SCHOOLS")
    for school in SCHOOLS:
        end = page.check_boxes(x, y + 0.6, data.schools[school] if data else 0)
        page.text(end + 1.5, y + 3.6, school.upper(), 8.5, bold=True)
        y += 5.2
    return y


def _in_play(page: Page, data: SheetView | None, x: float, y: float, width: float) -> float:
    y = heading(page, x, y, width, IN_PLAY)
    figures = [
        ("Mana per turn", "mana", data.mana if data else None),
        ("Titan Power-factor", "titan_power", data.titan_power if data else None),
        (SKILL_USES_LABEL, "skill_uses", data.skill_uses if data else None),
        ("Re-rolls per turn", "rerolls", data.rerolls if data else None),
    ]
    rows = [(label, key, str(value) if data else "") for label, key, value in figures]
    rows.append(("XP bonus", "xp_bonus_percent", f"{data.xp_bonus_percent}%" if data else ""))
    y = _figure_rows(page, rows, x, y, width, step=4.9) + 1.5
    page.text(x, y + 3, "Starting legions (next game)", 7.5, bold=True)
    y += 3.4
    if not data:
        for number in (1, 2):
            page.text(x, y + 4.2, f"{number}:", 7.5)
            page.line(x + 3.5, y + 4.8, x + width, y + 4.8, stroke=0.15)
            y += 5.2
        return y
    for number, legion in enumerate(data.starting_legions, start=1):
        for line in wrap_text(f"{number}: {', '.join(legion)}", width, 7.5):
            page.text(x, y + 3, line, 7.5)
            y += 3.2
    for note in data.starting_legion_notes:  # a legion of 7 to split, a staff no one can use
        for line in wrap_text(f"! {note}", width, 7.5):
            page.text(x, y + 3, line, 7.5, italic=True)
            y += 3.2
    return y


# --- SPELLS ---------------------------------------------------------------------------------


def _spell_columns(count: int) -> int:
    """Two columns of spells, three once a spell book passes 24 spells."""
    return 3 if count > 24 else 2


def _spell_tabs(col_w: float) -> tuple[float, float, float, float]:
    """x offsets in a spell column of school, level, Mana and the mark's right edge."""
    return (col_w - 31.0, col_w - 15.5, col_w - 11.0, col_w)


def _spell_head(page: Page, x: float, y: float, col_w: float) -> None:
    school, level, mana, _ = _spell_tabs(col_w)
    for label, tab in (("Spell", 0.0), ("School", school), ("Lvl", level), ("Mana", mana)):
        page.text(x + tab, y + 2.6, label, 7, italic=True)
    page.line(x, y + 3.4, x + col_w, y + 3.4, stroke=0.15)


SpellBookRow = SpellLine | str
"""A row of the printed spell book: a spell, or the line under it saying it cannot be cast yet."""


def _spell_book_columns(
    spells: Sequence[SpellLine], mana: int, columns: int
) -> list[list[SpellBookRow]]:
    """The spell book in ``columns`` columns, down the first column first, as even as they go
    (9 spells: 5 and 4); a spell costing more Mana than the Titan has a turn (R7) is followed by
    its line saying so, in the same column."""
    entries: list[list[SpellBookRow]] = [
        [spell, short] if (short := not_castable(spell.mana, mana)) else [spell] for spell in spells
    ]
    per = -(-sum(map(len, entries)) // columns)
    while True:
        book: list[list[SpellBookRow]] = [[] for _ in range(columns)]
        column = 0
        for entry in entries:
            if book[column] and len(book[column]) + len(entry) > per:
                column += 1
            if column == columns:
                break
            book[column] += entry
        else:
            return book
        per += 1


def _page_rows(book: list[list[SpellBookRow]], done: int, rows: int) -> int:
    """How many of ``rows`` to print on this page from row ``done`` on: fewer (none: the next
    page) when a line saying a spell cannot be cast yet would start the next page, apart from
    its spell."""

    def starts_apart(lines: list[SpellBookRow]) -> bool:
        return done + rows < len(lines) and isinstance(lines[done + rows], str)

    while rows > 0 and any(map(starts_apart, book)):
        rows -= 1
    return rows


def _spells(flow: Flow, data: SheetView | None) -> None:
    """The spell book, column after column, with blank lines for spells still to learn."""
    spells = data.spells if data else ()
    title = f"SPELLS ({len(spells)})" if data else "SPELLS"
    columns = _spell_columns(len(spells)) if data else 2
    size = 8.0 if columns == 2 else 7.5
    step = LINE if not data else (4.4 if columns == 2 else 3.8)
    book = _spell_book_columns(spells, data.mana if data else 0, columns)
    # at least one blank line a column for spells still to come; a blank sheet gets 8 rows
    rows_total = BLANK_SPELL_ROWS if not data else max(map(len, book)) + 1
    col_w = (flow.content - (columns - 1) * 5) / columns
    first_rows = 1 if _page_rows(book, 0, 1) else 2  # a spell and its line under it
    flow.section(title, 4 + first_rows * step)
    done = 0
    while done < rows_total:
        rows = _page_rows(book, done, min(rows_total - done, int((flow.room - 4) // step)))
        if rows < 1:
            flow.need(flow.height, title)
            continue
        for column, lines in enumerate(book):
            cx = flow.x + column * (col_w + 5)
            _spell_head(flow.page, cx, flow.y, col_w)
            for row in range(rows):
                top = flow.y + 4 + row * step
                line = lines[done + row] if done + row < len(lines) else None
                after = lines[done + row + 1] if done + row + 1 < len(lines) else None
                if not isinstance(after, str):  # a spell and the line under it read as one
                    flow.page.line(cx, top + step, cx + col_w, top + step, stroke=0.1)
                if isinstance(line, str):
                    _not_castable_row(flow.page, line, cx, top + step - 1, col_w)
                elif line:
                    _spell_row(flow.page, line, cx, top + step - 1, col_w, size)
        flow.y += 4 + rows * step
        done += rows
        if done < rows_total:
            flow.need(flow.height, title)
    if data and not spells:
        flow.page.text(flow.x + 1, flow.y - step + 3, "(no spells yet)", 7.5, italic=True)
    flow.y += 2


def _not_castable_row(page: Page, text: str, x: float, y: float, col_w: float) -> None:
    """The line under a spell the Titan cannot cast yet (R7), as the text sheet words it."""
    size = fit_size(text, col_w - 4, 7.5, MIN_SIZE)
    page.text(x + 4, y, fit_text(text, col_w - 4, size), size, italic=True)


def _blank_spell_rows(flow: Flow, rows: int) -> None:
    """SPELLS (continued): two columns of ``rows`` blank lines for spells still to learn."""
    col_w = (flow.content - 5) / 2
    flow.section("SPELLS (continued)", 4 + LINE)
    for column in range(2):
        cx = flow.x + column * (col_w + 5)
        _spell_head(flow.page, cx, flow.y, col_w)
        for row in range(rows):
            top = flow.y + 4 + (row + 1) * LINE
            flow.page.line(cx, top, cx + col_w, top, stroke=0.1)
    flow.y += 4 + rows * LINE + 3


def _spell_row(page: Page, spell: SpellLine, x: float, y: float, col_w: float, size: float) -> None:
    school, level, mana, right = _spell_tabs(col_w)
    room = school - 1.5  # "Improved Magic Missile" set smaller rather than cut
    name_size = fit_size(spell.name, room, size, MIN_SIZE)
    page.text(x, y, fit_text(spell.name, room, name_size), name_size)
    page.text(x + school, y, spell.school.title(), 7)
    page.text(x + level + 1, y, str(spell.level), size, align="center")
    page.text(x + mana + 1.0, y, str(spell.mana), size, align="center")
    page.text(x + right, y, spell_mark(spell), 7, italic=True, align="right")  # bonus, bought


# --- HONOR GUARD, choices, ledger and notes -----------------------------------------------


GUARD_H = HEADING_H + 13.5  # mm the HONOR GUARD takes, heading included


def _honor_guard(flow: Flow, data: SheetView | None) -> None:
    flow.section("HONOR GUARD", 13)
    page, x, y = flow.page, flow.x, flow.y
    slot_w = (flow.content - 2 * GAP) / 3
    for index, slot in enumerate(guard_slots(data)):
        sx = x + index * (slot_w + GAP)
        locked = data is not None and slot.cap is None
        page.line(sx, y + 7, sx + slot_w, y + 7, stroke=0.4, dashed=locked)
        if slot.member:
            member = fit_text(slot.member, slot_w - 2, 9.5, True)
            page.text(sx + 1, y + 6, member, 9.5, bold=True)
        elif locked:
            page.text(sx + slot_w / 2, y + 5.5, "LOCKED", 8, bold=True, align="center")
        if data is None:
            caption = slot.blank_caption
        else:
            caption = f"slot {slot.number}: " + (
                slot.caption if slot.cap else f"opens at level {slot.opens_at}"
            )
        page.text(sx, y + 11, fit_text(caption, slot_w, 7), 7, italic=True)
    flow.y = y + 13.5


def _choices(flow: Flow, data: SheetView) -> None:
    if not data.pending:
        return
    indent = text_width("\u2610 ", 8)  # each choice's lines go on right of its box
    flow.section("CHOICES TO MAKE", 4)
    for choice in data.pending:
        for row, line in enumerate(wrap_text(choice.text, flow.content - 2 - indent, 8)):
            flow.need(4, "CHOICES TO MAKE")
            if row == 0:
                flow.page.tick_box(flow.x + 1, flow.y + 3, 8)
            flow.page.text(flow.x + 1 + indent, flow.y + 3, line, 8)
            flow.y += 4
    flow.y += 2


def packed_lines(pieces: list[str], width: float, size: float, gap: str = "   ") -> list[str]:
    """Short pieces (a goal's steps) side by side, as many a line as fit ``width``; a piece
    never breaks unless it is wider than a whole line."""
    lines: list[str] = []
    for piece in pieces:
        trial = f"{lines[-1]}{gap}{piece}" if lines else piece
        if lines and text_width(trial, size) <= width:
            lines[-1] = trial
        else:
            lines += wrap_text(piece, width, size)
    return lines


GOAL_KEPT_WHOLE = 10
"""A build goal of at most this many lines is printed whole on one page."""


def _goal(flow: Flow, goal: GoalView | None) -> None:
    """BUILD GOAL: what the player wants, what remains, and the steps in order (goals.py)."""
    if not goal:
        return
    title = "BUILD GOAL"
    lines = [(line, True) for line in wrap_text(goal.wanted, flow.content - 2, 8.5, True)]
    lines += [(line, False) for line in wrap_text(goal_summary(goal), flow.content - 2, 8)]
    lines += [(line, False) for line in packed_lines(goal_steps(goal), flow.content - 2, 8)]
    # whole on the next page rather than a line or two of it there under a heading of its own
    flow.section(title, 4 * len(lines) if len(lines) <= GOAL_KEPT_WHOLE else 4)
    for line, bold in lines:
        flow.need(4, title)
        flow.page.text(flow.x + 1, flow.y + 3, line, 8.5 if bold else 8, bold=bold)
        flow.y += 4
    flow.y += 2


LEDGER_ROW = 5.5
LEDGER_MIN = 21.0  # mm: heading and three rows
LEDGER_SHARE = 0.55  # the gold ledger's share of the width; notes get the rest
LEDGER_NOTE = 26.0  # mm from the ledger's left edge to its notes


LedgerRow = tuple[str, str, str]
"""A row of the printed ledger: game, amount, a line of the note."""


def _ledger_rows(entries: Sequence[LedgerLine], width: float) -> list[list[LedgerRow]]:
    """Each entry's rows in a ledger ``width`` wide: its note wrapped onto the rows under it,
    never cut."""
    rows = []
    for entry in entries:
        game = str(entry.game) if entry.game is not None else ""
        note = wrap_text(entry.noted, width - LEDGER_NOTE - 1, 7.5) or [""]
        rows.append([(game, entry.signed_amount, note[0]), *(("", "", more) for more in note[1:])])
    return rows


LEDGER_START = 60.0
"""Millimetres a long gold ledger needs left on a page to begin there (it goes on over the
next): it waited for a whole page, leaving two thirds of one blank and a page more."""


def _ledger_fits(flow: Flow, data: SheetView | None) -> bool:
    """Whether the gold ledger begins on this page: it fits whole, or has ``LEDGER_START``
    (always its heading and three rows)."""
    entries = _ledger_rows(data.gold_ledger if data else (), flow.content * LEDGER_SHARE)
    rows = sum(map(len, entries))
    wanted = 6.5 + 4 + (rows + 1) * LEDGER_ROW
    return flow.room >= max(LEDGER_MIN, min(wanted, LEDGER_START))


def _ledger_and_notes(flow: Flow, data: SheetView | None) -> None:
    """GOLD LEDGER (every entry, then blank lines) beside ruled NOTES, down to the page foot;
    on the next page when they do not fit here (they are never left out)."""
    if not _ledger_fits(flow, data):
        flow.new_page()
    ledger_w = flow.content * LEDGER_SHARE
    entries = _ledger_rows(data.gold_ledger if data else (), ledger_w)
    notes_x = flow.x + ledger_w + GAP
    notes_w = flow.content - ledger_w - GAP
    done = 0
    first = True
    while True:
        page, top = flow.page, flow.y
        suffix = "" if first else " (continued)"
        heading(page, flow.x, top, ledger_w, "GOLD LEDGER" + suffix)
        heading(page, notes_x, top, notes_w, "NOTES")  # lines to write on, on every page
        y = top + 6.5
        for label, tab in (("Game", 0.0), ("Amount", 10.0), ("Note", LEDGER_NOTE)):
            page.text(flow.x + tab, y + 2.6, label, 7, italic=True)
        rows = int((flow.bottom - y - 4) // LEDGER_ROW)
        placed: list[LedgerRow] = []  # whole entries, one after another, while they fit
        ends: set[int] = set()  # the rows that end an entry: ruled below
        while done < len(entries) and len(placed) + len(entries[done]) <= rows:
            placed += entries[done]
            ends.add(len(placed) - 1)
            done += 1
        if not placed and done < len(entries):  # an entry longer than a page goes on over two
            placed, entries[done] = entries[done][:rows], entries[done][rows:]
        ends.add(len(placed) - 1)
        # blank rows to write in only after the last entry, not before a page that goes on
        drawn = rows if done >= len(entries) else len(placed)
        for row in range(drawn):
            line_y = y + 4 + (row + 1) * LEDGER_ROW
            if row in ends or row >= len(placed):
                page.line(flow.x, line_y, flow.x + ledger_w, line_y, stroke=0.15)
            if row < len(placed):
                _ledger_row(page, placed[row], flow.x, line_y - 1.2)
        notes_y = y
        while notes_y + LINE <= flow.bottom:
            notes_y += LINE
            page.line(notes_x, notes_y, notes_x + notes_w, notes_y, stroke=0.15)
        for tab in (9.0, 25.0):
            page.line(flow.x + tab, y + 0.5, flow.x + tab, y + 4 + drawn * LEDGER_ROW, stroke=0.1)
        flow.y = flow.bottom
        if done >= len(entries):
            return
        flow.new_page()
        first = False


def _ledger_row(page: Page, row: LedgerRow, x: float, y: float) -> None:
    game, amount, note = row
    page.text(x + 4.5, y, game, 7.5, align="center")
    page.text(x + 24, y, amount, 7.5, align="right")
    page.text(x + LEDGER_NOTE, y, note, 7.5)


# --- the back page: progress ----------------------------------------------------------------

CHART_H = 105.0  # mm
PROGRESS_COLUMNS = (
    ("Game", 14.0),
    ("Date", 40.0),
    ("Award", 60.0),
    ("Earned XP", 84.0),
    ("Spent XP", 106.0),
    ("Level", 122.0),
    ("Mana", 136.0),
)
"""The progress table's columns: heading and the right edge of each, in mm."""


def _progress_figures(row: ProgressRow) -> tuple[object, ...]:
    """One game's figures in ``PROGRESS_COLUMNS`` order."""
    return (row.game, row.date, row.award, row.earned, row.spent, row.level, row.mana)


def _progress(flow: Flow, data: SheetView) -> None:
    """The back page: XP earned, XP spent and level by game as a chart, then game by game."""
    rows = data.progress
    if not rows:
        return
    flow.new_page()
    title = "PROGRESS"
    flow.y = heading(flow.page, flow.x, flow.y, flow.content, title)
    flow.page.chart(
        flow.x, flow.y, flow.content, CHART_H, f"{data.name}: XP and level by game", rows
    )
    flow.y += CHART_H + 3
    step = 4.4

    def head() -> None:
        for label, right in PROGRESS_COLUMNS:
            flow.page.text(flow.x + right, flow.y + 3, label, 7.5, italic=True, align="right")
        flow.page.line(flow.x, flow.y + 4, flow.x + PROGRESS_COLUMNS[-1][1], flow.y + 4)
        flow.y += 4

    head()
    for row in by_campaign(rows):
        if flow.need(step, title):
            head()
        if isinstance(row, str):  # where the next games were played (an imported Titan's)
            flow.page.text(flow.x, flow.y + 3.4, row, 8, italic=True)
            flow.y += step
            continue
        for (_, right), figure in zip(PROGRESS_COLUMNS, _progress_figures(row), strict=True):
            flow.page.text(flow.x + right, flow.y + 3.4, str(figure), 8, align="right")
        flow.y += step
    now = progress_now(data)
    if now:  # what was bought since the last game: the back agrees with the front
        flow.need(step + 1, title)
        flow.page.text(flow.x, flow.y + 4.4, now, 8, italic=True)
        flow.y += step + 1


# --- the sheet ------------------------------------------------------------------------------


def _blank_sheet_rest(flow: Flow) -> list[Page]:
    """The blank sheet from MAGIC ITEMS on: the item lines the front has room for above the
    honor guard; on the back, more spells, the rest of the item lines, the ledger and notes."""
    front = blank_items_section(flow, BLANK_ITEM_LINES, "MAGIC ITEMS", keep=GUARD_H)
    _honor_guard(flow, None)
    flow.new_page()
    _blank_spell_rows(flow, BLANK_BACK_SPELL_ROWS)
    title = "MAGIC ITEMS (continued)" if front else "MAGIC ITEMS"
    blank_items_section(flow, BLANK_ITEM_LINES - front, title)
    _ledger_and_notes(flow, None)
    return flow.pages


def sheet_pages(data: SheetView | None, paper: str = "a4") -> list[Page]:
    """The sheet of one Titan (``data`` from ``sheet_view``) or, with None, the blank sheet.

    One page when everything fits at 7 points or more; otherwise the spells, items or ledger
    go on on a second page, under a running head and their heading marked "(continued)".
    """
    width, height = paper_size(paper)
    title = f"{data.name} - Titan Character Sheet" if data else "Titan Character Sheet"
    running = f"{data.name} - Titan Character Sheet (continued)" if data else title
    flow = Flow(width, height, title, running)
    page, x, content = flow.page, flow.x, flow.content
    y = _header(page, data, x, flow.y, content)
    left = content * 0.58
    right_x, right_w = x + left + GAP, content - left - GAP
    y = max(_abilities(page, data, x, y, left), _experience(page, data, right_x, y, right_w)) + 2
    y = max(_schools(page, data, x, y, left), _in_play(page, data, right_x, y, right_w)) + 2
    flow.y = y
    _spells(flow, data)
    if data is None:
        return _blank_sheet_rest(flow)
    items_section(flow, data.magic_items)
    _honor_guard(flow, data)
    _choices(flow, data)
    _goal(flow, data.goal)
    _ledger_and_notes(flow, data)
    _progress(flow, data)  # last, on a page of its own, on every paper
    return flow.pages


def sheet_page(data: SheetView | None, paper: str = "a4") -> Page:
    """The first page of the sheet (all of it when it fits one page)."""
    return sheet_pages(data, paper)[0]
