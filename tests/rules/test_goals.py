"""Build goals (issue #11): the cheapest legal order of purchases and choices to a target.

Worked examples count XP by hand; the property tests replay every plan through the real rules
and compare its cost with an exhaustive breadth-first search over the real events.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from titan_campaign.rules.abilities import ABILITIES
from titan_campaign.rules.errors import RuleError
from titan_campaign.rules.events import (
    AbilityBought,
    Archived,
    BonusSwapped,
    Created,
    Event,
    GameOutcome,
    GameRecorded,
    SchoolGained,
    SpellBought,
    SpellChosen,
)
from titan_campaign.rules.goals import (
    Goal,
    GoalPlan,
    games_needed,
    parse_goal,
    plan_goal,
)
from titan_campaign.rules.names import games_wording
from titan_campaign.rules.spells import SCHOOLS, SPELLS
from titan_campaign.rules.titan import TitanState, apply

STEP_FORMS = re.compile(
    r"^(spend ability [a-z]+|spend school [a-z]+|spend spell .+|choose school [a-z]+"
    r"|choose spell .+|choose spell .+ --bonus|choose swap .+ .+)$"
)


def purchases(plan: GoalPlan) -> int:
    return sum(1 for step in plan.steps if step.do.startswith("spend "))


def replayed(state: TitanState, plan: GoalPlan) -> TitanState:
    """The plan's events through ``titan.apply``, from ``state`` given the XP the plan needs."""
    state = state.evolve(earned_xp=state.earned_xp + plan.xp_needed)
    for step in plan.steps:
        state = apply(state, step.event).state
        assert (state.spent_xp, state.level) == (step.xp_spent_after, step.level_after)
    return state


# --- the exhaustive search over the real rules -------------------------------------------


def _key(state: TitanState, goal: Goal) -> tuple[object, ...]:
    """What tells two sheets apart for the search; boxes of abilities the goal does not name
    (Intelligence aside) are told apart by their sum only: they do nothing for a goal."""
    return (
        tuple(state.abilities[name] for name in goal.abilities),
        state.abilities["intelligence"],
        sum(state.abilities.values()),
        tuple(state.schools.values()),
        frozenset((known.name, known.source) for known in state.spells),
        tuple(sorted((c.kind, c.school or "", c.level or 0) for c in state.pending)),
        state.spent_xp,
    )


@cache
def _event(kind: str, name: str, level: int = 0, free: bool = False, old: str = "") -> Event:
    """Events made once: the search asks for the same few thousand times."""
    if kind == "ability":
        return AbilityBought(ability=name)
    if kind == "school":
        return SchoolGained(school=name, level=level, free=free)
    if kind == "buy":
        return SpellBought(spell=name)
    if kind == "swap":
        return BonusSwapped(old=old, new=name)
    return SpellChosen(spell=name, pick=kind.removeprefix("choose "))


def _choices(state: TitanState, goal: Goal) -> list[Event]:
    """Every choice that costs no XP: free school levels anywhere (R2), and every pick, bonus
    pick or bonus swap (with any bonus spell) that learns a target spell (R5, R6). Picks of
    spells the goal does not name are left out: a pick left pending is never worse."""
    events: list[Event] = []
    kinds = {c.kind for c in state.pending}
    if "school" in kinds:
        for school in SCHOOLS:
            if state.schools[school] < 3:
                events.append(_event("school", school, state.schools[school] + 1, free=True))
    for name in goal.spells:
        if not state.knows(name):
            events += [
                _event(f"choose {pick}", name)
                for pick in ("school", "free", "bonus")
                if (pick == "bonus" and "bonus" in kinds) or (pick != "bonus" and "spell" in kinds)
            ]
            if "swap" in kinds:
                events += [_event("swap", name, old=k.name) for k in state.spells if k.bonus]
    return events


def _purchases(state: TitanState, goal: Goal) -> list[Event]:
    """Every purchase (R1): the next level of any school, a target spell, a box of an ability
    the goal names or of Intelligence (R6), and a box of one other ability: the other boxes
    only spend 100 XP, as that one does."""
    wanted = [name for name in ABILITIES if name in goal.abilities or name == "intelligence"]
    other = [name for name in ABILITIES if name not in wanted and state.abilities[name] < 3]
    events = [_event("ability", name) for name in wanted + other[:1]]
    events += [_event("school", s, min(3, state.schools[s] + 1)) for s in SCHOOLS]
    events += [_event("buy", name) for name in goal.spells if not state.knows(name)]
    return events


def _legal(state: TitanState, events: Iterable[Event]) -> list[TitanState]:
    after: list[TitanState] = []
    for event in events:
        try:
            after.append(apply(state, event).state)
        except RuleError:
            pass
    return after


class TooBig(Exception):
    """The exhaustive search met more states than a fast test affords."""


def fewest_purchases(state: TitanState, goal: Goal, limit: int, budget: int = 30_000) -> int | None:
    """Breadth-first over the real events: the fewest purchases reaching ``goal`` (at most
    ``limit``), with unlimited XP; TooBig past ``budget`` states in one layer."""
    layer = closure([state.evolve(earned_xp=state.earned_xp + 100_000)], goal)
    for bought in range(limit + 1):
        if any(goal.met_by(s) for s in layer):
            return bought
        if bought < limit:
            layer = closure(
                (after for s in layer for after in _legal(s, _purchases(s, goal))), goal
            )
        if len(layer) > budget:
            raise TooBig
    return None


def closure(states: Iterable[TitanState], goal: Goal) -> list[TitanState]:
    """Every state reachable from ``states`` with choices that cost nothing."""
    seen = {_key(state, goal): state for state in states}
    todo = list(seen.values())
    while todo:
        state = todo.pop()
        for after in _legal(state, _choices(state, goal)):
            key = _key(after, goal)
            if key not in seen:
                seen[key] = after
                todo.append(after)
    return list(seen.values())


# --- sheets and goals for the property tests ---------------------------------------------


@st.composite
def sheets(draw: st.DrawFn) -> TitanState:
    """A Titan built through real events: XP earned in games, random purchases and choices,
    some pending picks left as they are."""
    base_xp = draw(st.sampled_from([0, 100, 200]))
    state = apply(None, Created(name="Thorn", player="Ann", base_xp=base_xp)).state
    earned = draw(st.sampled_from([0, 50, 200, 500, 900]))
    if earned:
        outcome = GameOutcome(result="lost", scenario_xp=earned - 50)
        state = apply(state, GameRecorded(game=1, date="2026-11-29", outcome=outcome)).state
    moves = draw(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 71)), max_size=12))
    for kind, number in moves:
        spell = SPELLS[number]
        event: Event
        if kind == 0:
            event = AbilityBought(ability=ABILITIES[number % 8])
        elif kind == 1:
            free = any(c.kind == "school" for c in state.pending)
            school = SCHOOLS[number % 8]
            level = min(3, state.schools[school] + 1)
            event = SchoolGained(school=school, level=level, free=free)
        elif kind == 2:
            event = SpellChosen(spell=spell.name, pick="school")
        else:
            event = SpellChosen(spell=spell.name, pick="bonus")
        try:
            state = apply(state, event).state
        except RuleError:
            pass
    return state


@st.composite
def small_goals(draw: st.DrawFn, state: TitanState) -> Goal:
    """A target a few purchases away from ``state``: up to three wishes, each one or two
    boxes or levels above today's sheet, or a spell."""
    abilities: dict[str, int] = {}
    schools: dict[str, int] = {}
    spells: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["ability", "school", "spell", "spell"]))
        if kind == "ability":
            name = draw(st.sampled_from(ABILITIES))
            abilities[name] = min(3, state.abilities[name] + draw(st.integers(1, 2)))
        elif kind == "school":
            name = draw(st.sampled_from(SCHOOLS))
            schools[name] = min(3, state.schools[name] + draw(st.integers(1, 2)))
        else:
            spells.append(draw(st.sampled_from([s.name for s in SPELLS])))
    return Goal(abilities, schools, tuple(spells))


@st.composite
def sheets_and_goals(draw: st.DrawFn) -> tuple[TitanState, Goal]:
    state = draw(sheets())
    return state, draw(small_goals(state))


# --- optimality and validity --------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(sheets_and_goals())
def test_no_order_of_real_events_is_cheaper_than_the_plan(case: tuple[TitanState, Goal]) -> None:
    """R1-R6: the breadth-first search over every purchase and every useful choice finds the
    goal first at exactly the plan's number of purchases (small targets: one or two)."""
    state, goal = case
    plan = plan_goal(state, goal)
    assume(1 <= purchases(plan) <= 2 and len(state.pending) <= 4)
    try:
        fewest = fewest_purchases(state, goal, purchases(plan))
    except TooBig:
        assume(False)
    assert fewest == purchases(plan)
    assert goal.met_by(replayed(state, plan))


@pytest.mark.slow
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(sheets_and_goals())
def test_no_order_of_real_events_is_cheaper_than_the_plan_of_3_or_4_purchases(
    case: tuple[TitanState, Goal],
) -> None:
    """As above for plans of 3 or 4 purchases; each case searches every order (seconds), so
    only 10 run here (the whole suite keeps under 10 minutes): bench-style sweeps of many
    more are in the issue note."""
    state, goal = case
    plan = plan_goal(state, goal)
    assume(3 <= purchases(plan) <= 4 and len(state.pending) <= 4)
    try:
        fewest = fewest_purchases(state, goal, purchases(plan), budget=200_000)
    except TooBig:
        assume(False)
    assert fewest == purchases(plan)


@settings(max_examples=150, deadline=None)
@given(sheets(), st.data())
def test_every_plan_replays_through_the_rules_and_meets_its_goal(
    state: TitanState, data: st.DataObject
) -> None:
    """Any goal, large ones too: the steps are legal events in order, the sheet after them
    meets the goal, the XP needed is the plan's cost less what is available (R1), and every
    step reads in one of the documented forms."""
    goal = Goal(
        data.draw(st.dictionaries(st.sampled_from(ABILITIES), st.integers(0, 3), max_size=8)),
        data.draw(st.dictionaries(st.sampled_from(SCHOOLS), st.integers(0, 3), max_size=8)),
        tuple(data.draw(st.lists(st.sampled_from([s.name for s in SPELLS]), max_size=12))),
    )
    plan = plan_goal(state, goal)
    assert goal.met_by(replayed(state, plan))
    assert plan.xp_needed == max(0, plan.xp_cost - state.available_xp)
    assert all(STEP_FORMS.match(step.do) for step in plan.steps)
    assert plan.xp_cost == 100 * purchases(plan)


# --- worked examples ----------------------------------------------------------------------


def test_r2_a_level_0_titan_with_200_base_xp_reaches_fire_3_and_spirit_3_for_400_xp(
    titan: Any,
) -> None:
    """Hand count. Five things to gain: Spirit 1, 2, 3 (boxes are always bought, R3) and
    Fire 1, 2, 3 (R4). Each 200 XP spent brings a free school level (R2): Spirit, Spirit
    (200 spent, level 1: a free level, Fire 1), Spirit, Fire 2 (400 spent, level 2: a free
    level, Fire 3). Four purchases, 400 XP; 200 are available, so 200 are needed."""
    thorn = titan(base_xp=200)
    plan = plan_goal(thorn.state, Goal({"spirit": 3}, {"fire": 3}))
    assert plan.xp_cost == 400
    assert plan.xp_needed == 200
    assert [step.do for step in plan.steps].count("choose school fire") == 2
    assert [(s.xp_spent_after, s.level_after) for s in plan.steps][-1] == (400, 2)
    assert goal_met_after(thorn.state, plan, Goal({"spirit": 3}, {"fire": 3}))


def goal_met_after(state: TitanState, plan: GoalPlan, goal: Goal) -> bool:
    return goal.met_by(replayed(state, plan))


def test_r5_the_picks_of_a_full_school_learn_three_target_spells_of_level_1_for_nothing(
    titan: Any,
) -> None:
    """Fire 1, 2 and 3 bring one Fire level 1 pick each (R5): Fire Affinity, Dune Walker and
    Fire Bolt cost nothing beyond the levels. From nothing spent: Fire 1, Fire 2 (200 spent,
    a free level) and the free Fire 3: 200 XP."""
    thorn = titan(base_xp=200)
    goal = Goal({}, {"fire": 3}, ("Fire Affinity", "Dune Walker", "Fire Bolt"))
    plan = plan_goal(thorn.state, goal)
    assert plan.xp_cost == 200
    assert plan.xp_needed == 0
    assert [s.do for s in plan.steps if s.do.startswith("choose spell")] == [
        'choose spell "Fire Affinity"',
        'choose spell "Dune Walker"',
        'choose spell "Fire Bolt"',
    ]
    assert goal_met_after(thorn.state, plan, goal)


def test_r6_an_old_bonus_spell_is_swapped_and_a_spell_no_pick_reaches_is_bought(titan: Any) -> None:
    """Thorn has Intelligence 3 and spent its three bonus picks on Water level 1 spells; at
    400 XP spent it holds two free school levels. Target: the three Fire level 3 spells.
    Fire 1 and Fire 2 come free (R2); Fire 3 is bought (500 spent) and its level 3 pick takes
    Fire Ball (R5); the new level offers a bonus swap, so Water Affinity becomes Mass
    Bloodlust (R6); Dune Lord has no pick left and is bought in the full school (R5). 200 XP."""
    thorn = titan(base_xp=200).earn(600).buy("intelligence", 3).school("water", 1)
    for spell in ("Water Affinity", "Bog Walker", "Raise/Lower Water"):
        thorn.choose(spell, "bonus")
    assert [c.kind for c in thorn.state.pending] == ["school", "school"]
    goal = Goal({}, {}, ("Fire Ball", "Dune Lord", "Mass Bloodlust"))
    plan = plan_goal(thorn.state, goal)
    assert plan.xp_cost == 200
    words = [step.do for step in plan.steps]
    assert words[:2] == ["choose school fire", "choose school fire"]
    assert "spend school fire" in words
    assert 'choose spell "Fire Ball"' in words
    assert 'choose swap "Water Affinity" "Mass Bloodlust"' in words
    assert plan.forgotten == ("Water Affinity",)  # R6: the old spell is forgotten
    assert plan.headline_note() == "; forgets the bonus spell Water Affinity (R6)"
    assert 'spend spell "Dune Lord"' in words
    assert sum(w.startswith("spend spell ") for w in words) == 1
    assert goal_met_after(thorn.state, plan, goal)


def test_r6_a_pending_bonus_pick_learns_a_target_spell_as_the_first_step(titan: Any) -> None:
    """Water 1 known and one Intelligence bonus pick pending: Bog Walker costs nothing."""
    thorn = titan(base_xp=200).school("water", 1).choose("Water Affinity").buy("intelligence")
    plan = plan_goal(thorn.state, Goal({}, {}, ("Bog Walker",)))
    assert [step.do for step in plan.steps] == ['choose spell "Bog Walker" --bonus']
    assert plan.xp_needed == 0


def test_r6_intelligence_is_bought_for_a_bonus_spell_when_no_school_pick_reaches_it(
    titan: Any,
) -> None:
    """Water is at 1 with its level 1 pick spent; a second Water level 1 spell needs a pick:
    one Intelligence box (100 XP) gives a bonus pick of it (R6), cheaper than Water 2 and its
    level 1 pick would be only if a free level were pending; none is."""
    thorn = titan(base_xp=100).school("water", 1).choose("Water Affinity")
    plan = plan_goal(thorn.state, Goal({}, {}, ("Bog Walker",)))
    assert plan.xp_cost == 100
    assert len(plan.steps) == 2
    assert plan.xp_needed == 100


def test_r2_with_every_school_full_a_free_spell_pick_learns_a_target_for_nothing(
    titan: Any,
) -> None:
    """Every school at 3 (1600 spent), then Power and Skill (1800, level 9): the free school
    level has nowhere to go and becomes a free pick of any spell (R2). The Fire level 3 pick
    took Fire Ball; Dune Lord costs nothing with the free pick, and Mass Bloodlust then
    needs 100 XP, bought in the full school or as a bonus pick (R5, R6)."""
    thorn = titan(base_xp=200).fill_every_school().choose("Fire Ball").earn(200)
    thorn.buy("power").buy("skill")
    assert any(c.kind == "spell" and c.school is None for c in thorn.state.pending)
    plan = plan_goal(thorn.state, Goal({}, {}, ("Dune Lord",)))
    assert [step.do for step in plan.steps] == ['choose spell "Dune Lord"']
    plan = plan_goal(thorn.state, Goal({}, {}, ("Dune Lord", "Mass Bloodlust")))
    assert plan.xp_cost == 100
    assert goal_met_after(thorn.state, plan, Goal({}, {}, ("Dune Lord", "Mass Bloodlust")))


def test_r2_a_pending_free_school_level_is_spent_first(titan: Any) -> None:
    thorn = titan(base_xp=200).reach_level(1)
    plan = plan_goal(thorn.state, Goal({}, {"divine": 1}))
    assert [step.do for step in plan.steps] == ["choose school divine"]
    assert plan.xp_needed == 0


def test_a_goal_already_met_has_no_steps_and_one_below_the_sheet_is_met(titan: Any) -> None:
    thorn = titan(base_xp=200).school("fire", 1).school("fire", 2)
    for goal in (Goal(), Goal({"power": 0}, {"fire": 1}), Goal({}, {"fire": 2})):
        plan = plan_goal(thorn.state, goal)
        assert plan.steps == ()
        assert plan.to_json() == {"forgets": [], "xp_needed": 0, "games": 0, "steps": []}


# --- refusals -----------------------------------------------------------------------------


def test_r3_power_4_is_refused_naming_the_rule() -> None:
    with pytest.raises(RuleError, match=r"^Power 4 cannot be reached: .*\(R3\)$"):
        Goal({"power": 4})


def test_r4_fire_4_is_refused_naming_the_rule() -> None:
    with pytest.raises(RuleError, match=r"^Fire 4 cannot be reached: .*\(R4\)$"):
        parse_goal(schools=["fire=4"])


@pytest.mark.parametrize(
    ("abilities", "schools", "spells", "message"),
    [
        (["power"], [], [], '--ability takes NAME=N, such as power=2, not "power"'),
        ([], ["fire=three"], [], '--school takes NAME=N, such as fire=3, not "fire=three"'),
        (["powr=2"], [], [], 'no ability named "powr"; did you mean "power"?'),
        ([], ["fyre=1"], [], 'no spell school named "fyre"; did you mean "fire"?'),
        ([], [], ["Fireball"], 'no spell named "Fireball"; did you mean "Fire Ball"?'),
    ],
)
def test_a_mistyped_command_line_goal_is_refused_in_one_line(
    abilities: list[str], schools: list[str], spells: list[str], message: str
) -> None:
    with pytest.raises(RuleError) as error:
        parse_goal(abilities, schools, spells)
    assert str(error.value).startswith(message)
    assert "\n" not in str(error.value)


def test_the_command_line_forms_name_the_goal_in_catalogue_spelling() -> None:
    goal = parse_goal(["Power=2"], [" FIRE = 3"], ["fire ball", "Fire Ball"])
    assert goal == Goal({"power": 2}, {"fire": 3}, ("Fire Ball",))


def test_an_archived_titan_plans_nothing(titan: Any) -> None:
    thorn = titan(base_xp=200).do(Archived())
    with pytest.raises(RuleError, match="archived"):
        plan_goal(thorn.state, Goal({"power": 1}))


# --- games and JSON -----------------------------------------------------------------------


def test_r8_games_needed_is_the_xp_needed_over_the_average_award(titan: Any) -> None:
    """Hand count. Two games of 150 and 250 XP: 200 on average, 400 available. Target Spirit 3,
    Power 3, Fire 3 and Water 1: six boxes are bought (R3); at 600 XP spent the Titan is level
    3 and has had three free levels, Fire 1, 2 and 3 (R2); Water 1 needs a seventh purchase
    (the next free level comes at 800). 700 XP, 300 beyond the 400: 1.5 games' worth, so 2
    games to play."""
    thorn = titan(base_xp=0).earn(150).earn(250)
    plan = plan_goal(thorn.state, Goal({"spirit": 3, "power": 3}, {"fire": 3, "water": 1}))
    assert plan.xp_cost == 700
    assert plan.xp_needed == 300
    assert games_needed(plan, thorn.state) == plan.games == 2
    assert plan.to_json()["games"] == 2


def test_r8_games_needed_is_unknown_before_the_first_game(titan: Any) -> None:
    thorn = titan(base_xp=0)
    plan = plan_goal(thorn.state, Goal({"power": 1}))
    assert plan.xp_needed == 100
    assert games_needed(plan, thorn.state) is None
    assert plan.to_json()["games"] is None


def test_the_plan_as_json_has_exactly_the_documented_fields(titan: Any) -> None:
    thorn = titan(base_xp=200).earn(100)
    data = json.loads(json.dumps(plan_goal(thorn.state, Goal({"power": 2})).to_json()))
    assert data == {
        "forgets": [],
        "xp_needed": 0,
        "games": 0,
        "steps": [
            {"do": "spend ability power", "xp_spent_after": 100, "level_after": 0},
            {"do": "spend ability power", "xp_spent_after": 200, "level_after": 1},
        ],
    }


# --- speed --------------------------------------------------------------------------------

HARD_GOALS = [
    Goal(
        {"intelligence": 3},
        {"fire": 3, "water": 3, "divine": 3},
        ("Fire Ball", "Ice Storm", "Recall", "Mass Bless"),
    ),
    Goal(
        dict.fromkeys(ABILITIES, 3),
        dict.fromkeys(SCHOOLS, 3),
        ("Fire Ball", "Dune Lord", "Ice Storm", "Rift"),
    ),
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
]


@pytest.mark.parametrize("goal", HARD_GOALS, ids=["three-schools", "everything", "thirteen-spells"])
def test_a_hard_goal_answers_in_under_200_ms(titan: Any, goal: Goal) -> None:
    thorn = titan(base_xp=200)
    plan_goal(thorn.state, goal)  # the first call builds the events' validators
    best = min(_timed(thorn.state, goal) for _ in range(3))
    assert best < 0.2


def _timed(state: TitanState, goal: Goal) -> float:
    start = time.perf_counter()
    plan_goal(state, goal)
    return time.perf_counter() - start


@pytest.mark.parametrize(
    ("awards", "short", "games"),
    [
        ([180], 5, 1),  # not "about 0.0 games"
        ([66], 134, 3),  # 2 games bring 132: the sheet said 2 (2.03 shown as 2.0)
        ([100] * 5 + [50] * 2, 600, 7),  # 600 over 600/7: the command line said 8 (7.000...1)
        ([150, 250], 400, 2),
        ([150, 250], 401, 3),
    ],
)
def test_r8_games_still_to_play_are_counted_whole(
    titan: Any, awards: list[int], short: int, games: int
) -> None:
    thorn = titan(base_xp=0)
    for award in awards:
        thorn.earn(award)
    plan = GoalPlan(Goal({"power": 3}), (), short, None)
    assert games_needed(plan, thorn.state) == games
    assert games_wording(games) == f"about {games} game{'s' if games > 1 else ''}"
    assert games_wording(0) == games_wording(None) == ""
