"""The Textual application: campaigns, roster and the Titan Character Sheet.

A thin layer: every rule decision comes from the rules core, every write goes through the
``Keeper`` (one store session each, refused if the file changed meanwhile).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, TypeVar

from pydantic import ValidationError
from textual.app import App
from textual.binding import Binding, BindingType

from ..rules.errors import RuleError
from ..rules.names import UnknownName
from ..store.repository import TitanRecord
from .keeper import Keeper, Stale, StoreError

if TYPE_CHECKING:
    from textual.command import Provider

T = TypeVar("T")


def validation_message(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"] if not isinstance(part, int))
    message = str(first["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def actions_provider() -> type[Provider]:
    from .commands import ActionsProvider

    return ActionsProvider


class TitanCampaignApp(App[int]):
    """Campaign Titan: the character sheet you use between games."""

    TITLE = "Campaign Titan"
    CSS_PATH = "app.tcss"
    COMMANDS = App.COMMANDS | {actions_provider}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo", id="app.undo"),
        Binding("ctrl+y", "redo", "Redo", id="app.redo"),
        Binding("f1", "reference", "Reference", id="app.reference"),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True, show=False),
    ]

    def __init__(
        self, db_path: Path, open_campaign: str | None = None, open_titan: str | None = None
    ) -> None:
        super().__init__()
        self.db_path = db_path
        self.open_campaign = open_campaign
        self.open_titan = open_titan
        self.keeper: Keeper | None = None

    def on_mount(self) -> None:
        try:
            self.keeper = Keeper(self.db_path)
        except StoreError as error:
            from .screens.forms import ProblemScreen

            self.push_screen(ProblemScreen(str(error)))
            return
        if not self._open_requested():
            from .screens.campaigns import CampaignsScreen

            self.push_screen(CampaignsScreen())

    def _open_requested(self) -> bool:
        """Open a campaign's roster or a Titan's sheet at start, alone: the screens under it
        are made when Escape goes back to them."""
        if self.open_campaign is None or self.keeper is None:
            return False
        campaign = next((c for c in self.keeper.campaigns() if c.name == self.open_campaign), None)
        if campaign is None:
            return False
        record = None
        if self.open_titan is not None:
            try:
                record = self.keeper.find_titan(campaign.id, self.open_titan)
            except StoreError:
                record = None
        if record is not None:
            from .screens.sheet import SheetScreen

            self.push_screen(SheetScreen(campaign.id, record.id))
        else:
            from .screens.roster import RosterScreen

            self.push_screen(RosterScreen(campaign.id))
        return True

    @property
    def store(self) -> Keeper:
        assert self.keeper is not None
        return self.keeper

    # --- acting through the store ---------------------------------------------------

    def attempt(self, action: Callable[[], T]) -> T | None:
        """Run one change; a refusal becomes a notification, never a traceback."""
        try:
            return action()
        except RuleError as error:
            self.notify(str(error), title="Refused", severity="warning")
        except Stale as error:
            self.notify(str(error), title="Reloaded", severity="warning", timeout=8)
            self.refresh_view()
        except (StoreError, UnknownName) as error:
            self.notify(str(error), title="Not saved", severity="error")
        except ValidationError as error:
            self.notify(validation_message(error), title="Refused", severity="warning")
        except OSError as error:
            where = getattr(error, "filename", "") or ""
            self.notify(
                f"{where} {error.strerror or error}".strip(), title="Not saved", severity="error"
            )
        return None

    def refresh_view(self) -> None:
        refresh: Callable[[], None] | None = getattr(self.screen, "refresh_view", None)
        if refresh is not None:
            refresh()

    def titan_in_view(self) -> TitanRecord | None:
        """The Titan the topmost screen that shows one is about."""
        for screen in reversed(self.screen_stack):
            getter: Callable[[], TitanRecord | None] | None = getattr(screen, "titan_in_view", None)
            if getter is not None:
                record = getter()
                if record is not None:
                    return record
        return None

    # --- undo / redo everywhere -----------------------------------------------------

    def action_undo(self) -> None:
        from ..rules.describe import describe

        record = self.titan_in_view()
        if record is None:
            self.notify(
                "Open a Titan's sheet (or highlight one in the roster) to undo its latest change."
            )
            return
        done = self.attempt(lambda: self.store.undo(record))
        if done is not None:
            self.notify(f"{record.name}: undone: {describe(done[1])}", title="Undo")  # type: ignore[arg-type]
            self.refresh_view()

    def action_redo(self) -> None:
        from ..rules.describe import describe

        record = self.titan_in_view()
        if record is None:
            self.notify("Open a Titan's sheet (or highlight one in the roster) to redo a change.")
            return
        done = self.attempt(lambda: self.store.redo(record))
        if done is not None:
            saved, step = done
            lines = [f"{saved.name}: redone: {describe(saved.log.events[-1])}", *step.notes]
            self.notify("\n".join(lines), title="Redo")
            self.refresh_view()

    def action_reference(self) -> None:
        from .screens.reference import ReferenceScreen

        if not isinstance(self.screen, ReferenceScreen):
            self.push_screen(ReferenceScreen())


def run_app(path: Path) -> int:
    """Open the application on the database at ``path``; the exit status."""
    app = TitanCampaignApp(path)
    app.run()
    return app.return_code or 0


__all__ = ["TitanCampaignApp", "run_app", "validation_message"]
