"""First run (welcome) and the campaign list."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ...store.exchange import import_data
from ..keeper import Keeper
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from .base import keeper, titan_app
from .forms import NewCampaign, NewCampaignModal

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


class CampaignsScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_campaign", "New campaign", id="campaigns.new"),
        Binding("e", "load_example", "Load example", id="campaigns.example"),
        Binding("b", "backups", "Backups", id="campaigns.backups"),
        Binding("q", "app.quit", "Quit", id="campaigns.quit"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="campaigns-page"):
            yield Static("CAMPAIGN TITAN", classes="page-title")
            yield Static(WELCOME, id="welcome")
            yield OptionList(id="campaign-list")
            with Horizontal(classes="buttons"):
                yield Button("New campaign (n)", id="new-campaign", variant="primary")
                yield Button("Load the example campaign (e)", id="load-example")
        yield KeyBar()

    @property
    def keeper(self) -> Keeper:
        return keeper(self)

    def on_mount(self) -> None:
        self.refresh_view()

    def on_screen_resume(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        campaigns = self.keeper.campaigns()
        welcome = self.query_one("#welcome", Static)
        listing = self.query_one("#campaign-list", OptionList)
        welcome.display = not campaigns
        listing.display = bool(campaigns)
        listing.clear_options()
        listing.add_options(
            Option(plain(f"{c.name}   (base XP {c.base_xp})"), id=str(c.id)) for c in campaigns
        )
        if campaigns:
            listing.highlighted = 0
            listing.focus()
        else:
            self.query_one("#new-campaign", Button).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from .roster import RosterScreen

        self.app.push_screen(RosterScreen(int(event.option.id or 0)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "new-campaign":
            self.action_new_campaign()
        else:
            self.action_load_example()

    def action_new_campaign(self) -> None:
        self.app.push_screen(NewCampaignModal(), self._create)

    def _create(self, form: object) -> None:
        if not isinstance(form, NewCampaign):
            return
        created = titan_app(self).attempt(
            lambda: self.keeper.write(lambda s: s.add_campaign(form.name, form.base_xp))
        )
        if created is not None:
            self.notify(
                f'Campaign "{created.name}" created: every Titan starts with {created.base_xp} XP.'
            )
            self.refresh_view()
            from .roster import RosterScreen

            self.app.push_screen(RosterScreen(created.id))

    def action_backups(self) -> None:
        from .backups import BackupsScreen

        self.app.push_screen(BackupsScreen())

    def action_load_example(self) -> None:
        path = example_campaign_file()
        if path is None:
            self.notify(
                f"The example campaign file (sheets/{EXAMPLE_NAME}) is not installed.",
                severity="warning",
            )
            return
        names = titan_app(self).attempt(lambda: self.keeper.write(lambda s: import_data(s, path)))
        if names:
            self.notify(f"Loaded {', '.join(names)}.", title="Example campaign")
            self.refresh_view()
