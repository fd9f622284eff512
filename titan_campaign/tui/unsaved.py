"""What was typed in a form when the app was closed with nobody there to ask: the terminal
closed (SIGHUP) or the browser tab closed.

It is not saved to the campaign (nobody confirmed it), but it is not thrown away either: it is
kept as a small text file a player can read, in the user's data folder
(``platformdirs.user_data_dir``, folder ``unsaved``), one file each time, and the next start
of the app on the same database says where it is, once (the file then moves to ``told/``).
Under ``serve`` the next tab may be another player's, so a tab never says it: the host's
console names the file as the tab closes, and the app next opened on the host tells it.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from .. import actions
from .settings import APP_NAME

DATABASE = "Database: "


def unsaved_folder() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "unsaved"


APP_CLOSED = "the app was closed (its terminal or browser tab) while this form was open"


def keep_typed(
    forms: list[tuple[str, list[str]]],
    database: Path,
    folder: Path | None = None,
    why: str = APP_CLOSED,
    told: bool = False,
) -> Path | None:
    """Keep ``forms`` (each a title and its typed lines) in a new file; the file (None if
    there was nothing to keep or the folder cannot be written: the app is closing anyway).
    ``why``: why the form closed; ``told``: the player was just told where (it goes to
    ``told/``, not to be told again at the next start)."""
    if not forms:
        return None
    now = datetime.now(UTC)
    lines = [
        f"Typed in Campaign Titan but NOT saved: {why}.",
        "Type it again in the app to save it.",
        f"{DATABASE}{database.resolve()}",
        f"Closed at: {now:%Y-%m-%d %H:%M:%S} UTC",
    ]
    for title, typed in forms:
        lines += ["", title, *(f"  {line}" for line in typed)]
    kept = (folder or unsaved_folder()) / ("told" if told else "")
    target = kept / f"{now:%Y%m%dT%H%M%SZ}-{secrets.token_hex(3)}.txt"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        actions.keep_file(target, ("\n".join(lines) + "\n").encode())
    except (OSError, actions.StoreError):
        return None
    return target


def waiting_for(database: Path, folder: Path | None = None) -> list[Path]:
    """The files kept for ``database`` and not yet told, oldest first (left where they are)."""
    wanted = f"{DATABASE}{database.resolve()}"
    try:
        found = sorted((folder or unsaved_folder()).glob("*.txt"))
    except OSError:
        return []
    waiting = []
    for path in found:
        try:
            if wanted in path.read_text(encoding="utf-8").splitlines()[:4]:
                waiting.append(path)
        except (OSError, UnicodeDecodeError):
            continue
    return waiting


def told_path(kept: Path) -> Path:
    """Where a kept file goes once the app has said where it is (``kept_for``)."""
    return kept.parent / "told" / kept.name


def kept_for(database: Path, folder: Path | None = None) -> list[Path]:
    """The files kept for ``database`` and not yet told, oldest first; each is moved to
    ``told/`` (where it stays for the player), and the moved paths are returned."""
    source = folder or unsaved_folder()
    told: list[Path] = []
    for path in waiting_for(database, source):
        try:
            moved = told_path(path)
            moved.parent.mkdir(exist_ok=True)
            path.replace(moved)
        except (OSError, UnicodeDecodeError):
            continue
        told.append(moved)
    return told
