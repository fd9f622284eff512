"""How the notes shown at once (Textual's toasts) share the screen above the key bar: each is
read whole, or cut where it says that f2 shows it all, never partly off the screen."""

from __future__ import annotations

CUT = "(f2: the whole note)"
"""The last line of a note cut to fit (f2 lists every note whole)."""
FEWEST_CUT = 3
"""The fewest lines a cut note shows: its first line, "…" and ``CUT``."""
FRAME_ROWS = 3
"""The rows a note takes besides its lines: the gap above it and its padding above and below
(its title takes one more)."""


def shares(needs: list[int], room: int, most: int) -> list[int]:
    """The lines each note may show, of ``room`` lines they share: an even share each, none
    more than ``most``; a note needing fewer gives the rest to the others."""
    given = [0] * len(needs)
    left = room
    by_need = sorted(range(len(needs)), key=lambda index: needs[index])
    for done, index in enumerate(by_need):
        given[index] = max(0, min(needs[index], most, left // (len(needs) - done)))
        left -= given[index]
    return given


def all_fit(needs: list[int], given: list[int]) -> bool:
    """Whether every note is read whole in its lines, or cut there saying so."""
    return all(
        need <= lines or lines >= FEWEST_CUT for need, lines in zip(needs, given, strict=True)
    )


def cut_to(lines: list[str], room: int) -> str:
    """A note's wrapped ``lines`` as shown in ``room`` lines: whole, or its first lines, "…"
    and ``CUT``."""
    if len(lines) <= room:
        return "\n".join(lines)
    kept = lines[: max(FEWEST_CUT, room) - 2]
    return "\n".join([*kept, "…", CUT])
