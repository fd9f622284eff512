"""Text shown as written: names and notes typed by players are never read as markup, and a
character that would act on the terminal is shown as a visible escape (``\\x1b``). The line
breaks the app itself puts between lines stay line breaks (a player's text holds none: it is
refused when typed, and shown escaped when read from an older file)."""

from __future__ import annotations

from textual.content import Content

from ...rules.printable import shown_lines


def plain(text: str) -> Content:
    return Content(shown_lines(text))
