"""The game log at 80x24: its title and 'Escape: close' stay in view while the games scroll,
and each Titan's figures and award read in lines as wide as the screen, not a narrow column."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from textual.widgets import Label

from titan_campaign import actions
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.game_log import GameLogModal, game_log_table

from .conftest import CAMPAIGN


def shown_lines(iron_crown: Path, width: int) -> list[str]:
    console = Console(width=width, record=True)
    console.print(
        game_log_table(
            actions.games(
                Database(iron_crown), actions.find_campaign(Database(iron_crown), CAMPAIGN)
            )
        )
    )
    return console.export_text().splitlines()


def test_an_award_reads_on_lines_as_wide_as_80_columns(iron_crown: Path) -> None:
    lines = shown_lines(iron_crown, 76)  # the dialog's inside at 80 columns
    award = next(line for line in lines if "100 (game won)" in line)
    assert "100 (4 battles won x 25)" in award, lines
    assert max(len(line) for line in lines) <= 76


def test_each_game_names_its_number_date_and_scenario(iron_crown: Path) -> None:
    lines = shown_lines(iron_crown, 76)
    assert any(line.strip().startswith("Game 1") and "Border War" in line for line in lines)


async def test_the_game_logs_title_and_close_hint_stay_in_view_at_80x24(iron_crown: Path) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, GameLogModal)
        screen = app.screen.region
        for label in app.screen.query(Label):
            assert screen.contains_region(label.region), (str(label.render()), label.region)


def test_on_a_phone_held_upright_each_titans_figures_go_under_its_name(iron_crown: Path) -> None:
    """Under 50 columns the figures' column beside the name and the XP was one letter wide:
    "…", "6", "2" down the screen, nothing of the award readable."""
    lines = shown_lines(iron_crown, 26)  # the dialog's inside at 32 columns
    first = lines.index("Thorn")
    assert lines[first + 1].rstrip() == "  251 XP"  # never split from its unit
    assert lines[first + 2].startswith("  won, score 412, 4")
    assert any("100 (game won) + 100 (4" in line for line in lines)
    assert max(len(line.rstrip()) for line in lines) <= 26
