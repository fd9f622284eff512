"""Where the campaign database lives: ``--db``, else $TITAN_CAMPAIGN_DB, else the user's data folder."""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "TITAN_CAMPAIGN_DB"


def default_db_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("titan-campaign", appauthor=False)) / "campaigns.json"


def db_path(explicit: str | None = None) -> Path:
    chosen = explicit or os.environ.get(ENV_VAR)
    return Path(chosen).expanduser() if chosen else default_db_path()
