"""Worked examples driven by keys: renaming a Titan and changing its player (roster and
sheet), renaming and deleting a campaign (kept in the backups), archiving a Titan and
bringing it back, and the swap offer naming what each option forgets."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from textual.widgets import DataTable, Input

from titan_campaign import actions
from titan_campaign.rules.titan import TitanState
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.campaigns import CampaignsScreen
from titan_campaign.tui.screens.choices import swap_choice
from titan_campaign.tui.screens.forms import Choice, TextModal
from titan_campaign.tui.screens.roster import RosterScreen
from titan_campaign.tui.widgets.key_bar import KeyBar

from .conftest import PHONE_UPRIGHT, SIZE, Notes, build_db, rendered, screen_text, stored
from .test_palette_lists_actions import palette_entries


async def retype(pilot, app: TitanCampaignApp, text: str) -> None:  # type: ignore[no-untyped-def]
    """Replace the text form's value and save it."""
    assert isinstance(app.screen, TextModal)
    app.screen.query_one("#text-value", Input).value = ""
    await pilot.press(*text, "enter")
    await pilot.pause()


async def test_r_and_w_on_the_roster_rename_a_titan_and_change_its_player(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await retype(pilot, app, "Thorn the Bold")
        await pilot.press("w")
        await pilot.pause()
        await retype(pilot, app, "Bo")
        assert isinstance(app.screen, RosterScreen)
        row = [str(cell) for cell in app.screen.query_one(DataTable).get_row_at(0)]
        assert row[:2] == ["Thorn the Bold", "Bo"]
    assert stored(db, "Thorn the Bold").player == "Bo"


async def test_a_name_typed_at_once_into_the_rename_form_replaces_the_old_one(
    tmp_path: Path,
) -> None:
    """The name the form opens with is selected: typed over, it is replaced (typed at once,
    "Thorin" made "ThornThorin"); a field come back to after a problem keeps what was
    typed, the cursor at its end."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Mira", "Bo", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", *"Thorin", "enter", "w", *"Bea", "enter")
        await pilot.pause()
        assert stored(db, "Thorin").player == "Bea"
        await pilot.press("r", *"Mira", "enter")  # refused: Mira has that name
        await pilot.pause()
        assert isinstance(app.screen, TextModal)
        await pilot.press(*"cle", "enter")
        await pilot.pause()
    assert stored(db, "Miracle").player == "Bea"


async def test_the_roster_fits_its_columns_to_the_window_again_when_it_is_resized(
    tmp_path: Path,
) -> None:
    """Opened at 120 columns then narrowed to 80, XP available, Mana and Choices were off the
    screen; opened at 80 then widened, long names stayed cut at the narrow width."""
    long = "Bartholomew Maximilian Ravensworth-Featherstonehaugh of Nort"
    db = build_db(tmp_path / "c.json", 0, [(long, "A very long player name indeed", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")

    async def settled() -> str:
        """The screen once the table has laid its columns out for its rows."""
        shown = ""
        for _ in range(20):
            await pilot.pause(0.05)
            if shown == (shown := screen_text(app)):
                break
        return shown

    async with app.run_test(size=(120, 40)) as pilot:
        wide = await settled()
        assert isinstance(app.screen, RosterScreen)
        assert "Ravensworth-Featherstone" in wide and "Choices" in wide, wide
        await pilot.resize_terminal(80, 24)
        narrow = await settled()
        assert "XP available" in narrow and "Choices" in narrow, narrow
        assert "Ravensworth-Featherstone" not in narrow
        await pilot.resize_terminal(120, 40)
        assert await settled() == wide


async def test_r_and_w_on_the_sheet_rename_the_titan_it_shows(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Mira", "Bo", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await retype(pilot, app, "Mira")  # taken: refused beside the field, form kept
        assert isinstance(app.screen, TextModal)
        assert "Mira" in rendered(app.screen.query_one("#error-name"))
        await retype(pilot, app, "Briar")
        await pilot.press("w")
        await pilot.pause()
        await retype(pilot, app, "Cy")
        title = rendered(app.screen.query_one("#sheet-title"))
        assert "BRIAR" in title and "player Cy" in title
    assert stored(db, "Briar").player == "Cy"


async def test_a_campaign_is_renamed_then_deleted_and_kept_in_the_backups(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])], campaign="Iron Crown")
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, CampaignsScreen)
        await pilot.press("r")
        await pilot.pause()
        await retype(pilot, app, "Iron Crown II")
        assert [c.name for c in actions.read_campaigns(Database(db))] == ["Iron Crown II"]
        await pilot.press("d")
        await pilot.pause()
        assert 'Delete "Iron Crown II"' in rendered(app.screen.query_one("#question"))
        await pilot.press("escape")  # no: kept
        await pilot.pause()
        assert [c.name for c in actions.read_campaigns(Database(db))] == ["Iron Crown II"]
        await pilot.press("d", "y")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
    assert actions.read_campaigns(Database(db)) == []
    newest = actions.list_backups(Database(db))[0]
    assert newest.before == 'campaign "Iron Crown II" deleted'
    actions.restore_backup(Database(db), 1)  # the file as it was brings it back
    assert stored(db, "Thorn").player == "Ann"


async def test_x_archives_a_titan_and_x_on_it_among_the_archived_brings_it_back(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Mira", "Bo", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen.query_one(DataTable)
        await pilot.press("x")  # Thorn
        await pilot.pause()
        assert table.row_count == 1 and stored(db, "Thorn").archived
        await pilot.press("v")  # archived shown; the highlight stays on Mira, the next one
        await pilot.pause()
        assert "Thorn [archived]" in str(table.get_row_at(0)[0])
        assert "Mira" in str(table.get_row_at(table.cursor_row)[0])
        await pilot.press("up")  # to Thorn
        await pilot.press("x")
        await pilot.pause()
        assert not stored(db, "Thorn").archived
        await pilot.press("v")
        await pilot.pause()
        assert table.row_count == 2


@pytest.mark.parametrize("size", [(80, 24), (120, 40), PHONE_UPRIGHT], ids=str)
async def test_v_on_the_roster_turns_the_key_bars_show_archived_into_hide_archived(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """The title said "(archived shown)" while the key bar still offered "v Show archived":
    the key's name now says what it does next, in the key bar (a phone's More too) and the
    palette."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Mira", "Bo", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)

        def offered() -> list[str]:
            return [entry[1] for entry in bar._entries() if entry[2] == "toggle_archived"]

        assert offered() == ["Show archived"]
        await pilot.press("v")
        await pilot.pause()
        assert "(archived shown)" in rendered(app.screen.query_one("#roster-title"))
        assert offered() == ["Hide archived"]
        bar.expanded = True  # a phone's More: every key
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "Hide archived" in shown and "Show archived" not in shown, shown
        bar.expanded = False
        entries = await palette_entries(app, pilot)
        assert "Hide archived" in entries and "Show archived" not in entries, entries
        await pilot.press("escape", "v")
        await pilot.pause()
        assert offered() == ["Show archived"]


def bonus_state(*bonus: str) -> TitanState:
    """A Titan knowing ``bonus`` as its bonus spells (R6) and Fire Affinity as a pick."""
    known = [SimpleNamespace(name=name, bonus=True) for name in bonus]
    return SimpleNamespace(spells=[SimpleNamespace(name="Fire Affinity", bonus=False), *known])  # type: ignore[return-value]


def test_a_swap_offer_names_the_one_bonus_spell_it_forgets() -> None:
    offer = swap_choice(bonus_state("Haste"), Choice("Fire Bolt", "Fire Bolt", "Fire 1"))
    assert offer.label == "Fire Bolt   forgets Haste"
    assert offer.detail.endswith("Forgets Haste.")


def test_with_two_bonus_spells_the_swap_offer_says_which_may_go() -> None:
    offer = swap_choice(bonus_state("Haste", "Ice Bolt"), Choice("Fire Bolt", "Fire Bolt"))
    assert offer.label == "Fire Bolt   forgets one of Haste, Ice Bolt (asked next)"


def test_the_swap_offers_forgotten_spell_lines_up_whatever_the_phase() -> None:
    """ "Strike Phase   forgets Divine Summoning" and "Spell Phase   forgets ..." started at
    two columns."""
    state = bonus_state("Divine Summoning")
    picks = [
        Choice("Ice Bolt", "Ice Bolt  Strike Phase"),
        Choice("Ice Wall", "Ice Wall  Spell Phase"),
    ]
    width = max(len(pick.label) for pick in picks)
    labels = [swap_choice(state, pick, width).label for pick in picks]
    assert len({label.index("forgets") for label in labels}) == 1, labels


@pytest.mark.parametrize("key", ["o", "x", "r", "w", "e"])
async def test_a_titan_key_on_an_empty_roster_says_how_to_add_the_first_titan(
    tmp_path: Path, key: str
) -> None:
    """Open, archive, rename, change the player or export, with no Titan yet: the player is
    told to add one (x, r and w did nothing and said nothing)."""
    app = TitanCampaignApp(build_db(tmp_path / "empty.json", 0, []), open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        await pilot.press(key)
        await pilot.pause()
        assert notes.messages == ["No Titan yet: press a to add one."]
