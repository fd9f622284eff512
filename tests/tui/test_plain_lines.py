"""Worked examples: a screen's own line breaks stay line breaks (the damaged-database page,
the restore question), while a character that acts on the terminal is still shown escaped."""

from __future__ import annotations

from pathlib import Path

from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.widgets.plain import plain

from .conftest import SIZE, rendered


def test_line_breaks_stay_and_terminal_characters_are_escaped() -> None:
    assert plain("Thorn\n\x1b]0;owned\x07").plain == "Thorn\n\\x1b]0;owned\\x07"


async def test_the_damaged_database_page_reads_as_lines(tmp_path: Path) -> None:
    damaged = tmp_path / "c.json"
    damaged.write_text("not json")
    app = TitanCampaignApp(damaged)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = rendered(app.screen.query_one("#problem"))
    assert "\\x0a" not in text
    assert text.splitlines()[0] == "The campaign database cannot be opened:"
