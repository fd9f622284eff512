"""The screen shown instead of any other when the database cannot be opened."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain


class ProblemScreen(Screen[None]):
    """The database cannot be opened: say why, touch nothing, and offer its backups (k)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.quit", "Quit", id="problem.quit", show=False),
        Binding("k", "app.backups", "Backups", id="problem.backups"),
    ]

    def __init__(self, problem: str) -> None:
        super().__init__()
        self.problem = problem

    def compose(self) -> ComposeResult:
        yield Static(
            plain(
                f"The campaign database cannot be opened:\n\n{self.problem}\n\n"
                "Nothing was changed. k: see its backups and restore one (the damaged file is "
                "kept as a backup too)."
            ),
            id="problem",
        )
        yield KeyBar()
