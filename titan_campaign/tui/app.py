"""The Textual application: campaigns, roster and the Titan Character Sheet.

A thin layer: the screens collect input and show results; every read and every change is one
call of ``actions`` (the same functions the command line calls), so the rules decide and the
store saves. A refusal becomes a notification, never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar, TypeVar

from pydantic import ValidationError
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from .. import actions
from ..rules.errors import RuleError
from ..rules.events import explain
from ..rules.names import UnknownName
from ..store import Database, StoreError
from .commands import ActionsProvider
from .screens.campaigns import CampaignsScreen
from .screens.forms import ProblemScreen
from .screens.reference import ReferenceScreen
from .screens.roster import RosterScreen
from .screens.sheet import SheetScreen

T = TypeVar("T")


class TitanCampaignApp(App[int]):
    """Campaign Titan: the character sheet you use between games."""

    TITLE = "Campaign Titan"
    CSS_PATH = "app.tcss"
    COMMANDS = App.COMMANDS | {ActionsProvider}
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
        self.db = Database(db_path)
        self.open_campaign = open_campaign
        self.open_titan = open_titan

    def on_mount(self) -> None:
        self.push_screen(self.first_screen())

    def first_screen(self) -> Screen[None]:
        """What was asked for at start: a Titan's sheet, a campaign's roster, or the campaign
        list. The screens under a directly opened one are made when Escape goes back to them."""
        not_found = ""
        if self.open_titan is not None:
            try:
                view = actions.read_titan(self.db, self.open_titan, self.open_campaign)
                return SheetScreen(view.campaign, view.state.name, view.state)
            except (StoreError, RuleError) as error:
                not_found = str(error)
        try:
            actions.read_campaigns(self.db)  # a damaged file is said before anything else
        except StoreError as error:
            return ProblemScreen(str(error))
        if not_found:
            self.notify(not_found, severity="warning")
        if self.open_campaign is None:
            return CampaignsScreen()
        opened = self.attempt(lambda: actions.read_campaign(self.db, self.open_campaign))
        return CampaignsScreen() if opened is None else RosterScreen(opened.name)

    # --- acting through actions -----------------------------------------------------

    def attempt(self, action: Callable[[], T]) -> T | None:
        """Run one read or change; a refusal becomes a notification, never a traceback."""
        try:
            return action()
        except RuleError as error:
            self.notify(str(error), title="Refused", severity="warning")
        except (StoreError, UnknownName) as error:
            self.notify(str(error), title="Not saved", severity="error")
        except ValidationError as error:
            self.notify(explain(error), title="Refused", severity="warning")
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

    def campaign_in_view(self) -> str | None:
        """The campaign the topmost screen that shows one is about."""
        for screen in reversed(self.screen_stack):
            getter: Callable[[], str | None] | None = getattr(screen, "campaign_in_view", None)
            if getter is not None and (campaign := getter()) is not None:
                return campaign
        return None

    # --- undo / redo everywhere -----------------------------------------------------

    def action_undo(self) -> None:
        campaign = self.campaign_in_view()
        if campaign is None:
            self.notify("Open a campaign to undo its latest change.")
            return
        undone = self.attempt(lambda: actions.undo(self.db, campaign))
        if undone is not None:
            self.notify(f"Undone: {undone.change.text}", title=f"Undo in {undone.campaign.name}")
            self.refresh_view()

    def action_redo(self) -> None:
        campaign = self.campaign_in_view()
        if campaign is None:
            self.notify("Open a campaign to redo a change.")
            return
        redone = self.attempt(lambda: actions.redo(self.db, campaign))
        if redone is not None:
            notes = [
                f"{name}: {note}" for name, step in redone.steps.items() for note in step.notes
            ]
            self.notify(
                "\n".join([f"Redone: {redone.change.text}", *notes]),
                title=f"Redo in {redone.campaign.name}",
            )
            self.refresh_view()

    def action_reference(self) -> None:
        if not isinstance(self.screen, ReferenceScreen):
            self.push_screen(ReferenceScreen())


def run_app(path: Path, campaign: str | None = None, titan: str | None = None) -> int:
    """Open the application on the database at ``path`` (on a campaign's roster or a Titan's
    sheet when named); the exit status."""
    app = TitanCampaignApp(path, open_campaign=campaign, open_titan=titan)
    app.run()
    return app.return_code or 0


__all__ = ["TitanCampaignApp", "run_app"]
