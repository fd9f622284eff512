"""The Titan Character Sheet as plain data: what ``sheet --format json`` prints and printers draw."""

from __future__ import annotations

from typing import Any

from .abilities import ABILITIES
from .errors import RuleError
from .game_log import played_json
from .goals import Goal, plan_goal
from .spells import SCHOOLS
from .titan import TitanState


def goal_data(state: TitanState) -> dict[str, Any] | None:
    """The build goal kept with the Titan and what remains of it (see ``goals.py``): what is
    wanted, the XP still to earn, about how many games that is, and the steps in order.
    None without a goal; an archived Titan's goal lists no steps and says why."""
    kept = state.goal
    if kept is None:
        return None
    goal = Goal(dict(kept.abilities), dict(kept.schools), kept.spells)
    try:
        plan = plan_goal(state, goal)
    except RuleError as error:  # an archived Titan plans nothing
        return {"wanted": goal.describe(), "met": False, "xp_needed": 0, "xp_cost": 0,
                "games": None, "steps": [], "forgets": [], "note": str(error)}  # fmt: skip
    return {
        "wanted": goal.describe(),
        "met": not plan.steps,
        "xp_needed": plan.xp_needed,
        "xp_cost": plan.xp_cost,
        "games": None if plan.games is None else round(plan.games, 1),
        "steps": [step.do for step in plan.steps],
        "forgets": list(plan.forgotten),
        "note": "",
    }


def sheet_data(state: TitanState, campaign: str) -> dict[str, Any]:
    """Every figure of the paper sheet plus the derived ones, as JSON-ready data."""
    legions = state.starting_legions
    item_legion = {
        name: number for number, names in enumerate(legions.items, start=1) for name in names
    }
    return {
        "name": state.name,
        "player": state.player,
        "campaign": campaign,
        "archived": state.archived,
        "level": state.level,
        "xp": {
            "base": state.base_xp,
            "earned": state.earned_xp,
            "spent": state.spent_xp,
            "available": state.available_xp,
            "to_next_level": state.xp_to_next_level,
        },
        "abilities": {ability: state.abilities[ability] for ability in ABILITIES},
        "schools": {school: state.schools[school] for school in SCHOOLS},
        "spells": [
            {
                "name": known.name,
                "school": known.spell.school,
                "level": known.spell.level,
                "mana": known.spell.mana,
                "cast": known.spell.cast,
                "bonus": known.bonus,
                "bought": known.bought,
            }
            for known in sorted(
                state.spells, key=lambda k: (SCHOOLS.index(k.spell.school), k.spell.level, k.name)
            )
        ],
        "pending": [
            {
                "kind": choice.kind,
                "school": choice.school,
                "level": choice.level,
                "text": choice.describe(),
            }
            for choice in state.pending
        ],
        "mana": state.mana,
        "titan_power": state.titan_power,
        "skill_uses": state.skill_uses,
        "rerolls": state.rerolls,
        "xp_bonus_percent": state.xp_bonus_percent,
        "gold": state.gold,
        "gold_ledger": [
            {"amount": line.amount, "note": line.note, "game": line.game}
            for line in state.gold_ledger
        ],
        "magic_items": [
            {
                "name": item.name,
                "type": item.type,
                "charges": item.charges,
                "max_charges": item.max_charges,
                "description": item.description,
                "legion": item_legion.get(item.name),
            }
            for item in state.items
        ],
        "honor_guard": list(state.honor_guard),
        "honor_guard_slots": list(state.honor_guard_slots),
        "starting_legions": [list(legion) for legion in legions.legions],
        "starting_legion_notes": list(legions.notes),
        "goal": goal_data(state),
        "games": [
            {
                "game": game.game,
                "date": game.date,
                "scenario": game.scenario,
                **({"played_in": game.played_in} if game.played_in else {}),
                **played_json(game),
            }
            for game in state.games_in_order
        ],
    }
