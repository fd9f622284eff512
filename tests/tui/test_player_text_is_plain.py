"""Text typed by players is shown as they typed it: a name, note, item or change holding what
looks like markup (``[/b]``, ``[bold red]x[/]``, ``[sold] sword``, a link) is never read as
markup, so it neither crashes the app nor loses or restyles a word, on every screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from titan_campaign import actions
from titan_campaign.rules.events import (
    GameRecorded,
    GoldChanged,
    ItemAdded,
    ItemFacts,
)
from titan_campaign.store import Database
from titan_campaign.tui import settings
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.campaigns import CampaignsScreen
from titan_campaign.tui.screens.gold import GoldModal
from titan_campaign.tui.screens.roster import RosterScreen
from titan_campaign.tui.screens.sheet import SheetScreen

from .conftest import (
    SIZE,
    build_db,
    change_count,
    example_titan_events,
    named,
    rendered,
    screen_text,
    won_game,
)

CLOSER = "[/b]"
STYLED = "[bold red]x[/]"
SOLD = "[sold] sword"
LINK = "[link=file:///etc/passwd]x[/link]"

CAMPAIGN = "[b]Crown[/b]"
TITAN = "Thorn [/b]"
OTHER = STYLED
PLAYER = LINK
NOTE = f"loot {CLOSER}"
SCENARIO = SOLD
ITEM = SOLD
DESCRIPTION = f"{STYLED} glows {LINK}"
LIVE = "spoils [/i] [won] shield"


def unfolded(text: str) -> str:
    """The screen's text with every run of spaces as one and in one case, so a table's padding
    and a title in capitals do not matter."""
    return " ".join(text.split()).casefold()


@pytest.fixture
def markup_db(tmp_path: Path) -> Path:
    events = [
        *example_titan_events(),
        GoldChanged(amount=5, note=NOTE),
        ItemAdded(item=ItemFacts(name=ITEM, type="cloak", description=DESCRIPTION)),
        GameRecorded(
            game=2,
            date="2026-11-08",
            scenario=SCENARIO,
            outcome=won_game(2).outcome,
        ),
    ]
    return build_db(
        tmp_path / "c.json",
        200,
        [(TITAN, PLAYER, events), (OTHER, SOLD, [])],
        campaign=CAMPAIGN,
    )


async def shows(
    pilot: object, app: TitanCampaignApp, *texts: str, keys: tuple[str, ...] = ()
) -> str:
    """Press ``keys``, then check that each of ``texts`` is on screen exactly as typed."""
    await pilot.press(*keys)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    seen = unfolded(screen_text(app))
    for text in texts:
        assert unfolded(text) in seen, (
            f"after {keys}: {text!r} not on screen {type(app.screen).__name__}:\n{seen}"
        )
    return seen


async def test_every_roster_and_campaign_screen_shows_markup_in_player_text_as_typed(
    markup_db: Path,
) -> None:
    app = TitanCampaignApp(markup_db, open_campaign=CAMPAIGN)
    async with app.run_test(size=SIZE, notifications=True, tooltips=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        await shows(pilot, app, CAMPAIGN, TITAN, OTHER, SOLD)
        await shows(pilot, app, SCENARIO, keys=("l",))  # the game log
        await shows(pilot, app, CAMPAIGN, NOTE, ITEM, keys=("escape", "h"))  # the history
        await shows(pilot, app, TITAN, OTHER, keys=("escape", "P"))  # progress
        await shows(pilot, app, TITAN, keys=("escape", "g"))  # the game form
        await pilot.hover("#takes-part")
        await pilot.pause(1.0)
        await shows(pilot, app, f"{TITAN} ({PLAYER})", "takes part")  # its tooltip
        await shows(pilot, app, TITAN, keys=("escape", "p"))  # the print form
        await shows(pilot, app, TITAN, keys=("escape", "e"))  # export the Titan
        await shows(pilot, app, CAMPAIGN, keys=("escape", "i"))  # import a Titan
        await shows(pilot, app, TITAN, keys=("escape", "r"))  # rename
        await shows(pilot, app, f"{TITAN} archived", keys=("escape", "x"))  # a notification
        await shows(pilot, app, TITAN, keys=("v",))
        await shows(pilot, app, keys=("x",))  # and back
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        await shows(pilot, app, CAMPAIGN)
        await shows(pilot, app, CAMPAIGN, keys=("r",))  # rename the campaign
        await shows(pilot, app, CAMPAIGN, keys=("escape", "d"))  # delete: asked first
        await shows(pilot, app, NOTE, ITEM, keys=("escape", "k"))  # backups
        await shows(pilot, app, keys=("r",))  # restore: asked first
        await pilot.press("escape", "escape", "f1")  # the reference
        await pilot.pause()
    assert app.return_code in (None, 0)


async def test_every_sheet_screen_shows_markup_in_player_text_as_typed(markup_db: Path) -> None:
    app = TitanCampaignApp(markup_db, open_campaign=CAMPAIGN, open_titan=TITAN)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        await shows(pilot, app, TITAN, PLAYER)
        await shows(pilot, app, ITEM, keys=("2",))  # the sheet's items, one key away
        await shows(pilot, app, TITAN, keys=("0", "c"))  # choices
        await shows(pilot, app, TITAN, NOTE, SCENARIO, keys=("escape", "h"))  # history
        await shows(pilot, app, TITAN, NOTE, ITEM, STYLED, keys=("escape", "m"))  # gold & items
        await shows(pilot, app, TITAN, keys=("a",))  # a gold entry
        await shows(pilot, app, TITAN, keys=("escape", "i"))  # an item
        await shows(pilot, app, TITAN, keys=("escape", "s"))  # a spell bought with gold
        await shows(pilot, app, TITAN, keys=("escape", "minus"))  # a charge used: a notification
        await shows(pilot, app, TITAN, keys=("escape", "u"))  # no honor guard yet: a note
        await shows(pilot, app, TITAN, keys=("t",))  # the plan: the item's legion
        await shows(pilot, app, TITAN, keys=("escape", "o"))  # the goal
        await shows(pilot, app, keys=("escape", "s"))  # the next step
        await shows(pilot, app, TITAN, keys=("escape", "P"))  # progress
        await shows(pilot, app, TITAN, keys=("escape", "p"))  # print
        await shows(pilot, app, PLAYER, keys=("escape", "w"))  # the player
        await shows(pilot, app, TITAN, keys=("escape", "r"))  # rename
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code in (None, 0)


async def test_a_change_made_elsewhere_with_markup_in_its_note_is_shown_and_undone_as_typed(
    markup_db: Path,
) -> None:
    app = TitanCampaignApp(markup_db, open_campaign=CAMPAIGN, open_titan=TITAN)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        before = change_count(markup_db)
        actions.change_gold(
            Database(markup_db), named(Database(markup_db), TITAN), 2, note=LIVE
        )  # a second shell
        await pilot.pause(1.2)
        await shows(pilot, app, LIVE)  # "Changed elsewhere", in full
        await shows(pilot, app, LIVE, keys=("h",))
        await shows(pilot, app, "Undone", LIVE, keys=("ctrl+z",))
        assert change_count(markup_db) == before
        await shows(pilot, app, keys=("ctrl+y",))
        assert change_count(markup_db) == before + 1
    assert app.return_code in (None, 0)


UNSEEN = ("\x1b", "\x07", "\u202e", "\u200b")


async def test_a_note_pasted_with_an_escape_sequence_is_refused_beside_its_field(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    before = db.read_bytes()
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("m", "a", *"5")
        app.screen.query_one("#gold-note", Input).value = "loot \x1b]0;owned\x07"
        await shows(pilot, app, "Note: cannot hold control characters", keys=("ctrl+s",))
        assert isinstance(app.screen, GoldModal)  # kept open, as typed
        assert app.screen.query_one("#gold-note", Input).value == "loot \x1b]0;owned\x07"
        said = rendered(app.screen.query_one("#error-note"))
        assert said.startswith("Note: cannot hold") and not any(u in said for u in UNSEEN)
        await pilot.press("escape", "y")  # throw the typed form away
        await pilot.pause()
        await pilot.press("escape", "o")  # a goal naming a pasted spell
        await pilot.pause()
        app.screen.query_one("#goal-spells", Input).value = "Fire\x1b]0;owned\x07"
        await pilot.press("ctrl+s")
        await pilot.pause()
        said = rendered(app.screen.query_one("#goal-spells-problem"))  # beside its field
        assert "Fire\\x1b]0;owned\\x07" in said, said  # said back, visibly
    assert db.read_bytes() == before


async def test_an_old_file_holding_escapes_opens_with_each_shown_as_a_visible_escape(
    tmp_path: Path,
) -> None:
    """A file written before such texts were refused: the app reads it and shows ``\\x1b``,
    never sends the escape itself to the terminal."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [GoldChanged(amount=5, note="loot")])])
    raw = db.read_text()
    for typed, stored in (
        ("loot", "loot \\u001b]0;owned\\u0007"),
        ('"Ann"', '"A\\u202enn"'),
    ):
        assert typed in raw
        raw = raw.replace(typed, stored)
    db.write_text(raw)
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        seen = await shows(pilot, app, "A\\u202enn")
        seen += await shows(pilot, app, "loot \\x1b]0;owned\\x07", keys=("m",))
        seen += await shows(pilot, app, "loot \\x1b]0;owned\\x07", keys=("escape", "h"))
        assert not any(unseen in seen for unseen in UNSEEN)


async def test_a_served_tab_shows_another_players_note_with_markup_and_keeps_running(
    markup_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(settings.SERVED_ENV, "1")  # game night: each tab is such an app
    app = TitanCampaignApp(markup_db, open_campaign=CAMPAIGN)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await shows(pilot, app, keys=("h",))
        actions.change_gold(
            Database(markup_db), named(Database(markup_db), OTHER), 3, note=LIVE
        )  # another player's tab
        await pilot.pause(1.2)
        await shows(pilot, app, LIVE)  # told, and in the history
        assert app.is_running
    assert app.return_code in (None, 0)


def test_a_refusal_of_a_word_pasted_by_mistake_is_said_short() -> None:
    """A correction typed with a 10,000-letter figure filled the form with its 160 lines."""
    from titan_campaign.rules.errors import RuleError
    from titan_campaign.tui.refusals import refusal_of

    pasted = "a" * 10_000
    said = refusal_of(RuleError(f"score: expected a number of 0 or more, got '{pasted}'"))
    assert len(said.message) < 300 and said.message.startswith("score: expected a number")
    assert said.message.endswith("aaa'")
