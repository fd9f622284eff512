"""The work on font files themselves, with fontTools: reading a font's facts (its character
map and advance widths) and cutting a font down to the letters a printout uses.

fontTools' subsetter and instancer take about 0.2 s to load, so ``fonts`` loads this module
only when the cache folder (``font_cache``) has no entry for what it needs yet.
"""

from __future__ import annotations

import io
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
from fontTools.varLib import instancer  # type: ignore[import-untyped]

from .font_cache import FontFacts, runs_of


def read_facts(path: Path) -> FontFacts:
    """The character map and advance widths of the font file at ``path`` (only the small
    tables are read)."""
    font = TTFont(path, lazy=True)
    metrics = font["hmtx"].metrics
    advances = {code: int(metrics[glyph][0]) for code, glyph in font.getBestCmap().items()}
    return FontFacts(
        units_per_em=int(font["head"].unitsPerEm),
        missing=int(metrics[".notdef"][0]),
        runs=runs_of(advances),
    )


def shipped_subset(path: Path, characters: frozenset[str]) -> bytes:
    """The font file at ``path`` cut down to ``characters``."""
    font = TTFont(path)
    options = subset.Options()
    options.drop_tables += ["FFTM"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(characters)))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def static_subset(path: Path, family: str, characters: frozenset[str], weight: float) -> bytes:
    """A static TrueType font of the variable font at ``path``, cut down to ``characters`` and
    set at ``weight``, named ``family`` (regular or bold)."""
    font = TTFont(path)
    options = subset.Options()
    options.drop_tables += ["FFTM"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(characters)))
    subsetter.subset(font)
    static = instancer.instantiateVariableFont(font, {"wght": weight}, static=True)
    style = "Bold" if weight >= 700 else "Regular"
    static["name"].setName(family, 1, 3, 1, 0x409)
    static["name"].setName(style, 2, 3, 1, 0x409)
    static["name"].setName(f"{family} {style}", 4, 3, 1, 0x409)
    static["name"].setName(f"{family.replace(' ', '')}-{style}", 6, 3, 1, 0x409)
    out = io.BytesIO()
    static.save(out)
    return out.getvalue()


def pdf_subset(path: Path, characters: frozenset[str]) -> bytes:
    """The font file at ``path`` cut down to ``characters`` for fpdf2 to read: every table,
    layout feature, glyph name and name record of those letters kept as in the font (fpdf2
    cuts the font again to the glyphs a PDF draws, and shapes Arabic from its features)."""
    font = TTFont(path)
    font.recalcTimestamp = False  # the font's own date, as embedding the whole font kept it
    options = subset.Options()
    options.drop_tables += ["FFTM"]  # FontForge's timestamps, which fontTools cannot cut
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.glyph_names = True
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(characters)))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
