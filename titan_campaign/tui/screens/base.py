"""What every screen reaches through the application: the store keeper and ``attempt``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message_pump import MessagePump

if TYPE_CHECKING:
    from ...store.repository import TitanRecord
    from ..app import TitanCampaignApp
    from ..keeper import Keeper


def titan_app(node: MessagePump) -> TitanCampaignApp:
    from ..app import TitanCampaignApp

    app = node.app
    assert isinstance(app, TitanCampaignApp)
    return app


def keeper(node: MessagePump) -> Keeper:
    return titan_app(node).store


class OneTitan:
    """What every screen or modal about one Titan shares: which Titan, and the keeper that
    finds its current record (again each time, so a reload after an outside change shows)."""

    def __init__(self, campaign_id: int, titan_id: int) -> None:
        super().__init__()
        self.campaign_id = campaign_id
        self.titan_id = titan_id

    @property
    def keeper(self) -> Keeper:
        return keeper(self)  # type: ignore[arg-type]

    def titan_in_view(self) -> TitanRecord | None:
        return self.keeper.titan(self.campaign_id, self.titan_id)
