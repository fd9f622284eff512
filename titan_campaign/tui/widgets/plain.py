"""Text shown as written: names and notes typed by players are never read as markup, and a
character that would act on the terminal is shown as a visible escape (``\\x1b``)."""

from __future__ import annotations

from textual.content import Content

from ...rules.printable import shown


def plain(text: str) -> Content:
    return Content(shown(text))
