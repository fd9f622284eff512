"""A Titan's state as plain JSON and back, so that a stored history need not be replayed to be
changed again (the store keeps it beside the events it was replayed from; see store/histories.py).

The snapshot is a cache, never the record: the events are. It is only read back by a program
whose rules are the very ones that wrote it, and ``state_from_json(state_to_json(s)) == s``
for every reachable state (tests/rules/test_properties.py).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from .awards import Award
from .events import GameOutcome, LazyAdapter
from .legions import LegionPlan
from .state import GamePlayed, GoldLine, KnownSpell, OwnedItem, PendingChoice, TitanState

_OUTCOMES = LazyAdapter(list[GameOutcome])
_OUTCOME_FIELDS = tuple(GameOutcome.model_fields)  # an outcome is kept as a list, in this order
_outcome_values = attrgetter(*_OUTCOME_FIELDS)


def state_to_json(state: TitanState) -> dict[str, Any]:
    return {
        "name": state.name,
        "player": state.player,
        "base_xp": state.base_xp,
        "earned_xp": state.earned_xp,
        "spent_xp": state.spent_xp,
        "abilities": dict(state.abilities),
        "schools": dict(state.schools),
        "spells": [[spell.name, spell.source] for spell in state.spells],
        "pending": [[choice.kind, choice.school, choice.level] for choice in state.pending],
        "gold_ledger": [[line.amount, line.note, line.game] for line in state.gold_ledger],
        "gold": state.gold,
        "items": [[i.name, i.type, i.description, i.charges, i.max_charges] for i in state.items],
        "honor_guard": list(state.honor_guard),
        "plan": [list(state.plan.charisma), list(state.plan.upgrades), [list(p) for p in state.plan.placement]],
        "games": [
            [
                game.game,
                game.date,
                game.scenario,
                _outcome_values(game.outcome),
                [game.award.subtotal, game.award.wisdom, game.award.wisdom_bonus],
                None if game.survivors is None else list(game.survivors),
            ]
            for game in state.games
        ],
        "archived": state.archived,
    }


def state_from_json(data: dict[str, Any]) -> TitanState:
    """The state ``state_to_json`` gave; KeyError, TypeError or ValueError if it is not one."""
    games = data["games"]
    outcomes = _OUTCOMES.validate_python([dict(zip(_OUTCOME_FIELDS, game[3], strict=True)) for game in games])
    charisma, upgrades, placement = data["plan"]
    return TitanState(
        name=data["name"],
        player=data["player"],
        base_xp=data["base_xp"],
        earned_xp=data["earned_xp"],
        spent_xp=data["spent_xp"],
        abilities=dict(data["abilities"]),
        schools=dict(data["schools"]),
        spells=tuple(KnownSpell(name, source) for name, source in data["spells"]),
        pending=tuple(PendingChoice(kind, school, level) for kind, school, level in data["pending"]),
        gold_ledger=tuple(GoldLine(amount, note, game) for amount, note, game in data["gold_ledger"]),
        gold=data["gold"],
        items=tuple(OwnedItem(*item) for item in data["items"]),
        honor_guard=tuple(data["honor_guard"]),
        plan=LegionPlan(tuple(charisma), tuple(upgrades), tuple((name, legion) for name, legion in placement)),
        games=tuple(
            GamePlayed(
                number,
                date,
                scenario,
                outcome,
                Award(outcome, *award),
                None if survivors is None else tuple(survivors),
            )
            for (number, date, scenario, _, award, survivors), outcome in zip(games, outcomes, strict=True)
        ),
        archived=data["archived"],
    )
