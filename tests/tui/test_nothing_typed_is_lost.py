"""Worked examples: nothing typed is lost. ctrl+q asks like q does when a form holds typed
input (anywhere in the app, even under another question); with nothing typed it quits at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from titan_campaign.tui import app as app_module
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.forms import ConfirmModal
from titan_campaign.tui.screens.game import RecordGameScreen

from .conftest import SIZE, build_db


@pytest.fixture(autouse=True)
def no_live_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "POLL_SECONDS", 3600.0)


@pytest.fixture
def two_titans(tmp_path: Path) -> Path:
    return build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Bryn", "Bob", [])])


async def test_ctrl_q_on_a_game_form_with_one_score_typed_asks_and_keeps_it(
    two_titans: Path,
) -> None:
    app = TitanCampaignApp(two_titans, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RecordGameScreen)
        score = form.query_one("#titan-1 #score", Input)
        score.focus()
        await pilot.press(*"300")  # the first row only: the last row is left as it was
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal) and app.is_running
        await pilot.press("escape")  # keep typing
        await pilot.pause()
        assert app.screen is form and score.value == "300" and app.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("ctrl+q")  # the question is open: a second ctrl+q does not quit
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal) and app.is_running
        await pilot.press("y")
        await pilot.pause()
        assert not app.is_running


async def test_ctrl_q_asks_even_when_another_question_covers_the_typed_form(
    two_titans: Path,
) -> None:
    app = TitanCampaignApp(two_titans, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", *"Quinn", "escape")  # "Leave the form?" covers the form
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        question = app.screen
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running and app.screen is not question
        assert isinstance(app.screen, ConfirmModal)


async def test_ctrl_q_with_nothing_typed_quits_at_once(two_titans: Path) -> None:
    app = TitanCampaignApp(two_titans, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running
    assert app.return_code == 0
