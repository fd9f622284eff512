"""Spell cards: name, school, level, Mana cost, when cast, attack notation and the full rules
text; nine cards a page (3 x 3, playing-card size) with dashed cut lines, ordered by school
(sheet order), then level, then name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from ..rules.errors import RuleError
from ..rules.spells import SPELLS, Spell, find_spell
from .canvas import Page, fit_size, fit_text, paper_size, wrap_text
from .figures import attack_text, spell_order
from .html import document

CARD_W, CARD_H = 63.0, 88.0  # mm, a playing card
PER_ROW, PER_PAGE = 3, 9
PAD = 3.5


def card_spells(
    titan: dict[str, Any] | None = None, names: Iterable[str] | None = None, every: bool = False
) -> list[Spell]:
    """The spells to print, in card order: a Titan's spell book, named spells, or all 72."""
    if every:
        chosen = list(SPELLS)
    elif names:
        chosen = list(
            {spell.name: spell for spell in (find_spell(name) for name in names)}.values()
        )
    elif titan is not None:
        chosen = [find_spell(spell["name"]) for spell in titan["spells"]]
        if not chosen:
            raise RuleError(f"{titan['name']} knows no spells yet: nothing to print")
    else:
        raise RuleError("name a Titan, or choose spells with --spell NAME or --all")
    return sorted(chosen, key=spell_order)


def card_facts(spell: Spell) -> list[tuple[str, str]]:
    """The labelled lines under a card's name."""
    facts = [("Mana", f"{spell.mana}"), ("Cast", spell.cast)]
    attack = attack_text(spell)
    if attack:
        facts.append(("Attack", attack))
    area = spell.area if spell.area not in (None, "explosion", "blast", spell.target) else None
    facts.append(("Target", f"{spell.target} ({area})" if area else spell.target))
    return facts


def _card(page: Page, spell: Spell, x: float, y: float) -> None:
    inner = CARD_W - 2 * PAD
    page.box(x + 1.5, y + 1.5, CARD_W - 3, CARD_H - 3, stroke=0.4)
    size = fit_size(spell.name, inner, 11, 8, bold=True)
    page.text(x + PAD, y + PAD + 4.5, spell.name, size, bold=True)
    page.text(x + PAD, y + PAD + 9, f"{spell.school.upper()}  level {spell.level}", 7.5, bold=True)
    page.box(x + CARD_W - PAD - 9, y + PAD + 5.8, 9, 4.4, stroke=0.3)
    page.text(
        x + CARD_W - PAD - 4.5, y + PAD + 9.2, f"{spell.mana} Mana", 6, bold=True, align="center"
    )
    page.line(x + PAD, y + PAD + 11, x + CARD_W - PAD, y + PAD + 11, stroke=0.3)
    cy = y + PAD + 14.5
    for label, value in card_facts(spell)[1:]:
        page.text(x + PAD, cy, f"{label}:", 7, bold=True)
        page.text(x + PAD + 11, cy, fit_text(value, inner - 11, 7), 7)
        cy += 3.5
    page.line(x + PAD, cy - 1.5, x + CARD_W - PAD, cy - 1.5, stroke=0.15)
    room = y + CARD_H - PAD - 1.5 - cy
    size = 8.5
    lines = wrap_text(spell.text, inner, size)
    while size > 5 and len(lines) * size * 0.42 > room:
        size -= 0.25
        lines = wrap_text(spell.text, inner, size)
    for line in lines:
        cy += size * 0.42
        page.text(x + PAD, cy, line, size)


def cards_pages(spells: Sequence[Spell], paper: str = "a4") -> list[Page]:
    """Pages of nine cards each, centred, with dashed cut lines along every card edge."""
    width, height = paper_size(paper)
    left, top = (width - PER_ROW * CARD_W) / 2, (height - PER_ROW * CARD_H) / 2
    pages = []
    for start in range(0, len(spells), PER_PAGE):
        page = Page(width, height, "Spell cards")
        batch = spells[start : start + PER_PAGE]
        for index, spell in enumerate(batch):
            row, column = divmod(index, PER_ROW)
            _card(page, spell, left + column * CARD_W, top + row * CARD_H)
        rows = -(-len(batch) // PER_ROW)
        for row in range(rows + 1):
            page.line(
                left - 6,
                top + row * CARD_H,
                left + PER_ROW * CARD_W + 6,
                top + row * CARD_H,
                stroke=0.15,
                dashed=True,
            )
        for column in range(PER_ROW + 1):
            page.line(
                left + column * CARD_W,
                top - 6,
                left + column * CARD_W,
                top + rows * CARD_H + 6,
                stroke=0.15,
                dashed=True,
            )
        page.text(
            left,
            height - 4,
            f"Cut along the dashed lines. Page {start // PER_PAGE + 1}.",
            6,
            italic=True,
        )
        pages.append(page)
    return pages


CARDS_CSS = """
.cards { display: grid; grid-template-columns: repeat(3, 63mm); grid-auto-rows: 88mm; justify-content: center;
  align-content: center; flex: 1; }
.card { border: 0.2mm dashed #000; padding: 2.5mm; overflow: hidden; }
.card > div.frame { border: 0.4mm solid #000; height: 100%; padding: 2mm; display: flex; flex-direction: column; }
.card h3 { font-size: 10.5pt; margin: 0; }
.card .school { font-weight: bold; font-size: 7.5pt; display: flex; justify-content: space-between;
  border-bottom: 0.3mm solid #000; padding-bottom: 0.8mm; margin-bottom: 1mm; }
.card .mana { border: 0.3mm solid #000; padding: 0 1mm; font-size: 6.5pt; }
.card dl { margin: 0 0 1mm 0; font-size: 7pt; display: grid; grid-template-columns: 11mm 1fr; }
.card dt { font-weight: bold; } .card dd { margin: 0; }
.card p { margin: 0; font-size: 6.6pt; line-height: 1.2; border-top: 0.15mm solid #000; padding-top: 1mm; }
.cut { font-size: 6pt; font-style: italic; }
"""


def _card_html(spell: Spell) -> str:
    facts = "".join(
        f"<dt>{escape(label)}:</dt><dd>{escape(value)}</dd>"
        for label, value in card_facts(spell)[1:]
    )
    return (
        f'<div class="card" data-spell="{escape(spell.name)}"><div class="frame"><h3>{escape(spell.name)}</h3>'
        f'<div class="school"><span>{spell.school.upper()} level {spell.level}</span>'
        f'<span class="mana">{spell.mana} Mana</span></div><dl>{facts}</dl><p>{escape(spell.text)}</p></div></div>'
    )


def cards_html(spells: Sequence[Spell], paper: str = "a4", title: str = "Spell cards") -> str:
    """The cards as a self-contained HTML file, nine a printed page."""
    pages = []
    for start in range(0, len(spells), PER_PAGE):
        cards = "".join(_card_html(spell) for spell in spells[start : start + PER_PAGE])
        pages.append(
            f'<section class="page cards-page"><div class="cards">{cards}</div>'
            f'<div class="cut">Cut along the dashed lines. Page {start // PER_PAGE + 1}.</div></section>'
        )
    return document(title, pages, paper, CARDS_CSS)
