"""Game night in the browser: the character-sheet app served to every player's browser tab.

``titan-campaign serve`` runs textual-serve: each browser tab gets its own app process on the
same database, so every player levels up their own Titan at the same time. The store's lock
keeps concurrent changes from losing one another; the app's live views show each tab the
others' changes.

Safe by default: it listens on this computer only (127.0.0.1). On any other address a page
is served only with the random token printed at start (as a link and a QR code), so nobody
else on the network can open the campaign. Whatever the address, it answers only to the names
it was started for, no other site's page can frame a tab or open its websocket, the page loads
nothing from the internet, at most ``--max-tabs`` apps run at once, and no app outlives it.
"""

from __future__ import annotations

from .guard import is_loopback, listen_host
from .server import MAX_TABS, GameNightServer, TabStart, serve_game_night
from .tab import TabApp

__all__ = [
    "MAX_TABS",
    "GameNightServer",
    "TabApp",
    "TabStart",
    "is_loopback",
    "listen_host",
    "serve_game_night",
]
