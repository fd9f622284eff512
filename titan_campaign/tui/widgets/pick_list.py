"""A list to pick one entry from by keyboard or mouse, where a click looks before it leaps."""

from __future__ import annotations

from typing import Self

from textual import events
from textual.widgets import OptionList


class PickList(OptionList):
    """An ``OptionList`` whose first click on an entry only highlights it, so that its rules
    text shows before anything is picked; a second click on the same entry picks it, as Enter
    does. The entry highlighted as the list opens is no exception: one click on it picked it
    unseen. ``by_first_click``: whether a selection just made was such a first click."""

    _pressed_on: int | None = None
    _pressed = False
    _last_clicked: int | None = None

    def focus_on_click(self) -> bool:
        """Called as a click begins: the entry highlighted then is kept for the click."""
        self._pressed, self._pressed_on = True, self.highlighted
        return super().focus_on_click()

    def on_key(self, event: events.Key) -> None:
        self._pressed = False  # Enter picks what is highlighted, whatever was clicked before
        self._last_clicked = None

    def clear_options(self) -> Self:
        self._last_clicked = None  # new entries: none of them clicked yet
        return super().clear_options()

    def by_first_click(self, index: int) -> bool:
        """Whether the selection of entry ``index`` came of a click that is not the second on
        it (it is highlighted now, and nothing is picked)."""
        clicked, self._pressed = self._pressed, False
        if not clicked:
            return False
        again = index == self._pressed_on == self._last_clicked
        self._last_clicked = index
        return not again
