"""Property tests: random sequences of legal and illegal events never break the rules' invariants.

Each example creates a Titan and throws events at it: some drawn blindly from every event kind
with random arguments (mostly illegal), some guided by the state (resolving a pending choice,
buying the next school level) so that long, legal campaigns are explored too. Refused events
(RuleError) are ignored; after every accepted event the invariants below must hold.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from titan_campaign.rules.abilities import ABILITIES
from titan_campaign.rules.characters import CHARACTERS, LEADERSHIP_UPGRADES, TOWER_CREATURES
from titan_campaign.rules.describe import describe
from titan_campaign.rules.errors import RuleError
from titan_campaign.rules.events import (
    AbilityBought,
    BonusSwapped,
    Event,
    GameOutcome,
    GameRecorded,
    GoldChanged,
    HonorGuardSet,
    ItemAdded,
    ItemBought,
    ItemFacts,
    ItemRemoved,
    ItemUsed,
    PlanSet,
    SchoolGained,
    SpellBought,
    SpellBoughtWithGold,
    SpellChosen,
    SwapDeclined,
    event_to_json,
    events_from_json,
)
from titan_campaign.rules.honor_guard import check_honor_guard
from titan_campaign.rules.sheet import sheet_view
from titan_campaign.rules.spells import SCHOOLS, SPELLS
from titan_campaign.rules.titan import TitanLog, TitanState, check, replay

SPELL_NAMES = [spell.name for spell in SPELLS]
CHARACTER_NAMES = [character.name for character in CHARACTERS]
ITEM_NAMES = ["Cloak of Mist", "Staff of Storms", "Wand of Sparks"]

spells = st.sampled_from(SPELL_NAMES)
schools = st.sampled_from(SCHOOLS)
levels = st.integers(1, 3)
items = st.builds(
    ItemFacts,
    name=st.sampled_from(ITEM_NAMES),
    type=st.sampled_from(["cloak", "talisman", "crown", "staff", "other"]),
    charges=st.none() | st.integers(1, 3),
)
outcomes = st.builds(
    GameOutcome,
    result=st.sampled_from(["won", "lost"]),
    score=st.integers(0, 3000),
    battle_won=st.integers(0, 6),
    agreement=st.integers(0, 3),
    battle_lost=st.integers(0, 2),
    scenario_xp=st.integers(0, 1500),
)
survivors = st.none() | st.lists(st.sampled_from(CHARACTER_NAMES), max_size=6).map(tuple)
members = st.lists(st.sampled_from(CHARACTER_NAMES), max_size=3).map(tuple)
placements = st.lists(
    st.tuples(
        st.sampled_from([*TOWER_CREATURES, "Lion", "Troll", *ITEM_NAMES, "Unicorn"]),
        st.sampled_from([1, 2]),
    ),
    max_size=3,
).map(tuple)

blind_events: st.SearchStrategy[Event] = st.one_of(
    st.builds(AbilityBought, ability=st.sampled_from(ABILITIES)),
    st.builds(SchoolGained, school=schools, level=levels, free=st.booleans()),
    st.builds(SpellBought, spell=spells),
    st.builds(SpellChosen, spell=spells, pick=st.sampled_from(["school", "free", "bonus"])),
    st.builds(BonusSwapped, old=spells, new=spells),
    st.builds(SwapDeclined, school=schools, level=levels),
    st.builds(
        GameRecorded,
        game=st.integers(1, 8),
        date=st.just("2026-11-29"),
        outcome=outcomes,
        survivors=survivors,
    ),
    st.builds(GoldChanged, amount=st.integers(-150, 250)),
    st.builds(ItemAdded, item=items),
    st.builds(ItemBought, item=items, price=st.integers(0, 120)),
    st.builds(SpellBoughtWithGold, spell=spells, price=st.integers(0, 80)),
    st.builds(ItemUsed, name=st.sampled_from(ITEM_NAMES)),
    st.builds(ItemRemoved, name=st.sampled_from(ITEM_NAMES)),
    st.builds(HonorGuardSet, members=members),
    st.builds(
        PlanSet,
        charisma=st.lists(st.sampled_from([*TOWER_CREATURES, "Lion"]), max_size=3).map(tuple),
        upgrades=st.lists(
            st.sampled_from([*LEADERSHIP_UPGRADES, *LEADERSHIP_UPGRADES.values()]), max_size=3
        ).map(tuple),
        placement=placements,
    ),
)


def guided_event(data: st.DataObject, state: TitanState) -> Event:
    """An event that is usually legal: resolve a pending choice, buy the next school level or
    an ability box, record the next game, set a guard of affordable creatures."""
    action = data.draw(
        st.sampled_from(
            ["resolve", "resolve", "school", "ability", "game", "guard", "spell", "plan"]
        )
    )
    if action == "resolve" and state.pending:
        choice = data.draw(st.sampled_from(state.pending))
        if choice.kind == "school":
            school = data.draw(st.sampled_from(state.school_choices() or list(SCHOOLS)))
            return SchoolGained(school=school, level=min(3, state.schools[school] + 1), free=True)  # type: ignore[arg-type]
        if choice.kind == "swap":
            bonus = [known.name for known in state.spells if known.bonus] or SPELL_NAMES
            new = state.spell_choices(choice) or SPELLS
            if data.draw(st.booleans()):
                return SwapDeclined(school=choice.school, level=choice.level)  # type: ignore[arg-type]
            return BonusSwapped(
                old=data.draw(st.sampled_from(bonus)), new=data.draw(st.sampled_from(new)).name
            )
        pick = {"bonus": "bonus"}.get(choice.kind, "school" if choice.school else "free")
        options = state.spell_choices(choice) or SPELLS
        return SpellChosen(spell=data.draw(st.sampled_from(options)).name, pick=pick)  # type: ignore[arg-type]
    if action == "ability":
        return AbilityBought(ability=data.draw(st.sampled_from(ABILITIES)))
    if action == "game":
        legions = state.starting_legions.legions
        alive = data.draw(
            st.none() | st.lists(st.sampled_from(legions[0] + legions[1]), max_size=8).map(tuple)
        )
        game = max((played.game for played in state.games), default=0) + 1
        return GameRecorded(
            game=game, date="2026-11-29", outcome=data.draw(outcomes), survivors=alive
        )
    if action == "guard":
        cheap = [
            c.name for c in CHARACTERS if not c.is_lord and c.points is not None and c.points <= 50
        ]
        return HonorGuardSet(members=tuple(data.draw(st.lists(st.sampled_from(cheap), max_size=3))))
    if action == "spell":
        mastered = [s for s in state.unknown_spells() if state.schools[s.school] == 3]
        if mastered and data.draw(st.booleans()):
            return SpellBought(spell=data.draw(st.sampled_from(mastered)).name)
        spell = data.draw(st.sampled_from(state.unknown_spells() or SPELLS)).name
        return SpellBoughtWithGold(spell=spell, price=data.draw(st.integers(0, max(0, state.gold))))
    if action == "plan":
        charisma = data.draw(
            st.lists(st.sampled_from(TOWER_CREATURES), max_size=state.abilities["charisma"])
        )
        upgrades = st.lists(
            st.sampled_from(list(LEADERSHIP_UPGRADES.values())),
            max_size=state.abilities["leadership"],
        )
        return PlanSet(
            charisma=tuple(charisma),
            upgrades=tuple(data.draw(upgrades)),
            placement=data.draw(placements),
        )
    school = data.draw(schools)
    return SchoolGained(school=school, level=min(3, state.schools[school] + 1))  # type: ignore[arg-type]


def check_invariants(log: TitanLog) -> None:
    state = log.state
    # R1
    assert state.available_xp >= 0
    assert state.available_xp == state.base_xp + state.earned_xp - state.spent_xp
    bought_levels = sum(1 for e in log.events if isinstance(e, SchoolGained) and not e.free)
    xp_spells = sum(1 for known in state.spells if known.source == "xp")
    assert state.spent_xp == 100 * (sum(state.abilities.values()) + bought_levels + xp_spells)
    # R2
    assert state.level == state.spent_xp // 200
    # R3, R4
    assert all(0 <= boxes <= 3 for boxes in state.abilities.values())
    assert all(0 <= level <= 3 for level in state.schools.values())
    for school in SCHOOLS:
        gained = [e.level for e in log.events if isinstance(e, SchoolGained) and e.school == school]
        assert gained == list(range(1, state.schools[school] + 1)), (school, gained)
    # R5: no spell twice; every open pick still has a spell to take, or (R6) waits for an open
    # swap of its school to free a bonus spell of its level
    names = [known.name for known in state.spells]
    assert len(names) == len(set(names))
    for choice in state.pending:
        if choice.kind in ("spell", "swap") and not state.spell_choices(choice):
            assert choice.kind == "spell" and choice.school is not None, choice
            assert any(c.kind == "swap" and c.school == choice.school for c in state.pending)
            assert any(
                known.bonus
                and (known.spell.school, known.spell.level) == (choice.school, choice.level)
                for known in state.spells
            ), choice
    # R6: each Intelligence box is one bonus spell, known or still to pick (a swap keeps it bonus)
    open_bonus = sum(1 for c in state.pending if c.kind == "bonus")
    assert open_bonus + sum(1 for k in state.spells if k.bonus) == state.abilities["intelligence"]
    # R9, R10, R11
    check_honor_guard(state.honor_guard, state.level, None)
    first, second = state.starting_legions.legions
    assert len(first) <= 7 and len(second) <= 7
    assert len(first) + len(second) == 8 + state.abilities["charisma"] + len(state.honor_guard)
    assert state.gold >= 0
    assert all(item.charges is None or item.charges >= 1 for item in state.items)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), base_xp=st.sampled_from([0, 100, 200]), steps=st.integers(1, 60))
def test_random_event_sequences_keep_every_invariant(data, base_xp, steps):
    log = TitanLog.create("Thorn", "Ann", base_xp)
    reached = [log.state]
    notes: list[tuple[str, ...]] = []
    for _ in range(steps):
        if data.draw(st.integers(0, 2), label="guided") > 0:
            event = guided_event(data, log.state)
        else:
            event = data.draw(blind_events, label="event")
        before = log
        try:
            log, step = log.do(event)
        except RuleError:
            assert log is before
            continue
        assert step.state == log.state
        notes.append(step.notes)
        check_invariants(log)
        # Undo of the last event restores the previous state exactly (the undone log replays the
        # history so far, so this also checks replay(prefix) == the state reached step by step).
        undone, last = log.undo()
        assert last == event
        assert undone.state == before.state
        redone, _ = undone.redo()
        assert redone.state == log.state
        reached.append(log.state)
    # Replaying the history gives the state reached step by step, with the same notes.
    assert replay(log.events) == log.state
    assert len(reached) == len(log.events)
    history = log.history()
    assert [row[0] for row in history] == list(log.events)
    assert [row[1] for row in history[1:]] == notes
    # The stored form of each event reads back as the same event and the same Titan.
    stored = [event_to_json(event) for event in log.events]
    assert replay(events_from_json(json.loads(json.dumps(stored)))) == log.state
    # The sheet and the history lines never fail on a reachable state.
    json.dumps(sheet_view(log.state, "Demo").to_json())
    assert all(describe(event) for event in log.events)


@settings(max_examples=40, deadline=None)
@given(events=st.lists(blind_events, max_size=25), base_xp=st.sampled_from([0, 100, 200]))
def test_check_agrees_with_apply(events, base_xp):
    """The ask-then-act pair: ``check`` says yes exactly when ``do`` succeeds, with its reason."""
    log = TitanLog.create("Thorn", "Ann", base_xp)
    for event in events:
        decision = check(log.state, event)
        try:
            log, _ = log.do(event)
        except RuleError as error:
            assert not decision.ok
            assert decision.reason == str(error)
        else:
            assert decision.ok
