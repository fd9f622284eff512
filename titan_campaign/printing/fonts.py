"""The font every printout is set in: DejaVu Sans Condensed, shipped inside the package.

A fresh machine needs no installed font: the PDF embeds a subset of the shipped TrueType files
(fpdf2 subsets them) and the HTML carries a subset as a ``data:`` URL, so a name in Latin,
Greek or Cyrillic letters prints exactly as typed. For characters the font lacks (Chinese,
Japanese, emoji...), ``missing_characters`` names them, ``font_warning`` words the warning a
caller shows, and the printout draws a white square where each one goes, never a "?".
The fonts are free to ship: see ``fonts/LICENSE-DejaVu.txt`` (Bitstream Vera licence).
"""

from __future__ import annotations

import base64
import io
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from fontTools import subset  # type: ignore[import-untyped]
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

FONT_DIR = Path(__file__).parent / "fonts"
FAMILY = "DejaVu Sans Condensed"
"""The family name the PDF and the HTML use for the shipped font."""

FILES: dict[str, str] = {
    "": "DejaVuSansCondensed.ttf",
    "B": "DejaVuSansCondensed-Bold.ttf",
    "I": "DejaVuSansCondensed-Oblique.ttf",
}
"""The shipped font file of each fpdf2 style: regular, bold, italic (oblique)."""

MISSING_MARK = "\u25a1"  # WHITE SQUARE: stands in for a character the font lacks


def font_path(style: str = "") -> Path:
    return FONT_DIR / FILES[style]


@lru_cache(maxsize=1)
def _covered() -> frozenset[int]:
    """Code points that every shipped style can draw."""
    covered: set[int] | None = None
    for style in FILES:
        codes = set(TTFont(font_path(style), lazy=True).getBestCmap())
        covered = codes if covered is None else covered & codes
    return frozenset(covered or ())


def can_draw(char: str) -> bool:
    return char.isspace() or ord(char) in _covered()


def missing_characters(texts: Iterable[str]) -> list[str]:
    """The characters of ``texts`` the font cannot draw, each once, in order of appearance."""
    found: dict[str, None] = {}
    for text in texts:
        for char in text:
            if not can_draw(char):
                found.setdefault(char, None)
    return list(found)


def drawable(text: str) -> str:
    """``text`` with each character the font lacks replaced by a white square."""
    if all(can_draw(char) for char in text):
        return text
    return "".join(char if can_draw(char) else MISSING_MARK for char in text)


def font_warning(texts: Iterable[str]) -> str | None:
    """One line naming the characters the printout cannot show, or None when all print.

    >>> font_warning(["Thorn", "李小龍"])
    'the printout font has no letters for "李", "小", "龍" (U+674E, U+5C0F, U+9F8D): they print as white squares'
    """
    missing = missing_characters(texts)
    if not missing:
        return None
    shown = ", ".join(f'"{char}"' for char in missing[:12])
    codes = ", ".join(f"U+{ord(char):04X}" for char in missing[:12])
    more = f" and {len(missing) - 12} more" if len(missing) > 12 else ""
    return (
        f"the printout font has no letters for {shown}{more} ({codes}): they print as white squares"
    )


def sheet_texts(data: Any) -> list[str]:
    """Every user-typed text of sheet data (or a list of sheets): names, notes, items."""
    if data is None:
        return []
    if isinstance(data, list | tuple):
        return [text for sheet in data for text in sheet_texts(sheet)]
    texts = [str(data.get("name", "")), str(data.get("player", "")), str(data.get("campaign", ""))]
    for item in data.get("magic_items", []):
        texts += [str(item["name"]), str(item.get("description") or "")]
    texts += [str(line.get("note") or "") for line in data.get("gold_ledger", [])]
    texts += [str(game.get("scenario") or "") for game in data.get("games", [])]
    texts += [str(member) for member in data.get("honor_guard", [])]
    return texts


@lru_cache(maxsize=32)
def _subset_data_url(style: str, characters: frozenset[str]) -> str:
    font = TTFont(font_path(style))
    options = subset.Options()
    options.drop_tables += ["FFTM"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(characters)))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    encoded = base64.b64encode(out.getvalue()).decode("ascii")
    return f"data:font/ttf;base64,{encoded}"


def font_face_css(text: str) -> str:
    """``@font-face`` rules embedding the shipped font, cut down to the characters of ``text``."""
    characters = frozenset(char for char in text if can_draw(char) and not char.isspace())
    characters |= frozenset(" 0123456789")
    rules = []
    for style, (weight, slant) in {
        "": ("normal", "normal"),
        "B": ("bold", "normal"),
        "I": ("normal", "italic"),
    }.items():
        rules.append(
            f'@font-face {{ font-family: "{FAMILY} Embedded"; font-weight: {weight}; '
            f'font-style: {slant}; src: url("{_subset_data_url(style, characters)}") '
            'format("truetype"); }'
        )
    return "\n".join(rules) + "\n"
