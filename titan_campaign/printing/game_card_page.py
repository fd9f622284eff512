"""The game-night card's page (PDF, and HTML as the PDF's own page): ``game_card`` says what
is on it."""

from __future__ import annotations

from ..rules.sheet import ItemLine, SheetView
from .canvas import MIN_SIZE, Page, fit_size, fit_text, paper_size, text_width, wrap_text
from .figures import ARCHIVED
from .flow import HEADING_H, Flow, heading
from .game_card import (
    CardSpell,
    legion_items_of,
    legion_members,
    pending_warning,
    spells_by_phase,
    table_figures,
    unplaced_items,
)
from .html import pages_html
from .sheet_items import item_block

TURNS = 12  # Game-Turn columns of the Mana and re-roll tracker
TICK = 3.5  # mm: the side of every box ticked at the table
BATTLES = 8  # Battle columns of the Skill-5 tracker


def _warning(flow: Flow, data: SheetView) -> None:
    choices = pending_warning(data)
    if not choices:
        return
    indent = text_width("\u2610 ", 8.5)  # each choice's lines go on right of its box
    lines = [
        (row == 0, line)
        for choice in choices
        for row, line in enumerate(wrap_text(choice, flow.content - 6 - indent, 8.5))
    ]
    height = 7 + len(lines) * 4 + 2
    flow.page.box(flow.x, flow.y, flow.content, height, stroke=0.8)
    flow.page.text(
        flow.x + 3, flow.y + 5, "CHOICES STILL TO MAKE: make them before this game starts",
        9.5, bold=True,
    )  # fmt: skip
    for row, (first, line) in enumerate(lines):
        baseline = flow.y + 9.5 + row * 4
        if first:
            flow.page.tick_box(flow.x + 3, baseline, 8.5)
        flow.page.text(flow.x + 3 + indent, baseline, line, 8.5)
    flow.y += height + 3


def _figures(flow: Flow, data: SheetView) -> None:
    page, x, y = flow.page, flow.x, flow.y
    cell = (flow.content - 3 * 4) / 4
    for index, (label, key, value) in enumerate(table_figures(data)):
        cx = x + index * (cell + 4)
        page.box(cx, y, cell, 15, stroke=0.5)
        page.text(cx + cell / 2, y + 8.5, value, 18, bold=True, align="center", figure=key)
        page.text(cx + cell / 2, y + 13, label, 8, align="center")
    flow.y += 19


def _tracker(flow: Flow, data: SheetView) -> None:
    """Game-Turn columns: Mana left to write in, a box per re-roll; Battle columns: Skill-5.
    A Titan without re-rolls or Skill-5 strikes gets a note instead of the row."""
    label_w = 42.0
    cell = (flow.content - label_w) / TURNS
    bcell = (flow.content - label_w) / BATTLES
    reroll_h = tick_cell_height(cell, data.rerolls)
    skill_h = tick_cell_height(bcell - 6, data.skill_uses)
    flow.section("EACH GAME-TURN", 4 + 6 + reroll_h + 3 + skill_h)
    page, x = flow.page, flow.x
    y = flow.y
    page.text(x, y + 3, "Game-Turn", 8, italic=True)
    for turn in range(TURNS):
        page.text(x + label_w + turn * cell + cell / 2, y + 3, str(turn + 1), 8, align="center")
    rows = [(f"Mana left (of {data.mana})", 0, 6.0)]
    if data.rerolls:
        rows.append((f"Re-rolls ({data.rerolls} a turn)", data.rerolls, reroll_h))
    y += 4
    for label, ticks, height in rows:
        page.text(x, y + height / 2 + 1, label, 8, bold=True)
        for turn in range(TURNS):
            cx = x + label_w + turn * cell
            page.box(cx, y, cell, height, stroke=0.2)
            _ticks(page, cx, y, cell, ticks)
        y += height
    flow.y = y + 3
    if data.skill_uses:
        label = f"Skill-5 strikes ({data.skill_uses} a Battle)"
        page.text(x, flow.y + skill_h / 2 + 1, label, 8, bold=True)
        for battle in range(BATTLES):
            cx = x + label_w + battle * bcell
            page.box(cx, flow.y, bcell, skill_h, stroke=0.2)
            page.text(cx + 1, flow.y + skill_h / 2 + 1.4, f"B{battle + 1}", 8, italic=True)
            _ticks(page, cx + 6, flow.y, bcell - 6, data.skill_uses)
        flow.y += skill_h + 3
    notes = [] if data.rerolls else ["No re-rolls (no Luck box bought)."]
    notes += [] if data.skill_uses else ["No Skill-5 strikes (no Skill box bought)."]
    for note in notes:  # a row of boxes with nothing to tick would look like a form to fill
        page.text(x, flow.y + 3, note, 8, italic=True)
        flow.y += 4
    flow.y += 2 if notes else 0


TICK_GAP = 0.7


def _tick_rows(width: float, count: int) -> tuple[int, int]:
    """(boxes a row, rows) for ``count`` tick boxes in a cell ``width`` mm wide."""
    per_row = max(1, int((width - 1 + TICK_GAP) // (TICK + TICK_GAP)))
    return per_row, -(-count // per_row) if count else 0


def tick_cell_height(width: float, count: int) -> float:
    """How tall a tracker cell is to hold ``count`` tick boxes: 6 mm, or more rows of boxes."""
    rows = _tick_rows(width, count)[1]
    return max(6.0, rows * (TICK + TICK_GAP) - TICK_GAP + 2.0)


def _ticks(page: Page, x: float, y: float, width: float, count: int) -> None:
    """``count`` tick boxes centred in a cell, in as many rows as they need."""
    per_row, rows = _tick_rows(width, count)
    height = tick_cell_height(width, count)
    top = y + (height - (rows * (TICK + TICK_GAP) - TICK_GAP)) / 2
    for row in range(rows):
        boxes = min(per_row, count - row * per_row)
        start = x + (width - boxes * (TICK + TICK_GAP) + TICK_GAP) / 2
        page.check_boxes(start, top + row * (TICK + TICK_GAP), 0, boxes, side=TICK, gap=TICK_GAP)


def _legion_height(legion: list[tuple[str, bool]], items: list[ItemLine], w: float) -> float:
    return 8 + len(legion) * 4.4 + sum(item_block(None, i, 0, 0, w, legion=False) for i in items)


def _legions(flow: Flow, data: SheetView) -> None:
    """The two legions side by side, each with its items; items that would make the boxes
    taller than the room left go on in sections of their own under the legions."""
    half = (flow.content - 6) / 2
    legions = legion_members(data)
    items = [legion_items_of(data, number) for number in (1, 2)]
    height = 2 + max(
        _legion_height(legion, placed, half - 6) for legion, placed in zip(legions, items)
    )
    apart = height > flow.room
    if apart:  # room for the line "items: see below"
        height = 6.4 + max(_legion_height(legion, [], half - 6) for legion in legions)
    flow.need(height, "STARTING LEGIONS")
    page, y = flow.page, flow.y
    for number, legion in enumerate(legions, start=1):
        lx = flow.x + (number - 1) * (half + 6)
        page.box(lx, y, half, height, stroke=0.4)
        title = f"LEGION {number}  ({len(legion)} characters)"
        page.text(lx + 2.5, y + 5.5, title, 9.5, bold=True)
        page.text(lx + half - 2.5, y + 5.5, "tick when slain", 8, italic=True, align="right")
        cy = y + 8
        for character, guard in legion:
            page.box(lx + 3, cy + 0.45, TICK, TICK, stroke=0.25)
            page.text(lx + 8, cy + 3.3, character, 8.5, bold=guard)
            if guard:
                offset = text_width(character, 8.5, bold=True) + 2
                page.text(lx + 8 + offset, cy + 3.3, "honor guard", 8, italic=True)
            cy += 4.4
        if apart and items[number - 1]:
            page.text(lx + 3, cy + 3, "items: see below", 8, italic=True)
        for item in [] if apart else items[number - 1]:
            cy += item_block(page, item, lx + 3, cy, half - 6, legion=False)
    flow.y += height + 2
    for note in data.starting_legion_notes:
        for line in wrap_text(f"! {note}", flow.content, 8):
            flow.need(3.8, "STARTING LEGIONS")
            flow.page.text(flow.x, flow.y + 3, line, 8, italic=True)
            flow.y += 3.8
    sections = [(f"ITEMS WITH LEGION {n}", items[n - 1]) for n in (1, 2)] if apart else []
    sections.append(("ITEMS NOT YET GIVEN TO A LEGION", unplaced_items(data)))
    for title, listed in sections:
        if not listed:
            continue
        first = item_block(None, listed[0], flow.x, flow.y, flow.content, legion=False)
        flow.section(title, first)  # the heading never stands alone at the foot of a page
        for item in listed:
            block = item_block(None, item, flow.x, flow.y, flow.content, legion=False)
            flow.need(block, title)
            flow.y += item_block(flow.page, item, flow.x, flow.y, flow.content, legion=False)
    flow.y += 2


SPELL_SIZE = 8.0
SPELL_STEP = 3.5
# room for the widest: Improved Magic Missile, Summoning 3, 12d2/6d2/3d2
NAME_X, SCHOOL_X, DICE_X, EFFECT_X = 11.0, 46.0, 65.0, 87.0


def _spells(flow: Flow, data: SheetView) -> None:
    spells = spells_by_phase(data)
    title = f"SPELLS ({len(spells)})"
    effect_w = flow.content - EFFECT_X

    def lines_of(spell: CardSpell) -> list[str]:
        lines = wrap_text(spell.effect, effect_w, SPELL_SIZE)
        return lines + [""] * (2 - len(lines)) if _area(spell) else lines  # the area's line

    def height_of(lines: list[str]) -> float:
        return len(lines) * SPELL_STEP + 0.6

    flow.section(title, 5 + height_of(lines_of(spells[0])) if spells else 6)  # its first row
    if not spells:
        flow.page.text(flow.x, flow.y + 3.5, "(no spells yet)", 8, italic=True)
        flow.y += 6
        return
    phase = None
    for spell in spells:
        lines = lines_of(spell)
        height = height_of(lines)
        new_phase = spell.line.cast != phase
        if flow.need(height + (5 if new_phase else 0), title) or new_phase:
            suffix = "" if new_phase else " (continued)"
            phase = spell.line.cast
            flow.page.text(flow.x, flow.y + 3.6, phase.upper() + suffix, 8, bold=True)
            flow.y += 5
        _spell_row(flow.page, spell, lines, flow.x, flow.y)
        flow.y += height
    flow.y += 2


def _area(spell: CardSpell) -> str:
    """The area of the spell's attack ("blast", "explosion"), or nothing."""
    return spell.attack.removeprefix(spell.dice).strip()


def _spell_row(page: Page, spell: CardSpell, lines: list[str], x: float, y: float) -> None:
    base = y + 2.6
    known = spell.line
    page.text(x, base, f"{known.mana} Mana", SPELL_SIZE, bold=True)
    page.text(x + NAME_X, base, fit_text(known.name, SCHOOL_X - NAME_X - 1, 8, True), 8, bold=True)
    school = f"{known.school.title()} {known.level}"
    page.text(x + SCHOOL_X, base, school, SPELL_SIZE)
    page.text(x + DICE_X, base, spell.dice, SPELL_SIZE)
    if _area(spell):  # under the dice, as the spell cards and the text card say it
        page.text(x + DICE_X, base + SPELL_STEP, _area(spell), SPELL_SIZE)
    for row, line in enumerate(lines):
        page.text(x + EFFECT_X, base + row * SPELL_STEP, line, SPELL_SIZE)
    page.line(
        x,
        y + len(lines) * SPELL_STEP + 0.4,
        x + page.width - 24,
        y + len(lines) * SPELL_STEP + 0.4,
        stroke=0.08,
    )


def _this_game(flow: Flow) -> None:
    """Engagements to tick for the XP award (R8), result and score, then notes to the foot
    (on a page of their own when the spells left too little room)."""
    flow.section("THIS GAME (for the XP award)", 14)
    page, x, y = flow.page, flow.x, flow.y
    for column, label in enumerate(("Battles won", "Agreements", "Fled / lost")):
        cx = x + column * 62
        page.text(cx, y + 3.6, label, 8, bold=True)
        page.check_boxes(cx + 22, y + 0.6, 0, 8, side=TICK, gap=0.9)
    y += 6.5
    page.text(x, y + 3.6, "Result:", 8, bold=True)
    page.check_boxes(x + 12, y + 0.6, 0, 1, side=TICK)
    page.text(x + 16.8, y + 3.6, "won", 8)
    page.check_boxes(x + 24, y + 0.6, 0, 1, side=TICK)
    page.text(x + 28.8, y + 3.6, "lost", 8)
    page.text(x + 62, y + 3.6, "Score:", 8, bold=True)
    page.line(x + 73, y + 4.2, x + 110, y + 4.2, stroke=0.2)
    page.text(x + 124, y + 3.6, "Survivors:", 8, bold=True)
    page.line(x + 140, y + 4.2, x + flow.content, y + 4.2, stroke=0.2)
    flow.y = y + 8
    if flow.room < HEADING_H + 6:
        return
    flow.y = heading(flow.page, flow.x, flow.y, flow.content, "NOTES")
    while flow.room >= 6:
        flow.y += 6
        flow.page.line(flow.x, flow.y, flow.x + flow.content, flow.y, stroke=0.15)


def game_card_pages(data: SheetView, paper: str = "a4") -> list[Page]:
    """The card laid out on one page, or more when a long spell book or many items need it."""
    width, height = paper_size(paper)
    flow = Flow(width, height, f"{data.name} - game night", f"{data.name} - game night")
    page, x, content = flow.page, flow.x, flow.content
    room = content - 52  # beside the level
    size = fit_size(data.name, room, 16, MIN_SIZE, bold=True)
    own_line = text_width(data.name, size, True) > room  # a name this wide takes the line
    if own_line:
        room = content
        size = fit_size(data.name, room, 16, MIN_SIZE, bold=True)
    page.text(x, flow.y + 6, fit_text(data.name, room, size, True), size, bold=True, figure="name")
    level = f"GAME NIGHT - LEVEL {data.level}"
    if own_line:
        flow.y += 5
        page.text(x, flow.y + 6, level, 10, bold=True)
    else:
        page.text(x + content, flow.y + 6, level, 10, bold=True, align="right")
    facts = [f"Player: {data.player}   Campaign: {data.campaign}"]
    if text_width(facts[0], 8) > content:  # the player and the campaign each on a line
        facts = [f"Player: {data.player}", f"Campaign: {data.campaign}"]
    for line in facts:
        size = fit_size(line, content, 8, MIN_SIZE)
        page.text(x, flow.y + 11, fit_text(line, content, size), size)
        flow.y += 3.6
    if data.archived:  # as the sheet says it
        page.text(x, flow.y + 11.4, ARCHIVED, 9, bold=True)
        flow.y += 4.4
    flow.y += 15 - 3.6
    _warning(flow, data)
    _figures(flow, data)
    _tracker(flow, data)
    _legions(flow, data)
    _spells(flow, data)
    _this_game(flow)
    return flow.pages


def game_card_page(data: SheetView, paper: str = "a4") -> Page:
    """The card's first page (all of it for most Titans)."""
    return game_card_pages(data, paper)[0]


def game_card_html(data: SheetView, paper: str = "a4") -> str:
    """The card as a self-contained HTML file: the same pages as the PDF."""
    return pages_html(f"{data.name} - game night", game_card_pages(data, paper), kind="game")
