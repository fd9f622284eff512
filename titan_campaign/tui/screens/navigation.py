"""Going back: to the screen underneath, or to a directly opened screen's natural parent."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen


def go_back(screen: Screen[Any], fallback: Callable[[], Screen[Any]]) -> None:
    if len(screen.app.screen_stack) > 2:
        screen.app.pop_screen()
    else:
        screen.app.switch_screen(fallback())
