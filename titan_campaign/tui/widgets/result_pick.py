"""A game's result for one Titan as ONE small widget: nothing picked until the player says
``w`` (won) or ``l`` (lost); space or enter flips it. There is no silent default. Disabled
(its Titan not taking part) it shows nothing, and shows what was picked once enabled again."""

from __future__ import annotations

from typing import ClassVar, Literal

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

Result = Literal["won", "lost"]


class ResultPick(Widget, can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "pick('won')", "Won", id="result.won", show=False),
        Binding("l", "pick('lost')", "Lost", id="result.lost", show=False),
        Binding("space,enter", "flip", "Won/lost", id="result.flip", show=False),
    ]
    DEFAULT_CSS = """
    ResultPick { width: 6; height: 1; }
    ResultPick:focus { background: $accent; color: $text; text-style: underline; }
    ResultPick.-invalid { color: $text-error; }
    """

    value: reactive[Result | None] = reactive(None, init=False)  # Changed only when picked
    _focused_before_click = False

    class Changed(Message):
        def __init__(self, pick: ResultPick) -> None:
            super().__init__()
            self.pick = pick

        @property
        def control(self) -> ResultPick:
            return self.pick

    def render(self) -> Text:
        if self.disabled:  # its Titan is not taking part: no result, what was picked kept
            return Text("")
        if self.value is None:
            return Text("w/l?", style="italic")
        return Text(self.value, style="bold")

    def watch_value(self) -> None:
        self.post_message(self.Changed(self))

    def action_pick(self, result: Result) -> None:
        self.value = result

    def action_flip(self) -> None:
        self.value = "lost" if self.value == "won" else "won"

    def focus_on_click(self) -> bool:
        """Focused by a click, as every field is; whether it had the focus before is kept for
        the click itself (``on_click``)."""
        self._focused_before_click = self.has_focus
        return True

    def on_click(self) -> None:
        """A click picks "won" where nothing is picked yet, and flips the result the player
        is on; on a result already picked, not focused, it only goes there (a click meant to
        move there flipped a result typed before)."""
        if self.value is None or self._focused_before_click:
            self.action_flip()
        self.focus()
