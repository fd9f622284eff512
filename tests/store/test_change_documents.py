"""Every change document of the file is checked for its shape before anything is read or
written: the usual ones quickly, any other by its full check, which names what is wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from titan_campaign.store import StoreError
from titan_campaign.store.documents import check_tables

CREATED = {"kind": "created", "name": "Thorn", "player": "Ann", "base_xp": 0}
USUAL = {
    "campaign": 1,
    "at": "2026-11-30T20:00:00+00:00",
    "text": "Thorn created",
    "titans": {"1": [CREATED]},
}


def tables(change: Any, number: str = "1") -> dict[str, Any]:
    return {
        "meta": {"1": {"schema_version": 3}},
        "campaigns": {"1": {"name": "Iron Crown", "base_xp": 0}},
        "changes": {number: change},
    }


@pytest.mark.parametrize(
    "change",
    [USUAL, {**USUAL, "undone": 2}, {"campaign": 1, "titans": {}}, {**USUAL, "text": "x" * 400}],
)
def test_a_change_of_the_usual_shape_is_accepted(change: Any) -> None:
    check_tables(Path("c.json"), tables(change))


BAD = {
    "not an object": ([1, 2], "an object"),
    "no campaign": ({"titans": {}}, "campaign: required"),
    "campaign as text": ({**USUAL, "campaign": "1"}, "campaign: a whole number"),
    "campaign 0": ({**USUAL, "campaign": 0}, "campaign: at least 1"),
    "a true for a number": ({**USUAL, "undone": True}, "undone: a whole number"),
    "undone below 0": ({**USUAL, "undone": -1}, "undone: at least 0"),
    "text too long": ({**USUAL, "text": "x" * 401}, "text: at most 400 characters"),
    "a field of another kind": ({**USUAL, "colour": "red"}, "colour: not one of its fields"),
    "titans as a list": ({**USUAL, "titans": [CREATED]}, "titans: an object"),
    "a Titan number of letters": ({**USUAL, "titans": {"one": []}}, "one is not a Titan number"),
    "a Titan number of 0": ({**USUAL, "titans": {"01": []}}, "01 is not a Titan number"),
    "events as one object": ({**USUAL, "titans": {"1": CREATED}}, "titans.1: a list"),
}


@pytest.mark.parametrize("change, said", BAD.values(), ids=BAD.keys())
def test_a_change_of_another_shape_is_refused_naming_the_change_and_field(
    change: Any, said: str
) -> None:
    with pytest.raises(StoreError) as refused:
        check_tables(Path("c.json"), tables(change))
    assert "damaged at changes 1" in str(refused.value) and said in str(refused.value)


def test_a_change_numbered_other_than_by_digits_is_refused() -> None:
    with pytest.raises(StoreError, match="x1 is not a document number"):
        check_tables(Path("c.json"), tables(USUAL, number="x1"))
