"""Magic items as printed on the sheet and the game-night card: every item in full.

Each item gets its name and facts (type, starting legion), its whole description wrapped, and
one box per charge with the used charges ticked (R11), so a player ticks a box when a charge
is spent. Blank lines follow for items still to come. The blank sheet rules ``BLANK_ITEM_LINES``
write-in lines: as many on its front as there is room for, the rest on its back.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.sheet import ItemLine
from .canvas import Page, text_width, wrap_text
from .figures import charge_boxes
from .flow import HEADING_H, Flow

NAME_SIZE = 8.5
TEXT_SIZE = 8.0
LABEL_SIZE = 8.0  # "charges": read at the table, on the game card too
TEXT_STEP = 3.5  # mm between lines of a description
BOX = 3.5  # mm, a charge box (ticked at the table)
BOX_GAP = 1.0
BLANK_ITEM_LINES = 16
"""Write-in lines for magic items on the blank sheet: a Titan collects items game after game,
and the suggested catalogue alone has 14 (``rules.items``); a filled sheet's front holds about
as many one-line items."""
LINE = 6.0


def _box_layout(item: ItemLine, width: float) -> tuple[int, int]:
    """(boxes a row, rows) of the item's charge boxes: beside the name while they take at most
    45% of the width, else in rows of their own under it. (0, 0) without boxes."""
    total = charge_boxes(item)[1]
    if not total:
        return (0, 0)
    per_row = max(1, int((width * 0.45 - LABEL_W) // (BOX + BOX_GAP)))
    return (min(per_row, total), -(-total // per_row))


LABEL_W = 12.0  # mm for the word "charges" before the boxes
ROW = 3.8  # mm between the name lines
BOX_ROW = BOX + 0.6  # mm between rows of boxes: apart, and no taller than needs be


def _head_lines(item: ItemLine, width: float, legion: bool) -> list[str]:
    facts = [item.type]
    if legion and item.legion:
        facts.append(f"legion {item.legion}")
    per_row, rows = _box_layout(item, width)
    if rows == 1:
        room = width - LABEL_W - per_row * (BOX + BOX_GAP) - 2
    elif item.charges is not None and not rows:
        room = (
            width
            - text_width(f"charges left ____ of {item.max_charges}", LABEL_SIZE, italic=True)
            - 2
        )
    else:
        room = width
    return wrap_text(f"{item.name} ({', '.join(facts)})", room, NAME_SIZE, bold=True)


def item_block(
    page: Page | None,
    item: ItemLine,
    x: float,
    y: float,
    width: float,
    legion: bool = True,
    size: float = TEXT_SIZE,
) -> float:
    """Draw one item from ``y`` (its top) on ``page`` (None: only measure); return its height.

    ``legion`` adds the starting legion to the facts (the game card lists items by legion).
    """
    head = _head_lines(item, width, legion)
    per_row, box_rows = _box_layout(item, width)
    own_rows = box_rows if box_rows > 1 else 0  # rows of boxes under the name
    text = wrap_text(item.description, width - 3, size) if item.description else []
    step = size * 0.44
    height = len(head) * ROW + own_rows * BOX_ROW + len(text) * step + 1.6
    if page is None:
        return height
    for row, line in enumerate(head):
        page.text(x, y + 3.1 + row * ROW, line, NAME_SIZE, bold=True)
    used, total = charge_boxes(item)
    right = x + width
    if total:
        by = y if box_rows == 1 else y + len(head) * ROW + 0.3  # clear of the text below
        start = right - per_row * (BOX + BOX_GAP) + BOX_GAP  # every row from the same left
        page.text(start - 1.5, by + 2.6, "charges", LABEL_SIZE, italic=True, align="right")
        for row in range(box_rows):
            count = min(per_row, total - row * per_row)
            ticked = max(0, min(count, used - row * per_row))
            page.check_boxes(start, by + row * BOX_ROW, ticked, count, side=BOX, gap=BOX_GAP)
    elif item.charges is not None:
        label = f"charges left ____ of {item.max_charges}"
        page.text(right, y + 3.1, label, LABEL_SIZE, italic=True, align="right")
    ty = y + len(head) * ROW + own_rows * BOX_ROW
    for line in text:
        page.text(x + 3, ty + step * 0.8, line, size)
        ty += step
    page.line(x, y + height - 0.4, right, y + height - 0.4, stroke=0.1)
    return height


def items_section(flow: Flow, items: Sequence[ItemLine]) -> None:
    """MAGIC ITEMS: every item in full (continued on the next page if need be), blank lines."""
    title = "MAGIC ITEMS"
    first = item_block(None, items[0], 0, 0, flow.content) if items else LINE
    flow.section(title, first)
    for item in items:
        height = item_block(None, item, flow.x, flow.y, flow.content)
        flow.need(height, title)
        flow.y += item_block(flow.page, item, flow.x, flow.y, flow.content)
    for _ in range(2):
        if flow.room < LINE:
            break
        flow.y += LINE
        flow.page.line(flow.x, flow.y, flow.x + flow.content, flow.y, stroke=0.15)
    flow.y += 2


def blank_items_section(flow: Flow, lines: int, title: str, keep: float = 0.0) -> int:
    """The blank sheet's MAGIC ITEMS under ``title``: up to ``lines`` write-in lines, as many as
    fit this page with ``keep`` mm left under them; returns how many were ruled (none: no
    heading either)."""
    lines = min(lines, int((flow.room - keep - HEADING_H - 2) // LINE))
    if lines < 1:
        return 0
    flow.section(title, LINE)
    flow.y = blank_lines(flow.page, flow.x, flow.y, flow.content, lines) + 2
    return lines


def blank_lines(page: Page, x: float, y: float, width: float, count: int) -> float:
    """``count`` write-in lines, 6 mm apart, from ``y``; returns the y under the last."""
    for _ in range(count):
        y += LINE
        page.line(x, y, x + width, y, stroke=0.15)
    return y
