"""How long a player waits for a build goal: ``plan_goal`` on hard targets, against the
200 ms budget of issue #11 (target: ratio at most 1.0).

    python bench/bench_goal.py [--runs 7]

Each target is planned once to warm up (the events' validators are built on first use), then
``--runs`` times; the median and the slowest run are printed with their ratio to 200 ms.
The Titans are built through real events, as the store would replay them.
"""

from __future__ import annotations

import argparse
import statistics
import time

from titan_campaign.rules.abilities import ABILITIES
from titan_campaign.rules.events import (
    AbilityBought,
    Event,
    GameOutcome,
    GameRecorded,
    SchoolGained,
    SpellChosen,
)
from titan_campaign.rules.goals import Goal, plan_goal
from titan_campaign.rules.spells import SCHOOLS
from titan_campaign.rules.titan import TitanLog, TitanState

BUDGET = 0.200  # seconds


def fresh(base_xp: int = 200) -> TitanState:
    return TitanLog.create("Thorn", "Ann", base_xp).state


def veteran() -> TitanState:
    """A Titan after a season: Intelligence 2 with its bonus spells, Water 2, Air 1, Power 1,
    a free school level pending and 350 XP in hand."""
    log = TitanLog.create("Vera", "Bo", 200)
    outcome = GameOutcome(result="won", battle_won=4, score=600)
    events: list[Event] = [
        GameRecorded(game=1, date="2026-10-01", outcome=outcome),
        GameRecorded(game=2, date="2026-10-15", outcome=outcome),
        GameRecorded(game=3, date="2026-11-01", outcome=outcome),
        SchoolGained(school="water", level=1),
        SpellChosen(spell="Water Affinity", pick="school"),
        SchoolGained(school="water", level=2),
        SpellChosen(spell="Ice Bolt", pick="school"),
        SpellChosen(spell="Bog Walker", pick="school"),
        SchoolGained(school="air", level=1, free=True),
        SpellChosen(spell="Air Affinity", pick="school"),
        AbilityBought(ability="intelligence"),
        AbilityBought(ability="intelligence"),
        SpellChosen(spell="Ice Wall", pick="bonus"),
        SpellChosen(spell="Tundra Walker", pick="bonus"),
        AbilityBought(ability="power"),
    ]
    for event in events:
        log, _ = log.do(event)
    return log.state


CASES: list[tuple[str, TitanState, Goal]] = [
    (
        "three schools at 3, four spells, Intelligence 3",
        fresh(),
        Goal(
            {"intelligence": 3},
            {"fire": 3, "water": 3, "divine": 3},
            ("Fire Ball", "Ice Storm", "Recall", "Mass Bless"),
        ),
    ),
    (
        "every box and every school full, four spells",
        fresh(),
        Goal(
            dict.fromkeys(ABILITIES, 3),
            dict.fromkeys(SCHOOLS, 3),
            ("Fire Ball", "Dune Lord", "Ice Storm", "Rift"),
        ),
    ),
    (
        "thirteen level 2-3 spells in eight schools",
        fresh(),
        Goal(
            {},
            {},
            (
                "Fire Ball",
                "Dune Lord",
                "Mass Bloodlust",
                "Ice Storm",
                "Bog Lord",
                "Ice Shards",
                "Recall",
                "Rift",
                "Teleport",
                "Mass Slow",
                "Mass Fly",
                "Disintegrate",
                "Summoning III",
            ),
        ),
    ),
    (
        "a veteran: two spells per school in six schools, Spirit 3, Wisdom 2",
        veteran(),
        Goal(
            {"spirit": 3, "wisdom": 2},
            {"sorcery": 2},
            (
                "Haste",
                "Lightning Bolt",
                "Fire Fan",
                "Bloodlust",
                "Slow",
                "Stone Fist",
                "Entangle",
                "Regeneration",
                "Banish",
                "Raise Dead",
                "Dispel",
                "Invisibility",
            ),
        ),
    ),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    print(f"{'target':<70} {'cost':>5} {'median':>9} {'slowest':>9} {'ratio':>6}")
    for label, state, goal in CASES:
        plan = plan_goal(state, goal)  # warm-up
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            plan_goal(state, goal)
            times.append(time.perf_counter() - started)
        median, slowest = statistics.median(times), max(times)
        print(
            f"{label:<70} {plan.xp_cost:>5} {median * 1000:>7.1f}ms {slowest * 1000:>7.1f}ms {slowest / BUDGET:>6.2f}"
        )


if __name__ == "__main__":
    main()
