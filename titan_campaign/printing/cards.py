"""Spell cards: name, school, level, Mana cost, when cast, attack notation and the full rules
text; nine cards a page (3 x 3, playing-card size) with dashed cut lines, ordered by school
(sheet order), then level, then name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..rules.errors import RuleError
from ..rules.sheet import SheetView
from ..rules.spells import SPELLS, Spell, find_spell
from .canvas import Page, fit_size, fit_text, paper_size, text_width, wrap_text
from .figures import attack_text, spell_order
from .html import pages_html

CARD_W, CARD_H = 63.0, 88.0  # mm, a playing card
PER_ROW, PER_PAGE = 3, 9
PAD = 3.5
FACT_SIZE = 8.0  # the Mana, Cast, Attack and Target lines
RULE_MIN = 8.0  # a card's rule text never goes below this
EDGE = 5.6
"""Millimetres every cut mark and word keeps from the paper's edge, the ink of a line's end
too: home printers reach 5.5 mm (on letter paper the cards leave 7.7 mm above and below, and
the footer was 3.5 mm from the edge)."""
FOOTER = 4.0  # millimetres the footer takes under the cards


def card_spells(
    titan: SheetView | None = None, names: Iterable[str] | None = None, every: bool = False
) -> list[Spell]:
    """The spells to print, in card order: a Titan's spell book, named spells, or all 72."""
    if every:
        chosen = list(SPELLS)
    elif names:
        chosen = list(
            {spell.name: spell for spell in (find_spell(name) for name in names)}.values()
        )
    elif titan is not None:
        chosen = [find_spell(spell.name) for spell in titan.spells]
        if not chosen:
            raise RuleError(f"{titan.name} knows no spells yet: nothing to print")
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
    page.text(x + PAD, y + PAD + 9, f"{spell.school.upper()}  level {spell.level}", 8, bold=True)
    page.box(x + CARD_W - PAD - 13, y + PAD + 5.6, 13, 4.8, stroke=0.3)
    page.text(
        x + CARD_W - PAD - 6.5, y + PAD + 9.1, f"{spell.mana} Mana", 8, bold=True, align="center"
    )
    page.line(x + PAD, y + PAD + 11, x + CARD_W - PAD, y + PAD + 11, stroke=0.3)
    cy = y + PAD + 14.5
    for label, value in card_facts(spell)[1:]:
        page.text(x + PAD, cy, f"{label}:", FACT_SIZE, bold=True)
        page.text(x + PAD + 12, cy, fit_text(value, inner - 12, FACT_SIZE), FACT_SIZE)
        cy += 3.8
    page.line(x + PAD, cy - 1.5, x + CARD_W - PAD, cy - 1.5, stroke=0.15)
    room = y + CARD_H - PAD - 1.5 - cy
    size = 8.5
    lines = wrap_text(spell.text, inner, size)
    while size > RULE_MIN and len(lines) * size * 0.42 > room:
        size -= 0.25
        lines = wrap_text(spell.text, inner, size)
    for line in lines:
        cy += size * 0.42
        page.text(x + PAD, cy, line, size)


def cards_pages(spells: Sequence[Spell], paper: str = "a4", owner: str = "") -> list[Page]:
    """Pages of nine cards each, centred, with dashed cut lines along every card edge; a
    Titan's spell book says whose it is (``owner``) under the last column, so that the group's
    stacks of pages are told apart."""
    width, height = paper_size(paper)
    free = height - PER_ROW * CARD_H
    left, top = (width - PER_ROW * CARD_W) / 2, min(free / 2, free - EDGE - FOOTER)
    suffix = "'s spell cards"  # kept whole: a long name is shortened instead
    room = CARD_W - 4 - text_width(suffix, 8, bold=True)
    whose = fit_text(owner, room, 8, bold=True) + suffix
    pages = []
    for start in range(0, len(spells), PER_PAGE):
        page = Page(width, height, "Spell cards")
        batch = spells[start : start + PER_PAGE]
        for index, spell in enumerate(batch):
            row, column = divmod(index, PER_ROW)
            _card(page, spell, left + column * CARD_W, top + row * CARD_H)
        rows = -(-len(batch) // PER_ROW)
        # cut marks stop short of the paper's edge (``EDGE``)
        across, above = min(6.0, left - EDGE), max(0.0, min(6.0, top - EDGE))
        below = max(0.0, min(6.0, height - top - rows * CARD_H - EDGE))
        for row in range(rows + 1):
            page.line(
                left - across,
                top + row * CARD_H,
                left + PER_ROW * CARD_W + across,
                top + row * CARD_H,
                stroke=0.15,
                dashed=True,
            )
        for column in range(PER_ROW + 1):
            page.line(
                left + column * CARD_W,
                top - above,
                left + column * CARD_W,
                top + rows * CARD_H + below,
                stroke=0.15,
                dashed=True,
            )
        page.text(  # between two cut marks, under the first column: no mark crosses it
            left + 2,
            top + rows * CARD_H + FOOTER - 0.8,  # its baseline: letters hang below it
            f"Cut along the dashed lines. Page {start // PER_PAGE + 1}.",
            8,
            italic=True,
        )
        if owner:  # under the last column, between its cut marks
            page.text(
                left + PER_ROW * CARD_W - 2,
                top + rows * CARD_H + FOOTER - 0.8,
                whose,
                8,
                bold=True,
                align="right",
            )
        pages.append(page)
    return pages


def cards_html(
    spells: Sequence[Spell], paper: str = "a4", title: str = "Spell cards", owner: str = ""
) -> str:
    """The cards as a self-contained HTML file, nine a printed page: the PDF's own pages."""
    return pages_html(title, cards_pages(spells, paper, owner), kind="cards-page")
