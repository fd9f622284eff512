"""Render a printout from sheet data: no database, no command line, no file written.

``render`` returns the printout; ``printout_path`` names its file when the player names none
(``actions.write_printout`` writes it, never over the database); ``printout_warnings`` says
what the printout cannot show as typed (characters no printout font has), one line each, for
the caller to show.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from ..rules.errors import RuleError
from ..rules.sheet import SheetView
from . import game_card, game_card_page
from .cards import card_spells, cards_html, cards_pages
from .figures import printout_name
from .fonts import card_texts, font_warning, sheet_texts
from .html import campaign_html, sheet_html
from .kinds import KINDS, TITLES, CampaignPrint
from .svg import sheet_svg
from .text import sheet_text


def render(
    kind: str,
    fmt: str,
    data: SheetView | Sequence[SheetView] | CampaignPrint | None = None,
    paper: str = "a4",
    spells: Sequence[str] | None = None,
    campaign: str = "",
) -> str | bytes:
    """The printout as text (text, json, html, svg) or bytes (pdf).

    ``kind`` and what ``data`` is:
      - "sheet": one Titan's sheet, ``data`` = ``sheet_view(state, campaign)``; fmt text, json,
        html, pdf or svg.
      - "blank": the blank sheet, ``data`` = None; html, pdf or svg.
      - "cards": spell cards: the ``spells`` named if given, else the spell book of the Titan in
        ``data``, else (``data`` None) all 72; html or pdf.
      - "game-card": the game-night card of the Titan in ``data``; text, html or pdf.
      - "campaign": a ``CampaignPrint`` (its sheets whole, each Titan from an odd page, then its
        game log), or a list of sheets titled with ``campaign``; html or pdf.
    ``paper`` is "a4" or "letter". Refused input raises RuleError (UnknownName for a spell name).
    """
    if kind not in KINDS:
        raise RuleError(f"unknown printout {kind!r}: choose {', '.join(KINDS)}")
    if fmt not in KINDS[kind]:
        formats = KINDS[kind]
        raise RuleError(
            f"{TITLES[kind]} prints as {', '.join(formats[:-1])} or {formats[-1]}, not {fmt}"
        )
    if kind == "campaign":
        if isinstance(data, SheetView):
            raise RuleError("a campaign printout takes a list of sheets")
        printout = (
            data if isinstance(data, CampaignPrint) else CampaignPrint(campaign, tuple(data or []))
        )
        if not printout.sheets:
            raise RuleError(f'campaign "{printout.name}" has no active Titan to print')
        if fmt == "pdf":
            from .pdf import campaign_pdf  # the PDF library loads only for a PDF

            return campaign_pdf(printout, paper=paper)
        return campaign_html(printout, paper=paper)
    titan = data if isinstance(data, SheetView) and kind != "blank" else None
    if kind == "cards":
        return _cards(fmt, titan, spells, paper)
    if kind in ("sheet", "game-card") and titan is None:
        raise RuleError(f"{TITLES[kind]} needs a Titan")
    if kind == "game-card":
        if titan is None:
            raise RuleError("a game-night card needs a Titan")
        if fmt == "text":
            return game_card.game_card_text(titan)
        if fmt == "html":
            return game_card_page.game_card_html(titan, paper)
        from .pdf import pages_pdf  # the PDF library loads only for a PDF

        return pages_pdf(game_card_page.game_card_pages(titan, paper))
    if titan is not None and fmt == "json":
        return json.dumps(titan.to_json(), indent=2, ensure_ascii=False) + "\n"
    if titan is not None and fmt == "text":
        return sheet_text(titan)
    if fmt == "html":
        return sheet_html(titan, paper)
    if fmt == "svg":
        return sheet_svg(titan, paper)
    from .pdf import sheet_pdf  # the PDF library loads only for a PDF

    return sheet_pdf(titan, paper)


def _cards(
    fmt: str, titan: SheetView | None, spells: Sequence[str] | None, paper: str
) -> str | bytes:
    chosen = card_spells(titan=titan, names=spells, every=not spells and titan is None)
    owner = titan.name if titan and not spells else ""
    title = f"{owner} - spell cards" if owner else "Spell cards"
    if fmt == "html":
        return cards_html(chosen, paper, title, owner)
    from .pdf import pages_pdf  # the PDF library loads only for a PDF

    return pages_pdf(cards_pages(chosen, paper, owner), title)


def printout_path(
    kind: str,
    fmt: str,
    data: SheetView | Sequence[SheetView] | CampaignPrint | None,
    spells: Sequence[str] | None = None,
    campaign: str = "",
) -> Path:
    """Where a printout goes when no file is named: the current folder, named after the Titan
    or campaign (``printout_name``); spell cards chosen by name are no one Titan's."""
    ext = "txt" if fmt == "text" else fmt
    if isinstance(data, CampaignPrint):
        campaign = data.name
    titan = data.name if isinstance(data, SheetView) and not (kind == "cards" and spells) else ""
    return Path(printout_name(kind, ext, titan, campaign))


def printout_warnings(
    kind: str,
    data: SheetView | Sequence[SheetView] | CampaignPrint | None = None,
    fmt: str = "pdf",
) -> list[str]:
    """What the printout of ``data`` cannot show as typed, one line each (empty: all prints).

    A campaign printout's Titans whose events break the rules are named (they are left out).
    Characters no printout font has letters for (emoji...) print as white squares in a PDF,
    HTML or SVG; the caller shows each line as a warning (the command line on stderr). Text
    and JSON keep every character, and spell cards print only the rulebook's words.
    """
    left_out = [
        f"{name} cannot be read: {problem}; their sheet and games are left out"
        for name, problem in (data.unreadable if isinstance(data, CampaignPrint) else ())
    ]
    if kind in ("blank", "cards") or data is None or fmt in ("text", "json"):
        return left_out
    if isinstance(data, CampaignPrint):
        texts = [*sheet_texts(data.sheets), data.name]
    elif kind == "game-card" and isinstance(data, SheetView):
        texts = card_texts(data)
    else:
        texts = sheet_texts([data] if isinstance(data, SheetView) else data)
    warning = font_warning(texts, fmt)
    return [*left_out, warning] if warning else left_out
