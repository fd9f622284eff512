"""Pilot-driven worked examples: recording a game, honor guard, gold and items, plan, reference."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Checkbox, DataTable, Input, OptionList, Select

from titan_campaign import actions
from titan_campaign.rules.awards import game_award
from titan_campaign.rules.events import AbilityBought, GameOutcome, HonorGuardSet, PlanSet
from titan_campaign.rules.spells import find_spell
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.game import RecordGameScreen
from titan_campaign.tui.screens.honor_guard import HonorGuardModal
from titan_campaign.tui.screens.roster import RosterScreen
from titan_campaign.tui.widgets.key_bar import KeyBar
from titan_campaign.tui.widgets.result_pick import ResultPick

from .conftest import (
    SIZE,
    Notes,
    build_db,
    change_count,
    named,
    rendered,
    screen_text,
    stored,
    won_game,
)


async def type_into(pilot: Any, widget: Input, text: str) -> None:
    widget.focus()
    widget.value = ""
    await pilot.press(*text)


async def results(pilot: Any, *picked: str) -> None:
    """Say each Titan's result on the game form, in order: "w" won, "l" lost."""
    for number, key in enumerate(picked, start=1):
        pilot.app.screen.query_one(f"#titan-{number} #result").focus()
        await pilot.press(key)


def award(pilot: Any, number: int) -> str:
    return rendered(pilot.app.screen.query_one(f"#award-{number}"))


async def choose(pilot: Any, select: Select[Any], steps: int) -> None:
    """Open a Select with the keyboard and move ``steps`` options down (negative: up)."""
    select.focus()
    await pilot.press("enter", *(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")


async def test_recording_a_game_previews_each_award_and_saves_both_in_one_write(
    tmp_path: Path,
) -> None:
    wise = [AbilityBought(ability="wisdom"), AbilityBought(ability="wisdom")]
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", wise), ("Bryn", "Bob", [])])
    before = change_count(db)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        await type_into(pilot, screen.query_one("#scenario", Input), "Tower siege")
        thorn = screen.query_one("#titan-1")
        await results(pilot, "w", "l")
        await type_into(pilot, thorn.query_one("#score", Input), "347")
        await type_into(pilot, thorn.query_one("#battle_won", Input), "3")
        await type_into(pilot, thorn.query_one("#agreement", Input), "1")
        bryn = screen.query_one("#titan-2")
        await type_into(pilot, bryn.query_one("#score", Input), "120")
        await pilot.pause()
        # R8 worked example: 100 + 75 + 10 + 34 = 219, wisdom 2 adds 43: 262
        assert "= 219; wisdom +43  →  262 XP" in award(pilot, 1)
        assert "→  62 XP" in award(pilot, 2)
        assert change_count(db) == before  # nothing saved before ctrl+s
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
    assert change_count(db) == before + 1  # one change for both Titans
    thorn_state, bryn_state = stored(db, "Thorn"), stored(db, "Bryn")
    expected = game_award(GameOutcome(result="won", score=347, battle_won=3, agreement=1), 2).total
    assert thorn_state.earned_xp == expected == 262
    assert (bryn_state.earned_xp, bryn_state.games[0].outcome.result) == (62, "lost")
    assert thorn_state.games[0].scenario == bryn_state.games[0].scenario == "Tower siege"
    assert thorn_state.games[0].game == bryn_state.games[0].game == 1


async def test_tab_passes_over_the_fields_of_a_titan_not_taking_part(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Bryn", "Bob", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        thorn, bryn = screen.query_one("#titan-1"), screen.query_one("#titan-2")
        thorn.query_one("#takes-part").focus()
        await pilot.press("space")  # Thorn does not take part
        await pilot.pause()
        await pilot.press("tab")
        assert app.focused is bryn.query_one("#takes-part")  # Thorn's fields passed over
        bryn.query_one("#takes-part").focus()
        await pilot.press("shift+tab")
        assert app.focused is thorn.query_one("#takes-part")
        await pilot.press("space", "tab")  # Thorn takes part again: his result is next
        assert app.focused is thorn.query_one("#result")


async def test_w_or_l_on_a_titans_tick_says_its_result_and_the_tabs_count_as_for_the_first(
    tmp_path: Path,
) -> None:
    """After Thorn's survivors, Tab goes to Mira's tick, where ``l`` did nothing and nothing
    said why: Mira's result stayed ``w/l?``, and the Tabs counted as for Thorn put Mira's
    score in the next field. ``w``/``l`` on a tick say that Titan's result, from its result."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Mira", "Bea", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        thorn, mira = app.screen.query_one("#titan-1"), app.screen.query_one("#titan-2")
        await pilot.press("w", "tab", *"347")
        thorn.query_one("#survivors").focus()
        await pilot.press("tab")
        assert app.focused is mira.query_one("#takes-part")
        await pilot.press("l", "tab", *"80")
        await pilot.pause()
        assert mira.query_one("#result", ResultPick).value == "lost"
        assert mira.query_one("#score", Input).value == "80"
        assert "game lost" in award(pilot, 2)


async def test_w_on_the_tick_of_a_titan_left_out_ticks_it_as_taking_part(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Mira", "Bea", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        mira = app.screen.query_one("#titan-2")
        mira.query_one("#takes-part").focus()
        await pilot.press("space", "w")  # left out, then said to have won: she took part
        await pilot.pause()
        assert mira.query_one("#takes-part", Checkbox).value
        assert mira.query_one("#result", ResultPick).value == "won"


async def test_a_key_typed_in_a_game_form_field_redraws_neither_the_key_bar_nor_the_form(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """Typing "Titan, Angel" in Mira's survivors lagged half a second behind: each key drew
    the key bar again (which asked the whole form what was typed, four times) and laid out
    the whole form for a preview of as many lines as before. The key bar changes when the
    form first holds something typed, not at each key."""
    from textual.widgets import Static

    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Mira", "Bea", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        await pilot.press("w", "tab", "3")  # the form holds something typed: undo is off
        screen.query_one("#titan-2 #survivors").focus()
        await pilot.press("T")  # the preview gains its line naming the survivors
        await pilot.pause()
        redrawn: list[str] = []
        monkeypatch.setattr(screen, "refresh_bindings", lambda: redrawn.append("key bar"))
        typed = screen.typed
        monkeypatch.setattr(screen, "typed", lambda: redrawn.append("form asked") or typed())
        update = Static.update

        def counted(self: Static, content: Any = "", *, layout: bool = True) -> None:
            if layout:
                redrawn.append(f"form laid out for {self.id}")
            update(self, content, layout=layout)

        monkeypatch.setattr(Static, "update", counted)
        await pilot.press(*"itan", "comma", "space", *"Angel", "backspace", "backspace")
        await pilot.pause()
        assert screen.query_one("#titan-2 #survivors", Input).value == "Titan, Ang"
        assert redrawn == []


async def test_the_preview_names_the_survivors_as_read(tmp_path: Path) -> None:
    """The survivors' field showed "Titan, Ogr" at 120 columns, and the preview under the row
    did not name them, though they decide the honor guard (R9)."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g", "w")
        await pilot.pause()
        survivors = app.screen.query_one("#titan-1 #survivors", Input)
        await type_into(pilot, survivors, "Titan,  Ogre ,Gargoyle")
        await pilot.pause()
        said = award(pilot, 1)
        assert "survivors: Titan, Ogre, Gargoyle" in said
        assert "Thorn: game won: 100 + score 0 / 10: 0 = 100; wisdom +0  →  100 XP" in said
        await type_into(pilot, survivors, "none")
        await pilot.pause()
        assert "survivors: none" in award(pilot, 1)


async def test_a_titan_unticked_after_its_result_was_picked_shows_no_result(
    tmp_path: Path,
) -> None:
    """Thorn won, then was unticked: the row still read "won", as if Thorn had a result in
    a game Thorn is not taking part in. Ticked again, what was picked is back."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Bryn", "Bob", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await results(pilot, "w")
        thorn = app.screen.query_one("#titan-1")
        result = thorn.query_one("#result", ResultPick)
        assert "won" in result.render_line(0).text
        thorn.query_one("#takes-part").focus()
        await pilot.press("space")  # Thorn does not take part
        await pilot.pause()
        assert "won" not in screen_text(app).split("Bryn")[0].split("Thorn", 1)[1]
        assert result.render_line(0).text.strip() == ""
        await pilot.press("space")  # Thorn takes part again
        await pilot.pause()
        assert "won" in result.render_line(0).text


def seven_titans(tmp_path: Path) -> Path:
    """A campaign of seven Titans, one more than the game form ticks for the player."""
    names = ("Thorn", "Bryn", "Osk", "Mira", "Ulf", "Vey", "Wren")
    return build_db(tmp_path / "c.json", 0, [(name, "P", []) for name in names])


async def test_with_seven_titans_the_game_form_opens_on_the_first_titans_tick(
    tmp_path: Path,
) -> None:
    """Over six Titans none is ticked, so the first result field (the usual start) is off:
    the form opened with nothing focused, and the second Tab reached the date, which the next
    letter replaced."""
    db = seven_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        first = app.screen.query_one("#titan-1")
        assert app.focused is first.query_one("#takes-part")
        await pilot.press("space", "tab", "w")  # Thorn takes part; he won
        await pilot.pause()
        assert first.query_one("#result", ResultPick).value == "won"


async def test_with_seven_titans_at_80x24_the_headings_stay_in_view_beside_the_last_titan(
    tmp_path: Path,
) -> None:
    """The last Titan's row is below the fold: scrolled to it, the date and the names of
    the figures above the rows stay on the screen (they scrolled away with the first rows)."""
    db = seven_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        last = app.screen.query_one("#titan-7 #takes-part")
        last.focus()
        for _ in range(40):  # the form scrolls to the focus once laid out (later when busy)
            await pilot.pause(0.05)
            on_screen = screen_text(app)
            if "Thorn" not in on_screen:
                break
        assert "Wren" in on_screen and "Thorn" not in on_screen  # scrolled to the last rows
        assert "Date" in on_screen and "Survivors" in on_screen and "Score" in on_screen


async def test_the_field_being_typed_in_stays_on_the_screen_when_it_is_resized(
    tmp_path: Path,
) -> None:
    """Wren's score at the foot of seven rows, the terminal made 60x15: the form showed the
    rows above, and the 7 typed next went into Wren's score out of view."""
    db = seven_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        app.screen.query_one("#titan-7 #takes-part").focus()
        await pilot.press("space")  # Wren takes part
        score = app.screen.query_one("#titan-7 #score", Input)
        score.focus()
        await pilot.pause()
        assert app.focused is score
        for size in ((60, 15), (120, 40), (60, 15)):
            await pilot.resize_terminal(*size)
            form = app.screen.query_one("#game-form")
            for _ in range(40):  # laid out, then scrolled once laid out: on a busy machine, later
                await pilot.pause(0.05)
                if form.region.contains_region(score.region):
                    break
            assert form.region.contains_region(score.region), size


async def test_up_and_down_go_to_the_same_field_of_the_titan_above_or_below(
    tmp_path: Path,
) -> None:
    db = build_db(
        tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Bryn", "Bob", []), ("Osk", "Cy", [])]
    )
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        rows = [screen.query_one(f"#titan-{number}") for number in (1, 2, 3)]
        rows[1].query_one("#takes-part").focus()
        await pilot.press("space")  # Bryn does not take part
        rows[0].query_one("#score").focus()
        await pilot.press("down")
        assert app.focused is rows[2].query_one("#score")  # Bryn, not taking part, passed over
        await pilot.press("up")
        assert app.focused is rows[0].query_one("#score")
        await pilot.press("shift+tab", "shift+tab")  # Thorn's tick...
        await pilot.press("down")
        assert app.focused is rows[1].query_one("#takes-part")  # ...then Bryn's


async def test_the_game_notice_says_a_note_alike_for_several_titans_once(tmp_path: Path) -> None:
    """Four Titans' first game, each with 200 base XP unspent: the notice said the same R2
    warning four times, two lines each, and at 80x24 the last Titans' awards were cut off."""
    titans = [(name, "Ann", []) for name in ("Thorn", "Mira", "Osk", "Vela")]
    db = build_db(tmp_path / "c.json", 200, titans)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        notes = Notes(app)
        await pilot.press("g")
        await pilot.pause()
        await results(pilot, "w", "l", "l", "l")
        await pilot.press("ctrl+s")
        await pilot.pause()
    unspent = "played its first game with 200 base XP unspent: the rules say to spend base XP"
    still = "it is still there to spend"
    assert notes.messages[-1].splitlines() == [
        "game 1 recorded for Thorn, Mira, Osk and Vela",
        f"Thorn, Mira, Osk and Vela: {unspent} before the first game (R2); {still}",
        "Thorn: 100 XP earned (R8)",
        "Mira, Osk and Vela: 50 XP earned (R8)",
    ]


async def test_ctrl_z_undoes_a_recorded_game_for_every_titan_in_it(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", []), ("Bryn", "Bob", [])])
    before = change_count(db)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("g")
        await pilot.pause()
        await type_into(pilot, app.screen.query_one("#titan-1 #score", Input), "300")
        await results(pilot, "l", "l")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "game 1 recorded for Thorn and Bryn" in notes.text()
        assert "Thorn: 80 XP earned (R8)" in notes.text()
        assert (stored(db, "Thorn").earned_xp, stored(db, "Bryn").earned_xp) == (80, 50)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert (
            "Undone (the campaign's latest change): game 1 recorded for Thorn and Bryn"
            in notes.text()
        )
        table = app.screen.query_one(DataTable)
        assert [str(table.get_row_at(n)[3]) for n in range(2)] == ["0", "0"]  # XP available
    assert change_count(db) == before
    assert stored(db, "Thorn").games == stored(db, "Bryn").games == ()


async def test_ctrl_z_while_typing_a_figure_in_the_game_form_undoes_nothing(
    tmp_path: Path,
) -> None:
    """ctrl+z in the Score field undid the campaign's latest change (here Bryn's gold),
    unseen behind the form."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", []), ("Bryn", "Bob", [])])
    actions.change_gold(Database(db), named(Database(db), "Bryn"), 5)
    before = change_count(db)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        score = app.screen.query_one("#titan-1 #score", Input)
        await type_into(pilot, score, "12")
        for key in ("ctrl+z", "ctrl+y"):
            await pilot.press(key)
            await pilot.pause()
            assert change_count(db) == before and stored(db, "Bryn").gold == 5, key
            assert score.value == "12" and app.focused is score
        await pilot.press("escape", "y")  # the form left (its figures dropped): undo works
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
    assert stored(db, "Bryn").gold == 0


async def test_a_refused_game_saves_nothing_for_anyone(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", []), ("Bryn", "Bob", [])])
    before = db.read_bytes()
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        Notes(app)
        await pilot.press("g")
        await pilot.pause()
        await type_into(
            pilot, app.screen.query_one("#titan-2 #survivors", Input), "Gargoyle, Griffin King"
        )
        await results(pilot, "w", "l")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Griffin King" in award(pilot, 2)  # beside the row it is about
        assert "see Bryn" in rendered(app.screen.query_one("#error-form"))
        assert app.screen.query_one("#titan-2 #survivors", Input).value == "Gargoyle, Griffin King"
    assert db.read_bytes() == before


def level_four_titan() -> list[Any]:
    """Enough XP for eight boxes: level 4, one honor guard slot of 30 points (R9)."""
    boxes = ["power", "skill", "spirit", "luck", "wisdom", "power", "skill", "spirit"]
    return [won_game(1, scenario_xp=1000), *(AbilityBought(ability=a) for a in boxes)]  # type: ignore[arg-type]


async def test_a_refused_game_says_why_where_the_player_looks(tmp_path: Path) -> None:
    """With many Titans the form's foot, where the refusal is written, is off the screen:
    ctrl+s seemed to do nothing. It is said as a notice too."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", []), ("Bryn", "Bob", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        notes = Notes(app)
        await pilot.press("g")
        await pilot.pause()
        await results(pilot, "w", "w")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Not saved: game 1 would have 2 winners, Thorn and Bryn" in notes.text()
        refusal = app.screen.query_one("#error-form")
        assert refusal.display
        await results(pilot, "w", "l")  # mended: the refusal of the game as it was goes
        await pilot.pause()
        assert not refusal.display


async def test_a_long_field_left_shows_the_start_of_what_it_holds(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        survivors = app.screen.query_one("#titan-1 #survivors", Input)
        await type_into(pilot, survivors, "Titan, Ogre, Cyclops, Gargoyle, Troll, Ranger")
        assert survivors.scroll_x > 0  # typing: its end in view
        await pilot.press("tab")
        await pilot.pause()
        assert survivors.scroll_x == 0 and survivors.value.startswith("Titan, Ogre")


async def test_survivors_typed_as_commas_only_are_refused_beside_the_titan(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    before = change_count(db)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await type_into(pilot, app.screen.query_one("#titan-1 #survivors", Input), ", ,")
        await results(pilot, "l")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Survivors names no character" in award(pilot, 1)
    assert change_count(db) == before


async def test_after_a_game_the_honor_guard_picker_offers_survivors_that_fit(
    tmp_path: Path,
) -> None:
    db = build_db(
        tmp_path / "c.json", 200, [("Thorn", "Ann", level_four_titan()), ("Bryn", "Bob", [])]
    )
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await type_into(
            pilot, app.screen.query_one("#titan-1 #survivors", Input), "Titan, Gargoyle, Hydra"
        )
        await results(pilot, "l", "l")
        await pilot.press("ctrl+s")
        await pilot.pause()
        modal = app.screen
        assert isinstance(
            modal, HonorGuardModal
        )  # Bryn (level 1) has no slot: offered to Thorn only
        said = " ".join(str(hint.render()) for hint in modal.query(".hint"))
        assert "may be chosen: Gargoyle, Hydra" in said  # not the Titan, a Lord (R9)
        assert "The game is recorded: Thorn's honor guard may change now (R9)" in said
        slot = modal.query_one("#slot-1", Select)
        offered = [str(option[1]) for option in slot._options if option[1] is not Select.NULL]
        assert offered == ["Gargoyle"]  # Hydra survived but is worth 60 points, the slot holds 30
        await choose(pilot, slot, 1)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
    assert stored(db, "Thorn").honor_guard == ("Gargoyle",)


async def test_an_honor_guard_member_slain_in_the_game_is_named_before_and_after_saving(
    tmp_path: Path,
) -> None:
    """Thorn's guard Cyclops is not among the survivors typed: the preview said nothing of
    it, and once saved the picker said only "(a member slain in the game has left it)" over
    an empty slot. Both now say what the rules say (R9)."""
    guarded = [*level_four_titan(), HonorGuardSet(members=("Cyclops",))]
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", guarded), ("Bryn", "Bob", [])])
    slain = "Cyclops was slain and leaves the honor guard (R9)"
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await results(pilot, "w", "l")
        survivors = app.screen.query_one("#titan-1 #survivors", Input)
        await type_into(pilot, survivors, "Titan, Cyclops")
        await pilot.pause()
        assert "slain" not in award(pilot, 1)
        await type_into(pilot, survivors, "Titan, Ogre")
        await pilot.pause()
        assert slain in " ".join(award(pilot, 1).split())
        assert "slain" not in award(pilot, 2)
        await pilot.press("ctrl+s")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, HonorGuardModal)
        said = " ".join(" ".join(str(hint.render()) for hint in modal.query(".hint")).split())
        assert slain in said, said
    assert stored(db, "Thorn").honor_guard == ()


async def test_a_game_with_no_survivors_listed_opens_the_picker_saying_why_and_whom_it_offers(
    tmp_path: Path,
) -> None:
    """The picker opened over the roster with no word of why, and offered every character
    with no word of that either."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", level_four_titan())])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await results(pilot, "l")
        await pilot.press("ctrl+s")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, HonorGuardModal)
        said = " ".join(str(hint.render()) for hint in modal.query(".hint"))
        assert "The game is recorded: Thorn's honor guard may change now (R9)" in said
        assert "Game 2 lists no survivors: any character may be chosen" in said
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter", "u")  # opened by the player: no word of a game recorded
        await pilot.pause()
        said = " ".join(str(hint.render()) for hint in app.screen.query(".hint"))
        assert isinstance(app.screen, HonorGuardModal) and "is recorded" not in said


async def test_the_game_recorded_notice_waits_until_the_honor_guard_is_chosen(
    tmp_path: Path,
) -> None:
    """On a phone the notice covered the honor guard picker's buttons as it opened."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", level_four_titan())])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("g")
        await pilot.pause()
        await results(pilot, "w")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HonorGuardModal)
        assert "recorded" not in notes.text()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        assert "recorded for Thorn" in notes.text()


async def test_the_honor_guard_key_below_level_4_says_there_is_no_slot_in_one_line(
    tmp_path: Path,
) -> None:
    """Thorn is level 0: u says there is no honor guard below level 4 (R9) and opens no
    picker (which offered nothing to pick and a Save that saved nothing)."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("u")
        await pilot.pause()
        assert not isinstance(app.screen, HonorGuardModal)
        assert notes.messages == ["Thorn is level 0: no honor guard below level 4 (R9)."]


async def test_gold_from_the_form_names_the_game_it_came_from(tmp_path: Path) -> None:
    """As ``gold T 40 --game 1``: the form offers the games the Titan played, newest first."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [won_game(1), won_game(2)])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "a", *"40")
        game = app.screen.query_one("#gold-game", Select)
        assert [str(option[0]) for option in game._options[1:]] == ["game 2", "game 1"]
        await choose(pilot, game, 2)
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert stored(db, "Thorn").gold_ledger[-1].game == 1


async def test_gold_buys_an_item_and_a_spell_costing_more_than_the_purse_is_refused(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("m", "a", *"50")
        await type_into(pilot, app.screen.query_one("#gold-note", Input), "loot")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert stored(db, "Thorn").gold == 50
        await pilot.press("b")
        await pilot.pause()
        form = app.screen
        await type_into(pilot, form.query_one("#item-name", Input), "Ring of Mana")
        await type_into(pilot, form.query_one("#item-charges", Input), "1")
        await type_into(pilot, form.query_one("#item-price", Input), "30")
        await pilot.press("ctrl+s")
        await pilot.pause()
        items = app.screen.query_one("#items", DataTable)
        assert [str(cell) for cell in items.get_row_at(0)][:3] == ["Ring of Mana", "other", "1/1"]
        assert "GOLD 20" in rendered(app.screen.query_one("#gold-title"))
        await pilot.press("s")
        await pilot.pause()
        spells = app.screen.query_one("#gold-spell", OptionList)
        spells.focus()
        labels = [str(spells.get_option_at_index(n).prompt) for n in range(spells.option_count)]
        assert "Ice Bolt  (Water 2)" in labels  # each spell with its school and level
        await pilot.press("down")
        await type_into(pilot, app.screen.query_one("#spell-price", Input), "100")
        await pilot.press("ctrl+s")
        await pilot.pause()
        form = app.screen  # refused: the form stays open, the price typed kept, the rule beside it
        assert "20 in the purse (R11)" in rendered(form.query_one("#error-price"))
        assert form.query_one("#spell-price", Input).value == "100"
        await pilot.press("escape")  # something was typed: asked first
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        items.focus()
        await pilot.press("minus")
        await pilot.pause()
        assert "used up and leaves play (R11)" in notes.text()
    state = stored(db, "Thorn")
    assert (state.gold, state.items, state.spells) == (20, (), ())
    assert [(line.amount, line.note) for line in state.gold_ledger] == [
        (50, "loot"),
        (-30, "Ring of Mana"),
    ]


async def test_the_next_game_plan_places_a_charisma_creature_and_is_remembered(
    tmp_path: Path,
) -> None:
    events = [AbilityBought(ability="charisma")]
    db = build_db(tmp_path / "c.json", 100, [("Thorn", "Ann", events)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await choose(pilot, app.screen.query_one("#charisma-0", Select), 3)  # Ogre
        await choose(pilot, app.screen.query_one("#place-2", Select), 2)  # Ogre -> legion 2
        await pilot.pause()
        preview = rendered(app.screen.query_one("#plan-preview"))
        assert "Legion 2 (5): Angel, Centaur, Gargoyle, Ogre, Ogre" in preview
        await pilot.press("ctrl+s")
        await pilot.pause()
    plan = stored(db, "Thorn").plan
    assert (plan.charisma, plan.placement) == (("Ogre",), (("Ogre", 2),))


async def test_an_extra_put_back_to_default_on_the_plan_loses_its_placement(
    tmp_path: Path,
) -> None:
    events = [
        AbilityBought(ability="charisma"),
        PlanSet(charisma=("Ogre",), placement=(("Ogre", 2),)),
    ]
    db = build_db(tmp_path / "c.json", 100, [("Thorn", "Ann", events)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        app.screen.query_one("#place-2", Select).clear()  # Ogre: default (keep them balanced)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    plan = stored(db, "Thorn").plan
    assert (plan.charisma, plan.placement) == (("Ogre",), ())


async def test_the_spell_browser_filters_by_school_level_and_text(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 0, [])
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        table = app.screen.query_one("#spell-table", DataTable)
        assert table.row_count == 72
        await pilot.press("slash", *"walker")
        await pilot.pause()
        names = [str(table.get_row_at(n)[0]) for n in range(table.row_count)]
        assert "Bog Walker" in names
        assert all("walker" in (find_spell(n).name + find_spell(n).text).lower() for n in names)
        assert len(names) < 72
        await choose(pilot, app.screen.query_one("#spell-school", Select), 1)  # Water
        await pilot.pause()
        assert [str(table.get_row_at(n)[0]) for n in range(table.row_count)] == ["Bog Walker"]
        assert "BOG WALKER" in rendered(app.screen.query_one("#spell-card"))


async def test_left_and_right_switch_the_reference_tabs_again_and_again(tmp_path: Path) -> None:
    """Right switched once, then the tab's list took the focus and the next Right did
    nothing; f1, shown in the key bar, did nothing on the reference itself."""
    from textual.widgets import TabbedContent

    db = build_db(tmp_path / "c.json", 0, [])
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        before = app.screen
        await pilot.press("f1")
        await pilot.pause()
        tabs = app.screen.query_one("#reference-tabs", TabbedContent)
        for key, tab in (
            ("right", "tab-characters"),
            ("right", "tab-strike"),
            ("left", "tab-characters"),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert tabs.active == tab, key
        table = app.screen.query_one("#character-table", DataTable)
        assert table.has_focus  # the tab's list, as ever: Down moves in it
        await pilot.press("down")
        assert table.cursor_row == 1
        await pilot.press("slash", *"fire", "left")  # in the filter, Left moves in the text
        await pilot.pause()
        assert tabs.active == "tab-spells"
        await pilot.press("f1")  # f1 again: back where it was opened
        await pilot.pause()
        assert app.screen is before


async def test_the_character_card_says_where_a_master_muster_is_mustered_and_what_it_does(
    tmp_path: Path,
) -> None:
    """The table has no room for a character's abilities: the highlighted one's card, under
    it, says them with its figures (the reference showed a Salamander as a volcano native,
    nothing more); Home and End go to the first and last character."""
    db = build_db(tmp_path / "c.json", 0, [])
    app = TitanCampaignApp(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1", "right")
        await pilot.pause()
        table = app.screen.query_one("#character-table", DataTable)

        def card() -> str:
            return " ".join(rendered(app.screen.query_one("#character-card")).split())

        while table.get_row_at(table.cursor_row)[0] != "Salamander":
            await pilot.press("down")
        await pilot.pause()
        assert card().startswith(
            "SALAMANDER Demi-Lord 60 points Power 10, Skill 3, rangestrikes; natives: volcano"
            " Master Muster: mountains"
        )
        assert "Regenerates in Volcano." in card()
        await pilot.press("down", "down")
        await pilot.pause()
        assert card() == (
            "BRONZE WYRM Creature 75 points Power 10, Skill 3, flies, rangestrikes;"
            " natives: dune, sand Master Muster: desert Regenerates."
        )
        while table.get_row_at(table.cursor_row)[0] != "Fire Elemental":  # summoned
            await pilot.press("down")
        await pilot.pause()
        assert card().startswith("FIRE ELEMENTAL Demi-Lord, summoned 50 points Power 8")
        await pilot.press("home")
        await pilot.pause()
        assert table.cursor_row == 0 and card().startswith(
            "TITAN Lord Power 6, Skill 4 Power-factor 6 + Power"
        )
        await pilot.press("end")
        await pilot.pause()
        assert table.cursor_row == table.row_count - 1
        assert card() == (
            "KRAKEN Creature 55 points Listed in Chart 1 at 55 points; the seeds give no"
            " factors or abilities for it."
        )
        await pilot.press("left", "home")  # the spells' list too
        await pilot.pause()
        spells = app.screen.query_one("#spell-table", DataTable)
        await pilot.press("end")
        await pilot.pause()
        assert spells.has_focus and spells.cursor_row == spells.row_count - 1


async def test_the_history_shows_the_campaigns_changes_or_only_those_of_the_titan_open(
    tmp_path: Path,
) -> None:
    db = build_db(
        tmp_path / "c.json",
        200,
        [("Thorn", "Ann", [won_game(1)]), ("Bryn", "Bob", [AbilityBought(ability="luck")])],
    )
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")  # the roster's history: the whole campaign
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        whole = [str(table.get_row_at(n)[2]) for n in range(table.row_count)]
        assert "Campaign Demo" in rendered(app.screen.query_one("#history-title"))
        assert whole[0].startswith("Bryn: bought a Luck box") and len(whole) == 4
        await pilot.press("escape", "enter", "h")  # Thorn's sheet, then its history
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        own = [str(table.get_row_at(n)[2]) for n in range(table.row_count)]
        assert rendered(app.screen.query_one("#history-title")).startswith("Thorn: history")
        assert [line.splitlines()[0] for line in own] == [
            "Thorn: game 1 on 2026-11-01 (Training): won",
            "Thorn created for Ann with 200 base XP",
        ]


async def test_ctrl_z_in_the_game_form_undoes_nothing_behind_it(tmp_path: Path) -> None:
    """With a result focused (no text field), ctrl+z undid the campaign's latest change
    behind the open form; the key bar offered Undo there."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Mira", "Bo", [])])
    before = db.read_bytes()
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("w")  # Thorn won: the result is focused
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(app.screen, RecordGameScreen)
        assert "Undo" not in rendered(app.screen.query_one(KeyBar))
    assert db.read_bytes() == before


async def test_the_game_form_warns_of_base_xp_unspent_before_the_first_game(
    tmp_path: Path,
) -> None:
    """A new Titan with its 200 base XP unspent was entered in a game with no word in the
    form: the R2 note came only in a notice cut at 80x24, and in the history."""
    db = build_db(
        tmp_path / "c.json",
        200,
        [
            ("Thorn", "Ann", [AbilityBought(ability="power"), AbilityBought(ability="luck")]),
            ("Eve", "Bo", []),
        ],
    )
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        thorn, eve = (rendered(app.screen.query_one(f"#award-{n}")) for n in (1, 2))
        assert "base XP" not in thorn
        assert eve.endswith("! 200 base XP still to spend before its first game (R2)")
        await results(pilot, "w", "l")
        eve = rendered(app.screen.query_one("#award-2"))
        assert "50 XP" in eve and eve.endswith("before its first game (R2)")
        app.screen.query_one("#titan-2 #score", Input).value = "-5"  # a mistake: still said
        await pilot.pause()
        eve = rendered(app.screen.query_one("#award-2"))
        assert eve.startswith("  ! ") and eve.endswith("before its first game (R2)")


async def test_a_titans_history_shows_its_game_figures_as_the_command_line_does(
    tmp_path: Path,
) -> None:
    """Thorn's history in the app said only "121 XP earned (R8)" under a game he played with
    Mira, and "game 2 judged again" under a correction, where `titan-campaign history Thorn`
    says what the game was ("Thorn: game 1 on ...: won, score 100") and what it is now."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Mira", "Bo", [])])
    shell = Database(db)
    thorn, mira = named(shell, "Thorn"), named(shell, "Mira")
    won, lost = GameOutcome(result="won", score=100), GameOutcome(result="lost")
    actions.record_game(
        shell,
        thorn.campaign,
        [actions.Participant(thorn, won), actions.Participant(mira, lost)],
        when="2026-03-01",
    )
    corrected = GameOutcome(result="won", score=200)
    actions.correct_game(shell, thorn.campaign, 1, [actions.Participant(thorn, corrected)])
    said = actions.history(shell, thorn)
    command_line = [line for row in said for line in row.below]
    assert "Thorn: game 1 on 2026-03-01: won, score 100" in command_line
    assert "Thorn: game 1 corrected, on 2026-03-01: won, score 200" in command_line
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        shown = "\n".join(str(table.get_row_at(n)[2]) for n in range(table.row_count))
    for line in command_line:
        assert line in " ".join(shown.split()), shown


async def test_a_charges_problem_goes_when_the_charges_are_typed_again_not_the_price(
    tmp_path: Path,
) -> None:
    """Charges and price stand side by side in the buy-item form: a problem with the charges
    stayed while they were typed again, and went when the price was (the field before it)."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "b")
        await pilot.pause()
        form = app.screen
        await type_into(pilot, form.query_one("#item-name", Input), "Ring of Mana")
        await type_into(pilot, form.query_one("#item-charges", Input), "100000")
        await type_into(pilot, form.query_one("#item-price", Input), "0")
        await pilot.press("ctrl+s")
        await pilot.pause()
        problem = form.query_one("#error-charges")
        assert problem.display and "Charges" in rendered(problem), rendered(problem)
        await type_into(pilot, form.query_one("#item-price", Input), "1")
        assert problem.display  # the price is not what the problem is about
        await type_into(pilot, form.query_one("#item-charges", Input), "2")
        assert not problem.display
