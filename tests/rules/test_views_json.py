"""The views' JSON (``sheet --format json``, ``campaign games --json``, ``goal --format json``)
has the documented shape, worked out by hand from the rulebook and the rulings for one Titan.

Thorn starts with 200 base XP (rulebook: "0, 100 or 200 base experience points"), checks
Wisdom twice (200 XP spent: level 1, R2), takes the free school level in Fire and its pick,
Fire Bolt (R2, R5), then plays the R8 worked example: won, 3 battles won, 1 agreement, score
347 with Wisdom 2 gives 100 + 75 + 10 + 34 = 219, a bonus of 219 * 2 // 10 = 43, award 262.
"""

from __future__ import annotations

import json

from titan_campaign.rules.events import (
    AbilityBought,
    Created,
    Event,
    GameOutcome,
    GameRecorded,
    SchoolGained,
    SpellChosen,
)
from titan_campaign.rules.game_log import game_log, game_log_json, played_elsewhere
from titan_campaign.rules.goals import Goal, plan_goal
from titan_campaign.rules.progress import progress, progress_json
from titan_campaign.rules.sheet import sheet_view
from titan_campaign.rules.titan import replay
from titan_campaign.rules.views import Json

WORKED_GAME = GameRecorded(
    game=1,
    date="2026-11-01",
    outcome=GameOutcome(result="won", battle_won=3, agreement=1, score=347),
)
HISTORY: list[Event] = [
    Created(name="Thorn", player="Ann", base_xp=200),
    AbilityBought(ability="wisdom"),
    AbilityBought(ability="wisdom"),
    SchoolGained(school="fire", level=1, free=True),
    SpellChosen(spell="Fire Bolt", pick="school"),
    WORKED_GAME,
]

# R8: the breakdown of the worked example, part by part
AWARD = {
    "parts": [
        {"label": "game won", "xp": 100},
        {"label": "3 battles won x 25", "xp": 75},
        {"label": "1 agreement x 10", "xp": 10},
        {"label": "score 347 / 10", "xp": 34},
    ],
    "subtotal": 219,
    "wisdom_bonus": 43,
    "total": 262,
}
FIGURES = {
    "score": 347,
    "battle_won": 3,
    "battle_lost": 0,
    "agreement": 1,
    "agreement_eliminated": 0,
    "fled": 0,
    "scenario_xp": 0,
    "scenario_replaces": False,
}


def as_printed(data: object) -> Json:
    """The data as a JSON reader gets it back from the printed text."""
    loaded: Json = json.loads(json.dumps(data))
    return loaded


def test_the_sheet_json_of_the_worked_example_titan_has_the_documented_shape() -> None:
    sheet = sheet_view(replay(HISTORY), "Iron Crown", progress(HISTORY))
    assert as_printed(sheet.to_json()) == {
        "name": "Thorn",
        "player": "Ann",
        "campaign": "Iron Crown",
        "archived": False,
        "level": 1,  # R2: 200 spent // 200
        # R1: available = base + earned - spent; the next level at 400 spent
        "xp": {"base": 200, "earned": 262, "spent": 200, "available": 262, "to_next_level": 200},
        "abilities": {
            "power": 0,
            "skill": 0,
            "intelligence": 0,
            "spirit": 0,
            "charisma": 0,
            "leadership": 0,
            "luck": 0,
            "wisdom": 2,
        },
        "schools": {
            "water": 0,
            "air": 0,
            "earth": 0,
            "fire": 1,
            "summoning": 0,
            "sorcery": 0,
            "nature": 0,
            "divine": 0,
        },
        "spells": [
            {
                "name": "Fire Bolt",
                "school": "fire",
                "level": 1,
                "mana": 1,  # R5: Mana cost = spell level
                "cast": "Strike Phase",
                "bonus": False,
                "bought": False,
            }
        ],
        "pending": [],
        "mana": 1,  # R7: level 1 + spirit 0
        "titan_power": 6,  # 6 + power 0
        "skill_uses": 0,
        "rerolls": 0,
        "xp_bonus_percent": 20,  # +10% a Wisdom box
        "gold": 0,
        "gold_ledger": [],
        "magic_items": [],
        "honor_guard": [],
        "honor_guard_slots": [],  # R9: no slot below level 4
        "starting_legions": [  # R10: the base legions
            ["Titan", "Centaur", "Gargoyle", "Ogre"],
            ["Angel", "Centaur", "Gargoyle", "Ogre"],
        ],
        "starting_legion_guard": [0, 0],  # no honor guard yet
        "starting_legion_notes": [],
        "goal": None,
        "games": [
            {
                "game": 1,
                "date": "2026-11-01",
                "scenario": "",
                "result": "won",
                "figures": FIGURES,
                "survivors": None,
                "award": 262,
                "breakdown": AWARD,
            }
        ],
        "progress": [
            {
                "game": 1,
                "date": "2026-11-01",
                "award": 262,
                "earned": 262,
                "spent": 200,
                "level": 1,
                "mana": 1,
            }
        ],
    }


def test_the_sheet_read_by_attribute_says_what_its_json_says() -> None:
    sheet = sheet_view(replay(HISTORY), "Iron Crown")
    shown = sheet.to_json()
    assert (sheet.xp.available, sheet.games[0].breakdown.wisdom_bonus) == (262, 43)
    assert shown["xp"] == {
        "base": sheet.xp.base,
        "earned": sheet.xp.earned,
        "spent": sheet.xp.spent,
        "available": sheet.xp.available,
        "to_next_level": sheet.xp.to_next_level,
    }
    assert shown["progress"] == []  # asked for by the printed sheet only


def test_the_game_log_json_gives_each_titans_entry_with_its_award() -> None:
    entries = game_log({1: replay(HISTORY)})
    assert as_printed(game_log_json(entries)) == [
        {
            "game": 1,
            "date": "2026-11-01",
            "scenario": "",
            "participants": [
                {
                    "titan": "Thorn",
                    "result": "won",
                    "figures": FIGURES,
                    "survivors": None,
                    "award": 262,
                    "breakdown": AWARD,
                }
            ],
        }
    ]


def test_a_game_of_another_campaign_is_named_where_it_was_played_and_only_then() -> None:
    """An imported Titan's past game carries ``played_in``; this campaign's games have no such
    key at all (the sheet's games and its progress alike)."""
    moved = played_elsewhere(HISTORY, "The Iron Crown")
    here = GameRecorded(game=1, date="2026-12-01", outcome=GameOutcome(result="lost"))
    history = [*moved, here]
    sheet = sheet_view(replay(history), "Second Age", progress(history)).to_json()
    games = as_printed(sheet["games"])
    assert isinstance(games, list)
    assert [(game["game"], game.get("played_in")) for game in games] == [  # type: ignore[union-attr]
        (1, "The Iron Crown"),
        (1, None),
    ]
    assert list(games[0]) == [  # type: ignore[arg-type]
        "game",
        "date",
        "scenario",
        "played_in",
        *["result", "figures", "survivors", "award", "breakdown"],
    ]
    rows = progress_json(progress(history))
    assert [row.get("played_in") for row in rows] == ["The Iron Crown", None]
    # R8: lost 50 + score 0, + 20% wisdom bonus = 60; earned 262 + 60
    assert (rows[1]["award"], rows[1]["earned"]) == (60, 322)


def test_the_goal_json_lists_each_step_with_the_spent_xp_and_level_after_it() -> None:
    """Spirit 1 from the worked example Titan: one box, 100 XP of the 262 available."""
    plan = plan_goal(replay(HISTORY), Goal({"spirit": 1}))
    assert as_printed(plan.to_json()) == {
        "forgets": [],
        "xp_needed": 0,
        "games": 0,
        "steps": [{"do": "spend ability spirit", "xp_spent_after": 300, "level_after": 1}],
    }
