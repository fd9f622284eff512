"""A database for the benchmarks: one campaign of 50 Titans with 100 events each, one change
per event, interleaved as a group plays; built directly as the file's tables (saving 5,000
changes one by one would take minutes), then checked by reading it back through the store."""

from __future__ import annotations

from pathlib import Path

from titan_campaign.rules.campaign import Change
from titan_campaign.rules.describe import change_text
from titan_campaign.rules.events import (
    AbilityBought,
    Created,
    Event,
    GameOutcome,
    GameRecorded,
    GoldChanged,
    SchoolGained,
    SpellChosen,
)
from titan_campaign.store.documents import SCHEMA_VERSION, change_to_doc, given_ids
from titan_campaign.store.files import encode

AT = "2026-11-30T20:00:00+00:00"


def titan_events(name: str, count: int = 100) -> list[Event]:
    """A legal history of ``count`` events: a game, purchases and choices, then gold lines."""
    events: list[Event] = [
        Created(name=name, player="Player", base_xp=200),
        GameRecorded(
            game=1, date="2026-01-01", outcome=GameOutcome(result="won", score=400, battle_won=4)
        ),
        AbilityBought(ability="power"),
        SchoolGained(school="fire", level=1),
        SpellChosen(spell="Fire Bolt", pick="school"),
        SchoolGained(school="fire", level=2, free=True),
        SpellChosen(spell="Fire Fan", pick="school"),
        SpellChosen(spell="Dune Walker", pick="school"),
        AbilityBought(ability="luck"),
    ]
    events += [GoldChanged(amount=1, note=f"loot {n}") for n in range(count - len(events))]
    return events


def build(path: Path, titans: int = 50, events: int = 100) -> None:
    histories = {tid: titan_events(f"Titan {tid}", events) for tid in range(1, titans + 1)}
    docs: dict[str, object] = {}
    for step in range(events):
        for tid, history in histories.items():
            text = change_text(f"Titan {tid}", [history[step]])
            docs[str(len(docs) + 1)] = change_to_doc(1, Change(AT, text, {tid: (history[step],)}))
    tables = {
        "meta": {"1": {"schema_version": SCHEMA_VERSION}},
        "campaigns": {"1": {"name": "Bench", "base_xp": 200, "created": AT}},
        "changes": docs,
    }
    # every change with its id, as the program writes it
    path.write_bytes(encode(given_ids(tables)))  # type: ignore[arg-type]
