"""What printouts derive from the installed font files, kept in the user's cache folder.

Reading a font's tables takes longer than anything else a printout does (the shipped fonts'
character maps and advance widths, about 0.1 s; a CJK font's, about 0.3 s; a cut-down font,
up to a second), so each result is kept in the cache folder for the next printout: the
``FontFacts`` of a font file, and cut-down fonts (``cached_subset``). Every entry is keyed by
the font file's content (its SHA-256), never by its name or time, so a changed font is never
read from an old entry. A cache folder that cannot be read or written only costs the time to
work the entry out again.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import platformdirs
from fontTools import version as fonttools_version  # type: ignore[import-untyped]
from pydantic import BaseModel, ConfigDict, ValidationError

CACHE_LIMIT = 200
"""The most font subsets kept in the cache folder; past it the folder is emptied and refilled."""

FACTS_FORMAT = "1"
"""Changes when ``FontFacts`` changes shape, so an entry of another shape is never read."""


class FontFacts(BaseModel):
    """What a printout needs to know of a font file without reading it: its letters and their
    advance widths, in font units. ``runs`` lists ``(first, last, advance)``: every code point
    from ``first`` to ``last`` has a glyph of that advance width."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    units_per_em: int
    missing: int
    """The advance width of the glyph drawn for a letter the font lacks (``.notdef``)."""
    runs: tuple[tuple[int, int, int], ...]

    def advances(self) -> dict[int, int]:
        """The advance width of each code point the font draws."""
        return {
            code: advance for first, last, advance in self.runs for code in range(first, last + 1)
        }


def runs_of(advances: dict[int, int]) -> tuple[tuple[int, int, int], ...]:
    """``advances`` (code point: width) as runs of consecutive code points of one width."""
    runs: list[tuple[int, int, int]] = []
    for code in sorted(advances):
        advance = advances[code]
        if runs and runs[-1][1] == code - 1 and runs[-1][2] == advance:
            runs[-1] = (runs[-1][0], code, advance)
        else:
            runs.append((code, code, advance))
    return tuple(runs)


def cache_root() -> Path:
    return Path(platformdirs.user_cache_dir("titan-campaign", appauthor=False))


def cache_folder() -> Path:
    """Where cut-down fonts are kept between printouts: the user's cache folder."""
    return cache_root() / "font-subsets"


@lru_cache(maxsize=16)
def file_digest(path: Path) -> str:
    """The SHA-256 of the font file's content (read once a process)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _write_whole(entry: Path, content: bytes) -> None:
    """Write ``entry`` whole or not at all: never a half-written file in the cache, for a
    printout reading meanwhile (another command, another served tab) or after a power cut,
    and no part left behind when the write fails."""
    entry.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=entry.parent, suffix=".part", delete=False) as part:
        try:
            part.write(content)
            part.flush()
            os.fsync(part.fileno())
        except BaseException:
            part.close()
            os.unlink(part.name)
            raise
    try:
        os.replace(part.name, entry)
    except BaseException:
        os.unlink(part.name)
        raise


def cached_facts(path: Path, read: Callable[[], FontFacts]) -> FontFacts:
    """The ``FontFacts`` of the font file at ``path``: from the cache folder, or ``read()``
    from the font (and kept) when no entry of its content is there, or the entry is damaged."""
    entry = cache_root() / "font-facts" / f"{file_digest(path)}-{FACTS_FORMAT}.json"
    try:
        return FontFacts.model_validate_json(entry.read_bytes())
    except (OSError, ValidationError):
        pass
    facts = read()
    try:
        _write_whole(entry, facts.model_dump_json().encode("utf-8"))
    except OSError:
        pass
    return facts


def cached_subset(
    path: Path, characters: frozenset[str], cut: str, make: Callable[[], bytes]
) -> bytes:
    """The subset ``make()`` builds of the font file at ``path``, from the cache folder when an
    earlier printout built it already. The key is the font file's content, the letters, the cut
    and the fontTools version, so a changed font or library never reuses an old subset."""
    key = "\n".join([file_digest(path), fonttools_version, cut, "".join(sorted(characters))])
    folder = cache_folder()
    entry = folder / f"{hashlib.sha256(key.encode('utf-8')).hexdigest()}.ttf"
    try:
        return entry.read_bytes()
    except OSError:
        pass
    font = make()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        kept = list(folder.glob("*.ttf"))
        if len(kept) >= CACHE_LIMIT:
            for old in kept:
                old.unlink(missing_ok=True)
        _write_whole(entry, font)
    except OSError:
        pass
    return font
