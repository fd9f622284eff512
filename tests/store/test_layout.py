"""The on-disk layout: one index, one history file per Titan, and what a change rewrites."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from titan_campaign.rules.events import GameOutcome, GameRecorded, GoldChanged
from titan_campaign.rules.titan import replay
from titan_campaign.store import CampaignStore, histories
from titan_campaign.store.files import exclusive_lock
from titan_campaign.store.histories import forget_all
from titan_campaign.store.layout import (
    SPARES,
    encode_index,
    remember_texts,
    spare_history,
    spare_index,
    titans_folder,
)
from titan_campaign.store.repository import forget_everything

RECORD = st.fixed_dictionaries(
    {
        "campaign": st.integers(1, 3),
        "name": st.text(min_size=1, max_size=12),
        "key": st.text(max_size=12),
        "events": st.integers(1, 500),
        "file": st.integers(0, 10**6),
    }
)
INDEX = st.fixed_dictionaries(
    {
        "meta": st.just({"1": {"schema_version": 2, "revision": 7, "retired": {"titan-1-r3.json": 5}}}),
        "campaigns": st.just({"1": {"name": "Iron Crown", "base_xp": 100}}),
        "titans": st.dictionaries(st.integers(1, 40).map(str), RECORD, max_size=12),
    }
)


def laid_out(raw: bytes) -> bytes:
    """The index as encode_index lays it out: compact JSON, each Titan record on its own line."""
    index = json.loads(raw)
    compact = {name: table for name, table in index.items() if name != "titans"}
    head = json.dumps(compact, ensure_ascii=False, separators=(",", ":"))[:-1]
    lines = [f"{json.dumps(key)}:{json.dumps(r, ensure_ascii=False, separators=(',', ':'))}" for key, r in index["titans"].items()]
    body = ",\n".join(lines)
    return f'{head},"titans":{{\n{body}\n}}}}'.encode()


@settings(max_examples=80, deadline=None)
@given(first=INDEX, second=INDEX)
def test_the_index_is_written_as_its_contents_one_titan_a_line_even_after_changes(first, second) -> None:
    database = Path("index-under-test")  # names the encoder's memory only: nothing is written
    for index in (first, second, first):
        raw = encode_index(index, database)
        assert json.loads(raw) == index and raw == laid_out(raw)
        remember_texts(database, raw, json.loads(raw))  # as a program reading it would
        for key, record in index["titans"].items():
            index["titans"][key] = {**record, "events": record["events"] + 1}  # copied, as a session does
        raw = encode_index(index, database)
        assert json.loads(raw) == index and raw == laid_out(raw)


def test_every_index_written_by_sessions_reads_back_as_its_contents(crown) -> None:
    """Records are re-encoded only when a session copied them, and otherwise written as they
    were read: after a run of real changes (each a new program) the index file still says
    exactly what it holds."""
    for command in (("gold", "Thorn", "10"), ("spend", "Thorn", "ability", "power"), ("gold", "Bex", "5")):
        forget_everything()
        crown.ok(*command)
        raw = crown.db.read_bytes().rstrip(b" ")
        assert raw == laid_out(raw)
    index = json.loads(crown.db.read_bytes())
    assert [index["titans"][key]["events"] for key in ("1", "2")] == [4, 3]


def test_a_change_to_one_titan_writes_one_history_file_and_the_index(crown) -> None:
    folder = titans_folder(crown.db)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    crown.ok("gold", "Thorn", "10")
    after = {p.name: p.read_bytes() for p in folder.iterdir()}
    new = set(after) - set(before)
    assert len(new) == 1 and new.pop().startswith("titan-1-")
    assert all(after[name] == before[name] for name in set(after) & set(before))  # never rewritten


def test_a_game_for_two_titans_is_one_change_written_at_once(crown) -> None:
    index = json.loads(crown.db.read_text())
    store = CampaignStore(crown.db)
    with store.writing() as session:
        for name in ("Thorn", "Bex"):
            record = session.titan(name)
            outcome = GameOutcome(result="won" if name == "Thorn" else "lost")
            log, _ = record.log.do(GameRecorded(game=2, date="2026-11-29", outcome=outcome))
            session.save(record, log)
    after = json.loads(crown.db.read_text())
    assert after["meta"]["1"]["revision"] == index["meta"]["1"]["revision"] + 1
    assert {key: entry["file"] for key, entry in after["titans"].items()} == {"1": after["meta"]["1"]["revision"], "2": after["meta"]["1"]["revision"]}
    games = json.loads(crown.ok("campaign", "games", "--json"))
    assert [len(game["participants"]) for game in games] == [2, 2]


def test_a_damaged_index_cannot_make_the_store_remove_other_files(cli) -> None:
    outside = cli.db.parent / "precious.txt"
    outside.write_text("keep me")
    index = {"meta": {"1": {"schema_version": 2, "revision": 3, "retired": {"../precious.txt": 1}}}, "campaigns": {}, "titans": {}}
    cli.db.write_text(json.dumps(index))
    message = cli.refused("campaign", "new", "Mine", "--base-xp", "0")
    assert "wrong shape at meta.1.retired" in message
    assert outside.read_text() == "keep me"


def cut_short(db) -> None:
    """What a writer killed half-way through saving a change leaves in the lock file."""
    with exclusive_lock(db) as lock:
        lock.writing()


def test_after_a_writer_was_cut_short_the_next_clears_only_its_own_leftovers(crown) -> None:
    folder = crown.db.parent
    ours = [folder / ".campaigns.json.4242-1-17.tmp", folder / ".campaigns.json.titan-1-r9.json.4242-2-18.tmp"]
    others = [folder / ".campaigns.json.mine.tmp", folder / ".notes.txt.tmp", folder / ".campaigns.json.old.json.1-1-1.tmp"]
    half_written = titans_folder(crown.db) / "titan-1-r99.json"  # a history file no index names
    for file in [*ours, *others, half_written]:
        file.write_text("{")
    crown.ok("gold", "Thorn", "5")
    assert all(file.exists() for file in ours), "no writer was cut short: nothing is searched for"
    cut_short(crown.db)
    crown.ok("gold", "Thorn", "5")
    assert not any(file.exists() for file in [*ours, half_written])
    assert all(file.read_text() == "{" for file in others)
    crown.ok("gold", "Thorn", "5")  # and the next writer finds the mark cleared
    with exclusive_lock(crown.db) as lock:
        assert not lock.interrupted


def current_history(db, titan_id: int):
    index = json.loads(db.read_text())
    return titans_folder(db) / f"titan-{titan_id}-r{index['titans'][str(titan_id)]['file']}.json"


def test_a_stored_titan_is_changed_without_reading_its_events_and_its_state_is_the_replayed_one(crown) -> None:
    crown.ok("spend", "Thorn", "ability", "power")
    forget_all()  # as a new program
    store = CampaignStore(crown.db)
    with store.writing() as session:
        record = session.titan("Thorn")
        log, _ = record.log.do(GoldChanged(amount=7))
        session.save(record, log)
        assert "events" not in vars(record.log.prefix), "the stored events were read"
    forget_all()
    with store.reading() as session:
        log = session.titan("Thorn").log
        assert log.state.gold == 7
        assert log.state == replay(log.events)  # the kept state is the one the events lead to
        assert [event.kind for event in log.events[-2:]] == ["ability_bought", "gold_changed"]


def test_a_history_kept_by_other_rules_is_replayed_in_full(crown, monkeypatch) -> None:
    forget_all()
    monkeypatch.setattr(histories, "rules_fingerprint", lambda: "other rules")
    with CampaignStore(crown.db).reading() as session:
        log = session.titan("Thorn").log
        assert "events" in vars(log.prefix)  # checked and replayed: the kept state is not taken
        assert log.state == replay(log.events)


def test_an_event_changed_inside_a_history_file_is_found_though_the_file_is_still_json(crown) -> None:
    history = current_history(crown.db, 1)
    raw = history.read_bytes()
    before, found, after = raw.rpartition(b'"result":"won"')  # the last one: in the event itself
    assert found and b'"kind":"game_recorded"' in after
    history.write_bytes(before + b'"result":"wox"' + after)
    forget_all()
    message = crown.refused("gold", "Thorn", "10")
    assert "Titan record 1 is damaged" in message and "result" in message, message


def test_retired_files_are_overwritten_by_later_changes_and_the_folder_stays_small(crown) -> None:
    for amount in range(1, 16):  # more changes than backups kept: files start to retire
        crown.ok("gold", "Thorn", str(amount))
    spare = spare_history(crown.db, 0)
    index_spare = spare_index(crown.db)
    assert spare.exists() and index_spare.exists()
    spare_inode, index_inode = spare.stat().st_ino, index_spare.stat().st_ino
    crown.ok("gold", "Thorn", "100")
    assert current_history(crown.db, 1).stat().st_ino == spare_inode  # the spare became the new history
    assert crown.db.stat().st_ino == index_inode  # and the rotated-out backup the new index
    # A reused file may end in padding: it still reads as JSON, by the fast sheet and a new program.
    assert json.loads(crown.db.read_bytes())["titans"]["1"]["name"] == "Thorn"
    forget_all()
    assert '"gold": 220' in crown.ok("sheet", "Thorn", "--format", "json")
    assert len(list(titans_folder(crown.db).iterdir())) <= 2 + 10 + SPARES  # current, retired, spares


def test_a_padded_history_file_is_still_read_without_replaying_it(crown) -> None:
    history = current_history(crown.db, 1)
    history.write_bytes(history.read_bytes() + b" " * 300)
    forget_all()
    with CampaignStore(crown.db).reading() as session:
        assert "events" not in vars(session.titan("Thorn").log.prefix)
