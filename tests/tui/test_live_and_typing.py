"""Worked examples of issue #10: the app shows what is true and keeps what was typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input

from titan_campaign import actions
from titan_campaign.rules.events import GoldChanged
from titan_campaign.store import Database
from titan_campaign.tui import app as app_module
from titan_campaign.tui import settings
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.gold import GoldModal
from titan_campaign.tui.screens.roster import RosterScreen

from .conftest import SIZE, Notes, build_db, keys_handled, named, rendered, stored


def typed(app: TitanCampaignApp, *keys: str) -> None:
    """Keys as a fast typist sends them: all queued at once, no pause between them."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


async def test_keys_typed_while_add_titan_opens_land_in_their_fields_in_order(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 200, [])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        typed(app, "a", *"Thorn", "tab", *"Ann", "enter")
        for _ in range(100):  # a busy machine takes longer; what lands where is the test
            await pilot.pause(0.1)
            if isinstance(app.screen, RosterScreen):
                break
        assert isinstance(app.screen, RosterScreen)
    assert (stored(db, "Thorn").name, stored(db, "Thorn").player) == ("Thorn", "Ann")


async def test_a_burst_of_tabs_and_figures_lands_where_the_focus_is_on_a_busy_computer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key waited until the app looked idle; on a busy computer it looked idle while a Tab
    was still on its way, and the figure after it went into the field before: "9" into AgE
    instead of Fled, the "l" meant for Osk's result lost. Each key now waits until the one
    before has done its work, however busy the computer (here: never seen busy)."""

    async def looks_idle(*_: float) -> None:
        return None

    monkeypatch.setattr(app_module, "wait_for_idle", looks_idle)
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Osk", "Cy", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause(0.5)
        form = app.screen
        thorn = form.query_one("#titan-1")
        form.query_one("#titan-1 #result").focus()
        await pilot.pause()
        typed(app, "w", *["tab"] * 5, "2", "tab", "9", "tab", "4", "tab", "T", "tab", "tab", "l")
        await keys_handled(pilot, app)
        fields = ("agreement", "agreement_eliminated", "fled", "survivors")
        assert [thorn.query_one(f"#{name}", Input).value for name in fields] == [
            "2", "9", "4", "T",
        ]  # fmt: skip
        assert form.query_one("#titan-2 #result").value == "lost"
        typed(app, *["shift+tab"] * 3, "5")  # back from Osk's result to Thorn's Fled
        await keys_handled(pilot, app)
        assert thorn.query_one("#fled", Input).value == "5"
        assert thorn.query_one("#survivors", Input).value == "T"


async def test_a_command_line_change_shows_on_the_open_sheet_by_itself(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Osk", "Cy", []), ("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Osk")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        assert "[ ][·][·] LUCK" in rendered(app.screen.query_one("#abilities"))
        actions.buy_ability(Database(db), named(Database(db), "Osk"), "luck")  # a second shell
        for _ in range(50):  # no key pressed: the app looks by itself (within 2 s when idle)
            await pilot.pause(0.1)
            if "[X][ ][·] LUCK" in rendered(app.screen.query_one("#abilities")):
                break
        assert "[X][ ][·] LUCK" in rendered(app.screen.query_one("#abilities"))
        assert "Osk: bought a Luck box (100 XP)" in notes.text()


async def test_a_form_is_refused_only_when_its_own_titan_changed_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(The live view is slowed down here, so that it cannot redraw the form before the save
    on a busy machine: what is tested is the save's own guard.)"""
    monkeypatch.setattr(app_module, "POLL_SECONDS", 3600.0)
    events_ = [GoldChanged(amount=50)]
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", events_), ("Bryn", "Bob", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, GoldModal)
        await pilot.press(*"-30")
        actions.change_gold(
            Database(db), named(Database(db), "Bryn"), 5
        )  # another Titan: no matter
        form.shown = stored(db, "Thorn")  # as if the form had been drawn before Thorn changed
        actions.change_gold(
            Database(db), named(Database(db), "Thorn"), -40
        )  # the same Titan, behind the form's back
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form  # refused: still open, still holding -30
        assert form.query_one("#gold-amount", Input).value == "-30"
        assert "changed elsewhere" in rendered(form.query_one("#error-amount"))
        assert "has 10 gold" in rendered(form.query_one("#purse"))  # the new state is shown
        await pilot.press("ctrl+s")  # asked again: now the rules judge it (10 - 30 < 0)
        await pilot.pause()
        assert app.screen is form
        assert "gold" in rendered(form.query_one("#error-amount")).lower()
    assert stored(db, "Thorn").gold == 10


async def test_a_date_not_yet_played_is_said_with_the_rows_mistakes_all_at_once(
    tmp_path: Path,
) -> None:
    """A survivor misspelt and a date in 2030: only the survivor was said; the date came at
    the next ctrl+s, once the survivor was mended."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#game-date", Input).value = "2030-01-01"
        screen.query_one("#titan-1 #survivors", Input).value = "Zzz"
        screen.query_one("#titan-1 #result").focus()
        await pilot.press("w", "ctrl+s")
        await pilot.pause()
        assert rendered(screen.query_one("#error-form")) == "Not saved: see the date, Thorn"
        said = rendered(screen.query_one("#error-date"))
        assert said.startswith("Date: game date 2030-01-01 is later than tomorrow"), said
    assert stored(db, "Thorn").games == ()


async def test_a_game_date_not_yet_played_is_named_beside_the_date(tmp_path: Path) -> None:
    """A slip of the year (2062 for 2026) was said only in a note in the corner."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    before = db.read_bytes()
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#game-date", Input).value = "2062-01-01"
        screen.query_one("#titan-1 #result").focus()
        await pilot.press("w", "ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        said = rendered(screen.query_one("#error-date"))
        assert said.startswith("Date: game date 2062-01-01 is later than tomorrow"), said
        assert rendered(screen.query_one("#error-form")) == "Not saved: see the date"
        assert screen.query_one("#game-date", Input).has_class("-invalid")
        screen.query_one("#game-date", Input).value = "1979-12-31"  # changed: the note was of
        await pilot.pause()  # the date before, and stayed until the next save, or past it
        assert not screen.query_one("#error-date").display
        assert not screen.query_one("#game-date", Input).has_class("-invalid")
        await pilot.press("ctrl+s")  # the save says what is wrong with this one
        await pilot.pause()
        said = rendered(screen.query_one("#error-date"))
        assert said.startswith("Date: game date 1979-12-31 is before Titan was first"), said
    assert db.read_bytes() == before


async def test_a_game_form_with_mistakes_keeps_every_value_and_names_each_field(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", []), ("Bryn", "Bob", [])])
    before = db.read_bytes()
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        date = screen.query_one("#game-date", Input)
        date.value = "12/11/26"
        screen.query_one("#titan-1 #battle_lost", Input).value = "-1"
        screen.query_one("#titan-2 #result").focus()
        await pilot.press("l")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert rendered(screen.query_one("#error-date")) == (
            "Date: a day of the calendar, as YYYY-MM-DD"
        )
        assert rendered(screen.query_one("#error-form")) == "Not saved: see the date, Thorn"
        thorn = rendered(screen.query_one("#award-1"))
        assert "Result: won or lost? (w or l)" in thorn and "Battles lost: at least 0" in thorn
        assert "Input should" not in thorn and "greater than" not in thorn
        assert (date.value, screen.query_one("#titan-1 #battle_lost", Input).value) == (
            "12/11/26",
            "-1",
        )
        await pilot.press("escape")  # something typed: asked first, "no" keeps the form
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
    assert db.read_bytes() == before


async def test_the_theme_and_last_campaign_are_remembered_and_a_broken_file_ignored(
    tmp_path: Path, own_settings: Path
) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "textual-light"
        await pilot.pause()
    demo = actions.find_campaign(Database(db), "Demo")
    assert settings.load_settings() == settings.Settings(
        theme="textual-light", last_campaign_id=demo.id
    )
    again = TitanCampaignApp(db)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, RosterScreen) and again.theme == "textual-light"
    own_settings.write_text("{not json")
    broken = TitanCampaignApp(db)
    async with broken.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(broken.screen).__name__ == "CampaignsScreen"


async def test_q_quits_from_a_sheet_but_is_a_letter_in_a_text_field(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", *"Quinn")
        await pilot.pause()
        assert app.screen.query_one("#titan-name", Input).value == "Quinn"
        assert app.is_running
    plain_app = TitanCampaignApp(db, open_campaign="Demo")
    async with plain_app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert not plain_app.is_running


async def test_a_name_too_long_is_refused_beside_its_field_and_kept_as_typed(
    tmp_path: Path,
) -> None:
    """A pasted name of 70 characters is taken whole into the field (the field cut it at 60
    without a word), then refused on saving beside it; nothing is saved."""
    db = build_db(tmp_path / "c.json", 200, [])
    name = "Bartholomew the Unbelievably Long-Named Titan of the Northern Wastes 🐉"
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        field = app.screen.query_one("#titan-name", Input)
        field.insert_text_at_cursor(name)
        await pilot.press("tab", *"Ann", "enter")
        await pilot.pause()
        assert field.value == name
        assert "at most 60 characters" in " ".join(
            rendered(s) for s in app.screen.query(".field-error")
        )
    assert actions.titans(Database(db), actions.find_campaign(Database(db), "Demo")) == []


def clicked(app: TitanCampaignApp, selector: str) -> None:
    """A click as a terminal or a browser tab sends it: a press and a release where the
    widget is, queued behind whatever was typed before it."""
    region = app.screen.query_one(selector).region
    x, y = region.x + 1, region.y
    for kind in (events.MouseDown, events.MouseUp):
        app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, x, y))


async def test_keys_typed_just_before_a_click_land_where_they_were_typed(tmp_path: Path) -> None:
    """Thorn's score typed, then at once a click on Osk's score and Osk's typed: the click was
    handled before the keys waiting in front of it, so Thorn's "12" went to Osk (Thorn 1, Osk
    234) and the form saved the wrong figures without a word."""
    titans = [("Thorn", "Ann", []), ("Osk", "Cy", [])]
    db = build_db(tmp_path / "c.json", 200, titans)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        clicked(app, "#titan-1 #score")
        typed(app, "1", "2")
        clicked(app, "#titan-2 #score")
        typed(app, "3", "4")
        for _ in range(50):
            await pilot.pause(0.1)
            if app.screen.query_one("#titan-2 #score", Input).value == "34":
                break
        assert app.screen.query_one("#titan-1 #score", Input).value == "12"
        assert app.screen.query_one("#titan-2 #score", Input).value == "34"


async def test_a_fields_problem_goes_as_the_field_is_typed_in(tmp_path: Path) -> None:
    """ "Titan name: required" stayed under the name typed since, and "Amount: a whole
    number" under 60, until the next ctrl+s; the problem of a field not typed in stays."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        name_error = app.screen.query_one("#error-name")
        assert name_error.display and "empty" in rendered(name_error)
        await pilot.press("V")
        await pilot.pause()
        assert not name_error.display
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, GoldModal)
        form.query_one("#gold-note", Input).value = "n" * 201  # past the note's 200
        await pilot.press("ctrl+s")
        await pilot.pause()
        amount, note = form.query_one("#error-amount"), form.query_one("#error-note")
        assert amount.display and note.display
        form.query_one("#gold-amount", Input).focus()
        await pilot.press("6", "0")
        await pilot.pause()
        assert not amount.display and note.display


async def test_the_focus_moved_to_a_fields_problem_does_not_select_what_was_typed(
    tmp_path: Path,
) -> None:
    """The name taken: ctrl+s moved the focus to the name with "Thorn" selected, and "ed",
    typed to finish the player's name, replaced it."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"Thorn", "tab", "Z", "ctrl+s")
        await pilot.pause()
        name = app.screen.query_one("#titan-name", Input)
        assert app.screen.focused is name
        await pilot.press("e", "d")
        await pilot.pause()
        assert name.value == "Thorned"  # at its end: not "ed", nor "edThorn"
