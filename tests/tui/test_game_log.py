"""The app's game log (`l`): every game by number with each Titan's figures and award (R8)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from titan_campaign import actions
from titan_campaign.rules.events import GameOutcome, GameRecorded
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.forms import MessageModal

from .conftest import CAMPAIGN, SIZE, Notes, build_db, named, rendered


def shown(body: object) -> str:
    console = Console(width=160, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(body)
    return console.export_text()


async def test_r8_the_game_log_shows_each_titans_figures_and_breakdown_by_game_number(
    tmp_path: Path,
) -> None:
    won = GameOutcome(result="won", score=347, battle_won=3, agreement=1)
    late = GameRecorded(game=2, date="2026-02-01", outcome=GameOutcome(result="lost"))
    early = GameRecorded(game=1, date="2026-01-01", outcome=won, survivors=("Titan", "Ogre"))
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [late, early])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, MessageModal)
        text = shown(app.screen.body)
    assert "won, score 347, 3 battles won, 1 agreement; survivors Titan, Ogre" in text
    assert "100 (game won) + 75 (3 battles won x 25) + 10 (1 agreement x 10)" in text
    assert text.index("2026-01-01") < text.index("2026-02-01")  # game 1 first, typed second


async def test_r8_c_in_the_game_log_corrects_one_entry_and_shows_the_log_anew(
    tmp_path: Path,
) -> None:
    mira = GameRecorded(game=1, date="2026-01-01", outcome=GameOutcome(result="lost", score=120))
    db = build_db(tmp_path / "c.json", 0, [("Mira", "Bo", [mira])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        log = app.screen
        await pilot.press("c")
        await pilot.pause()
        app.screen.query_one("#text-value").value = "1 Mira:lost:score=210"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is log
        text = shown(log.body)
    assert "71" in text and "score 210" in text and "21 (score 210 / 10)" in text
    assert (
        actions.read_titan(Database(db), named(Database(db), "Mira")).state.earned_xp == 71
    )  # R8: 50 + 21


async def test_r9_a_correction_that_brings_a_member_back_to_the_honor_guard_says_so(
    iron_crown: Path,
) -> None:
    """Griffon, said slain in game 5, survived after all: the command line said "back in the
    honor guard (R9)", the app only "survivors Titan, Ogre -> Titan, Ogre, Griffon"."""
    db = Database(iron_crown)
    thorn = named(db, "Thorn")
    survivors = ("Titan", "Ogre")
    actions.record_game(
        db, thorn.campaign, [actions.Participant(thorn, GameOutcome(result="won"), survivors)]
    )
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        app.screen.query_one("#text-value").value = "5 Thorn:won:survivors=Titan+Ogre+Griffon"
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert notes.messages[-1] == (
        "game 5 corrected for Thorn: survivors Titan, Ogre -> Titan, Ogre, Griffon, +0 XP\n"
        "Thorn: Griffon survived game 5: back in the honor guard (R9)"
    )


async def test_c_in_the_game_log_corrects_a_games_date_and_scenario(tmp_path: Path) -> None:
    mira = GameRecorded(game=1, date="2026-01-01", outcome=GameOutcome(result="lost"))
    db = build_db(tmp_path / "c.json", 0, [("Mira", "Bo", [mira])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        log = app.screen
        for typed in ("1 date=2026-01-02", "1 scenario=Siege of the Tower"):
            await pilot.press("c")
            await pilot.pause()
            app.screen.query_one("#text-value").value = typed
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is log, typed
        await pilot.press("c")
        await pilot.pause()
        app.screen.query_one("#text-value").value = "1 date=2026-13-01"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "2026-13-01 is no day of the calendar" in rendered(
            app.screen.query_one("#error-correction")
        )
    [game] = actions.games(Database(db), actions.find_campaign(Database(db), "Demo"))
    assert (game.date, game.scenario) == ("2026-01-02", "Siege of the Tower")


async def test_a_correction_the_rules_refuse_keeps_the_form_open_with_the_reason(
    tmp_path: Path,
) -> None:
    mira = GameRecorded(game=1, date="2026-01-01", outcome=GameOutcome(result="lost"))
    db = build_db(tmp_path / "c.json", 0, [("Mira", "Bo", [mira])])
    before = db.read_bytes()
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        form = app.screen
        form.query_one("#text-value").value = "4 Mira:lost:score=210"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert "no game 4" in rendered(form.query_one("#error-correction"))
    assert db.read_bytes() == before


def test_the_campaigns_level_chart_leaves_out_an_imported_titans_games_elsewhere() -> None:
    from titan_campaign.rules.progress import ProgressRow
    from titan_campaign.tui.screens.progress import levels_by_game

    thorn = [
        ProgressRow(1, "2024-03-01", 50, 50, 0, 0, 0, played_in="The Iron Crown"),
        ProgressRow(2, "2025-02-01", 50, 100, 0, 0, 0),
    ]
    bea = [ProgressRow(1, "2025-01-05", 100, 100, 0, 0, 0)]
    games, levels = levels_by_game({"Thorn": thorn, "Bea": bea})
    assert games == [1, 2]
    assert levels == {"Thorn": {2: 0}, "Bea": {1: 0}}


async def test_a_correction_of_a_titan_renamed_since_the_log_was_shown_is_refused_then_made(
    tmp_path: Path,
) -> None:
    """The log shows Mira; another tab renames her Myra; her correction typed as the log
    showed her is refused (saying who she is now), the log shows her as she is now, and the
    correction typed again is made."""
    mira = GameRecorded(game=1, date="2026-01-01", outcome=GameOutcome(result="lost", score=120))
    db = build_db(tmp_path / "c.json", 0, [("Mira", "Bo", [mira]), ("Bryn", "Cy", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        log = app.screen
        await pilot.press("c")
        await pilot.pause()
        form = app.screen
        other = Database(db)
        actions.rename_titan(other, named(other, "Mira"), "Myra")  # another tab
        actions.rename_titan(other, named(other, "Bryn"), "Mira")
        before = db.read_bytes()
        form.query_one("#text-value").value = "1 Mira:lost:score=210"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        said = rendered(form.query_one("#error-correction"))
        assert "Mira (now Myra) was changed elsewhere" in said
        assert db.read_bytes() == before
        assert "Myra" in shown(log.body)
        form.query_one("#text-value").value = "1 Myra:lost:score=210"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is log
    assert actions.read_titan(Database(db), named(Database(db), "Myra")).state.earned_xp == 71


async def test_a_correction_leaves_the_log_where_the_player_was_reading(tmp_path: Path) -> None:
    from textual.containers import VerticalScroll

    games = [
        GameRecorded(game=n, date=f"2026-01-{n:02d}", outcome=GameOutcome(result="lost"))
        for n in range(1, 8)
    ]
    db = build_db(tmp_path / "c.json", 0, [("Mira", "Bo", games)])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        log = app.screen
        scroll = log.query_one(".message-body", VerticalScroll)
        scroll.scroll_end(animate=False)
        await pilot.pause()
        at = scroll.scroll_y
        assert at > 0
        await pilot.press("c")
        await pilot.pause()
        app.screen.query_one("#text-value").value = "7 Mira:lost:score=120"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is log and "score 120" in shown(log.body)
        assert log.query_one(".message-body", VerticalScroll).scroll_y >= at - 1


async def test_correcting_with_no_game_recorded_says_so_and_opens_nothing(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Mira", "Bo", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("l")
        await pilot.pause()
        log = app.screen
        await pilot.press("c")
        await pilot.pause()
        assert app.screen is log
        assert "No game is recorded yet: g on the roster records one." in notes.text()
