"""Worked example: once a change is in the file it is saved; when syncing the folder or
unlocking fails afterwards, the app says so as a warning (as the command line does), so that
the player does not enter the change a second time."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest

from titan_campaign import actions
from titan_campaign.store import files
from titan_campaign.tui.app import TitanCampaignApp

from .conftest import SIZE, build_db, named, stored


async def test_a_folder_that_cannot_be_synced_after_the_save_is_told_as_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = build_db(tmp_path / "c.json", 100, [("[b]Thorn[/b]", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        told: list[tuple[str, str]] = []
        original = app.notify

        def notify(message: str, **kwargs: Any) -> None:
            told.append((str(message), kwargs.get("severity", "information")))
            original(message, **kwargs)

        monkeypatch.setattr(app, "notify", notify)
        before = db.read_bytes()
        sync = files.sync_folder

        def failing(folder: Path) -> None:
            if db.read_bytes() != before:  # the change is in the file: only what follows fails
                raise OSError(errno.EIO, "Input/output error")
            sync(folder)

        monkeypatch.setattr(files, "sync_folder", failing)
        done = app.attempt(lambda: actions.change_gold(app.db, named(app.db, "[b]Thorn[/b]"), 5))
        await pilot.pause()
        assert done is not None
        warnings = [message for message, severity in told if severity == "warning"]
        assert len(warnings) == 1, told
        assert warnings[0].startswith("the change was saved ([b]Thorn[/b]: ")
        assert "syncing the folder" in warnings[0] and "do not enter it again" in warnings[0]
        app.attempt(
            lambda: actions.read_titan(app.db, named(app.db, "[b]Thorn[/b]"))
        )  # told once only
        assert len([1 for _, severity in told if severity == "warning"]) == 1
    assert stored(db, "[b]Thorn[/b]").gold == 5
