"""The Titan Character Sheet's layout, pinned: an example Titan built through events.

Regenerate after an intended change with ``pytest tests/tui --snapshot-update`` and review the
SVG files in ``__snapshots__``.
"""

from __future__ import annotations

from pathlib import Path

from titan_campaign.tui.app import TitanCampaignApp


def test_sheet_at_120x40(example_db: Path, snap_compare) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    assert snap_compare(app, terminal_size=(120, 40))


def test_sheet_at_80x24(example_db: Path, snap_compare) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    assert snap_compare(app, terminal_size=(80, 24))


def test_sheet_scrolled_to_its_end_at_80x24(example_db: Path, snap_compare) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")

    async def scroll_to_end(pilot) -> None:
        await pilot.pause()  # the focused boxes' hint line drawn first
        app.screen.query_one("#sheet").scroll_end(animate=False, immediate=True)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=scroll_to_end)


def test_sheet_in_the_light_theme(example_db: Path, snap_compare) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")

    async def light(pilot) -> None:
        app.theme = "textual-light"
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=light)
