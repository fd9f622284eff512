"""The screens a player reads on a phone held upright (a served tab 32 columns wide, under 40):
what the player needs is in view without scrolling sideways: each Titan's level, XP and Mana on
the roster, the history's changes, the gold ledger's notes and the items' charges, and the
figures a player spends from on the sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widget import Widget
from textual.widgets import Button, Collapsible, DataTable, Input, OptionList

from titan_campaign import actions
from titan_campaign.rules.sheet import SheetView, sheet_view
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.game import SURVIVORS_MIN
from titan_campaign.tui.widgets.key_bar import KeyBar

from .conftest import CAMPAIGN, PHONE_UPRIGHT, rendered, screen_text
from .test_every_screen_snapshots import DIALOGS, SCREENS, campaign, made, opened  # noqa: F401 (fixtures)

pytestmark = pytest.mark.slow


def words(text: str) -> list[str]:
    return text.split()


def no_sideways_scroll(table: DataTable[object]) -> None:
    assert table.virtual_size.width <= table.scrollable_content_region.width, (
        table.id,
        table.virtual_size,
        table.scrollable_content_region,
    )


async def test_the_roster_shows_each_titans_level_xp_and_mana_in_its_row_on_a_phone_held_upright(
    iron_crown: Path,
) -> None:
    db = Database(iron_crown)
    listed = actions.roster(db, actions.find_campaign(db, CAMPAIGN))
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.pause()
        no_sideways_scroll(app.screen.query_one("#roster", DataTable))
        lines = screen_text(app).splitlines()
        for state in listed:
            assert not isinstance(state, actions.Unreadable)
            row = next(n for n, line in enumerate(lines) if words(line)[:1] == [state.name])
            figures = [str(state.level), str(state.available_xp), str(state.mana)]
            assert words(lines[row]) == [state.name, *figures], lines[row]
            below = " ".join(lines[row + 1 : row + 3])
            assert state.player in words(below), (state.name, below)
            if state.pending:  # a choice still to make is said under its Titan
                assert f"{len(state.pending)} to make" in below, (state.name, below)
        heading = next(line for line in lines if words(line)[:1] == ["Titan"])
        assert "XP" in words(heading) and "Mana" in words(heading), heading


async def test_a_long_name_is_read_whole_on_the_roster_of_a_phone_held_upright(
    iron_crown: Path,
) -> None:
    db = Database(iron_crown)
    long = "Archmage Valerius the Unyielding"
    actions.add_titan(db, actions.find_campaign(db, CAMPAIGN), long, "Di")
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.pause()
        no_sideways_scroll(app.screen.query_one("#roster", DataTable))
        shown = " ".join(" ".join(words(line)) for line in screen_text(app).splitlines())
        assert "Archmage 0 200 0 Valerius the Unyielding Di" in shown, shown  # name, figures
        assert "…" not in shown


async def test_a_long_player_name_is_read_whole_on_the_roster_of_a_phone_held_upright(
    iron_crown: Path,
) -> None:
    """The Titan's name wrapped and its player's was cut: "Ann-Sophie …"."""
    db = Database(iron_crown)
    thorn = actions.find_titan(db, "Thorn", CAMPAIGN)
    actions.change_player(db, thorn, "Ann-Sophie von Hohenstaufen")
    actions.archive_titan(db, thorn)
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.press("v")  # the archived shown too
        await pilot.pause()
        no_sideways_scroll(app.screen.query_one("#roster", DataTable))
        shown = " ".join(" ".join(words(line)) for line in screen_text(app).splitlines())
        assert "Ann-Sophie von Hohenstaufen [archived]" in shown, shown
        assert "…" not in shown


async def test_the_roster_goes_back_to_its_wide_table_when_the_tab_is_turned_sideways(
    iron_crown: Path,
) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        table = app.screen.query_one("#roster", DataTable)
        headings = [str(column.label) for column in table.columns.values()]
        assert "Player" in headings and "XP available" in headings, headings
        no_sideways_scroll(table)
        await pilot.resize_terminal(*PHONE_UPRIGHT)
        await pilot.pause()
        no_sideways_scroll(table)


def unfolded(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


def thorn_sheet(db_path: Path) -> SheetView:
    """The example's Thorn as his sheet shows him."""
    db = Database(db_path)
    return sheet_view(
        actions.read_titan(db, actions.find_titan(db, "Thorn", CAMPAIGN)).state, CAMPAIGN
    )


async def test_the_sheet_says_the_xp_mana_and_gold_to_spend_on_a_phone_held_upright(
    iron_crown: Path,
) -> None:
    data = thorn_sheet(iron_crown)
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.pause()
        top = screen_text(app).splitlines()[:8]  # the top of the sheet
        shown = unfolded(top)
        for figure in (
            f"XP available {data.xp.available}",
            f"to next level {data.xp.to_next_level}",
            f"Mana {data.mana}",
            f"Gold {data.gold}",
        ):
            assert figure in shown, (figure, shown)


@pytest.mark.parametrize("titan", [None, "Thorn"], ids=["campaign", "titan"])
async def test_the_history_reads_each_change_whole_on_a_phone_held_upright(
    iron_crown: Path, titan: str | None
) -> None:
    db = Database(iron_crown)
    whole = actions.find_campaign(db, CAMPAIGN)
    rows = actions.history_of(db, actions.find_titan(db, titan, CAMPAIGN) if titan else whole)
    newest = rows.rows[-1]
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan=titan)
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        no_sideways_scroll(app.screen.query_one("#history", DataTable))
        # (the table's scroll bar, a block at the line's end, may stand beside any line)
        shown = unfolded([line.rstrip("▁▂▃▄▅▆▇█ ") for line in screen_text(app).splitlines()])
        when = newest.at[:16].replace("T", " ")
        assert f"{newest.change} {when} {' '.join(newest.text.split())}" in shown, shown


async def test_the_spell_filter_shows_what_is_typed_on_a_phone_held_upright(
    iron_crown: Path,
) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        await pilot.press("slash", *"ice shi")
        await pilot.pause()
        typed = app.screen.query_one("#spell-filter")
        assert typed.region.width >= PHONE_UPRIGHT[0] - 4, typed.region
        assert "ice shi" in screen_text(app)


async def test_a_spell_picks_rules_text_is_read_whole_on_a_phone_held_upright(
    tmp_path: Path,
) -> None:
    from titan_campaign.rules.events import SchoolGained

    from .conftest import build_db, won_game

    events = [won_game(1, scenario_xp=100), SchoolGained(school="water", level=1)]
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", events)])
    app = TitanCampaignApp(db, open_titan="Thorn")
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.press("c")
        await pilot.pause()
        picks = app.screen.query_one("#picks", OptionList)
        for number, choice in enumerate(app.screen.choices):  # each Water level 1 spell
            picks.highlighted = number
            await pilot.pause()
            shown = unfolded([line.strip("█ ") for line in screen_text(app).splitlines()])
            end = " ".join(choice.detail.split()[-4:])
            assert end in shown, (choice.value, screen_text(app))


async def test_the_gold_ledger_and_the_items_charges_are_read_on_a_phone_held_upright(
    iron_crown: Path,
) -> None:
    data = thorn_sheet(iron_crown)
    assert data.gold_ledger and data.magic_items  # the example's Thorn has both
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        for table in app.screen.query(DataTable):
            no_sideways_scroll(table)
        shown = unfolded(screen_text(app).splitlines())
        for line in data.gold_ledger:
            assert f"{line.amount:+d} {' '.join(line.note.split())}" in shown, (line, shown)
            if line.game:
                assert f"game {line.game}" in shown, (line, shown)
        for item in data.magic_items:
            charges = f"{item.charges}/{item.max_charges}" if item.max_charges else "-"
            assert f"{item.name} {charges}" in shown, (item, shown)


async def test_the_sheet_lists_each_spells_mana_and_its_card_says_the_rest_on_a_phone_held_upright(
    iron_crown: Path,
) -> None:
    spells = thorn_sheet(iron_crown).spells
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.pause()
        await pilot.press("1")  # the sheet's spells
        await pilot.pause()
        table = app.screen.query_one("#spell-list", DataTable)
        no_sideways_scroll(table)
        table.focus()
        for row, spell in enumerate(spells):
            table.move_cursor(row=row)
            await pilot.pause()
            lines = screen_text(app).splitlines()
            shown = next(line for line in lines if spell.name in line)
            assert words(shown)[-1] == str(spell.mana), (spell.name, shown)
            card = unfolded(lines[lines.index(shown) :]).replace("█ ", "")  # the card's edge
            for fact in (f"{spell.school.title()} level {spell.level}", spell.cast):
                assert fact in card, (spell.name, fact, card)


@pytest.mark.parametrize("titan", [None, "Thorn"], ids=["campaign", "titan"])
async def test_the_progress_chart_keeps_each_line_whole_on_a_phone_held_upright(
    iron_crown: Path, titan: str | None
) -> None:
    db = Database(iron_crown)
    rows = actions.progress(db, actions.find_titan(db, "Thorn", CAMPAIGN))[1]
    games = [row.game for row in rows]
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan=titan)
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        axis = next(n for n, line in enumerate(lines) if line.strip().startswith("0▔"))
        assert lines[axis].rstrip().endswith("▔"), lines[axis]  # the axis in one line
        assert words(lines[axis + 1]) == [str(game) for game in games], lines[axis + 1]
        for line in lines[axis - 8 : axis]:  # every row of bars on its own line
            assert "│" in line, "\n".join(lines)
        if titan is None:
            return
        app.screen.query_one("#progress").scroll_end(animate=False)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        for row in rows:  # the game-by-game table: each game's XP figures whole
            figures = [row.label, *map(str, (row.award, row.earned, row.spent, row.level))]
            assert figures in [words(line) for line in lines], (figures, "\n".join(lines))


SIDEWAYS_ON_PURPOSE = ("reference_spells", "reference_characters", "backups")
"""Screens whose rows scroll sideways on a phone held upright: the reference's tables (at 60
columns), and the backups (restored on the host)."""
PLAYERS_SCREENS = [screen for screen in SCREENS if screen[0] not in SIDEWAYS_ON_PURPOSE]


@pytest.mark.parametrize(
    ("name", "titan", "keys"), PLAYERS_SCREENS, ids=[s[0] for s in PLAYERS_SCREENS]
)
async def test_nothing_a_player_reads_runs_off_the_side_of_a_phone_held_upright(
    campaign: Path,  # noqa: F811
    name: str,
    titan: str | None,
    keys: list[str],
) -> None:
    async with opened(campaign, titan, keys, PHONE_UPRIGHT) as (app, _pilot):
        for widget in app.screen.query("*"):
            if isinstance(widget, DataTable) and widget.region.width:  # one shown
                no_sideways_scroll(widget)
            box = widget.parent
            if any(isinstance(w, DataTable) for w in widget.ancestors):
                continue
            if widget.display and widget.region.width and isinstance(box, Widget):
                inside = box.scrollable_content_region.right
                assert widget.region.right <= inside, (name, widget, widget.region, inside)


async def test_a_box_rows_note_cut_to_a_few_letters_is_left_out_on_a_phone_held_upright(
    iron_crown: Path,
) -> None:
    """ "+1…" says nothing: a note with no room is left out, and the line under the boxes says
    the note of the row the cursor is on."""
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Mira")
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.pause()
        shown = screen_text(app)
    rows = [line for line in shown.splitlines() if "][" in line]
    assert rows and not [line for line in rows if "…" in line], rows
    assert "Power: +1 Power-factor" in " ".join(shown.split())


async def test_the_longest_spell_name_wraps_on_a_phone_and_mana_stays_in_view(
    tmp_path: Path,
) -> None:
    """ "Improved Magic Missile" pushed the Mana column off a phone held upright: the table
    scrolled sideways and its heading read "M"."""
    from titan_campaign.rules.events import GoldChanged, SpellBoughtWithGold

    from .conftest import build_db

    bought = [
        GoldChanged(amount=100),
        SpellBoughtWithGold(spell="Improved Magic Missile", price=10),
    ]
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", bought)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#spell-list", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        await pilot.press("1")
        await pilot.pause()
        shown = screen_text(app)
        assert "Spell                 Mana" in shown
        assert "Improved Magic        2" in shown and "\n  Missile" in shown


async def test_a_tab_that_lost_the_keyboard_keeps_its_key_bar_for_the_first_tap(
    iron_crown: Path,
) -> None:
    """A served tab not yet tapped has no keyboard: the sheet's boxes lost the focus, the key
    bar their keys, and the first tap gave both back, so the bar grew a line under the finger
    and "esc Back" tapped was "space Check": a box bought."""
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.pause()
        focused, bar = app.focused, rendered(app.screen.query_one(KeyBar))
        assert focused is not None and "Check" in bar
        app.post_message(events.AppBlur())
        await pilot.pause()
        assert app.focused is focused and rendered(app.screen.query_one(KeyBar)) == bar
        app.post_message(events.AppFocus())
        await pilot.pause()
        assert app.focused is focused and rendered(app.screen.query_one(KeyBar)) == bar


SAVING_FORMS = [
    form
    for form in [*SCREENS, *DIALOGS]
    if form[0]
    in {"plan", "game_form", "print_campaign", "export_titan", "import_titan", "honor_guard"}
    | {"print_sheet", "goal", "gold_entry", "buy_item", "spell_for_gold", "add_item"}
]


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["phone", "80x24"])
@pytest.mark.parametrize(("name", "titan", "keys"), SAVING_FORMS, ids=[f[0] for f in SAVING_FORMS])
async def test_a_form_names_ctrl_s_at_a_keyboard_and_not_on_a_phone_which_has_no_ctrl_key(
    campaign: Path,  # noqa: F811
    name: str,
    titan: str | None,
    keys: list[str],
    size: tuple[int, int],
) -> None:
    """The game form said "saved only with ctrl+s" and the print dialog "Download (ctrl+s)"
    on a phone: there the game form names the key bar's "Save game", the buttons just say
    what they do."""
    async with opened(campaign, titan, keys, size) as (app, _pilot):
        said = [
            str(part.label) if isinstance(part, Button) else rendered(part)
            for part in app.screen.query("Button, Static, Label")
        ]
        naming = [words for words in said if "ctrl+s" in words]
        if size == PHONE_UPRIGHT:
            assert not naming, (name, naming)
            if name == "game_form":
                assert any("saved only with Save game" in words for words in said), said
        else:
            assert naming, (name, said)


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["phone", "80x24"])
async def test_undo_and_redo_are_named_as_a_phone_taps_them(
    campaign: Path,  # noqa: F811
    size: tuple[int, int],
) -> None:
    """A Titan's history on a phone said "ctrl+z undoes this Titan's latest change, ctrl+y
    redoes it", and a gold line saved "ctrl+z undoes it": a phone has no ctrl key, its key
    bar's Undo and Redo are tapped."""
    async with opened(campaign, "Thorn", ["h"], size) as (app, pilot):
        hint = " ".join(rendered(app.screen.query_one(".hint")).split())
        if size == PHONE_UPRIGHT:
            assert "Undo undoes this Titan's latest change, Redo redoes it" in hint, hint
            assert "ctrl+" not in hint
        else:
            assert "ctrl+z undoes this Titan's latest change, ctrl+y redoes it" in hint, hint
        app.pop_screen()
        await pilot.press("m")  # the gold screen
        await pilot.pause()
        notes: list[str] = []
        app.notify = lambda message, **_: notes.append(str(message))  # type: ignore[method-assign]
        await pilot.press("a", *"5", "ctrl+s")  # a gold line saved
        await pilot.pause()
        undo = "Undo undoes it" if size == PHONE_UPRIGHT else "ctrl+z undoes it"
        assert any(note.endswith(undo) for note in notes), notes


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["phone", "80x24"])
async def test_the_campaign_lists_buttons_name_no_key_on_a_phone(
    campaign: Path,  # noqa: F811
    size: tuple[int, int],
) -> None:
    """The campaign list's buttons said "New campaign (n)" and "Load the example campaign
    (e)" on a phone, which has no n or e key to press: the button itself is tapped."""
    async with opened(campaign, None, ["escape"], size) as (app, _):
        labels = [str(button.label) for button in app.screen.query(Button)]
        if size == PHONE_UPRIGHT:
            assert labels == ["New campaign", "Load the example campaign"], labels
        else:
            assert labels == ["New campaign (n)", "Load the example campaign (e)"], labels


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["phone", "80x24"])
async def test_the_roster_says_how_to_open_a_sheet_as_a_phone_taps_it(
    campaign: Path,  # noqa: F811
    size: tuple[int, int],
) -> None:
    """The roster on a phone said "enter: open the sheet   g: record a game" and "(archived
    hidden, v shows them)": a phone has no keys; a second tap on a Titan opens its sheet, the
    key bar's Show archived shows the archived."""
    async with opened(campaign, None, [], size) as (app, _):
        hint = " ".join(rendered(app.screen.query_one("#roster-hint")).split())
        title = " ".join(rendered(app.screen.query_one("#roster-title")).split())
        if size == PHONE_UPRIGHT:
            assert hint.startswith("a second tap: open the sheet A copy"), (
                hint
            )  # then the copy's line
            # the key bar's Show archived is under More on a phone
            assert title.endswith("(archived hidden: More, then Show archived)"), title
            assert "Merge copy: see what merging it brings in" in hint, hint
        else:
            assert hint.startswith("enter: open the sheet g: record a game A copy"), hint
            assert title.endswith("(archived hidden, v shows them)"), title
            assert "M: see what merging it brings in" in hint, hint


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["phone", "80x24"])
async def test_buying_a_spell_says_how_as_a_phone_taps(
    campaign: Path,  # noqa: F811
    size: tuple[int, int],
) -> None:
    """The dialog buying a spell with XP said "Enter or a second click: buy (100 XP)   Escape:
    back" on a phone, which has neither key: a second tap buys, the key bar's Back backs out."""
    async with opened(campaign, "Thorn", ["b"], size) as (app, _):
        hint = " ".join(rendered(app.screen.query_one(".hint")).split())
        if size == PHONE_UPRIGHT:
            assert hint == "a second tap: buy (100 XP)", hint
        else:
            assert hint == "Enter or a second click: buy (100 XP) Escape: back", hint


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["phone", "80x24"])
async def test_a_pick_says_how_to_choose_and_decide_later_as_a_phone_taps(
    campaign: Path,  # noqa: F811
    size: tuple[int, int],
) -> None:
    """The level-up and spell-pick dialogs said "Enter or a second click: choose   Escape:
    decide later" on a phone, which has neither key: a second tap chooses, the key bar's
    Back puts the choice off."""
    async with opened(campaign, "Osk", ["c"], size) as (app, _):
        hint = " ".join(rendered(app.screen.query_one(".hint")).split())
        bar = " ".join(rendered(app.screen.query_one(KeyBar)).split())
        if size == PHONE_UPRIGHT:
            assert hint == "a second tap: choose Back: decide later", hint
            assert "Back" in bar.split(), bar
        else:
            assert hint == "Enter or a second click: choose Escape: decide later", hint


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["phone", "80x24"])
async def test_checking_a_box_and_using_an_item_are_named_as_the_key_bar_names_them_on_a_phone(
    campaign: Path,  # noqa: F811
    size: tuple[int, int],
) -> None:
    """The sheet said "Power: ... space: check the next box (100 XP)" and the gold screen
    "MAGIC ITEMS (-: use a charge of the highlighted item, del: remove it)" on a phone, which
    has none of those keys: its key bar's Check, Use charge and Remove item are tapped."""
    async with opened(campaign, "Thorn", [], size) as (app, pilot):
        hint = " ".join(rendered(app.screen.query_one("#abilities")).split())
        await pilot.press("m")  # the gold screen
        await pilot.pause()
        heading = " ".join(rendered(app.screen.query_one("#items-heading")).split())
        if size == PHONE_UPRIGHT:
            assert "Power: +1 Power-factor; Check: check the next box (100 XP)" in hint, hint
            assert heading == "MAGIC ITEMS (the highlighted one: Use charge, Remove item)"
        else:
            assert hint.endswith("Power: space: check the next box (100 XP)"), hint
            assert heading == (
                "MAGIC ITEMS (-: use a charge of the highlighted item, del: remove it)"
            ), heading


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["phone", "80x24"])
async def test_the_game_form_asks_won_or_lost_as_a_phone_taps_it(
    campaign: Path,  # noqa: F811
    size: tuple[int, int],
) -> None:
    """Each row said "won or lost? (w or l)" on a phone, which has no keys: there the result
    itself ("w/l?") is tapped, so that is what the row names, and so does a refused save."""
    async with opened(campaign, None, ["g"], size) as (app, pilot):
        asked = " ".join(rendered(app.screen.query_one("#award-1")).split())
        await pilot.press("ctrl+s")  # nobody's result picked: refused, each row says why
        await pilot.pause()
        refused = " ".join(rendered(app.screen.query_one("#award-1")).split())
        for said in (asked, refused):
            if size == PHONE_UPRIGHT:
                assert "won or lost? (tap w/l?)" in said and "(w or l)" not in said, said
            else:
                assert "won or lost? (w or l)" in said, said


NOTES_WHERE = ["campaigns", "roster", "sheet", "gold_and_items", "reference_spells"]


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["phone", "80x24"])
@pytest.mark.parametrize(
    ("name", "titan", "keys"),
    [screen for screen in SCREENS if screen[0] in NOTES_WHERE],
    ids=NOTES_WHERE,
)
async def test_the_list_of_past_notes_is_in_the_key_bar_under_more_on_a_phone(
    campaign: Path,  # noqa: F811
    name: str,
    titan: str | None,
    keys: list[str],
    size: tuple[int, int],
) -> None:
    """On a phone a note fades within seconds, and f2, which lists them all again, was in no
    key bar, nor under ``? More``: only the palette found it."""
    async with opened(campaign, titan, keys, size) as (app, pilot):
        bar = app.screen.query_one(KeyBar)
        if bar.holds_back:
            app.action_more_keys()
            await pilot.pause()
        assert "f2 Notes" in rendered(bar), (name, rendered(bar))


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["phone", "80x24"])
@pytest.mark.parametrize("keys", [["l"], ["f2"]], ids=["game_log", "notes"])
async def test_the_game_log_and_the_notes_say_how_to_close_and_correct_as_a_phone_taps(
    campaign: Path,  # noqa: F811
    keys: list[str],
    size: tuple[int, int],
) -> None:
    """On a phone the game log's title said "(c: correct an entry)" and it and the notes
    ended "Escape: close": a phone has no c or Escape key, its key bar's Back is tapped."""
    async with opened(campaign, None, keys, size) as (app, _pilot):
        title = rendered(app.screen.query_one(".form-title"))
        hint = rendered(app.screen.query_one(".hint"))
        if size == PHONE_UPRIGHT:
            assert hint.strip() == "Back: close", hint
            assert "c:" not in title, title
        else:
            assert hint.strip() == "Escape: close", hint
            if keys == ["l"]:
                assert title == "Game log (c: correct an entry)", title


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["phone", "80x24"])
async def test_an_empty_game_log_says_how_a_game_is_recorded_as_a_phone_taps(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """An empty game log said "(g records one)", and c in it "g on the roster records one":
    a phone has no g key; its roster's key bar has Record game."""
    db = tmp_path / "c.json"
    actions.new_campaign(Database(db), "Quiet", 200)
    app = TitanCampaignApp(db, open_campaign="Quiet")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.run_action("screen.game_log")
        await pilot.pause()
        await app.screen.run_action("correct")
        await pilot.pause()
        said = " ".join(rendered(app.screen.query_one(".message-body Static")).split())
        record = "Record game" if size == PHONE_UPRIGHT else "g"
        assert f"No games recorded yet ({record} on the roster records one)." in said, said
        assert f"{record} on the roster records one" in app.notes[-1]


async def test_the_correction_dialog_opens_on_its_title_on_a_small_phone(
    campaign: Path,  # noqa: F811
) -> None:
    """On a 360 px phone the correction dialog opened scrolled to its field: its title
    "Correct a game" and its first words were out of view."""
    async with opened(campaign, None, ["l", "c"], (32, 26)) as (app, pilot):
        await pilot.pause()
        shown = screen_text(app)
        assert "Correct a game" in shown and "The game's number" in shown, shown
        field = app.screen.query_one("#text-value")
        assert app.focused is field
        box = app.screen.query_one(".form")
        assert box.content_region.contains_region(field.region), (box.content_region, field.region)


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (40, 32)], ids=["phone", "40"])
async def test_the_references_tabs_are_read_whole_on_a_phone(
    campaign: Path,  # noqa: F811
    size: tuple[int, int],
) -> None:
    """The reference's third tab was cut to "Strike ch" on a phone."""
    async with opened(campaign, None, ["f1"], size) as (app, _pilot):
        tabs = words(screen_text(app).splitlines()[0])
        assert tabs == ["Spells", "Characters", "Strikes"], tabs


@pytest.mark.parametrize("width", [30, 32, 36, 44])
async def test_a_survivors_name_is_read_whole_on_a_phone_held_upright(
    campaign: Path,  # noqa: F811
    width: int,
) -> None:
    """On a 360 px phone (30 columns) the survivors' field was four cells wide, beside Fled:
    "Garg" of "Gargoyle". Where it has no room beside the last figure, it takes a line of its
    own, as its heading does."""
    async with opened(campaign, None, ["g"], (width, 28)) as (app, pilot):
        field = app.screen.query_one("#titan-1 #survivors", Input)
        field.focus()
        await pilot.press(*"Gargoyle")
        await pilot.pause()
        assert field.region.width >= SURVIVORS_MIN, field.region
        assert "Gargoyle" in screen_text(app)


@pytest.mark.parametrize("keys", [["m", "b"], ["m", "i"]], ids=["buy_item", "add_item"])
async def test_the_charges_hint_is_read_whole_on_a_360px_phone(
    campaign: Path,  # noqa: F811
    keys: list[str],
) -> None:
    """On a 360 px phone (30 columns) the item form's Charges field showed "blank: as listed,
    else" of its hint: under the field, the hint wraps within the screen."""
    async with opened(campaign, "Thorn", keys, (30, 28)) as (app, pilot):
        await pilot.pause()
        shown = " ".join(screen_text(app).replace("█", " ").split())
        assert "blank: as listed, else lasts" in shown, shown


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["phone", "80x24"])
async def test_the_sheet_and_honor_guard_name_no_key_a_phone_lacks(
    campaign: Path,  # noqa: F811
    size: tuple[int, int],
) -> None:
    """On a phone the honor guard said "Not offered: 42 characters (enter shows why)", the
    sheet "! 1 choice to make (c)" and the goal "(s)", "s: take the next step   o: change
    the goal": a phone has no Enter, c, s or o key; the list's title, the banner and the goal's
    line are tapped, the key bar's Next step and Goal."""
    phone = size == PHONE_UPRIGHT
    async with opened(campaign, "Thorn", ["u"], size) as (app, _pilot):
        block = app.screen.query_one("#not-offered-block", Collapsible)
        why = "(tap shows why)" if phone else "(enter shows why)"
        assert block.title.endswith(why), block.title
    async with opened(campaign, "Osk", [], size) as (app, _pilot):
        banner = " ".join(rendered(app.screen.query_one("#sheet-pending")).split())
        assert f"! 1 choice to make ({'tap' if phone else 'c'}):" in banner, banner
    async with opened(campaign, "Mira", [], size) as (app, _pilot):
        line = " ".join(rendered(app.screen.query_one("#sheet-goal-line")).split())
        panel = " ".join(rendered(app.screen.query_one("#sheet-goal")).split())
        assert f"next: spend ability power ({'tap' if phone else 's'});" in line, line
        keys = (
            "Next step: take the next step Goal: change the goal"
            if phone
            else "s: take the next step o: change the goal"
        )
        assert panel.endswith(keys), panel


@pytest.mark.parametrize("width", [26, 28, 30])
async def test_the_game_forms_ticks_and_results_are_in_view_on_a_small_phone(
    campaign: Path,  # noqa: F811
    width: int,
) -> None:
    """On a 320 px phone (26 columns) a Titan's row needed 26 columns where 22 were left: the
    form scrolled sideways and the ticks saying who takes part were out of view. There the
    Titans' names are cut shorter ("…"), and tick, name and result are in view."""
    async with opened(campaign, None, ["g"], (width, 28)) as (app, _pilot):
        form = app.screen.query_one("#game-form")
        assert form.max_scroll_x == 0, (form.virtual_size, form.scrollable_content_region)
        inside = form.scrollable_content_region
        for field in app.screen.query("#takes-part, #result, #survivors"):
            assert inside.x <= field.region.x and field.region.right <= inside.right, field
        lines = screen_text(app).splitlines()
        assert any(line.lstrip().startswith("▐✓▌") for line in lines), lines


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["phone", "80x24"])
async def test_the_backups_screen_says_how_a_backup_is_restored_where_it_is_held(
    campaign: Path,  # noqa: F811
    size: tuple[int, int],
) -> None:
    """On a phone the backups screen said "enter or r: restore the highlighted backup": a
    phone has neither; a second tap on a backup, or Restore, restores it."""
    async with opened(campaign, None, ["escape", "k"], size) as (app, _pilot):
        hint = " ".join(rendered(app.screen.query_one("#backups-hint")).split())
        said = "a second tap or Restore" if size == PHONE_UPRIGHT else "enter or r"
        assert hint.startswith(f"{said}: restore the highlighted backup"), hint
