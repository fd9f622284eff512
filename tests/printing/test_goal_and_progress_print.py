"""The kept build goal on the printed sheet, and the progress chart on the sheet's back page.

Worked example (``rules/goals.py``): a new Titan with 200 base XP keeps the goal Spirit 3 and
Fire 3. Three Spirit boxes and one Fire level are bought (400 XP); the two level-ups give Fire
1 and Fire 2 free. 400 XP to spend, 200 of it still to earn.
"""

from __future__ import annotations

import io

from pypdf import PdfReader

from titan_campaign.printing.canvas import Text, paper_size
from titan_campaign.printing.flow import HEADING_H, Flow
from titan_campaign.printing.pdf import sheet_pdf
from titan_campaign.printing.sheet_layout import _goal
from titan_campaign.printing.svg import sheet_svg
from titan_campaign.printing.text import sheet_text
from titan_campaign.rules.events import (
    AbilityBought,
    Created,
    Event,
    GameOutcome,
    GameRecorded,
    GoalSet,
)
from titan_campaign.rules.progress import progress
from titan_campaign.rules.sheet import SheetView, sheet_view
from titan_campaign.rules.titan import replay

GOAL = GoalSet(abilities=(("spirit", 3),), schools=(("fire", 3),))


def sheet(*events: Event, with_progress: bool = False) -> SheetView:
    history = [Created(name="Thorn", player="Ann", base_xp=200), *events]
    return sheet_view(replay(history), "Iron Crown", progress(history) if with_progress else ())


def won(game: int) -> GameRecorded:
    return GameRecorded(game=game, date="2026-11-01", outcome=GameOutcome(result="won", score=300))


def pdf_pages(data: SheetView) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(sheet_pdf(data))).pages]


def test_a_kept_goal_is_in_the_sheet_view_with_the_xp_to_spend_and_to_earn() -> None:
    goal = sheet(GOAL).goal
    assert goal.wanted == "Spirit 3, Fire 3"
    assert (goal.xp_cost, goal.xp_needed, goal.met) == (400, 200, False)
    assert len([step for step in goal.steps if step.startswith("spend ")]) == 4
    assert goal.games is None  # no game played yet: no average award to count in


def test_a_sheet_without_a_goal_prints_no_goal_section() -> None:
    data = sheet()
    assert data.goal is None
    assert "BUILD GOAL" not in sheet_text(data)
    assert "BUILD GOAL" not in pdf_pages(data)[0]


def test_the_text_sheet_lists_what_remains_of_the_goal_step_by_step() -> None:
    text = sheet_text(sheet(GOAL))
    assert "BUILD GOAL: Spirit 3, Fire 3" in text
    steps = len(sheet(GOAL).goal.steps)
    assert f"400 XP to spend in {steps} steps; 200 XP still to earn" in text
    assert "1. spend ability spirit" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_a_goal_reached_says_so_on_the_sheet() -> None:
    data = sheet(AbilityBought(ability="luck"), GoalSet(abilities=(("luck", 1),)))
    assert data.goal.met
    assert "reached" in sheet_text(data)


def test_the_pdf_sheet_prints_the_goal_and_its_steps() -> None:
    first = pdf_pages(sheet(GOAL))[0]
    assert "BUILD GOAL" in first
    assert "Spirit 3, Fire 3" in first
    assert "spend ability spirit" in first


def test_a_goal_that_does_not_fit_at_the_foot_of_a_page_goes_whole_to_the_next() -> None:
    """On letter paper the goal's heading and summary ended page 1 and its steps began page 2
    under "BUILD GOAL (continued)": one line, parted from what it is the steps to."""
    goal = sheet(GOAL).goal
    assert goal is not None
    flow = Flow(*paper_size("letter"), "Thorn", "Thorn (continued)")
    flow.y = flow.bottom - (HEADING_H + 2 * 4 + 1)  # room for the heading and two lines
    _goal(flow, goal)
    texts = [[s.text for s in page.shapes if isinstance(s, Text)] for page in flow.pages]
    assert texts[0] == []  # nothing of it at the foot of the first page
    running_head, _page, *goal_lines = texts[1]
    assert running_head == "Thorn (continued)" and goal_lines[:2] == [
        "BUILD GOAL",
        "Spirit 3, Fire 3",
    ]
    assert "BUILD GOAL (continued)" not in goal_lines and goal_lines[-1].startswith("1. spend")


def test_a_sheet_with_progress_gets_a_back_page_with_the_chart_and_the_games() -> None:
    data = sheet(won(1), AbilityBought(ability="power"), won(2), with_progress=True)
    pages = pdf_pages(data)
    assert len(pages) == 2
    back = pages[1]
    assert "PROGRESS" in back
    assert "Thorn: XP and level by game" in back
    assert "XP earned" in back and "XP spent" in back


def test_without_games_there_is_no_back_page() -> None:
    assert len(pdf_pages(sheet(with_progress=True))) == 1


def test_the_svg_sheet_draws_the_chart_as_shapes_on_its_back_page() -> None:
    svg = sheet_svg(sheet(won(1), won(2), with_progress=True))
    assert '<g transform="translate(' in svg
    assert "Thorn: XP and level by game" in svg
    assert "<image" not in svg  # shapes, no picture


def test_purchases_since_the_last_game_show_under_the_games_so_the_back_agrees_with_the_front() -> (
    None
):
    """A row is the sheet right after its game; a box bought since counts in no row yet. Under
    the games the back then says where the sheet stands now, as on the front."""
    data = sheet(won(1), AbilityBought(ability="power"), with_progress=True)
    (row,) = data.progress
    assert (row.spent, data.xp.spent) == (0, 100)
    now = f"now, since game 1: {data.xp.earned} XP earned, 100 spent, level {data.level}"
    for printed in (" ".join(pdf_pages(data)[1].split()), sheet_text(data)):
        assert f"{now}, {data.mana} Mana" in printed
    unchanged = sheet(AbilityBought(ability="power"), won(1), with_progress=True)
    assert "now, since game" not in sheet_text(unchanged) + " ".join(pdf_pages(unchanged))


def test_an_imported_titans_games_are_printed_under_the_campaign_they_were_played_in() -> None:
    """Thorn played games 1 and 2 in "The Iron Crown", then game 1 of this campaign: the back
    page's table says where, as the text sheet does, so game 1 is not listed twice unnamed."""
    iron_crown = [won(1).model_copy(update={"played_in": "The Iron Crown"})]
    iron_crown.append(won(2).model_copy(update={"played_in": "The Iron Crown"}))
    data = sheet(*iron_crown, won(1), with_progress=True)
    back = pdf_pages(data)[-1]
    assert "played in The Iron Crown:" in back and "played in this campaign:" in back
    assert back.index("played in The Iron Crown:") < back.index("played in this campaign:")
    assert "played in The Iron Crown:" in sheet_svg(data)
