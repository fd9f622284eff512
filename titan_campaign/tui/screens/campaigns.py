"""First run (welcome) and the campaign list."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ... import actions
from ...rules.campaign import Campaign
from .. import places
from ..refusals import Refusal
from ..upright import KeyButton, buttons_side_by_side
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from .base import database, titan_app
from .forms import ConfirmModal, NewCampaignModal, TextModal

EXAMPLE_NAME = "example-campaign.json"
WELCOME = (
    "Welcome to Campaign Titan.\n\n"
    "Keep your Titans' character sheets here between games: record each game, spend the XP, "
    "pick spells and honor guards. Start a new campaign, or load the example campaign to look around."
)


def example_campaign_file() -> Path | None:
    """``sheets/example-campaign.json`` beside the package (repository or installed copy)."""
    package = Path(__file__).resolve().parents[2]
    for folder in (package.parent / "sheets", package / "sheets"):
        if (folder / EXAMPLE_NAME).is_file():
            return folder / EXAMPLE_NAME
    return None


BUTTONS_SIDE_BY_SIDE = 56
"""The narrowest screen with room for the list's two buttons side by side (18 and 31 cells,
each with its margin, and the page's)."""


class CampaignList(OptionList):
    """The campaigns: a click on one not highlighted highlights it, for r and d to act on (as
    on the roster's list of Titans); a click on the highlighted one, or Enter, opens it."""

    def on_click(self, event: events.Click) -> None:
        clicked = event.style.meta.get("option")
        if clicked is not None and clicked != self.highlighted:
            event.prevent_default()  # not opened: the list's own click would open it
            self.highlighted = clicked


class CampaignsScreen(Screen[None]):
    """The campaign list (a welcome on first run): undo and redo act on the campaign
    highlighted."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,o", "open_campaign", "Open", id="campaigns.open"),  # shown: how to go in
        Binding("n", "new_campaign", "New campaign", id="campaigns.new"),
        Binding("e", "load_example", "Load example", id="campaigns.example"),
        Binding("r", "rename", "Rename", id="campaigns.rename"),
        Binding("d", "delete", "Delete", id="campaigns.delete"),
        Binding("k", "backups", "Backups", id="campaigns.backups"),
    ]
    HORIZONTAL_BREAKPOINTS = buttons_side_by_side(BUTTONS_SIDE_BY_SIDE)

    def __init__(self) -> None:
        super().__init__()
        self._listed: list[actions.CampaignView] = []  # the campaigns listed, in order

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="campaigns-page"):
            yield Static("CAMPAIGN TITAN", classes="page-title")
            yield Static(WELCOME, id="welcome")
            yield CampaignList(id="campaign-list")
            with Horizontal(classes="buttons"):
                yield KeyButton("New campaign", "n", "primary", id="new-campaign")
                yield KeyButton("Load the example campaign", "e", id="load-example")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_view()
        titan_app(self).remember_campaign(None)

    def on_screen_resume(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        db = database(self)
        views = titan_app(self).try_action(lambda: actions.campaign_views(db))
        if isinstance(views, Refusal):  # a file that cannot be read is no empty database
            titan_app(self).cannot_open(views.message)
            return
        listing = self.query_one("#campaign-list", OptionList)
        was = listing.highlighted or 0
        if was < len(self._listed):  # the same campaign stays highlighted, wherever it is now
            refs = [view.ref for view in views]
            kept = self._listed[was].ref
            was = refs.index(kept) if kept in refs else was
        self._listed = views
        campaigns = [view.campaign for view in views]
        welcome = self.query_one("#welcome", Static)
        welcome.display = not campaigns
        listing.display = bool(campaigns)
        listing.clear_options()
        listing.add_options(Option(plain(f"{c.name}   (base XP {c.base_xp})")) for c in campaigns)
        if campaigns:
            listing.highlighted = min(was, len(campaigns) - 1)
            listing.focus()
        else:
            self.query_one("#new-campaign", Button).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_index < len(self._listed):
            titan_app(self).open(places.Roster(self._listed[event.option_index].ref))

    def action_open_campaign(self) -> None:
        """The highlighted campaign's roster (the list's own Enter does the same)."""
        view = self.highlighted()
        if view is not None:
            titan_app(self).open(places.Roster(view.ref))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "new-campaign":
            self.action_new_campaign()
        else:
            self.action_load_example()

    def action_new_campaign(self) -> None:
        self.app.push_screen(NewCampaignModal(), self._create)

    def _create(self, created: object) -> None:
        if isinstance(created, actions.CampaignView):
            self.notify(
                f'Campaign "{created.name}" created: every Titan starts with {created.campaign.base_xp} XP.'
            )
            self.refresh_view()
            refs = [view.ref for view in self._listed]
            if created.ref in refs:  # highlighted when the player comes back from its roster
                self.query_one("#campaign-list", OptionList).highlighted = refs.index(created.ref)
            titan_app(self).open(places.Roster(created.ref))

    def _highlighted(self) -> actions.CampaignView | None:
        number = self.query_one("#campaign-list", OptionList).highlighted
        if number is None or number >= len(self._listed):
            return None
        return self._listed[number]

    def highlighted_campaign(self) -> actions.CampaignRef | None:
        """The campaign highlighted (what undo and redo act on here), or None."""
        view = self._highlighted()
        return view.ref if view is not None else None

    def highlighted(self) -> actions.CampaignView | None:
        """The campaign highlighted, for a key about it; None, said so, when there is none."""
        view = self._highlighted()
        if view is None:
            self.notify("No campaign yet: n starts one.")
        return view

    def action_rename(self) -> None:
        campaign = self.highlighted()
        if campaign is None:
            return
        db = database(self)
        self.app.push_screen(
            TextModal(
                f"Rename {campaign.name}",
                "New name",
                campaign.name,
                "name",
                lambda name: actions.rename_campaign(db, campaign.ref, name),
            ),
            self._renamed,
        )

    def _renamed(self, renamed: object) -> None:
        if isinstance(renamed, Campaign):
            self.notify(f'Campaign renamed "{renamed.name}".')
            self.refresh_view()

    def action_delete(self) -> None:
        campaign = self.highlighted()
        if campaign is None:
            return
        kept = actions.backed_up_before_delete()

        def answered(delete: bool | None) -> None:
            if not delete:
                return
            db = database(self)
            deleted = titan_app(self).attempt(lambda: actions.delete_campaign(db, campaign.ref))
            if deleted is not None:
                self.notify(
                    f'Campaign "{deleted.name}" deleted. It is kept in the backups (k): '
                    "restoring the newest one brings it back."
                    if kept
                    else f'Campaign "{deleted.name}" deleted: {actions.NO_BACKUP_KEPT}.'
                )
                self.refresh_view()

        self.app.push_screen(DeleteCampaignModal(campaign.ref, campaign.name, kept), answered)

    def action_backups(self) -> None:
        titan_app(self).open(places.Backups())

    def action_load_example(self) -> None:
        path = example_campaign_file()
        if path is None:
            self.notify(
                f"The example campaign file (sheets/{EXAMPLE_NAME}) is not installed.",
                severity="warning",
            )
            return
        db = database(self)
        imported = titan_app(self).attempt(lambda: actions.import_campaigns(db, path))
        if imported is not None:
            merged = imported.merged
            if merged is None:
                said = f"Loaded {', '.join(imported.campaigns)}."
            elif imported.deleted_here:  # a merge keeps it deleted
                said = (
                    "Nothing loaded: the example campaign was deleted here, and loading it keeps"
                    " it deleted. A backup from before the delete brings it back (k: backups)."
                )
            elif merged.brings_nothing:
                said = "The example campaign is here already (changes since kept): nothing loaded."
            else:
                said = merged.text
            self.notify(said, title="Example campaign")
            self.refresh_view()


class DeleteCampaignModal(ConfirmModal):
    """Delete a campaign? It asks about the campaign by its id: renamed elsewhere while open,
    the question names it as it is called now; deleted elsewhere, it closes saying so (the
    app's ``close_gone``, as every screen of a campaign does)."""

    def __init__(self, campaign: actions.CampaignRef, name: str, kept: bool) -> None:
        self.campaign, self.campaign_name, self.kept = campaign, name, kept
        super().__init__("Delete a campaign", self._question(), "Delete", "Keep it")

    def _question(self) -> str:
        return f'Delete "{self.campaign_name}" and every Titan in it? ' + (
            "The database as it is now is kept as a backup (see Backups, k)."
            if self.kept
            else f"It cannot be brought back ({actions.NO_BACKUP_KEPT})."
        )

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.campaign

    def refresh_view(self) -> None:
        """A change saved elsewhere: the campaign's name as it is now."""
        app = titan_app(self)
        now = app.try_action(lambda: actions.read_campaign(app.db, self.campaign))
        if isinstance(now, Campaign) and now.name != self.campaign_name:
            self.campaign_name = now.name
            self.question = self._question()
            self.query_one("#question", Static).update(plain(self.question))
