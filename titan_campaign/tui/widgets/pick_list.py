"""A list to pick one entry from by keyboard or mouse, where a click looks before it leaps."""

from __future__ import annotations

from textual import events
from textual.widgets import OptionList


class PickList(OptionList):
    """An ``OptionList`` whose click on an entry other than the highlighted one only
    highlights it, so that its rules text shows before anything is picked; a click on the
    highlighted entry picks it, as Enter does (a roster's row opens on a second click alike).
    ``by_click_on_another``: whether a selection just made was such a first click."""

    _pressed_on: int | None = None
    _pressed = False

    def focus_on_click(self) -> bool:
        """Called as a click begins: the entry highlighted then is kept for the click."""
        self._pressed, self._pressed_on = True, self.highlighted
        return super().focus_on_click()

    def on_key(self, event: events.Key) -> None:
        self._pressed = False  # Enter picks what is highlighted, whatever was clicked before

    def by_click_on_another(self, index: int) -> bool:
        """Whether the selection of entry ``index`` came of a click on an entry that was not
        highlighted when the click began (it is highlighted now, and nothing is picked)."""
        clicked, self._pressed = self._pressed, False
        return clicked and index != self._pressed_on
