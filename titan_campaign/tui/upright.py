"""How narrow a screen is when it is a served tab on a phone held upright."""

from __future__ import annotations

UPRIGHT_WIDTH = 40
"""A screen narrower than this is a served tab on a phone held upright (about 32 columns):
its tables keep to fewer, narrower columns, its dialogs stack their buttons and its key bar
keeps to two lines."""


def buttons_side_by_side(width: int) -> list[tuple[int, str]]:
    """``HORIZONTAL_BREAKPOINTS`` of a screen whose buttons need ``width`` columns side by
    side: on a narrower screen (a phone held upright, a terminal split in two) it is
    ``-upright``, its buttons one above the other."""
    return [(0, "-upright"), (width, "-roomy")]


UPRIGHT = buttons_side_by_side(UPRIGHT_WIDTH)
"""A screen's ``HORIZONTAL_BREAKPOINTS``: under ``UPRIGHT_WIDTH`` it is ``-upright``; a
dialog's buttons then stand one above the other, each across the dialog, and its fields'
labels above them (see app.tcss)."""
