"""HTML output: one self-contained file (inline CSS, no script, no external resource) that a
browser prints one page per sheet, with ``@page`` size and margins for A4 or Letter.

Check boxes are bordered squares, filled black when checked (``print-color-adjust: exact`` keeps
the fill when printing); every figure is also in the markup as text or a ``data-`` attribute.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from ..rules.abilities import ABILITIES, ABILITY_INFO
from ..rules.spells import SCHOOLS
from .canvas import fit_size, paper_size
from .figures import XP_LABELS, guard_slots, item_facts, spell_mark

MARGIN_MM = 12
BLANK_SPELL_ROWS = 11  # two columns of write-in lines
BLANK_ITEM_ROWS = 4

CSS = """
@page { size: %(paper)s; margin: %(margin)smm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: "Liberation Sans", Arial, Helvetica, sans-serif; color: #000;
  font-size: 8.5pt; line-height: 1.25; }
.page { width: %(width)smm; min-height: %(height)smm; padding: %(margin)smm; background: #fff;
  display: flex; flex-direction: column; break-after: page; page-break-after: always;
  overflow-wrap: anywhere; }
.page:last-child { break-after: auto; page-break-after: auto; }
.page.dense .rows td { height: 4.8mm; }
.page.dense .schools td { height: 4.5mm; }
@media screen { body { background: #777; } .page { margin: 0 0 6mm 0; } }
@media print { .page { width: auto; min-height: 0; height: %(inner)smm; padding: 0; margin: 0; } }
h1 { font-size: 15pt; margin: 0; }
h2 { font-size: 9.5pt; margin: 0 0 1.2mm 0; padding-bottom: 0.6mm; border-bottom: 0.4mm solid #000; }
table { border-collapse: collapse; width: 100%%; }
td, th { padding: 0 1mm 0 0; text-align: left; vertical-align: baseline; }
th { font-weight: normal; font-style: italic; font-size: 6.5pt; border-bottom: 0.15mm solid #000; }
.top { display: flex; justify-content: space-between; align-items: baseline; }
.campaign { font-size: 8pt; }
.name-row { display: flex; gap: 4mm; align-items: flex-end; margin: 2mm 0 3mm 0; }
.name { flex: 1; min-width: 0; }
.label { font-size: 7pt; }
.name .value { border-bottom: 0.4mm solid #000; font-weight: bold; min-height: 8mm; padding-left: 1mm;
  white-space: nowrap; }
.level { display: flex; gap: 2mm; align-items: flex-start; font-weight: bold; font-size: 7pt; }
.level .value { border: 0.5mm solid #000; width: 16mm; height: 13mm; font-size: 18pt; text-align: center;
  line-height: 13mm; }
.pair { display: grid; grid-template-columns: 58%% 1fr; column-gap: 6mm; margin-bottom: 2mm; }
.boxes { white-space: nowrap; }
td.b { width: 15mm; }
.box { display: inline-block; width: 3.6mm; height: 3.6mm; border: 0.35mm solid #000; margin-right: 1.2mm;
  vertical-align: -0.5mm; }
.box.checked { background: #000; }
.rows td { height: 5.6mm; }
.rows td.title { font-weight: bold; width: 27mm; }
.schools td { height: 5.2mm; }
.figures td.figure { text-align: right; width: 18mm; border-bottom: 0.2mm solid #000; font-size: 9.5pt; }
.figures tr.key td { font-weight: bold; }
.figures td { height: 5.4mm; vertical-align: bottom; }
.gold { display: flex; justify-content: space-between; align-items: center; margin-top: 2mm; }
.gold b { font-size: 9.5pt; }
.gold .value { border: 0.5mm solid #000; width: 30mm; height: 9.5mm; text-align: right; padding-right: 2mm;
  font-size: 13pt; font-weight: bold; line-height: 9mm; }
.legions { font-size: 7pt; margin-top: 1.5mm; }
.spells { display: grid; column-gap: 4mm; align-items: start; }
.spells.cols-2 { grid-template-columns: 1fr 1fr; }
.spells.cols-3 { grid-template-columns: 1fr 1fr 1fr; font-size: 7pt; }
.spells.cols-3 td { height: 3.8mm; }
.spells.dense { font-size: 6.3pt; line-height: 1.1; }
.spells td { height: 4.2mm; white-space: nowrap; }
.spells.dense td { height: 3mm !important; }
.spells.blank td { height: 5mm; border-bottom: 0.15mm solid #000; }
.mark { font-style: italic; text-align: right; }
section { margin-bottom: 1.5mm; }
.items div { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; height: 4.2mm; }
.items b { margin-right: 2mm; }
.items .blank-line { border-bottom: 0.15mm solid #000; height: 5.5mm; }
.spacer { flex: 1; }
.guard { display: grid; grid-template-columns: 1fr 1fr 1fr; column-gap: 6mm; }
.slot .line { border-bottom: 0.4mm solid #000; height: 7mm; font-weight: bold; font-size: 9.5pt; padding-left: 1mm;
  line-height: 9mm; white-space: nowrap; overflow: hidden; }
.slot.locked .line { border-bottom-style: dashed; text-align: center; font-size: 8pt; }
.slot .caption { font-size: 7pt; font-style: italic; }
.choices { font-size: 7.5pt; font-style: italic; margin-top: 1mm; }
.none { font-style: italic; }
"""


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def document(title: str, pages: Sequence[str], paper: str = "a4", extra_css: str = "") -> str:
    """A complete HTML file: ``pages`` (each a ``<section class="page">``) with the print CSS."""
    width, height = paper_size(paper)
    css = CSS % {
        "paper": "A4" if paper == "a4" else "letter",
        "margin": MARGIN_MM,
        "width": width,
        "height": height,
        "inner": round(height - 2 * MARGIN_MM - 0.5, 1),
    }
    body = "\n".join(pages)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{_e(title)}</title>\n'
        f"<style>{css}{extra_css}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n"
    )


def boxes(checked: int, total: int = 3) -> str:
    spans = "".join(
        '<span class="box checked" title="checked"></span>'
        if i < checked
        else '<span class="box"></span>'
        for i in range(total)
    )
    return f'<span class="boxes">{spans}</span>'


def _header(data: dict[str, Any] | None) -> str:
    if data:
        # The name's point size is measured with Helvetica metrics, less 10% for other fonts.
        size = fit_size(data["name"], 150, 16, 8, bold=True) * 0.9
        campaign = f"Campaign: {_e(data['campaign'])}" + (
            " &nbsp; ARCHIVED" if data["archived"] else ""
        )
        name = f'<div class="value" style="font-size:{size:.1f}pt">{_e(data["name"])}</div>'
        player = f'<div class="player">Player: {_e(data["player"])}</div>'
        level = _e(data["level"])
    else:
        campaign, name, player, level = (
            "",
            '<div class="value"></div>',
            '<div class="player">Player: ____________________</div>',
            "",
        )
    return (
        f'<div class="top"><h1>TITAN CHARACTER SHEET</h1><span class="campaign">{campaign}</span></div>\n'
        f'<div class="name-row"><div class="name"><div class="label">Titan Name</div>{name}{player}</div>'
        f'<div class="level">LEVEL<div class="value" data-figure="level">{level}</div></div></div>'
    )


def _figure_table(rows: list[tuple[str, str, str]]) -> str:
    key_row = ' class="key"'
    cells = "".join(
        f"<tr{key_row if label.startswith('Available') else ''}><td>{_e(label)}</td>"
        f'<td class="figure" data-figure="{key}">{_e(value)}</td></tr>'
        for label, key, value in rows
    )
    return f'<table class="figures">{cells}</table>'


def _abilities_and_xp(data: dict[str, Any] | None) -> str:
    rows = "".join(
        f'<tr data-ability="{a}" data-boxes="{data["abilities"][a] if data else 0}">'
        f'<td class="b">{boxes(data["abilities"][a] if data else 0)}</td><td class="title">{ABILITY_INFO[a].title}</td>'
        f"<td>{_e(ABILITY_INFO[a].sheet_text)}</td></tr>"
        for a in ABILITIES
    )
    xp = data["xp"] if data else {}
    labels = XP_LABELS
    figures = _figure_table(
        [(label, f"xp.{key}", str(xp[key]) if data else "") for label, key in labels]
    )
    gold = _e(data["gold"]) if data else ""
    return (
        f'<div class="pair"><section><h2>ABILITIES</h2><table class="rows">{rows}</table></section>'
        f"<section><h2>EXPERIENCE</h2>{figures}"
        f'<div class="gold"><b>GOLD</b><div class="value" data-figure="gold">{gold}</div></div></section></div>'
    )


def _schools_and_table(data: dict[str, Any] | None) -> str:
    rows = "".join(
        f'<tr data-school="{s}" data-boxes="{data["schools"][s] if data else 0}">'
        f'<td class="b">{boxes(data["schools"][s] if data else 0)}</td><td class="title">{s.upper()}</td><td></td></tr>'
        for s in SCHOOLS
    )
    figures = [
        ("Mana per turn", "mana", str(data["mana"]) if data else ""),
        ("Titan Power-factor", "titan_power", str(data["titan_power"]) if data else ""),
        ("Skill-5 strikes per Battle", "skill_uses", str(data["skill_uses"]) if data else ""),
        ("Re-rolls per turn", "rerolls", str(data["rerolls"]) if data else ""),
        ("XP bonus", "xp_bonus_percent", f"{data['xp_bonus_percent']}%" if data else ""),
    ]
    legions = ""
    if data:
        lines = "".join(
            f'<div data-legion="{n}">{n}: {_e(", ".join(legion))}</div>'
            for n, legion in enumerate(data["starting_legions"], start=1)
        )
        legions = f'<div class="legions"><b>Starting legions (next game)</b>{lines}</div>'
    return (
        f'<div class="pair"><section><h2>SPELL SCHOOLS</h2><table class="rows schools">{rows}</table></section>'
        f"<section><h2>AT THE TABLE</h2>{_figure_table(figures)}{legions}</section></div>"
    )


def _spells(data: dict[str, Any] | None) -> str:
    head = "<tr><th>Spell</th><th>School</th><th>Lvl</th><th>Mana</th><th></th></tr>"
    if not data:
        row = "<tr><td></td><td></td><td></td><td></td><td></td></tr>" * BLANK_SPELL_ROWS
        blank = f"<table>{head}{row}</table>" * 2
        return f'<section><h2>SPELLS</h2><div class="spells cols-2 blank">{blank}</div></section>'
    spells = data["spells"]
    if not spells:
        return '<section><h2>SPELLS (0)</h2><div class="none">(no spells yet)</div></section>'
    columns = 3 if len(spells) > 24 else 2
    per_column = -(-len(spells) // columns)
    tables = []
    for start in range(0, len(spells), per_column):
        rows = "".join(
            f'<tr data-spell="{_e(s["name"])}"><td>{_e(s["name"])}</td><td>{_e(s["school"].title())}</td>'
            f'<td>{s["level"]}</td><td>{s["mana"]}</td><td class="mark">{spell_mark(s)}</td></tr>'
            for s in spells[start : start + per_column]
        )
        tables.append(f"<table>{head}{rows}</table>")
    dense = " dense" if per_column > 16 else ""
    return f'<section><h2>SPELLS ({len(spells)})</h2><div class="spells cols-{columns}{dense}">{"".join(tables)}</div></section>'


def item_limit(data: dict[str, Any]) -> int:
    """How many MAGIC ITEMS lines fit under the spell book on one page.

    Measured in Chromium on Letter, the shorter paper: about 88 mm are left for the spell rows
    and the item lines (4.2 mm each) together; 80 are used, to spare room for wider fonts. A
    pending-choices line takes 4.5 mm.
    """
    count = len(data["spells"])
    columns = 3 if count > 24 else 2
    rows = -(-count // columns)
    row_mm = 3.0 if rows > 16 else 3.8 if columns == 3 else 4.2
    spell_block = rows * row_mm - (10.8 if count > 48 else 0)  # a dense page has shorter rows
    room = 80.0 - spell_block - (4.5 if data["pending"] else 0)
    return max(2, int(room // 4.2))


def _items(data: dict[str, Any] | None) -> str:
    if not data:
        lines = '<div class="blank-line"></div>' * BLANK_ITEM_ROWS
    elif not data["magic_items"]:
        lines = '<div class="none">(none)</div>'
    else:
        items, limit = data["magic_items"], item_limit(data)
        shown = items if len(items) <= limit else items[: limit - 1]
        lines = "".join(
            f'<div data-item="{_e(i["name"])}"><b>{_e(i["name"])} ({_e(item_facts(i))})</b>'
            f"{_e(i['description'])}</div>"
            for i in shown
        )
        if len(shown) < len(items):
            lines += f'<div class="none">... and {len(items) - len(shown)} more items</div>'
    return f'<section class="items"><h2>MAGIC ITEMS</h2>{lines}</section>'


def _honor_guard(data: dict[str, Any] | None) -> str:
    slots = []
    for slot in guard_slots(data):
        locked = data is not None and slot.cap is None
        text = _e(slot.member) if slot.member else "LOCKED" if locked else ""
        caption = slot.caption if data and slot.cap else f"opens at level {slot.opens_at}"
        cap = f' data-cap="{slot.cap}"' if slot.cap else ""
        slots.append(
            f'<div class="slot{" locked" if locked else ""}"{cap}><div class="line">{text}</div>'
            f'<div class="caption">slot {slot.number}: {_e(caption)}</div></div>'
        )
    return f'<section><h2>HONOR GUARD</h2><div class="guard">{"".join(slots)}</div></section>'


def sheet_section(data: dict[str, Any] | None) -> str:
    """One Titan Character Sheet (or, with None, the blank sheet) as one printed page."""
    choices = ""
    if data and data["pending"]:
        choices = (
            '<div class="choices">Choices to make: '
            + _e("; ".join(c["text"] for c in data["pending"]))
            + "</div>"
        )
    parts = [
        _header(data),
        _abilities_and_xp(data),
        _schools_and_table(data),
        _spells(data),
        _items(data),
    ]
    parts += ['<div class="spacer"></div>', _honor_guard(data), choices]
    dense = " dense" if data and len(data["spells"]) > 48 else ""
    return f'<section class="page sheet{dense}">\n' + "\n".join(parts) + "\n</section>"


def sheet_html(data: dict[str, Any] | None, paper: str = "a4") -> str:
    """The Titan Character Sheet (or the blank sheet, with None) as a self-contained HTML file."""
    title = f"{data['name']} - Titan Character Sheet" if data else "Titan Character Sheet (blank)"
    return document(title, [sheet_section(data)], paper)


def campaign_html(sheets: Sequence[dict[str, Any]], campaign: str, paper: str = "a4") -> str:
    """Every given Titan's sheet, one printed page each, in one HTML file."""
    return document(
        f"{campaign} - Titan Character Sheets", [sheet_section(data) for data in sheets], paper
    )
