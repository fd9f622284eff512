"""The app's game log (`l`): every game by number with each Titan's figures and award (R8)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from titan_campaign.rules.events import GameOutcome, GameRecorded
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.forms import MessageModal

from .conftest import SIZE, build_db


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
