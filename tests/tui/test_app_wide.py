"""Pilot-driven worked examples of what works everywhere: the palette, the key bar, going back,
printing."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select

from titan_campaign.tui import settings
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.campaigns import CampaignsScreen
from titan_campaign.tui.screens.game_log import GameLogModal
from titan_campaign.tui.screens.gold import GoldScreen
from titan_campaign.tui.screens.printing import PrintModal
from titan_campaign.tui.screens.roster import RosterScreen
from titan_campaign.tui.widgets.key_bar import MORE, KeyBar

from .conftest import PHONE_UPRIGHT, PRINTING, SIZE, Notes, build_db, rendered


async def test_every_sheet_action_is_in_the_command_palette(example_db: Path) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"gold")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GoldScreen)


async def test_the_key_bar_lists_the_screen_actions_and_runs_a_clicked_one(
    example_db: Path,
) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.screen.query_one(KeyBar)
        shown = rendered(bar)
        for entry in (
            "Check",
            "Choices",
            "History",
            "Gold",
            "Guard",
            "Plan",
            "Print",
            "Undo",
            "Redo",
            "Notes",
        ):
            assert entry in shown
        assert bar.region.height >= 2  # wraps at 80 columns instead of cutting actions off
        # the palette (ctrl+p) is shown where it takes no line of its own: at 80x24 the
        # sheet's keys take three lines, and the palette took a fourth, a line of the sheet
        assert bar.region.height == 3 and "Palette" not in shown
        line, start, _, _, _ = next(span for span in bar._spans if span[3] == "gold")
        await pilot.click(KeyBar, offset=(1 + start, line))
        await pilot.pause()
        assert isinstance(app.screen, GoldScreen)
        await pilot.press("escape", "escape")  # the roster: its keys leave room for it
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        assert "Palette" in rendered(app.screen.query_one(KeyBar))


async def test_on_a_phone_held_upright_the_key_bar_keeps_to_two_lines_and_more_shows_every_key(
    example_db: Path,
) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo")
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        every = [description for _, description, *_ in bar._entries()]
        assert bar.region.height <= 2, rendered(bar)
        shown = " ".join(rendered(bar).split())
        assert "Open sheet" in shown and "Record game" in shown and "More" in shown, shown
        assert "Game log" not in shown, shown  # behind More, its key working as ever
        line, start, _, _, _ = next(span for span in bar._spans if span[3] == MORE)
        await pilot.click(KeyBar, offset=(1 + start, line))  # a finger taps More
        await pilot.pause()
        shown = " ".join(rendered(bar).split())
        assert all(description in shown for description in every), shown
        line, start, _, _, _ = next(span for span in bar._spans if span[3] == "game_log")
        await pilot.click(KeyBar, offset=(1 + start, line))
        await pilot.pause()
        assert isinstance(app.screen, GameLogModal)
        await pilot.press("escape")
        await pilot.pause()
        assert bar.region.height <= 2, rendered(bar)  # a key run, the bar is short again
        await pilot.press("l")  # a key behind More works without it
        await pilot.pause()
        assert isinstance(app.screen, GameLogModal)
        await pilot.press("escape", "question_mark")  # More by keyboard
        await pilot.pause()
        shown = " ".join(rendered(bar).split())
        assert all(description in shown for description in every), shown


async def test_on_a_narrow_terminal_the_sheet_key_bar_keeps_to_two_lines_and_more_shows_every_key(
    example_db: Path,
) -> None:
    """At 40x20 every key of the sheet took six of the 20 lines."""
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        every = [description for _, description, *_ in bar._entries()]
        assert bar.region.height == 2, rendered(bar)
        shown = " ".join(rendered(bar).split())
        assert "Check" in shown and "More" in shown and "Gold & items" not in shown, shown
        await pilot.press("question_mark")
        await pilot.pause()
        shown = " ".join(rendered(bar).split())
        assert all(description in shown for description in every), shown
        await pilot.press("m")  # a key runs; back on the sheet the bar is short again
        await pilot.pause()
        assert isinstance(app.screen, GoldScreen)
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:  # where every key fits, all are shown
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        assert "More" not in rendered(bar) and "Gold & items" in rendered(bar)
        await pilot.press("question_mark")  # and ? changes nothing
        await pilot.pause()
        assert "Fewer" not in rendered(bar)


async def test_escape_from_a_directly_opened_sheet_goes_to_the_roster_then_campaigns(
    example_db: Path,
) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)


async def test_printing_a_sheet_writes_the_chosen_file(example_db: Path, tmp_path: Path) -> None:
    target = tmp_path / "thorn.pdf"
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PrintModal)
        path = app.screen.query_one("#print-path", Input)
        assert path.value.endswith("thorn-sheet.pdf")
        path.value = str(target)
        await pilot.press("ctrl+s")
        await pilot.pause(PRINTING)
        assert f"Written to {target}" in notes.text()
    assert target.read_bytes().startswith(b"%PDF")


async def test_the_next_printout_is_offered_in_the_folder_printed_to_last(
    example_db: Path, tmp_path: Path, monkeypatch
) -> None:
    """After a sheet printed to a folder of the player's, the next print form offered the
    folder the app was started in again."""
    monkeypatch.chdir(tmp_path)
    prints = tmp_path / "prints"
    prints.mkdir()
    for _ in range(2):  # the second run of the app remembers too
        app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("p")
            await pilot.pause()
            path = app.screen.query_one("#print-path", Input)
            offered = Path(path.value)
            if offered.parent == tmp_path:  # the first time: where the app was started
                path.value = str(prints / "thorn.pdf")
                await pilot.press("ctrl+s")
                await pilot.pause(PRINTING)
    assert offered == prints / "thorn-sheet.pdf"


def test_a_folder_whose_name_cannot_be_kept_is_not_remembered_and_nothing_else_is_lost(
    tmp_path: Path,
) -> None:
    """A folder named with a line break is no setting (a setting is printable text): printing
    there must not fail, nor forget the theme."""
    path = tmp_path / "settings.json"
    settings.remembered(path, theme="nord")
    assert settings.remembered(path, print_folder=str(tmp_path / "a\nb")).theme == "nord"
    assert settings.load_settings(path) == settings.Settings(theme="nord")


async def test_a_printout_saved_under_a_relative_name_says_the_folder_it_went_to(
    example_db: Path, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("p")
        await pilot.pause()
        app.screen.query_one("#print-path", Input).value = "card.pdf"
        await pilot.press("ctrl+s")
        await pilot.pause(PRINTING)
        assert f"Written to {tmp_path / 'card.pdf'}" in notes.text()
    assert (tmp_path / "card.pdf").read_bytes().startswith(b"%PDF")


async def test_changing_the_format_keeps_the_file_the_player_typed(
    example_db: Path, tmp_path: Path
) -> None:
    """Nothing typed is lost: a file typed in "Save to" keeps its folder and name when the
    format changes (only its suffix follows the format); a folder typed is kept as typed;
    the place offered, untouched, follows the printout and format."""
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PrintModal)
        path = app.screen.query_one("#print-path", Input)
        formats = app.screen.query_one("#print-format", Select)
        formats.value = "html"
        await pilot.pause()
        assert path.value.endswith("thorn-sheet.html")  # the place offered follows
        path.value = str(tmp_path / "my sheets.html")
        formats.value = "pdf"
        await pilot.pause()
        assert path.value == str(tmp_path / "my sheets.pdf")
        app.screen.query_one("#print-what", Select).value = "game-card"
        await pilot.pause()
        assert path.value == str(tmp_path / "my sheets.pdf")
        path.value = str(tmp_path)
        formats.value = "text"
        await pilot.pause()
        assert path.value == str(tmp_path)


async def test_changing_what_to_print_keeps_the_format_chosen_where_it_is_offered(
    example_db: Path,
) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        formats = app.screen.query_one("#print-format", Select)
        formats.value = "html"
        await pilot.pause()
        app.screen.query_one("#print-what", Select).value = "game-card"
        await pilot.pause()
        assert formats.value == "html"
        assert app.screen.query_one("#print-path", Input).value.endswith("thorn-game-card.html")


async def test_paper_is_asked_only_for_a_printout_on_paper(example_db: Path) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        paper = app.screen.query_one("#print-paper", Select)
        formats = app.screen.query_one("#print-format", Select)
        for fmt, shown in (("text", False), ("json", False), ("html", True), ("pdf", True)):
            formats.value = fmt
            await pilot.pause()
            assert paper.display is shown, fmt


async def test_a_crash_in_a_handler_leaves_the_last_saved_state(
    example_db: Path, monkeypatch
) -> None:
    from titan_campaign.store import Session

    before = example_db.read_bytes()

    def crash(*args: object) -> None:
        raise RuntimeError("power cut in the middle of a save")

    monkeypatch.setattr(Session, "save", crash)
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    with pytest.raises(RuntimeError):
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("ctrl+z")  # undo the item added last: a change the rules allow
            await pilot.pause()
    assert example_db.read_bytes() == before


async def test_home_and_end_go_to_the_first_and_last_row_of_the_roster(tmp_path: Path) -> None:
    """Home did nothing on the roster (a table's Home goes to the first column): after an
    undo left the cursor on the last row, Enter opened the wrong Titan."""
    from textual.widgets import DataTable

    db = build_db(tmp_path / "c.json", 200, [(name, "P", []) for name in ("Ann", "Bea", "Cy")])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        await pilot.press("end")
        assert table.cursor_row == 2
        await pilot.press("home")
        assert table.cursor_row == 0


async def test_a_notification_on_a_phone_held_upright_is_cut_only_when_taller_than_the_screen(
    tmp_path: Path,
) -> None:
    """On a phone, "No spell to buy with XP" was cut after "Any spell can be bought with": it
    was measured as half the screen wide, as a toast is elsewhere, but a phone's takes it all."""
    from textual.widgets._toast import Toast

    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    said = (
        "a spell is bought with XP only in a school at level 3 (R5); no school has a level yet."
        " Any spell can be bought with gold: m (Gold & items), then s (R11)"
    )
    async with app.run_test(size=PHONE_UPRIGHT, notifications=True) as pilot:
        app.notify(said, title="No spell to buy with XP")
        await pilot.pause()
        (toast,) = app.screen.query(Toast)
        assert str(toast.render()).replace("\n", " ").endswith("then s (R11)")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_a_long_notification_keeps_its_first_line_on_screen(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """At 80x24 a game of three long-named Titans, saved, was told in a notification taller
    than the screen: its title and first line, what was done, were above the screen's top."""
    from textual.widgets._toast import Toast

    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=size, notifications=True) as pilot:
        lines = [f"Ægir Łukasiewicz-Østergård the {n}th: played its first game" for n in range(20)]
        app.notify("game 1 recorded for three Titans\n" + "\n".join(lines), title="Saved")
        await pilot.pause(0.3)
        (toast,) = app.screen.query(Toast)
        assert 0 <= toast.region.y and toast.region.bottom <= size[1], toast.region
        shown = str(toast.render())
        assert shown.startswith("Saved\ngame 1 recorded for three Titans\n")
        assert shown.endswith("…\n(f2: the whole note)") and lines[-1] not in shown
        await pilot.press("f2")  # the whole note, to its last line
        await pilot.pause()
        body = rendered(app.screen.query_one(".message-body Static"))
        assert body.startswith("Saved: game 1 recorded for three Titans\n")
        assert body.endswith(lines[-1])
