"""The Textual application: campaigns, roster and the Titan Character Sheet.

A thin layer: every rule decision comes from the rules core, every write goes through the
``Keeper`` (one store session each, refused if the file changed meanwhile).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, TypeVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ..rules.errors import RuleError
from ..rules.names import UnknownName, name_key

if TYPE_CHECKING:
    from textual.command import Provider

    from ..store.repository import TitanRecord
    from .keeper import Keeper

T = TypeVar("T")


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
        self._database_read = False

    def on_mount(self) -> None:
        if not self._draw_kept_sheet():
            self.read_database()

    def _draw_kept_sheet(self) -> bool:
        """A sheet asked for at start is first drawn from the figures kept beside the Titan's
        history (read with the standard library, nothing replayed); the database is read right
        after that first frame, and the boxes that may be checked follow."""
        if self.open_titan is None:
            return False
        from ..sheet_cache import cached_sheet

        kept = cached_sheet(self.db_path, self.open_titan, self.open_campaign)
        if kept is None:
            return False
        from .screens.sheet import SheetScreen

        self.push_screen(SheetScreen(kept=kept))
        self.call_after_refresh(self.call_later, self.read_database)
        return True

    def read_database(self) -> None:
        """Read the database (once) and show what was asked for at start."""
        if self._database_read:
            return
        self._database_read = True
        from .keeper import Keeper, StoreError
        from .screens.sheet import SheetScreen

        kept = next(
            (s for s in self.screen_stack if isinstance(s, SheetScreen) and s.kept is not None),
            None,
        )
        try:
            self.keeper = Keeper(self.db_path)
        except StoreError as error:
            from .screens.forms import ProblemScreen

            self._show(ProblemScreen(str(error)), instead_of=kept)
            return
        requested = self._requested()
        if requested is None:
            from .screens.campaigns import CampaignsScreen

            self._show(CampaignsScreen(), instead_of=kept)
            return
        campaign_id, titan_id = requested
        if titan_id is None:
            from .screens.roster import RosterScreen

            self._show(RosterScreen(campaign_id), instead_of=kept)
        elif kept is not None:
            kept.show_titan(campaign_id, titan_id)
        else:
            self.push_screen(SheetScreen(campaign_id, titan_id))

    def _show(self, screen: Screen[None], instead_of: Screen[None] | None) -> None:
        if instead_of is not None and instead_of is self.screen:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _requested(self) -> tuple[int, int | None] | None:
        """The campaign id (and Titan id) asked for at start: the screens under a directly
        opened screen are made when Escape goes back to them."""
        if self.keeper is None or (self.open_campaign is None and self.open_titan is None):
            return None
        from .keeper import StoreError

        campaigns = self.keeper.campaigns()
        if self.open_campaign is not None:
            wanted = name_key(self.open_campaign)
            campaigns = [c for c in campaigns if name_key(c.name) == wanted]
            if not campaigns:
                self.notify(f'No campaign named "{self.open_campaign}".', severity="warning")
                return None
        if self.open_titan is None:
            return campaigns[0].id, None
        for campaign in campaigns:
            try:
                return campaign.id, self.keeper.find_titan(campaign.id, self.open_titan).id
            except StoreError:
                continue
        self.notify(f'No Titan named "{self.open_titan}".', severity="warning")
        return (campaigns[0].id, None) if self.open_campaign is not None else None

    @property
    def store(self) -> Keeper:
        self.read_database()  # at once, should a key come before the first frame was drawn
        assert self.keeper is not None
        return self.keeper

    # --- acting through the store ---------------------------------------------------

    def attempt(self, action: Callable[[], T]) -> T | None:
        """Run one change; a refusal becomes a notification, never a traceback."""
        from pydantic import ValidationError

        from ..rules.events import explain
        from .keeper import Stale, StoreError

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

        self.read_database()  # first: a sheet drawn from the kept figures may need replacing
        if not isinstance(self.screen, ReferenceScreen):
            self.push_screen(ReferenceScreen())


def run_app(path: Path, campaign: str | None = None, titan: str | None = None) -> int:
    """Open the application on the database at ``path`` (on a campaign's roster or a Titan's
    sheet when named); the exit status."""
    app = TitanCampaignApp(path, open_campaign=campaign, open_titan=titan)
    app.run()
    return app.return_code or 0


__all__ = ["TitanCampaignApp", "run_app"]
