"""What the app remembers between runs: the theme, the folder printed to last, and the campaign
opened last (by its id, so a campaign renamed elsewhere is still the one reopened; a file of an
earlier version that names it is honoured once, then kept by id).

One small JSON file in the user's config folder (``platformdirs.user_config_dir``). A missing,
unreadable or damaged file is ignored (the app starts with the defaults), and a file that
cannot be written is not worth an error: nothing of a campaign is kept here. An app served to
a browser tab (``SERVED_ENV``) only reads it: the tabs would overwrite one another's choices.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import platformdirs
from pydantic import StringConstraints

from .. import actions
from ..rules.facts import PRINTABLE, Facts, ShapeError, Text, parse, replaced, to_json

APP_NAME = "titan-campaign"
SERVED_ENV = "TITAN_CAMPAIGN_SERVED"
"""Set (to 1) by ``titan-campaign serve`` for each browser tab's app: many tabs share one
config folder, so a served app reads the settings but never writes them."""


Setting = Annotated[Text, StringConstraints(max_length=100), PRINTABLE]
Folder = Annotated[Text, StringConstraints(max_length=4096), PRINTABLE]


class Settings(Facts):
    theme: Setting | None = None
    last_campaign_id: Setting | None = None
    """The id of the campaign opened last (``actions.CampaignRef``)."""
    last_campaign: Setting | None = None
    """Its name, as earlier versions kept it: read once, then replaced by the id."""
    print_folder: Folder | None = None
    """The folder the latest printout was saved in: the next one is offered there."""


def settings_file() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME)) / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    """The remembered settings, or the defaults if there are none or they cannot be read."""
    try:
        data = json.loads((path or settings_file()).read_bytes())
        known = {
            key: data[key] for key in Settings.model_fields if key in data
        }  # a newer app's: ignored
        return parse(Settings, known)
    except (OSError, ValueError, TypeError, ShapeError):
        return Settings()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Remember ``settings`` (silently skipped if the config folder cannot be written)."""
    target = path or settings_file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        kept = {key: value for key, value in to_json(settings).items() if value is not None}
        actions.keep_file(target, json.dumps(kept).encode())
    except (OSError, actions.StoreError):
        pass


def served() -> bool:
    """Whether this app runs in a browser tab of ``titan-campaign serve``."""
    return os.environ.get(SERVED_ENV, "") not in ("", "0")


def remembered(path: Path | None = None, **changes: str | None) -> Settings:
    """Remember a changed setting (``theme=...`` or ``last_campaign_id=...``); the new settings.
    In a served app nothing is written."""
    current = load_settings(path)
    try:
        updated = replaced(current, **changes)
    except ShapeError:  # a folder named with a line break, say: not remembered
        return current
    if updated != current and not served():
        save_settings(updated, path)
    return updated
