"""A file of an earlier schema that was damaged (by hand, a sync tool, a bad disk) is refused
with one line naming it, by every command, and left untouched with no backup made: mutations
of the schema-1 example at any place, by any JSON value, give no traceback."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

FIXTURE = Path(__file__).parent / "fixtures" / "v1-campaign.json"
COMMANDS = [("titan", "list"), ("sheet", "Thorn"), ("gold", "Thorn", "5"), ("history",)]

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.sampled_from(["", "one", "²", "abc", "0", "-1", "1e3", "2026-13-45", "\u202e", "[/b]"]),
    st.just([]),
    st.just({}),
    st.just([{}]),
    st.just({"": None}),
)


def _places(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in the document: each key of each object, each item of each list."""
    found = [at] if at else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _places(value, (*at, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _places(value, (*at, index))
    return found


ORIGINAL = json.loads(FIXTURE.read_text())
PLACES = _places(ORIGINAL)


def _mutated(place: tuple[Any, ...], how: str, value: Any) -> Any:
    data = json.loads(FIXTURE.read_text())
    *parents, last = place
    holder = data
    for step in parents:
        holder = holder[step]
    if how == "delete":
        del holder[last]
    elif how == "rename" and isinstance(holder, dict):
        holder[str(value)] = holder.pop(last)
    else:
        holder[last] = value
    return data


@pytest.mark.slow
@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    place=st.sampled_from(PLACES),
    how=st.sampled_from(["replace", "delete", "rename"]),
    value=VALUES,
    argv=st.sampled_from(COMMANDS),
)
def test_a_damaged_schema_1_file_is_read_or_refused_in_one_line(
    capsys, run_cli, snapshot, place, how, value, argv
) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        db = Path(scratch) / "campaigns.json"
        raw = json.dumps(_mutated(place, how, value), ensure_ascii=False).encode()
        db.write_bytes(raw)
        code, out, err = run_cli(db, capsys, *argv)
        event(f"exit {code}")
        assert code in (0, 1), (place, how, value, argv, err)
        assert "Traceback" not in err and "Traceback" not in out, (place, how, value, err)
        if code == 1:
            assert err.startswith("error: ") and err.strip().count("\n") == 0, err
            assert db.read_bytes() == raw and list(snapshot(Path(scratch))) == ["campaigns.json"]
