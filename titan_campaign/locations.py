"""Where the campaign database lives: ``--db``, else $TITAN_CAMPAIGN_DB, else the user's data folder."""

from __future__ import annotations

import os
from pathlib import Path

from .store.files import StoreError

ENV_VAR = "TITAN_CAMPAIGN_DB"


def default_db_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("titan-campaign", appauthor=False)) / "campaigns.json"


def db_path(explicit: str | None = None) -> Path:
    """The database file; StoreError if ``--db`` names none, a folder (a name ending in "/"), a
    home folder or a folder that is not there."""
    if explicit is not None and not explicit.strip():
        raise StoreError("--db names no file: give the database's file name")
    source, chosen = ("--db", explicit) if explicit else (ENV_VAR, os.environ.get(ENV_VAR))
    if not chosen:
        return default_db_path()
    if not chosen.strip():
        raise StoreError(f"{source} names no file (only spaces): give the database's file name")
    if chosen.startswith("-"):  # an option's name, typed where the file's name should be
        raise StoreError(f"{source} {chosen} reads as an option: give the database's file name")
    if "\x00" in chosen:
        raise StoreError(f"{source} holds a NUL character: no file is called that")
    if chosen.endswith(os.sep):
        raise StoreError(
            f"{source} {chosen} names a folder: give the database's file name,"
            f" e.g. {chosen}campaigns.json"
        )
    try:
        path = Path(chosen).expanduser()
    except RuntimeError:  # ~name of no user
        user = chosen[1:].split("/", 1)[0]
        raise StoreError(f"{source} {chosen}: there is no user called {user}") from None
    if not path.parent.is_dir():  # a typo made a folder of it, or a synced folder not there yet
        raise StoreError(
            f"{source} {chosen}: there is no folder {path.parent} (it is never made for you):"
            " make it first, or check the name"
        )
    return path
