"""The Titan Character Sheet laid out on one page, like the paper sheet at the end of the rulebook.

Top to bottom: title; Titan name and LEVEL; ABILITIES (three boxes each, with the sheet's effect
line) beside EXPERIENCE and GOLD; SPELL SCHOOLS beside the figures used at the table and the
starting legions; SPELLS; MAGIC ITEMS; HONOR GUARD with its three slots. With no data the same
page is the blank sheet. The spell and item lists shrink to keep everything on one page.
"""

from __future__ import annotations

from typing import Any

from ..rules.abilities import ABILITIES, ABILITY_INFO
from ..rules.spells import SCHOOLS
from .canvas import Page, fit_size, fit_text, paper_size, text_width, wrap_text
from .figures import XP_LABELS, guard_slots, item_facts, spell_mark

MARGIN = 12.0
GAP = 6.0
HEADING = 9.5  # point size of section headings
BLANK_SPELL_ROWS = 12
BLANK_ITEM_ROWS = 4
MIN_ROW = 3.1  # mm: the smallest row of the SPELLS and MAGIC ITEMS lists


def _heading(page: Page, x: float, y: float, width: float, title: str) -> float:
    """A section heading with a rule under it; returns the y where the section's rows start."""
    page.text(x, y + 3.6, title, HEADING, bold=True)
    page.line(x, y + 5.0, x + width, y + 5.0, stroke=0.4)
    return y + 6.5


def _header(page: Page, data: dict[str, Any] | None, x: float, y: float, width: float) -> float:
    page.text(x, y + 5, "TITAN CHARACTER SHEET", 15, bold=True)
    if data:
        facts = f"Campaign: {data['campaign']}" + ("   ARCHIVED" if data["archived"] else "")
        page.text(x + width, y + 5, fit_text(facts, width - 90, 8), 8, align="right")
    y += 9
    level_w = 26.0
    name_w = width - level_w - 4
    page.text(x, y + 2.5, "Titan Name", 7)
    page.line(x, y + 11, x + name_w, y + 11, stroke=0.4)
    if data:
        size = fit_size(data["name"], name_w - 1, 16, 9, bold=True)
        page.text(x + 1, y + 9.8, fit_text(data["name"], name_w - 1, size, True), size, bold=True)
        page.text(x, y + 14.5, fit_text(f"Player: {data['player']}", name_w, 8), 8)
    else:
        page.text(x, y + 14.5, "Player:", 8)
        page.line(x + 11, y + 15, x + name_w * 0.5, y + 15)
    page.text(x + width - level_w, y + 2.5, "LEVEL", 7, bold=True)
    page.box(x + width - level_w + 10, y - 1, level_w - 10, 13, stroke=0.5)
    if data:
        page.text(
            x + width - (level_w - 10) / 2,
            y + 9.5,
            str(data["level"]),
            18,
            bold=True,
            align="center",
        )
    return y + 18


def _abilities(page: Page, data: dict[str, Any] | None, x: float, y: float, width: float) -> float:
    y = _heading(page, x, y, width, "ABILITIES")
    for ability in ABILITIES:
        info = ABILITY_INFO[ability]
        checked = data["abilities"][ability] if data else 0
        end = page.check_boxes(x, y + 0.9, checked)
        page.text(end + 1.5, y + 4, info.title, 8.5, bold=True)
        page.text(end + 28, y + 4, fit_text(info.sheet_text, width - (end - x) - 28, 8), 8)
        y += 5.8
    return y


def _figure_rows(
    page: Page, rows: list[tuple[str, str]], x: float, y: float, width: float, step: float = 5.6
) -> float:
    """Label on the left, figure right-aligned over a write-in line."""
    for label, figure in rows:
        bold = label.startswith("Available")
        page.text(x, y + 4, label, 8.5, bold=bold)
        page.line(x + width - 18, y + 4.8, x + width, y + 4.8)
        page.text(x + width - 1, y + 4, figure, 9.5, bold=bold, align="right")
        y += step
    return y


def _experience(page: Page, data: dict[str, Any] | None, x: float, y: float, width: float) -> float:
    y = _heading(page, x, y, width, "EXPERIENCE")
    xp = data["xp"] if data else {}
    labels = XP_LABELS
    y = _figure_rows(
        page, [(label, str(xp[key]) if data else "") for label, key in labels], x, y, width
    )
    y += 1.5
    page.text(x, y + 6.5, "GOLD", HEADING, bold=True)
    page.box(x + width - 30, y, 30, 9.5, stroke=0.5)
    if data:
        page.text(x + width - 2, y + 7, str(data["gold"]), 13, bold=True, align="right")
    return y + 11


def _schools(page: Page, data: dict[str, Any] | None, x: float, y: float, width: float) -> float:
    y = _heading(page, x, y, width, "SPELL SCHOOLS")
    for school in SCHOOLS:
        end = page.check_boxes(x, y + 0.6, data["schools"][school] if data else 0)
        page.text(end + 1.5, y + 3.6, school.upper(), 8.5, bold=True)
        y += 5.2
    return y


def _at_the_table(
    page: Page, data: dict[str, Any] | None, x: float, y: float, width: float
) -> float:
    y = _heading(page, x, y, width, "AT THE TABLE")
    figures = [
        ("Mana per turn", "mana"),
        ("Titan Power-factor", "titan_power"),
        ("Skill-5 strikes per Battle", "skill_uses"),
        ("Re-rolls per turn", "rerolls"),
    ]
    rows = [(label, str(data[key]) if data else "") for label, key in figures]
    rows.append(("XP bonus", f"{data['xp_bonus_percent']}%" if data else ""))
    y = _figure_rows(page, rows, x, y, width, step=4.9)
    if not data:
        return y
    y += 1.5
    page.text(x, y + 3, "Starting legions (next game)", 7.5, bold=True)
    y += 3.4
    for number, legion in enumerate(data["starting_legions"], start=1):
        for line in wrap_text(f"{number}: {', '.join(legion)}", width, 7)[:2]:
            page.text(x, y + 3, line, 7)
            y += 3.1
    return y


def _spell_grid(data: dict[str, Any] | None) -> tuple[int, int]:
    """Columns and rows of the SPELLS list: three columns once a spell book passes 24 spells."""
    if not data:
        return 2, BLANK_SPELL_ROWS
    count = len(data["spells"])
    columns = 3 if count > 24 else 2
    return columns, max(1, -(-count // columns))


def _spells(
    page: Page, data: dict[str, Any] | None, x: float, y: float, width: float, step: float
) -> float:
    spells = data["spells"] if data else []
    y = _heading(page, x, y, width, f"SPELLS ({len(spells)})" if data else "SPELLS")
    columns, rows = _spell_grid(data)
    size = min(8.0 if columns == 2 else 7.0, step / 0.52)
    col_w = (width - (columns - 1) * 4) / columns
    tabs = (
        (0.0, 0.52, 0.75, 0.84) if columns == 2 else (0.0, 0.47, 0.73, 0.8)
    )  # name, school, level, Mana
    for column in range(columns):
        cx = x + column * (col_w + 4)
        for label, tab in zip(("Spell", "School", "Lvl", "Mana"), tabs):
            page.text(cx + tab * col_w, y + 2.4, label, 6.5, italic=True)
        page.line(cx, y + 3.2, cx + col_w, y + 3.2, stroke=0.15)
    top = y + 3.5
    if not data:
        for column in range(columns):
            cx = x + column * (col_w + 4)
            for row in range(rows):
                page.line(
                    cx, top + (row + 1) * step, cx + col_w, top + (row + 1) * step, stroke=0.15
                )
        return top + rows * step
    for index, spell in enumerate(spells):
        column, row = divmod(index, rows)
        cx, cy = x + column * (col_w + 4), top + row * step + step * 0.78
        page.text(cx, cy, fit_text(spell["name"], col_w * tabs[1] - 1, size), size)
        page.text(cx + tabs[1] * col_w, cy, spell["school"].title(), size * 0.92)
        page.text(cx + tabs[2] * col_w, cy, str(spell["level"]), size)
        page.text(cx + tabs[3] * col_w, cy, str(spell["mana"]), size)
        page.text(cx + col_w, cy, spell_mark(spell), size * 0.88, italic=True, align="right")
    if not spells:
        page.text(x, top + 3.5, "(no spells yet)", 8, italic=True)
        rows = 1
    return top + rows * step


def _items(
    page: Page,
    data: dict[str, Any] | None,
    x: float,
    y: float,
    width: float,
    step: float,
    bottom: float,
) -> float:
    y = _heading(page, x, y, width, "MAGIC ITEMS")
    if not data:
        for row in range(BLANK_ITEM_ROWS):
            page.line(x, y + (row + 1) * step, x + width, y + (row + 1) * step, stroke=0.15)
        return y + BLANK_ITEM_ROWS * step
    items = data["magic_items"]
    if not items:
        page.text(x, y + 3.5, "(none)", 8, italic=True)
        return y + 5
    rows = max(2, int((bottom - y) / step + 0.01))
    columns = 1 if len(items) <= rows else 2  # a long list goes in two columns, no descriptions
    fits = rows * columns
    shown = items if len(items) <= fits else items[: fits - 1]
    size = min(8.0, step / 0.52)
    col_w = (width - (columns - 1) * 4) / columns
    for index, item in enumerate(shown):
        column, row = divmod(index, rows)
        cx, cy = x + column * (col_w + 4), y + row * step + step * 0.78
        head = fit_text(
            f"{item['name']} ({item_facts(item)})", col_w * (0.6 if columns == 1 else 1), size, True
        )
        page.text(cx, cy, head, size, bold=True)
        rest = col_w - text_width(head, size, True) - 3
        if columns == 1 and item["description"] and rest > 15:
            description = fit_text(item["description"], rest, size * 0.92)
            page.text(cx + col_w - rest, cy, description, size * 0.92)
    used = min(len(shown), rows) if columns == 1 else rows
    if len(shown) < len(items):
        column, row = divmod(len(shown), rows)
        more = f"... and {len(items) - len(shown)} more items"
        page.text(x + column * (col_w + 4), y + row * step + step * 0.78, more, size, italic=True)
        used = rows
    return y + used * step


def _honor_guard(
    page: Page, data: dict[str, Any] | None, x: float, y: float, width: float
) -> float:
    y = _heading(page, x, y, width, "HONOR GUARD")
    slot_w = (width - 2 * GAP) / 3
    for index, slot in enumerate(guard_slots(data)):
        sx = x + index * (slot_w + GAP)
        locked = data is not None and slot.cap is None
        page.line(sx, y + 7, sx + slot_w, y + 7, stroke=0.4, dashed=locked)
        if slot.member:
            page.text(sx + 1, y + 6, fit_text(slot.member, slot_w - 2, 9.5, True), 9.5, bold=True)
        elif locked:
            page.text(sx + slot_w / 2, y + 5.5, "LOCKED", 8, bold=True, align="center")
        caption = slot.caption if data and slot.cap else f"opens at level {slot.opens_at}"
        page.text(sx, y + 10.2, f"slot {slot.number}: {caption}", 7, italic=True)
    return y + 12


def sheet_page(data: dict[str, Any] | None, paper: str = "a4") -> Page:
    """The sheet of one Titan (``data`` from ``sheet_data``) or, with None, the blank sheet."""
    width, height = paper_size(paper)
    title = f"{data['name']} - Titan Character Sheet" if data else "Titan Character Sheet"
    page = Page(width, height, title)
    x, content = MARGIN, width - 2 * MARGIN
    bottom = height - MARGIN
    y = _header(page, data, x, MARGIN, content)
    left = content * 0.58
    right_x, right_w = x + left + GAP, content - left - GAP
    y = max(_abilities(page, data, x, y, left), _experience(page, data, right_x, y, right_w)) + 2
    y = max(_schools(page, data, x, y, left), _at_the_table(page, data, right_x, y, right_w)) + 2
    guard_top = bottom - 18.5 - (4 if data and data["pending"] else 0)
    item_rows = max(1, len(data["magic_items"]) if data else BLANK_ITEM_ROWS)
    room = guard_top - 2 - y - (6.5 + 3.5 + 2 + 6.5)
    # Spells and items share the room; rows never shrink below 3.1 mm (about 6 points). The
    # spell book always fits (72 spells at most); items that do not fit go in two columns,
    # and beyond that a line "... and N more items" says how many are left out.
    step = max(MIN_ROW, min(4.6 if data else 6.0, room / (_spell_grid(data)[1] + item_rows)))
    y = _spells(page, data, x, y, content, step) + 2
    _items(page, data, x, y, content, step, bottom=guard_top - 2)
    y = _honor_guard(page, data, x, guard_top, content)
    if data and data["pending"]:
        choices = "Choices to make: " + "; ".join(choice["text"] for choice in data["pending"])
        page.text(x, y + 3.5, fit_text(choices, content, 7.5), 7.5, italic=True)
    return page
