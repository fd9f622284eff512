"""The game-night card: one page with what a player needs at the table.

The two starting legions (R10) with their magic items, the Titan's Power-factor, Mana per turn,
Skill-5 strikes and re-rolls, and every spell with its Mana cost and when it is cast (grouped by
the phase in which it is cast). Text (80 columns), HTML and PDF forms.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..rules.spells import CAST_PHASES, find_spell
from .canvas import Page, fit_size, fit_text, paper_size
from .figures import attack_text, item_facts, legion_items
from .html import document

WIDTH = 80


def table_figures(data: dict[str, Any]) -> list[tuple[str, str]]:
    """The four figures a player looks up during a game, with their labels."""
    return [
        ("Titan Power-factor", str(data["titan_power"])),
        ("Mana per turn", str(data["mana"])),
        ("Skill-5 strikes per Battle", str(data["skill_uses"])),
        ("Re-rolls per turn", str(data["rerolls"])),
    ]


def spells_by_phase(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The Titan's spells ordered by when they are cast, then Mana, then name; with attack."""
    rows = [dict(spell, attack=attack_text(find_spell(spell["name"]))) for spell in data["spells"]]
    return sorted(
        rows,
        key=lambda s: (
            CAST_PHASES.index(s["cast"]) if s["cast"] in CAST_PHASES else 99,
            s["mana"],
            s["name"],
        ),
    )


MAX_ITEM_LINES = 6  # per legion on the printed card; the text card lists every item


def _legion_item_lines(data: dict[str, Any], number: int, limit: int | None = None) -> list[str]:
    """The legion's magic items, one line each; past ``limit`` lines, a line says how many more."""
    by_name = {item["name"]: item for item in data["magic_items"]}
    lines = [
        f"{name} ({item_facts(by_name[name]).replace(f', legion {number}', '')})"
        for name in legion_items(data, number)
    ]
    if limit is not None and len(lines) > limit:
        lines = lines[: limit - 1] + [
            f"... and {len(lines) - limit + 1} more items (see the sheet)"
        ]
    return lines


# --- text ------------------------------------------------------------------------------


def _cut(text: str) -> str:
    return text if len(text) <= WIDTH else text[: WIDTH - 1] + "~"


def game_card_text(data: dict[str, Any]) -> str:
    """The card as plain text, every line at most 80 columns."""
    out = [
        _cut(f"GAME NIGHT: {data['name']}"),
        _cut(f"level {data['level']}, player {data['player']}, campaign {data['campaign']}"),
    ]
    out.append("=" * WIDTH)
    out += [_cut(f"{label + ':':<28}{value}") for label, value in table_figures(data)]
    for number, legion in enumerate(data["starting_legions"], start=1):
        out += ["", _cut(f"LEGION {number}: {', '.join(legion)}")]
        out += [_cut(f"  item: {line}") for line in _legion_item_lines(data, number)]
    out += [_cut(f"! {note}") for note in data["starting_legion_notes"]]
    out += ["", f"SPELLS ({len(data['spells'])})"]
    if not data["spells"]:
        out.append("  (none yet)")
    phase = None
    for spell in spells_by_phase(data):
        if spell["cast"] != phase:
            phase = spell["cast"]
            out.append(f"  {phase}")
        attack = f"  {spell['attack']}" if spell["attack"] else ""
        out.append(
            _cut(
                f"    {spell['mana']} Mana  {spell['name']:<24}{spell['school'].title():<10}{attack}"
            )
        )
    return "\n".join(line.rstrip() for line in out) + "\n"


# --- PDF -------------------------------------------------------------------------------


def game_card_page(data: dict[str, Any], paper: str = "a4") -> Page:
    """The card laid out on one page (for the PDF)."""
    width, height = paper_size(paper)
    page = Page(width, height, f"{data['name']} - game night")
    margin = 12.0
    x, content = margin, width - 2 * margin
    size = fit_size(data["name"], content - 50, 16, 9, bold=True)
    page.text(x, margin + 6, fit_text(data["name"], content - 50, size, True), size, bold=True)
    page.text(
        x + content, margin + 6, f"GAME NIGHT - LEVEL {data['level']}", 10, bold=True, align="right"
    )
    page.text(
        x,
        margin + 11,
        fit_text(f"Player: {data['player']}   Campaign: {data['campaign']}", content, 8),
        8,
    )
    y = margin + 15
    cell = (content - 3 * 4) / 4
    for index, (label, value) in enumerate(table_figures(data)):
        cx = x + index * (cell + 4)
        page.box(cx, y, cell, 16, stroke=0.5)
        page.text(cx + cell / 2, y + 9.5, value, 18, bold=True, align="center")
        page.text(cx + cell / 2, y + 14, label, 7, align="center")
    y += 22
    half = (content - 6) / 2
    items = [_legion_item_lines(data, number, MAX_ITEM_LINES) for number in (1, 2)]
    legion_h = (
        6
        + max(
            len(legion) * 4.2 + len(lines) * 4
            for legion, lines in zip(data["starting_legions"], items)
        )
        + 4
    )
    for number, legion in enumerate(data["starting_legions"], start=1):
        lx = x + (number - 1) * (half + 6)
        page.box(lx, y, half, legion_h, stroke=0.4)
        page.text(lx + 2.5, y + 5.5, f"LEGION {number}  ({len(legion)} characters)", 9.5, bold=True)
        for row, character in enumerate(legion):
            page.box(lx + 3, y + 8.6 + row * 4.2, 2.6, 2.6, stroke=0.25)
            page.text(lx + 7.5, y + 11 + row * 4.2, character, 8.5)
        iy = y + 11 + len(legion) * 4.2 + 1
        for line in items[number - 1]:
            page.text(lx + 3, iy, fit_text(f"Item: {line}", half - 6, 7.5), 7.5, italic=True)
            iy += 4
    y += legion_h + 2
    for note in data["starting_legion_notes"]:
        page.text(x, y + 3, fit_text(f"! {note}", content, 7.5), 7.5, italic=True)
        y += 3.8
    y += 3
    spells = spells_by_phase(data)
    page.text(x, y + 3.6, f"SPELLS ({len(spells)})", 9.5, bold=True)
    page.line(x, y + 5, x + content, y + 5, stroke=0.4)
    y += 6.5
    if not spells:
        page.text(x, y + 3.5, "(no spells yet)", 8, italic=True)
        return page
    columns = 2 if len(spells) > 24 else 1
    bottom = height - margin
    phases = len({s["cast"] for s in spells})
    rows = -(-(len(spells) + phases * columns) // columns) + 1
    step = max(2.6, min(4.4, (bottom - y) / rows))
    size = min(8.0, step / 0.5)
    col_w = (content - (columns - 1) * 5) / columns
    per_column = -(-(len(spells) + phases) // columns)
    column, row, phase = 0, 0, None
    for spell in spells:
        if row >= per_column - (1 if spell["cast"] != phase else 0) and column < columns - 1:
            column, row, phase = column + 1, 0, None
        cx = x + column * (col_w + 5)
        if spell["cast"] != phase:
            phase = spell["cast"]
            page.text(cx, y + row * step + step * 0.8, phase.upper(), size * 0.9, bold=True)
            row += 1
        cy = y + row * step + step * 0.8
        page.box(cx + 1, cy - step * 0.55, step * 0.55, step * 0.55, stroke=0.2)
        page.text(cx + 2 + step * 0.6, cy, f"{spell['mana']} Mana", size)
        page.text(cx + 16, cy, fit_text(spell["name"], col_w * 0.42, size, True), size, bold=True)
        page.text(
            cx + 16 + col_w * 0.43,
            cy,
            fit_text(spell["attack"], col_w - 16 - col_w * 0.43, size),
            size,
        )
        row += 1
    return page


# --- HTML ------------------------------------------------------------------------------

GAME_CARD_CSS = """
.game .figures4 { display: grid; grid-template-columns: repeat(4, 1fr); gap: 4mm; margin: 2mm 0 4mm 0; }
.game .figures4 div { border: 0.5mm solid #000; text-align: center; padding: 1mm; font-size: 7pt; }
.game .figures4 b { display: block; font-size: 18pt; }
.game .legions2 { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; margin-bottom: 3mm; }
.game .legion { border: 0.4mm solid #000; padding: 2mm; min-height: 48mm; }
.game .legion h3 { font-size: 9.5pt; margin: 0 0 1mm 0; }
.game .legion ul { margin: 0; padding-left: 4mm; list-style: square; font-size: 8.5pt; }
.game .legion .item { font-style: italic; font-size: 7.5pt; }
.game .spell-list.cols-2 { column-count: 2; column-gap: 6mm; }
.game .spell-list div { height: 4.4mm; white-space: nowrap; overflow: hidden; break-inside: avoid; }
.game .spell-list.dense div { height: 3.6mm; font-size: 7.5pt; }
.game .spell-list .phase { font-weight: bold; text-transform: uppercase; font-size: 7.5pt; padding-top: 0.8mm; }
.game .spell-list .mana { display: inline-block; width: 14mm; }
.game .spell-list b { display: inline-block; width: 45mm; }
"""


def game_card_html(data: dict[str, Any], paper: str = "a4") -> str:
    """The card as a self-contained HTML file of one printed page."""
    e = escape
    figures = "".join(
        f'<div><b data-figure="{label}">{e(value)}</b>{e(label)}</div>'
        for label, value in table_figures(data)
    )
    legions = []
    for number, legion in enumerate(data["starting_legions"], start=1):
        members = "".join(f"<li>{e(name)}</li>" for name in legion)
        items = "".join(
            f'<div class="item">Item: {e(line)}</div>'
            for line in _legion_item_lines(data, number, MAX_ITEM_LINES)
        )
        legions.append(
            f'<div class="legion" data-legion="{number}"><h3>LEGION {number} ({len(legion)} characters)</h3><ul>{members}</ul>{items}</div>'
        )
    notes = "".join(
        f'<div class="choices">! {e(note)}</div>' for note in data["starting_legion_notes"]
    )
    rows, phase = [], None
    for spell in spells_by_phase(data):
        if spell["cast"] != phase:
            phase = spell["cast"]
            rows.append(f'<div class="phase">{e(phase)}</div>')
        rows.append(
            f'<div data-spell="{e(spell["name"])}"><span class="mana">{spell["mana"]} Mana</span>'
            f"<b>{e(spell['name'])}</b>{e(spell['attack'])}</div>"
        )
    columns = 2 if len(data["spells"]) > 24 else 1
    dense = " dense" if len(rows) > 2 * 36 else ""
    spells = (
        f'<div class="spell-list cols-{columns}{dense}">{"".join(rows)}</div>'
        if rows
        else '<div class="none">(no spells yet)</div>'
    )
    body = (
        f'<section class="page game"><div class="top"><h1>{e(data["name"])}</h1><b>GAME NIGHT - LEVEL {data["level"]}</b></div>'
        f'<div class="campaign">Player: {e(data["player"])} &nbsp; Campaign: {e(data["campaign"])}</div>'
        f'<div class="figures4">{figures}</div><div class="legions2">{"".join(legions)}</div>{notes}'
        f"<section><h2>SPELLS ({len(data['spells'])})</h2>{spells}</section></section>"
    )
    return document(f"{data['name']} - game night", [body], paper, GAME_CARD_CSS)
