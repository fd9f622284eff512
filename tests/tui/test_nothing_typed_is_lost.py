"""Worked examples: nothing typed is lost. ctrl+q asks like q does when a form holds typed
input (anywhere in the app, even under another question); with nothing typed it quits at once.
A damaged database is no dead end: its backups are offered right there (k), and quitting from
it exits with status 1. Closed with nobody to ask (the terminal, the browser tab), a typed
form is not saved but kept in a text file, and the next start says where."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from textual import events, messages
from textual.widgets import DataTable, Input

from titan_campaign import actions
from titan_campaign.rules.events import AbilityBought
from titan_campaign.store import Database
from titan_campaign.tui import app as app_module
from titan_campaign.tui import unsaved
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.backups import BackupsScreen, ConfirmRestoreModal
from titan_campaign.tui.screens.campaigns import CampaignsScreen
from titan_campaign.tui.screens.forms import ConfirmModal
from titan_campaign.tui.screens.game import RecordGameScreen
from titan_campaign.tui.screens.problem import ProblemScreen
from titan_campaign.tui.settings import SERVED_ENV
from titan_campaign.tui.widgets.key_bar import KeyBar

from .conftest import SIZE, Notes, build_db, change_count, rendered, stored


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


async def test_ctrl_q_right_behind_what_is_typed_asks_once_the_field_holds_it(
    two_titans: Path,
) -> None:
    """A paste or a fast burst ("Zed" then ctrl+q): ctrl+q, a key the app takes before the
    focused field, is judged once the field has taken the letters sent before it."""
    app = TitanCampaignApp(two_titans, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        for key in "Zed":  # all sent at once, as a terminal delivers a paste
            app.post_message(events.Key(key, key))
        app.post_message(events.Key("ctrl+q", None))
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, ConfirmModal)


async def test_ctrl_q_with_nothing_typed_quits_at_once(two_titans: Path) -> None:
    app = TitanCampaignApp(two_titans, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running
    assert app.return_code == 0


# --- a damaged database is no dead end -------------------------------------------------------


@pytest.fixture
def damaged_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Thorn joined and bought a Power box (a backup kept before each change); then the file
    was damaged (a disk error, a bad hand edit)."""
    monkeypatch.delenv("TITAN_CAMPAIGN_BACKUPS", raising=False)
    path = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [AbilityBought(ability="power")])])
    path.write_text('{"campaigns": ')
    return path


async def test_a_damaged_database_offers_its_backups_and_no_undo(damaged_db: Path) -> None:
    app = TitanCampaignApp(damaged_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProblemScreen)
        keys = rendered(app.screen.query_one(KeyBar))
        assert "Backups" in keys and "Undo" not in keys and "Redo" not in keys
        assert "k: " in rendered(app.screen.query_one("#problem"))
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, BackupsScreen)
        assert "Undo" not in rendered(app.screen.query_one(KeyBar))
        assert app.screen.query_one(DataTable).row_count == 2
        await pilot.press("enter")  # the newest backup: as it was before the Power box
        await pilot.pause()
        assert isinstance(app.screen, ConfirmRestoreModal)
        await pilot.press("enter")  # Restore
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)  # the database opens again
        assert not any(isinstance(s, ProblemScreen) for s in app.screen_stack)
    assert stored(damaged_db, "Thorn").abilities["power"] == 0  # Thorn is back
    kept = actions.list_backups(Database(damaged_db))
    assert kept[0].file.read_text() == '{"campaigns": '  # the damaged file is kept too


async def test_quitting_from_a_damaged_database_exits_with_status_1(damaged_db: Path) -> None:
    app = TitanCampaignApp(damaged_db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProblemScreen)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 1
    assert damaged_db.read_text() == '{"campaigns": '


async def test_escape_from_the_backups_of_a_damaged_database_comes_back_to_the_problem(
    damaged_db: Path,
) -> None:
    app = TitanCampaignApp(damaged_db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("k")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ProblemScreen)
        await pilot.press("escape")  # escape quits here, as before
        await pilot.pause()
    assert app.return_code == 1


# --- closed with nobody to ask: the terminal (SIGHUP) or the browser tab ----------------------


async def test_a_game_form_typed_when_its_browser_tab_closes_is_kept_and_told_next_time(
    two_titans: Path, own_unsaved: Path
) -> None:
    app = TitanCampaignApp(two_titans, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        app.screen.query_one("#titan-1 #score", Input).focus()
        await pilot.press(*"300")
        app.screen.query_one("#titan-2 #result").focus()
        await pilot.press("l")
        await pilot.pause()
        app.post_message(messages.ExitApp())  # what the tab's driver posts when it closes
        await pilot.pause()
        assert not app.is_running
    assert change_count(two_titans) == 2  # nothing saved to the campaign
    (kept,) = own_unsaved.glob("*.txt")
    text = kept.read_text()
    assert "NOT saved" in text and f"Database: {two_titans.resolve()}" in text
    assert "GAME 1" in text and "Thorn score: 300" in text and "Bryn result: lost" in text

    again = TitanCampaignApp(two_titans, open_campaign="Demo")
    notes = Notes(again)  # before the app starts, when the notice is given
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
    told = own_unsaved / "told" / kept.name
    assert told.read_text() == text
    assert str(told) in notes.text()  # the notice says where it is
    assert not kept.exists()
    third = TitanCampaignApp(two_titans, open_campaign="Demo")
    later = Notes(third)
    async with third.run_test(size=SIZE) as pilot:
        await pilot.pause()
    assert not later.messages  # told once


async def test_the_next_start_tells_where_a_kept_form_is(
    two_titans: Path, own_unsaved: Path
) -> None:
    kept = unsaved.keep_typed([("New Titan", ["titan-name: Quinn"])], two_titans)
    assert kept is not None
    app = TitanCampaignApp(two_titans, open_campaign="Demo")
    notes: list[str] = []
    original = app.notify
    app.notify = lambda message, **kw: (notes.append(message), original(message, **kw))[1]  # type: ignore[method-assign,func-returns-value]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
    assert any(str(own_unsaved / "told" / kept.name) in note for note in notes)


@pytest.mark.parametrize(
    "ending",
    [signal.SIGHUP, signal.SIGTERM],
    ids=["the terminal window closed", "told to end (a shutdown, a logout, kill)"],
)
async def test_a_form_typed_when_the_app_ends_with_nobody_to_ask_is_kept(
    two_titans: Path, own_unsaved: Path, ending: signal.Signals
) -> None:
    """SIGTERM ended the app at once, the typed form lost (SIGHUP kept it already)."""
    app = TitanCampaignApp(two_titans, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", *"Quinn")
        await pilot.pause()
        assert signal.getsignal(ending) is not signal.SIG_DFL  # or this test would end
        os.kill(os.getpid(), ending)
        await pilot.pause(0.3)
        assert not app.is_running
    (kept,) = own_unsaved.glob("*.txt")
    assert "New Titan" in kept.read_text() and "Name: Quinn" in kept.read_text()
    assert change_count(two_titans) == 2


async def test_a_kept_form_says_each_field_by_its_name(two_titans: Path, own_unsaved: Path) -> None:
    """Kept forms said "text-value: Bob" for a new name and a new player alike, and
    "slot-1", "gold-amount": the fields' ids, not what a player reads on the form."""
    app = TitanCampaignApp(two_titans, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "ctrl+a", *"Bob")
        await pilot.pause()
        app.post_message(messages.ExitApp())
        await pilot.pause()
    (kept,) = own_unsaved.glob("*.txt")
    assert "Rename Thorn, for Thorn\n  New name: Bob" in kept.read_text()


async def test_a_form_thrown_away_by_the_player_is_not_kept(
    two_titans: Path, own_unsaved: Path
) -> None:
    app = TitanCampaignApp(two_titans, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", *"Quinn", "ctrl+q", "y")
        await pilot.pause()
        assert not app.is_running
    assert not list(own_unsaved.glob("*.txt"))


async def test_a_form_kept_from_a_closed_tab_is_never_told_in_another_tab(
    two_titans: Path, own_unsaved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The next tab to open may be another player's: only the app opened on the host (not
    served) says where the kept form is (the host's console says it too, see serve)."""
    kept = unsaved.keep_typed([("New Titan", ["titan-name: Quinn"])], two_titans)
    assert kept is not None
    monkeypatch.setenv(SERVED_ENV, "1")
    tab = TitanCampaignApp(two_titans, open_campaign="Demo")
    notes = Notes(tab)
    async with tab.run_test(size=SIZE) as pilot:
        await pilot.pause()
    assert not notes.messages and kept.exists()
    monkeypatch.delenv(SERVED_ENV)
    host = TitanCampaignApp(two_titans, open_campaign="Demo")
    told = Notes(host)
    async with host.run_test(size=SIZE) as pilot:
        await pilot.pause()
    assert str(own_unsaved / "told" / kept.name) in told.text()


async def test_the_key_bar_names_escape_as_the_question_names_its_button(two_titans: Path) -> None:
    from titan_campaign.tui.widgets.key_bar import KeyBar

    from .conftest import rendered

    app = TitanCampaignApp(two_titans, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        app.screen.query_one("#titan-1 #score", Input).focus()
        await pilot.press(*"300", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        no = app.screen.no
        bar = rendered(app.screen.query_one(KeyBar))
    assert f"esc {no}" in bar and "esc No" not in bar, bar
