"""Facts from outside (a file, a form, a command) are checked field by field when built: every
problem at once, in a player's words, and what is kept never changes."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from titan_campaign.rules.events import (
    GameRecorded,
    GoldChanged,
    SchoolGained,
    SpellChosen,
    event_from_json,
    event_to_json,
    events_from_json,
)
from titan_campaign.rules.facts import ShapeError, parse, replaced
from titan_campaign.rules.wording import field_problems


def test_every_problem_of_a_form_is_found_at_once_in_a_players_words() -> None:
    with pytest.raises(ShapeError) as refused:
        parse(GoldChanged, {"amount": 2_000_000, "note": "x" * 201, "colour": "red"})
    assert field_problems(refused.value, {"amount": "Amount"}) == {
        "amount": "Amount: at most 1000000",
        "note": "Note: at most 200 characters",
        "colour": "Colour: not one of its fields",
    }


def test_a_missing_field_and_a_wrong_type_are_named() -> None:
    with pytest.raises(ShapeError) as refused:
        parse(SchoolGained, {"school": "fire", "level": "2"})
    assert str(refused.value) == "level: a whole number"
    with pytest.raises(ShapeError, match="school: required"):
        parse(SchoolGained, {"level": 2})


def test_a_true_is_not_a_number_and_a_float_is_not_a_whole_one() -> None:
    for amount in (True, 2.0):
        with pytest.raises(ShapeError, match="amount: a whole number"):
            parse(GoldChanged, {"amount": amount})


def test_a_spell_is_kept_in_the_catalogues_spelling() -> None:
    assert SpellChosen(spell="fire bolt", pick="school").spell == "Fire Bolt"


def test_an_event_in_a_list_is_placed_by_its_number_and_kind() -> None:
    with pytest.raises(ShapeError) as refused:
        events_from_json([{"kind": "archived"}, {"kind": "ability_bought", "ability": "lux"}])
    assert str(refused.value).startswith("event 2 (ability_bought), ability: one of power, skill")


def test_an_unknown_kind_of_event_is_refused_by_name() -> None:
    with pytest.raises(ShapeError, match="a kind this version knows, not 'titan_flew'"):
        event_from_json({"kind": "titan_flew"})


def test_facts_built_in_code_are_refused_by_pydantic_and_said_alike() -> None:
    with pytest.raises(ValidationError) as refused:
        GoldChanged(amount=True)
    assert str(ShapeError.of(refused.value)) == "amount: a whole number"


def test_kept_facts_never_change_and_compare_by_value() -> None:
    gained = SchoolGained(school="fire", level=2)
    with pytest.raises(ValidationError, match="frozen"):
        gained.level = 3  # type: ignore[misc]
    assert gained == SchoolGained(school="fire", level=2, free=False)
    assert gained != SchoolGained(school="fire", level=2, free=True)
    assert len({gained, SchoolGained(school="fire", level=2)}) == 1


def test_a_changed_copy_is_checked_again() -> None:
    played = GameRecorded(game=1, date="2026-10-01", outcome={"result": "won", "score": 10})
    assert replaced(played.outcome, result="lost").result == "lost"
    with pytest.raises(ShapeError, match="result: one of won or lost"):
        replaced(played.outcome, result="drawn")


def test_the_stored_form_leaves_out_defaults_and_reads_back_the_same() -> None:
    played = GameRecorded(game=3, date="2026-10-01", outcome={"result": "won", "score": 10})
    stored = event_to_json(played)
    assert stored == {
        "kind": "game_recorded",
        "game": 3,
        "date": "2026-10-01",
        "outcome": {"result": "won", "score": 10},
    }
    assert event_from_json(stored) == played
