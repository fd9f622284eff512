"""Readable at 80x24: history lines wrap instead of running off the screen, and toasts rise
above the key bar instead of covering it; the roster is read whole at every width from 40 to
80 columns."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable
from textual.widgets._toast import Toast, ToastRack

from titan_campaign import actions
from titan_campaign.rules.sheet import sheet_view
from titan_campaign.rules.titan import TitanState
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.widgets.key_bar import KeyBar

from .conftest import CAMPAIGN, rendered, screen_text


async def test_history_wraps_a_long_change_within_80_columns(iron_crown: Path) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        cells = [str(getattr(table.get_row_at(i)[2], "plain", "")) for i in range(table.row_count)]
        assert any("\n" in cell for cell in cells)  # some change is long enough to wrap
        assert table.virtual_size.width <= table.size.width  # nothing runs off to the right
        words = " ".join(" ".join(cell.split()) for cell in cells)
        assert "level 4 reached: one free spell-school level to choose (R2)" in words


async def test_a_toast_never_covers_the_key_bar(iron_crown: Path) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify("Thorn: 150 XP left\nsecond line\nthird line")
        await pilot.pause()
        await pilot.pause()
        bar = app.screen.query_one(KeyBar).region
        rack = app.screen.get_child_by_type(ToastRack)
        toasts = list(rack.query(Toast))
        assert toasts
        for toast in toasts:
            assert not toast.region.overlaps(bar), (toast.region, bar)


async def test_the_roster_reads_each_titan_whole_at_every_width_from_40_to_80(
    iron_crown: Path,
) -> None:
    """A phone held sideways or a terminal split in two: no column of the roster is cut off;
    a long name is read whole over as many lines as it needs where the roster is stacked (a
    player is cut to its cell), every figure and choice is read whole."""
    db = Database(iron_crown)
    campaign = actions.find_campaign(db, CAMPAIGN)
    actions.add_titan(
        db, campaign, "Astraeus Stormbringer the Unyielding", "Bartholomew Fairweather"
    )
    listed = [state for state in actions.roster(db, campaign) if isinstance(state, TitanState)]
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(40, 24)) as pilot:
        for width in (40, 50, 63, 70, 71, 80):
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            table = app.screen.query_one("#roster", DataTable)
            assert table.virtual_size.width <= table.scrollable_content_region.width, width
            lines = screen_text(app).splitlines()
            starts = [
                next(
                    n for n, line in enumerate(lines) if line.split()[:1] == state.name.split()[:1]
                )
                for state in listed
            ]
            for state, start in zip(listed, starts, strict=True):
                end = min([n for n in starts if n > start] + [start + 5])
                said = " ".join(" ".join(lines[start:end]).split())
                for figure in (state.level, state.available_xp, state.mana):
                    assert str(figure) in said.split(), (width, state.name, said)
                assert state.player[:6] in said, (width, state.name, said)
                if state.pending:
                    assert f"{len(state.pending)} to make" in said, (width, state.name, said)


async def test_a_spell_list_cut_at_its_right_edge_has_its_card_say_what_is_cut(
    iron_crown: Path,
) -> None:
    """At 50 columns the list's far columns (when a spell is cast, how it was gained) are off
    the side: the highlighted spell's card below says them."""
    db = Database(iron_crown)
    state = actions.read_titan(db, actions.find_titan(db, "Thorn", CAMPAIGN)).state
    spells = sheet_view(state, CAMPAIGN).spells
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#spell-list", DataTable)
        assert table.virtual_size.width > table.scrollable_content_region.width  # cut
        table.focus()
        for row, spell in enumerate(spells):
            table.move_cursor(row=row)
            await pilot.pause()
            card = " ".join(rendered(app.screen.query_one("#spell-text")).split())
            for fact in (f"{spell.school.title()} level {spell.level}", spell.cast):
                assert fact in card, (spell.name, fact, card)
