"""Text shown as written: names and notes typed by players are never read as markup."""

from __future__ import annotations

from textual.content import Content


def plain(text: str) -> Content:
    return Content(text)
