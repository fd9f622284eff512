"""What every screen reaches through the application: the database and ``attempt``; and what
every screen about one Titan shares."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.message_pump import MessagePump

from ... import actions
from ...rules.titan import TitanState
from ..upright import UPRIGHT, UPRIGHT_WIDTH

__all__ = ["UPRIGHT", "UPRIGHT_WIDTH", "OneTitan", "database", "titan_app"]

if TYPE_CHECKING:
    from ..app import TitanCampaignApp


def titan_app(node: MessagePump) -> TitanCampaignApp:
    return cast("TitanCampaignApp", node.app)


def database(node: MessagePump) -> actions.Database:
    return titan_app(node).db


class OneTitan:
    """A screen or modal about one Titan, held by id: a rename made anywhere never loses it.
    Its state (and its campaign's name) is read afresh each time, so a change made elsewhere
    (say by the command line) shows."""

    def __init__(self, titan: actions.TitanRef, campaign_name: str = "") -> None:
        super().__init__()
        self.titan = titan
        self.campaign_name = campaign_name
        """The campaign's name as last read (shown, never used to find it)."""

    @property
    def campaign(self) -> actions.CampaignRef:
        return self.titan.campaign

    @property
    def db(self) -> actions.Database:
        return database(self)  # type: ignore[arg-type]

    def read_view(self) -> actions.TitanView | None:
        """The Titan as saved now (None, and the player told why, if it cannot be read)."""
        app = titan_app(self)  # type: ignore[arg-type]
        view = app.attempt(lambda: actions.read_titan(app.db, self.titan))
        if view is not None:
            self.campaign_name = view.campaign
        return view

    def read_state(self) -> TitanState | None:
        view = self.read_view()
        return None if view is None else view.state

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.campaign

    def titan_in_view(self) -> actions.TitanRef | None:
        """The Titan that undo and redo act on while this screen is on top."""
        return self.titan
