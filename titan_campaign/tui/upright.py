"""How narrow a screen is when it is a served tab on a phone held upright."""

from __future__ import annotations

from collections.abc import Callable

from textual.dom import DOMNode
from textual.widgets import Button
from textual.widgets.button import ButtonVariant

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


def held_upright(node: DOMNode) -> bool:
    """The app is on a phone held upright (a served tab under ``UPRIGHT_WIDTH`` columns)."""
    return node.app.size.width < UPRIGHT_WIDTH


def key_named(node: DOMNode, key: str, tap: str) -> str:
    """A key in the words a player reads: ``key`` ("ctrl+z") at a keyboard; on a phone held
    upright, which has no ctrl key, ``tap``: the key bar's entry that does it ("Undo")."""
    return tap if held_upright(node) else key


def ctrl_s(node: DOMNode, tap: str) -> str:
    """How a form is saved: "ctrl+s", or on a phone the key bar's entry ("Save game")."""
    return key_named(node, "ctrl+s", tap)


def with_key(node: DOMNode, label: str, key: str) -> str:
    """A button that a key also presses: "New campaign (n)" at a keyboard; on a phone held
    upright, which has no keys, "New campaign" (the button itself is tapped)."""
    return label if held_upright(node) else f"{label} ({key})"


def when_turned(node: DOMNode, reword: Callable[[], None]) -> None:
    """``reword`` is called each time the phone is turned (the app goes upright or back):
    ``node``'s words naming keys or taps follow at once, not at the next form."""
    node.watch(node.app, "upright", reword, init=False)


class KeyButton(Button):
    """A button a key also presses: "Save (ctrl+s)" at a keyboard, "Save" on a phone held
    upright (``with_key``), named anew when the phone is turned."""

    def __init__(
        self, label: str, key: str, variant: ButtonVariant = "default", *, id: str | None = None
    ) -> None:
        super().__init__(label, variant, id=id)
        self.plain_label = label
        self.key = key
        self.reword()

    def on_mount(self) -> None:
        when_turned(self, self.reword)

    def reword(self) -> None:
        self.label = with_key(self, self.plain_label, self.key)
