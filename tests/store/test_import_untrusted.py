"""Import files are untrusted: anything impossible is refused whole, and nothing is half imported."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from titan_campaign import actions
from titan_campaign.store import Database

EXAMPLE = Path(__file__).resolve().parents[2] / "sheets" / "example-campaign.json"
CREATED = {"kind": "created", "name": "Forger", "player": "Eve", "base_xp": 100}


def export_of(*campaigns: dict[str, Any]) -> dict[str, Any]:
    return {"format": "titan-campaign export", "schema_version": 1, "campaigns": list(campaigns)}


def forged(*titans: list[dict[str, Any]], name: str = "Forged") -> dict[str, Any]:
    return {"name": name, "base_xp": 100, "titans": [{"events": events} for events in titans]}


def game(**outcome: Any) -> dict[str, Any]:
    return {
        "kind": "game_recorded",
        "game": 1,
        "date": "2026-01-01",
        "outcome": {"result": "won", **outcome},
    }


NESTED = {
    "kind": "created",
    "name": "Deep",
    "player": "Eve",
    "base_xp": 100,
    "at": json.loads("[" * 900 + "]" * 900),
}

UNTRUSTED = {
    "huge score": (export_of(forged([CREATED, game(score=10**30)])), "at most"),
    "huge gold": (
        export_of(forged([CREATED, {"kind": "gold_changed", "amount": 10**40}])),
        "at most",
    ),
    "infinite gold": (
        (
            '{"format": "titan-campaign export", "schema_version": 1, "campaigns": [{"name": "F", "base_xp": 100, '
            '"titans": [{"events": [{"kind": "created", "name": "A", "player": "B", "base_xp": 100}, '
            '{"kind": "gold_changed", "amount": 1e999}]}]}]}'
        ),
        "amount",
    ),
    "negative base XP": (
        export_of({**forged([{**CREATED, "base_xp": -100}]), "base_xp": -100}),
        "base_xp",
    ),
    "negative scenario XP": (export_of(forged([CREATED, game(scenario_xp=-50)])), "at least 0"),
    "unknown ability": (
        export_of(forged([CREATED, {"kind": "ability_bought", "ability": "telepathy"}])),
        "ability",
    ),
    "unknown spell": (
        export_of(forged([CREATED, {"kind": "spell_bought", "spell": "Doom Comet"}])),
        "Doom Comet",
    ),
    "spell without its school": (
        export_of(forged([CREATED, {"kind": "spell_bought", "spell": "Fire Ball"}])),
        "level 3; Fire is at 0",
    ),
    "spell picked without a pick": (
        export_of(
            forged([CREATED, {"kind": "spell_chosen", "spell": "Fire Ball", "pick": "free"}])
        ),
        "pick",
    ),
    "10 MB Titan name": (
        export_of(forged([{**CREATED, "name": "N" * 10_000_000}])),
        "at most 60 characters",
    ),
    "10 MB campaign name": (
        export_of(forged([CREATED], name="C" * 10_000_000)),
        "at most 60 characters",
    ),
    "deeply nested file": (
        '{"format": "titan-campaign export", "campaigns": ' + "[" * 200_000 + "]" * 200_000 + "}",
        "nests too deeply",
    ),
    "nested inside an event": (export_of(forged([NESTED])), "at: text"),
    "duplicate Titans": (
        export_of(forged([CREATED], [{**CREATED, "name": " forger", "player": "Zed"}])),
        "a second Titan named",
    ),
    "duplicate campaigns": (export_of(forged([CREATED]), forged([CREATED])), "two campaigns named"),
    "campaign already there": (export_of(forged([CREATED], name="Home")), "already exists"),
    "sound campaign then a bad one": (
        export_of(forged([CREATED], name="Sound"), forged([CREATED, game(fled=-1)])),
        "fled",
    ),
    "R8 won with two battles lost": (
        export_of(forged([CREATED, game(battle_lost=2)])),
        "a battle Forger's legion lost eliminates Forger: it happens once, in a game Forger lost (R8)",
    ),
    "R8 scenario XP with no scenario": (
        export_of(forged([CREATED, game(scenario_xp=300)])),
        "the game names no scenario",
    ),
    "R8 two winners of one game": (
        export_of(forged([CREATED, game()], [{**CREATED, "name": "Second"}, game()])),
        "would have 2 winners",
    ),
    "a game dated in 2099": (
        export_of(forged([CREATED, {**game(result="lost"), "date": "2099-01-01"}])),
        "game date 2099-01-01 is later than tomorrow",
    ),
    "R8 two winners under a scenario of spaces": (
        export_of(
            forged(
                [CREATED, {**game(), "scenario": "   "}],
                [{**CREATED, "name": "Second"}, {**game(), "scenario": "   "}],
            )
        ),
        "would have 2 winners",
    ),
    "R8 a winner whose Titan was slain": (
        export_of(forged([CREATED, {**game(), "survivors": ["Ogre"]}])),
        "its survivors do not include its Titan",
    ),
    "unknown field": (export_of({**forged([CREATED]), "owner": "root"}), "owner"),
    "no campaigns": (export_of(), "holds no campaign"),
}


@pytest.fixture
def home(cli):
    cli.ok("campaign", "new", "Home", "--base-xp", "100")
    cli.ok("titan", "add", "Keeper", "--player", "Ann")
    return cli


@pytest.mark.parametrize("case", UNTRUSTED)
def test_an_untrusted_import_is_refused_whole(home, tmp_path, case) -> None:
    content, expected = UNTRUSTED[case]
    file = tmp_path / "untrusted.json"
    file.write_text(content if isinstance(content, str) else json.dumps(content))
    message = home.refused("import", str(file))
    assert expected in message and "nothing imported" in message, message
    assert json.loads(home.ok("campaign", "list", "--json"))[0]["name"] == "Home"
    assert len(json.loads(home.ok("campaign", "list", "--json"))) == 1


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    children = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else []
    )
    for key, child in children:
        found += _paths(child, prefix + (key,))
    return found


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False)
    | st.sampled_from(
        [
            "",
            "Fire Ball",
            "power",
            "fire",
            "won",
            "created",
            "Griffon",
            "2026-02-30",
            "x" * 200,
            "Thorn",
        ]
    )
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["kind", "name", "game", "x"]), inner, max_size=3)
    ),
    max_leaves=6,
)


def _mutate(document: Any, data: st.DataObject) -> Any:
    document = json.loads(json.dumps(document))
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        path = data.draw(st.sampled_from(_paths(document)[1:]), label="path")
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        action = data.draw(
            st.sampled_from(["replace", "delete", "duplicate", "swap"]), label="action"
        )
        if action == "replace":
            parent[key] = data.draw(JSON_VALUES, label="value")
        elif action == "delete":
            del parent[key]
        elif action == "duplicate" and isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(parent[key])))
        elif action == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = data.draw(st.integers(0, len(parent) - 1), label="other")
            parent[key], parent[other] = parent[other], parent[key]
    return document


def _titans_in(campaign: dict[str, Any]) -> int:
    """The Titans an export's campaign holds: one per history (version 1), or one per Titan
    whose creation is in a change in effect (version 2)."""
    if "titans" in campaign:
        return len(campaign["titans"])
    return len(
        {
            titan
            for change in campaign.get("changes", ())  # an export may leave out an empty log
            if not change.get("undone")
            for titan, events in change["titans"].items()
            if any(event.get("kind") == "created" for event in events)
        }
    )


@pytest.fixture(scope="module")
def base_database(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("base")
    store = Database(folder / "campaigns.json")
    actions.new_campaign(store, "Home", 100)
    actions.add_titan(store, actions.find_campaign(store), "Keeper", "Ann")
    return folder


@pytest.mark.slow
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_mutated_export_is_imported_cleanly_or_refused_cleanly(
    base_database, capsys, run_cli, snapshot, data
) -> None:
    mutated = _mutate(json.loads(EXAMPLE.read_text()), data)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "db"
        shutil.copytree(base_database, folder)
        file = Path(scratch) / "mutated.json"
        file.write_text(json.dumps(mutated))
        before = snapshot(folder)
        code, _, err = run_cli(folder / "campaigns.json", capsys, "import", str(file))
        event("imported" if code == 0 else "refused")
        if code == 1:
            assert (
                err.startswith("error: ") and err.count("\n") == 1 and "nothing imported" in err
            ), err
            assert snapshot(folder) == before
            return
        assert code == 0, err
        campaigns = actions.read_campaigns(Database(folder / "campaigns.json"))
        assert campaigns[0].name == "Home"
        assert len(campaigns) == 1 + len(mutated["campaigns"])
        titans = [c.state(t) for c in campaigns for t in c.titan_ids]  # every history replays
        assert len(titans) == 1 + sum(_titans_in(c) for c in mutated["campaigns"])
