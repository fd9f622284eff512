"""Printing from the command line and from the app: render a printout and write it to a file.

``write_printout`` renders sheet data to a file; ``print_to_file`` is what the app's print
dialog calls (it reads the Titans from the database itself). The ``cmd_*`` functions handle
``titan-campaign cards``, ``game-card`` and ``print-campaign``; ``write_sheet`` and
``write_blank_sheet`` serve ``titan-campaign sheet``.
"""

from __future__ import annotations

import json
import sys
from argparse import Namespace
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..rules.errors import RuleError
from ..rules.sheet import sheet_data
from ..store import CampaignStore
from .figures import default_path, file_stem

KINDS: dict[str, tuple[str, ...]] = {
    "sheet": ("text", "json", "html", "pdf", "svg"),
    "blank": ("html", "pdf", "svg"),
    "cards": ("html", "pdf"),
    "game-card": ("text", "html", "pdf"),
    "campaign": ("html", "pdf"),
}
"""What can be printed, and in which formats."""

_TITLES = {
    "sheet": "a Titan Character Sheet",
    "blank": "a blank sheet",
    "cards": "a set of spell cards",
    "game-card": "a game-night card",
    "campaign": "a campaign printout",
}


def render(
    kind: str,
    fmt: str,
    data: dict[str, Any] | Sequence[dict[str, Any]] | None = None,
    paper: str = "a4",
    spells: Sequence[str] | None = None,
    campaign: str = "",
) -> str | bytes:
    """The printout as text (text, json, html, svg) or bytes (pdf); see ``write_printout``."""
    if kind not in KINDS:
        raise RuleError(f"unknown printout {kind!r}: choose {', '.join(KINDS)}")
    if fmt not in KINDS[kind]:
        formats = KINDS[kind]
        raise RuleError(
            f"{_TITLES[kind]} prints as {', '.join(formats[:-1])} or {formats[-1]}, not {fmt}"
        )
    if kind == "campaign":
        if isinstance(data, dict):
            raise RuleError("a campaign printout takes a list of sheets")
        sheets = list(data or [])
        if not sheets:
            raise RuleError(f'campaign "{campaign}" has no active Titan to print')
        if fmt == "pdf":
            from .pdf import campaign_pdf

            return campaign_pdf(sheets, campaign, paper)
        from .html import campaign_html

        return campaign_html(sheets, campaign, paper)
    if kind == "cards":
        return _cards(fmt, data, spells, paper)  # type: ignore[arg-type]
    if kind in ("sheet", "game-card") and not isinstance(data, dict):
        raise RuleError(f"a {kind} needs a Titan")
    titan: dict[str, Any] | None = data if kind != "blank" else None  # type: ignore[assignment]
    if kind == "game-card":
        from . import game_card

        assert titan is not None
        if fmt == "text":
            return game_card.game_card_text(titan)
        if fmt == "html":
            return game_card.game_card_html(titan, paper)
        from .pdf import pages_pdf

        return pages_pdf([game_card.game_card_page(titan, paper)])
    if fmt == "json":
        return json.dumps(titan, indent=2) + "\n"
    if fmt == "text":
        from .text import sheet_text

        return sheet_text(titan)  # type: ignore[arg-type]
    if fmt == "html":
        from .html import sheet_html

        return sheet_html(titan, paper)
    if fmt == "svg":
        from .svg import sheet_svg

        return sheet_svg(titan, paper)
    from .pdf import sheet_pdf

    return sheet_pdf(titan, paper)


def _cards(
    fmt: str, titan: dict[str, Any] | None, spells: Sequence[str] | None, paper: str
) -> str | bytes:
    from .cards import card_spells, cards_html, cards_pages

    chosen = card_spells(titan=titan, names=spells, every=not spells and titan is None)
    title = f"{titan['name']} - spell cards" if titan and not spells else "Spell cards"
    if fmt == "html":
        return cards_html(chosen, paper, title)
    from .pdf import pages_pdf

    return pages_pdf(cards_pages(chosen, paper), title)


def write_printout(
    kind: str,
    fmt: str,
    data: dict[str, Any] | Sequence[dict[str, Any]] | None = None,
    path: Path | None = None,
    paper: str = "a4",
    spells: Sequence[str] | None = None,
    campaign: str = "",
) -> Path:
    """Render a printout from sheet data and write it to ``path``; return the path written.

    ``kind`` and what ``data`` is:
      - "sheet": one Titan's sheet, ``data`` = ``sheet_data(state, campaign)``; fmt text, json,
        html, pdf or svg.
      - "blank": the blank sheet, ``data`` = None; html, pdf or svg.
      - "cards": spell cards: the ``spells`` named if given, else the spell book of the Titan in
        ``data``, else (``data`` None) all 72; html or pdf.
      - "game-card": the game-night card of the Titan in ``data``; text, html or pdf.
      - "campaign": every sheet in ``data`` (a list of sheet dicts), one page each, titled with
        ``campaign``; html or pdf.
    ``paper`` is "a4" or "letter". With ``path`` None the file goes to the current folder, named
    after the Titan or campaign: ``thorn-sheet.pdf``, ``blank-sheet.pdf``, ``thorn-cards.pdf``,
    ``spell-cards.pdf``, ``thorn-game-card.pdf``, ``<campaign>-campaign.pdf``.
    Refused input raises RuleError (UnknownName for a spell name); a file that cannot be
    written raises OSError.
    """
    output = render(kind, fmt, data, paper, spells, campaign)
    target = path or _default_path(kind, fmt, data, spells, campaign)
    if isinstance(output, bytes):
        target.write_bytes(output)
    else:
        target.write_text(output, encoding="utf-8")
    return target


def _default_path(
    kind: str, fmt: str, data: Any, spells: Sequence[str] | None, campaign: str
) -> Path:
    ext = "txt" if fmt == "text" else fmt
    if kind == "blank":
        return Path(f"blank-sheet.{ext}")
    if kind == "campaign":
        return Path(f"{file_stem(campaign)}-campaign.{ext}")
    if kind == "cards" and (spells or not isinstance(data, dict)):
        return Path(f"spell-cards.{ext}")
    return default_path(data["name"], kind, ext)


def print_to_file(
    db: Path | str,
    what: str,
    format: str,
    paper: str = "a4",
    output: Path | None = None,
    campaign: str | None = None,
    titan: str | None = None,
    spells: Sequence[str] | None = None,
) -> Path:
    """What the app's print dialog calls: read the database ``db``, print, return the path.

    ``what``: "sheet", "cards" or "game-card" (of the Titan named ``titan``), "blank", or
    "roster" / "campaign" (every active Titan of ``campaign``, one sheet a page). ``format``:
    see ``KINDS`` (text, html, pdf, svg as the printout allows). ``campaign`` picks the
    campaign (needed only when there are several). Cards without a Titan print the ``spells``
    named, or all 72. ``output`` None writes to the current folder (``thorn-sheet.pdf``...).
    Refusals raise RuleError, StoreError or UnknownName with a one-line message.
    """
    kind = "campaign" if what == "roster" else what
    if kind not in KINDS:
        raise RuleError(f"unknown printout {what!r}: choose {', '.join(KINDS)}")
    store = CampaignStore(Path(db))
    data: dict[str, Any] | list[dict[str, Any]] | None = None
    campaign_name = campaign or ""
    if kind == "campaign":
        with store.reading() as session:
            chosen = session.campaign(campaign)
            data = [sheet_data(r.log.state, chosen.name) for r in session.titans(chosen)]
        campaign_name = chosen.name
    elif kind != "blank" and (titan or kind != "cards"):
        if not titan:
            raise RuleError(f"{_TITLES[kind]} needs a Titan")
        data = _titan_sheet(store, titan, campaign)
    return write_printout(kind, format, data, output, paper, spells, campaign_name)


# --- command-line handlers ------------------------------------------------------------------


def _output(args: Namespace) -> Path | None:
    return Path(args.output) if getattr(args, "output", None) else None


def _wrote(path: Path) -> None:
    print(f"wrote {path}")


def write_sheet(data: dict[str, Any], args: Namespace) -> None:
    """``sheet TITAN --format html|pdf|svg`` (and text or json with ``-o``)."""
    _wrote(write_printout("sheet", args.format, data, _output(args), args.paper))


def write_blank_sheet(args: Namespace) -> None:
    """``sheet --blank --format html|pdf|svg``."""
    if args.titan:
        raise RuleError("a blank sheet has no Titan: leave out the name, or leave out --blank")
    _wrote(write_printout("blank", args.format, None, _output(args), args.paper))


def _titan_sheet(store: CampaignStore, name: str, campaign: str | None) -> dict[str, Any]:
    with store.reading() as session:
        record = session.titan(name, campaign)
        campaign_name = next(c.name for c in session.campaigns() if c.id == record.campaign_id)
    return sheet_data(record.log.state, campaign_name)


def cmd_cards(args: Namespace, store: CampaignStore) -> None:
    chosen = sum(bool(x) for x in (args.titan, args.all, args.spell))
    if chosen != 1:
        raise RuleError(
            "choose what to print: a Titan's spell book, --spell NAME (repeatable) or --all"
        )
    data = _titan_sheet(store, args.titan, getattr(args, "campaign", None)) if args.titan else None
    _wrote(write_printout("cards", args.format, data, _output(args), args.paper, spells=args.spell))


def cmd_game_card(args: Namespace, store: CampaignStore) -> None:
    data = _titan_sheet(store, args.titan, getattr(args, "campaign", None))
    if args.format == "text" and not args.output:
        sys.stdout.write(str(render("game-card", "text", data)))
        return
    _wrote(write_printout("game-card", args.format, data, _output(args), args.paper))


def cmd_print_campaign(args: Namespace, store: CampaignStore) -> None:
    with store.reading() as session:
        campaign = session.campaign(getattr(args, "campaign", None))
        sheets = [
            sheet_data(record.log.state, campaign.name) for record in session.titans(campaign)
        ]
    path = write_printout(
        "campaign", args.format, sheets, _output(args), args.paper, campaign=campaign.name
    )
    _wrote(path)
