"""Pilot-driven worked examples of issue #11 in the app: the kept build goal and its next step,
the progress charts, and a Titan carried from one campaign to another by file."""

from __future__ import annotations

from pathlib import Path

from rich.color import ColorType
from rich.style import Style

from titan_campaign import actions
from titan_campaign.rules.events import GoalSet
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.goal import GoalModal, NextStepModal
from titan_campaign.tui.screens.progress import TITAN_STYLES, CampaignProgressScreen, ProgressScreen
from titan_campaign.tui.screens.roster import RosterScreen
from titan_campaign.tui.screens.sheet import SheetScreen
from titan_campaign.tui.screens.titan_file import ExportTitanModal, ImportTitanModal
from titan_campaign.tui.widgets.key_bar import KeyBar

from .conftest import SIZE, Notes, build_db, named, rendered, screen_text, stored, won_game

SMALL = (80, 24)


def goal_db(tmp_path: Path) -> Path:
    """Thorn (200 base XP, one game won) keeps the goal Spirit 3, Fire 3; Bryn has none."""
    return build_db(
        tmp_path / "goal.json",
        200,
        [
            (
                "Thorn",
                "Ann",
                [won_game(1), GoalSet(abilities=(("spirit", 3),), schools=(("fire", 3),))],
            ),
            ("Bryn", "Bob", [won_game(1)]),
        ],
    )


async def test_the_sheet_shows_the_kept_goal_and_what_remains(tmp_path: Path) -> None:
    app = TitanCampaignApp(goal_db(tmp_path), open_titan="Thorn")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        shown = rendered(app.screen.query_one("#sheet-goal"))
        assert "BUILD GOAL Spirit 3, Fire 3" in shown
        assert "400 XP in" in shown
        assert "1. spend ability spirit" in shown


async def test_the_sheet_lists_every_step_of_a_long_goal(tmp_path: Path) -> None:
    """A goal of seven steps showed six and "... 1 more": no click or key showed the last."""
    db = build_db(
        tmp_path / "long.json",
        200,
        [
            (
                "Thorn",
                "Ann",
                [won_game(1), GoalSet(abilities=(("spirit", 3), ("luck", 3), ("power", 1)))],
            )
        ],
    )
    app = TitanCampaignApp(db, open_titan="Thorn")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        shown = " ".join(rendered(app.screen.query_one("#sheet-goal")).split())
    assert "7 steps" in shown, shown
    assert "7. spend ability" in shown and "more" not in shown, shown


async def test_the_next_step_is_one_key_and_a_yes_away(tmp_path: Path) -> None:
    db = goal_db(tmp_path)
    app = TitanCampaignApp(db, open_titan="Thorn")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, NextStepModal)
        assert "Next: spend ability spirit (100 XP)" in rendered(app.screen.query_one("#next-step"))
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
    assert stored(db, "Thorn").abilities["spirit"] == 1


async def test_the_goal_of_a_titan_who_has_played_no_game_shows_without_a_games_estimate(
    tmp_path: Path,
) -> None:
    """Dara (100 base XP, no game yet) keeps the goal Spirit 2: the XP still to earn is said
    with no guess of games (the sheet stopped with a traceback)."""
    db = build_db(
        tmp_path / "new.json", 100, [("Dara", "Di", [GoalSet(abilities=(("spirit", 2),))])]
    )
    app = TitanCampaignApp(db, open_titan="Dara")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        shown = rendered(app.screen.query_one("#sheet-goal"))
        assert "200 XP in 2 steps; 100 XP still to earn\n" in shown, shown


async def test_a_next_step_the_rules_refuse_offers_no_take_it_key(tmp_path: Path) -> None:
    """Cass keeps the goal Spirit 1 with no XP to spend: the next step is shown with why it
    is refused, and neither the key bar nor a button offers to take it; y does nothing."""
    db = build_db(
        tmp_path / "poor.json", 0, [("Cass", "Cy", [GoalSet(abilities=(("spirit", 1),))])]
    )
    app = TitanCampaignApp(db, open_titan="Cass")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, NextStepModal)
        assert "needs 100 XP, 0 available (R1)" in rendered(
            app.screen.query_one("#next-step-detail")
        )
        assert "Take it" not in rendered(app.screen.query_one(KeyBar))
        assert not app.screen.query("#take")
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, NextStepModal)
    assert stored(db, "Cass").abilities["spirit"] == 0


async def test_without_a_goal_the_next_step_key_says_how_to_set_one(tmp_path: Path) -> None:
    app = TitanCampaignApp(goal_db(tmp_path), open_titan="Bryn")
    async with app.run_test(size=SMALL) as pilot:
        assert not app.screen.query_one("#sheet-goal").display
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)


async def test_a_goal_is_kept_from_the_form_and_a_refusal_stays_in_the_form(tmp_path: Path) -> None:
    db = goal_db(tmp_path)
    app = TitanCampaignApp(db, open_titan="Bryn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, GoalModal)
        await pilot.press("tab", *"fire=4", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GoalModal)  # refused: still open, what was typed kept
        problem = rendered(app.screen.query_one("#goal-schools-problem"))  # beside its field
        assert "Fire 4 cannot be reached" in problem
        await pilot.press("backspace", "3", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "BUILD GOAL Fire 3" in rendered(app.screen.query_one("#sheet-goal"))
    assert stored(db, "Bryn").goal is not None


async def test_the_goal_forms_empty_fields_show_what_to_type_in_them(tmp_path: Path) -> None:
    """The three fields were blank lines under "e.g." labels: with the mouse a player had to
    guess where to click. Each now shows its example inside it, as the other forms do."""
    app = TitanCampaignApp(goal_db(tmp_path), open_titan="Bryn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, GoalModal)
        lines = screen_text(app).splitlines()
        for label, example in (
            ("Ability boxes", "e.g. spirit=3 power=2"),
            ("School levels", "e.g. fire=3"),
            ("Spells, commas", "e.g. Fire Ball, Bless"),
        ):  # in the field, on the line of its label beside it
            assert [line for line in lines if label in line and example in line], lines


async def test_the_progress_view_charts_xp_and_level_by_game(tmp_path: Path) -> None:
    app = TitanCampaignApp(goal_db(tmp_path), open_titan="Thorn")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen)
        chart = rendered(app.screen.query_one("#progress-chart"))
        assert "XP by game" in chart and "Level by game" in chart
        assert "bar 1: XP earned" in chart and "█" in chart


async def test_the_campaign_view_compares_the_titans_levels(tmp_path: Path) -> None:
    app = TitanCampaignApp(goal_db(tmp_path), open_campaign="Demo")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, CampaignProgressScreen)
        chart = rendered(app.screen.query_one("#progress-chart"))
        assert "bar 1: Thorn" in chart and "bar 2: Bryn" in chart


async def test_a_titan_exported_from_one_campaign_imports_into_another(tmp_path: Path) -> None:
    db = goal_db(tmp_path)
    actions.new_campaign(Database(db), "Second", 200)
    file = tmp_path / "thorn-titan.json"
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ExportTitanModal)
        app.screen.query_one("#titan-file").value = str(file)  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
    assert file.exists()

    bryn = named(Database(db), "Bryn", "Demo")
    actions.archive_titan(Database(db), bryn)  # retired in Demo, then carried on
    retired = tmp_path / "bryn-titan.json"
    actions.export_titan(Database(db), bryn, retired)
    app = TitanCampaignApp(db, open_campaign="Second")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("i", *"missing.json", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ImportTitanModal)  # refused: the form stays open
        assert "missing.json" in rendered(app.screen.query_one("#file-problem"))
        app.screen.query_one("#titan-file").value = str(file)  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        await pilot.press("i")
        await pilot.pause()
        app.screen.query_one("#titan-file").value = str(retired)  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen), rendered(app.screen.query_one("#file-problem"))
        assert "Bryn is archived" in notes.text() and "v shows" in notes.text()
    moved = actions.read_titan(Database(db), named(Database(db), "Thorn", "Second")).state
    original = actions.read_titan(Database(db), named(Database(db), "Thorn", "Demo")).state
    assert {game.played_in for game in moved.games} == {"Demo"}  # its own past, played in Demo
    assert moved.evolve(games=original.games) == original


async def test_the_goal_line_at_80x24_says_the_next_step_before_what_is_wanted(
    tmp_path: Path,
) -> None:
    goal = GoalSet(
        abilities=(("intelligence", 2), ("wisdom", 3)), schools=(("air", 1),), spells=("Haste",)
    )
    db = build_db(tmp_path / "c.json", 0, [("Dara", "Di", [goal])])
    app = TitanCampaignApp(db, open_titan="Dara")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = screen_text(app).splitlines()[2]
        assert line.lstrip().startswith("GOAL next: spend "), line
        assert "XP to earn" in line, line


async def test_the_whole_goal_line_is_read_at_80x24(tmp_path: Path) -> None:
    """It was cut: "GOAL next: spend ability wisdom (s); 71 XP to earn; 200 XP in 4 steps
    (Spi…"; it now goes on to a second line where one does not hold it."""
    goal = GoalSet(abilities=(("wisdom", 2), ("spirit", 2)))
    db = build_db(tmp_path / "c.json", 0, [("Dara", "Di", [won_game(1, scenario_xp=29), goal])])
    app = TitanCampaignApp(db, open_titan="Dara")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = rendered(app.screen.query_one("#sheet-goal-line"))
        assert shown.startswith("GOAL next: ") and "…" not in shown, shown
        lines = [line.strip() for line in screen_text(app).splitlines()]
        at = next(n for n, line in enumerate(lines) if line.startswith("GOAL next: "))
        assert lines[at].endswith("steps") and lines[at + 1] == "(Wisdom 2, Spirit 2)", lines


def test_the_charts_legend_never_splits_a_colour_from_its_name() -> None:
    """At 120x40 the campaign chart's legend wrapped as "█ bar 3: 张伟   █" / "bar 4: ثور"."""
    from titan_campaign.tui.widgets.bar_chart import Series, legend

    series = [Series(name, "red") for name in ("Bartholomew", "Mira", "张伟", "ثور")]
    lines = legend(series, 40).plain.splitlines()
    assert lines == ["█ bar 1: Bartholomew   █ bar 2: Mira", "█ bar 3: 张伟   █ bar 4: ثور"]
    assert len(legend(series, 200).plain.splitlines()) == 1


def test_every_titan_of_the_campaign_chart_has_a_colour_of_its_own() -> None:
    """Mira's bars (the terminal's red) and Zed's (its magenta) were the same pink: Textual
    shows both as #f4005f. Each Titan's colour is now one no theme maps onto another's."""
    colours = [Style.parse(style).color for style in TITAN_STYLES]
    assert all(c is not None and c.type == ColorType.TRUECOLOR for c in colours)
    assert len({c.triplet for c in colours if c is not None}) == len(TITAN_STYLES) == 8


def test_the_bars_of_one_game_stand_apart_so_the_chart_reads_without_colour() -> None:
    """With NO_COLOR, Thorn's and Mira's level bars of game 1 touched: one block of 8 cells."""
    from titan_campaign.tui.widgets.bar_chart import Series, bar_chart

    series = (Series("Thorn", "red"), Series("Mira", "blue"))
    lines = [line.plain for line in bar_chart([("1", (2, 2))], series, 2, 2, bar_width=4)]
    assert lines[0].endswith("│███ ███  ")  # a column apart, each as wide (the last was wider)
    one = [line.plain for line in bar_chart([("1", (2, 2))], series, 2, 2, bar_width=1)]
    assert one[0].endswith("│██ ")  # a column each: no room for a gap


def test_the_bars_stand_on_the_axis_and_end_level_with_the_tick_of_their_figure() -> None:
    """The axis was a box-drawing line in the middle of its row: in a browser tab and in a
    terminal every bar ended half a row above it, and a bar of the top figure half a row above
    that figure's tick. Axis and ticks are now drawn at the top of their row."""
    from titan_campaign.tui.widgets.bar_chart import AXIS, Series, bar_chart

    series = (Series("XP earned", "red"), Series("XP spent", "blue"))
    lines = [line.plain for line in bar_chart([("1", (4, 2)), ("2", (2, 4))], series, 4, 4)]
    axis, names = lines[-2], lines[-1]
    assert axis.strip() == "0" + AXIS * (len(axis.strip()) - 1)  # under every bar, and the 0
    assert names.split() == ["1", "2"]
    assert lines[0].startswith("   4" + AXIS + "│")  # the top figure's tick, where a 4 ends
    assert lines[2].startswith("   2" + AXIS + "│")
    assert all(line[4] == " " for line in (lines[1], lines[3]))  # no tick between figures
    assert lines[3][6:8] == "██"  # the lowest row of bars, right over the axis


async def test_an_imported_titans_earlier_games_are_set_apart_on_the_chart(tmp_path: Path) -> None:
    """Thorn carried from Demo into Second, then game 2 there: the app's chart read "1 2" as
    two games of this campaign (the table, the printout and the SVG set game 1 apart)."""
    db = goal_db(tmp_path)
    second = actions.new_campaign(Database(db), "Second", 200).ref
    file = tmp_path / "thorn-titan.json"
    actions.export_titan(Database(db), named(Database(db), "Thorn", "Demo"), file)
    actions.import_titan(Database(db), file, second)
    thorn = named(Database(db), "Thorn", "Second")
    actions.change_titans(Database(db), second, {thorn.titan: lambda _: [won_game(2)]})
    app = TitanCampaignApp(db, open_campaign="Second", open_titan="Thorn")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen)
        chart = rendered(app.screen.query_one("#progress-chart"))
    assert "game 1: played in Demo; ┆ then game 2: this campaign" in chart, chart
    plot = chart[chart.index("XP by game") : chart.index("bar 1:")]
    assert plot.count("┆") >= 8, plot  # across the plot, between game 1's bars and game 2's
