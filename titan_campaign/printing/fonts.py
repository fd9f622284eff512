"""The fonts every printout is set in: DejaVu Sans Condensed, shipped inside the package, and
Noto Sans SC, TC, JP and KR (from the ``justmytype-intl-cjk`` package) for the letters it lacks.

A fresh machine needs no installed font: the PDF embeds a subset of the fonts (fpdf2 subsets
them, and falls back letter by letter) and the HTML carries subsets as ``data:`` URLs, so a name
in Latin, Greek, Cyrillic, Arabic, Hebrew, Chinese, Japanese or Korean letters prints exactly as
typed. For characters no font has (emoji...), ``missing_characters`` names them,
``font_warning`` words the warning a caller shows, and the printout draws a white square where
each one goes, never a "?". The fonts are free to ship: see ``fonts/LICENSE-DejaVu.txt``
(Bitstream Vera licence); the Noto fonts are under the SIL Open Font Licence.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import NamedTuple

from ..rules.sheet import SheetView
from .font_cache import FontFacts, cached_facts, cached_subset

FONT_DIR = Path(__file__).parent / "fonts"
FAMILY = "DejaVu Sans Condensed"
"""The family name the PDF and the HTML use for the shipped font."""

FILES: dict[str, str] = {
    "": "DejaVuSansCondensed.ttf",
    "B": "DejaVuSansCondensed-Bold.ttf",
    "I": "DejaVuSansCondensed-Oblique.ttf",
}
"""The shipped font file of each fpdf2 style: regular, bold, italic (oblique)."""

MISSING_MARK = "\u25a1"  # WHITE SQUARE: stands in for a character no font has


class Fallback(NamedTuple):
    """A font that draws the letters DejaVu lacks: Noto Sans SC, TC, JP or KR (variable weight)."""

    family: str
    package: str
    path: str


FALLBACKS: tuple[Fallback, ...] = (
    Fallback("Noto Sans SC", "justmytype_intl_cjk", "fonts/ofl/notosanssc/NotoSansSC[wght].ttf"),
    Fallback("Noto Sans TC", "justmytype_intl_cjk", "fonts/ofl/notosanstc/NotoSansTC[wght].ttf"),
    Fallback("Noto Sans JP", "justmytype_intl_cjk", "fonts/ofl/notosansjp/NotoSansJP[wght].ttf"),
    Fallback("Noto Sans KR", "justmytype_intl_cjk", "fonts/ofl/notosanskr/NotoSansKR[wght].ttf"),
)
"""Chinese (simplified, traditional), Japanese and Korean, tried in this order for a letter
the shipped font lacks. They come with the ``justmytype-intl-cjk`` package (SIL Open Font
Licence); a printout embeds only the letters it uses."""

WEIGHTS = {"": 400.0, "B": 700.0}
"""The weight each fpdf2 style of a fallback font is cut at (italic is set upright)."""


def font_path(style: str = "") -> Path:
    return FONT_DIR / FILES[style]


@lru_cache(maxsize=len(FALLBACKS))
def fallback_path(fallback: Fallback) -> Path:
    return Path(str(files(fallback.package).joinpath(fallback.path)))


@lru_cache(maxsize=len(FILES) + len(FALLBACKS) + 4)
def font_facts(path: Path) -> FontFacts:
    """The letters and advance widths of the font file at ``path``, from the cache folder
    (``font_cache``) once a printout has read them from the font."""
    return cached_facts(path, lambda: _read_facts(path))


def _read_facts(path: Path) -> FontFacts:
    from .font_tools import read_facts  # fontTools loads only when the cache has no entry

    return read_facts(path)


@lru_cache(maxsize=len(FILES) + len(FALLBACKS))
def _advances(path: Path) -> dict[int, int]:
    """The advance width of each code point the font file at ``path`` draws, in font units."""
    return font_facts(path).advances()


def _shipped_cmap(style: str) -> dict[int, int]:
    return _advances(font_path(style))


@lru_cache(maxsize=1)
def _covered() -> frozenset[int]:
    """Code points that every shipped style can draw."""
    return frozenset.intersection(*(frozenset(_shipped_cmap(style)) for style in FILES))


@lru_cache(maxsize=1)
def _upright() -> frozenset[int]:
    """Code points the upright shipped font draws (italic Arabic is set upright)."""
    return frozenset(_shipped_cmap(""))


@lru_cache(maxsize=len(FILES))
def advance_widths(style: str = "") -> tuple[dict[int, int], int]:
    """The shipped font's advance width of each code point in thousandths of an em, rounded as
    fpdf2 rounds them, and the width of a letter it lacks."""
    facts = font_facts(font_path(style))
    scale = 1000 / facts.units_per_em
    widths = {
        code: round(scale * (0 if advance == 65535 else advance) + 0.001)
        for code, advance in _shipped_cmap(style).items()
    }
    return widths, round(scale * facts.missing)


def _fallback_advances(fallback: Fallback) -> dict[int, int]:
    return _advances(fallback_path(fallback))


def in_shipped_font(char: str) -> bool:
    """True when the shipped font itself draws ``char`` (in every style)."""
    return char.isspace() or ord(char) in _covered()


def fallback_for(char: str) -> Fallback | None:
    """The fallback font that draws ``char``, when the shipped font cannot."""
    if in_shipped_font(char) or ord(char) < 0x2E80:  # no CJK font helps below the CJK blocks
        return None
    return next((font for font in FALLBACKS if ord(char) in _fallback_advances(font)), None)


def can_draw(char: str) -> bool:
    """True when a printout draws ``char`` as its letter (shipped font or a fallback)."""
    return in_shipped_font(char) or ord(char) in _upright() or fallback_for(char) is not None


def fallback_advance(char: str) -> float:
    """Width of ``char`` in its fallback font, in ems (the same at every weight for CJK)."""
    fallback = fallback_for(char)
    if fallback is None:
        return 0.0
    units = font_facts(fallback_path(fallback)).units_per_em
    return _fallback_advances(fallback)[ord(char)] / units


def missing_characters(texts: Iterable[str]) -> list[str]:
    """The characters of ``texts`` no font can draw, each once, in order of appearance."""
    found: dict[str, None] = {}
    for text in texts:
        for char in text:
            if not can_draw(char):
                found.setdefault(char, None)
    return list(found)


def drawable(text: str) -> str:
    """``text`` with each character no font has replaced by a white square."""
    if all(can_draw(char) for char in text):
        return text
    return "".join(char if can_draw(char) else MISSING_MARK for char in text)


def font_warning(texts: Iterable[str], format: str = "pdf") -> str | None:
    """One line naming the characters the printout cannot show, or None when all print. A
    PDF draws each as a white square; HTML and SVG keep it as typed, for the reader's own
    fonts to show (a gap or a square where they have none).

    >>> font_warning(["Thorn", "李小龍", "Ζεύς", "שלום"]) is None
    True
    >>> font_warning(["Thorn 🔥"])
    'the printout fonts have no letter for "🔥" (U+1F525): it prints as a white square'
    >>> font_warning(["Thorn 🔥"], "html")
    'the printout fonts have no letter for "🔥" (U+1F525): it shows only where the reader has a font for it'
    """
    missing = missing_characters(texts)
    if not missing:
        return None
    shown = ", ".join(f'"{char}"' for char in missing[:12])
    codes = ", ".join(f"U+{ord(char):04X}" for char in missing[:12])
    more = f" and {len(missing) - 12} more" if len(missing) > 12 else ""
    one = len(missing) == 1
    if format == "pdf":
        shows = "it prints as a white square" if one else "they print as white squares"
    elif one:
        shows = "it shows only where the reader has a font for it"
    else:
        shows = "they show only where the reader has a font for them"
    letters = "letter" if one else "letters"
    return f"the printout fonts have no {letters} for {shown}{more} ({codes}): {shows}"


def fallback_needs(text: str) -> dict[Fallback, frozenset[str]]:
    """The letters of ``text`` each fallback font must draw (none for shipped letters)."""
    needs: dict[Fallback, set[str]] = {}
    for char in set(text):
        fallback = fallback_for(char)
        if fallback is not None:
            needs.setdefault(fallback, set()).add(char)
    return {font: frozenset(chars) for font, chars in sorted(needs.items())}


@lru_cache(maxsize=64)
def fallback_subset(fallback: Fallback, characters: frozenset[str], weight: float) -> bytes:
    """A static TrueType font of ``fallback`` at ``weight``, cut down to ``characters``.

    The packaged fonts are variable (and 10-18 MB): cutting first keeps this under a second,
    and the cut is kept in the cache folder for the next printout of the same letters.
    """
    return cached_subset(
        fallback_path(fallback),
        characters,
        f"static {weight}",
        lambda: _static_subset(fallback, characters, weight),
    )


def _static_subset(fallback: Fallback, characters: frozenset[str], weight: float) -> bytes:
    from .font_tools import static_subset  # fontTools loads only when the cache has no entry

    return static_subset(fallback_path(fallback), fallback.family, characters, weight)


PDF_LETTERS = "".join(
    chr(code)
    for first, last in ((0x20, 0x17F), (0x370, 0x4FF), (0x2000, 0x206F))
    for code in range(first, last + 1)
)
"""The letters every PDF's cut of the shipped font holds, whatever it prints: Latin (ASCII,
Latin-1, Latin Extended-A), Greek, Cyrillic and punctuation, so the printouts of most groups
share one cut, kept in the cache folder."""


def pdf_font(style: str, text: str) -> bytes:
    """The shipped font in ``style`` cut down for a PDF of ``text``: the letters of
    ``PDF_LETTERS`` and of ``text`` that it has. fpdf2 reads a cut of some 900 glyphs several
    times faster than the whole font (6,000), and embeds the same glyphs from it."""
    path = font_path(style)
    has = _shipped_cmap(style)
    characters = frozenset(char for char in PDF_LETTERS + text if ord(char) in has)
    return cached_subset(path, characters, "pdf", lambda: _pdf_subset(path, characters))


def _pdf_subset(path: Path, characters: frozenset[str]) -> bytes:
    from .font_tools import pdf_subset  # fontTools loads only when the cache has no entry

    return pdf_subset(path, characters)


def sheet_texts(sheets: Iterable[SheetView]) -> list[str]:
    """Every user-typed text of the sheets: names, notes, items."""
    texts: list[str] = []
    for sheet in sheets:
        texts += [sheet.name, sheet.player, sheet.campaign]
        for item in sheet.magic_items:
            texts += [item.name, item.description]
        texts += [line.noted for line in sheet.gold_ledger]
        texts += [game.scenario for game in sheet.games]
        texts += list(sheet.honor_guard)
    return texts


def card_texts(sheet: SheetView) -> list[str]:
    """Every user-typed text a game-night card prints: names and items (no ledger, no games)."""
    texts = [sheet.name, sheet.player, sheet.campaign]
    return texts + [text for item in sheet.magic_items for text in (item.name, item.description)]


def _data_url(font: bytes) -> str:
    return f"data:font/ttf;base64,{base64.b64encode(font).decode('ascii')}"


@lru_cache(maxsize=32)
def _subset_data_url(style: str, characters: frozenset[str]) -> str:
    """A ``data:`` URL of the shipped font in ``style`` cut down to ``characters`` (the cut is
    kept in the cache folder for the next printout of the same letters)."""
    path = font_path(style)
    return _data_url(
        cached_subset(path, characters, "web", lambda: _shipped_subset(path, characters))
    )


def _shipped_subset(path: Path, characters: frozenset[str]) -> bytes:
    from .font_tools import shipped_subset  # fontTools loads only when the cache has no entry

    return shipped_subset(path, characters)


BROWSER_FONTS = (
    f"'{FAMILY}', 'DejaVu Sans', 'Noto Sans', 'Noto Sans CJK SC', 'Noto Sans SC', "
    "'Noto Sans CJK JP', 'Noto Sans JP', 'Noto Sans CJK KR', 'Noto Sans KR', 'Noto Sans TC', "
    "'Noto Sans Arabic', 'Noto Sans Hebrew', 'PingFang SC', 'Hiragino Sans', "
    "'Microsoft YaHei', 'Malgun Gothic', 'Arial Unicode MS', sans-serif"
)
"""Installed fonts a browser may fall back on, letter by letter, after the embedded ones."""


def font_family(text: str) -> str:
    """The CSS ``font-family`` list for a printout of ``text``: embedded fonts first."""
    embedded = [f"'{FAMILY} Embedded'"] + [
        f"'{fallback.family} Embedded'" for fallback in fallback_needs(text)
    ]
    return ", ".join([*embedded, BROWSER_FONTS])


def font_face_css(text: str) -> str:
    """``@font-face`` rules embedding the fonts, cut down to the characters of ``text``.

    The shipped font carries what it can draw; each fallback font the letters it draws
    (Chinese, Japanese, Korean), so the browser needs no installed font. The real letters
    stay in the markup: ``font_family`` lists installed fonts to fall back on after these.
    """
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
    for fallback, chars in fallback_needs(text).items():
        for style, cut in WEIGHTS.items():
            url = _data_url(fallback_subset(fallback, chars, cut))
            rules.append(
                f'@font-face {{ font-family: "{fallback.family} Embedded"; '
                f"font-weight: {'bold' if style else 'normal'}; "
                f'src: url("{url}") format("truetype"); }}'
            )
    return "\n".join(rules) + "\n"
