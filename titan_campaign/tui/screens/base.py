"""What every screen reaches through the application: the store keeper and ``attempt``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message_pump import MessagePump

if TYPE_CHECKING:
    from ..app import TitanCampaignApp
    from ..keeper import Keeper


def titan_app(node: MessagePump) -> TitanCampaignApp:
    from ..app import TitanCampaignApp

    app = node.app
    assert isinstance(app, TitanCampaignApp)
    return app


def keeper(node: MessagePump) -> Keeper:
    return titan_app(node).store
