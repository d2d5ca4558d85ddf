"""The venue's store: each envelope once, games from events in any order, players across tables, corrections."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from table.venue.samples import SampleTable
from table.venue.store import Store, player_key
from table.venue.topics import BadMessage, Envelope

START = 1_790_000_000.0


def make_store(tmp_path: Path) -> Store:
    return Store(tmp_path / "venue.sqlite3", clock=lambda: START + 5000)


def test_each_envelope_is_stored_once_by_table_and_seq(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    events = SampleTable("t1").game(["Anna", "Ben"], [40, 20], START)
    assert all(store.add(envelope) for envelope in events)
    assert not any(store.add(envelope) for envelope in events)
    assert store.envelope_count() == len(events)
    # the same seq from another table is another event
    assert store.add(SampleTable("t2").game(["Cleo", "Dan"], [1, 0], START)[0])
    assert store.counter("seq_conflicts") == 0
    # a table counting from 1 again (its data folder reset) is not a resend: said and counted
    assert not store.add(SampleTable("t2").game(["Cleo", "Dan"], [1, 0], START + 60)[0])
    assert store.counter("seq_conflicts") == 1
    assert store._rows("PRAGMA journal_mode")[0][0] == "wal"


def test_a_game_is_the_same_whatever_order_its_events_arrive_in(tmp_path: Path) -> None:
    events = SampleTable("t1").game(["Anna", "Ben", "Cleo"], [40, 20, 20], START, rounds=3)
    in_order = make_store(tmp_path / "a")
    for envelope in events:
        in_order.add(envelope)
    shuffled = make_store(tmp_path / "b")
    mixed = events[:]
    random.Random(7).shuffle(mixed)
    mixed.insert(0, mixed.pop(mixed.index(events[-1])))  # game_over first of all
    waiting = [envelope for envelope in mixed if not shuffled.add(envelope)]
    assert events[-1] in waiting  # its game's start was still missing: not taken, not acknowledged
    while waiting:  # the table sends again what the venue has not acknowledged
        waiting = [envelope for envelope in waiting if not shuffled.add(envelope)]
    game_id = events[0].game_id
    first, second = in_order.game(game_id), shuffled.game(game_id)
    assert first == second
    assert first is not None and first.finished and first.started_at == START
    assert [(p.name, p.place, p.total) for p in first.players] == [("Anna", 1, 40), ("Ben", 2, 20), ("Cleo", 2, 20)]
    assert [e["round"] for e in shuffled.events(game_id, "round")] == [1, 2, 3]  # the table's order, not arrival's


def test_unreadable_payloads_are_counted_never_stored(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    good = SampleTable("t1").game(["Anna", "Ben"], [1, 0], START)[0]
    assert not store.add_payload("t1", b"not json")
    assert not store.add_payload("t2", good.to_json())  # t2's topic carrying t1's envelope
    broken = Envelope("t1", 9, "t1-g", "game_over", START, {"ranking": [{"seat": 0}]})
    assert not store.add_payload("t1", broken.to_json())
    with pytest.raises(BadMessage):
        store.add(broken)
    assert store.bad_messages == 3  # seq 9 refused twice counts once
    assert store.envelope_count() == 0
    assert store.add_payload("t1", good.to_json())


def test_the_same_name_at_two_tables_is_one_player_shown_as_last_seen(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    for envelope in SampleTable("t1").game(["anna  maria", "Ben"], [5, 3], START):
        store.add(envelope)
    for envelope in SampleTable("t2").game(["Anna Maria", "Cleo"], [2, 9], START + 600):
        store.add(envelope)
    assert player_key(" ANNA \t maria ") == "anna maria"
    assert len(store.games(player="anna maria")) == 2
    assert store.player_name("anna maria") == "Anna Maria"
    assert [name for _, name in store.players()] == ["Anna Maria", "Ben", "Cleo"]


def test_table_status_and_its_current_game(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    assert store.set_status("t1", json.dumps({"v": 1, "table": "t1", "online": True, "at": START}).encode())
    assert not store.set_status("t1", b"{}")
    events = SampleTable("t1").game(["Anna", "Ben"], [5, 3], START, finished=False)
    for envelope in events:
        store.add(envelope)
    (row,) = store.tables()
    assert row["online"] == 1 and row["game_id"] == events[0].game_id and row["last_seen"] == START + 5000
    store.set_status("t1", b'{"v": 1, "table": "t1", "online": false, "at": 0}')
    assert store.tables()[0]["online"] == 0


def test_corrections_void_merge_rename(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    events = SampleTable("t1").game(["Anna", "Ben"], [5, 3], START) + SampleTable("t2").game(
        ["Anne", "Cleo"], [1, 9], START
    )
    for envelope in events:
        store.add(envelope)
    game_id = events[0].game_id
    version = store.version
    assert store.void_game(game_id) and store.game(game_id).voided  # type: ignore[union-attr]
    assert store.version > version
    assert store.void_game(game_id, False) and not store.game(game_id).voided  # type: ignore[union-attr]
    assert not store.void_game("no-such-game")
    assert store.merge_players("anne", "anna")
    assert not store.merge_players("anna", "anne")  # already one player
    assert not store.merge_players("anna", "nobody")
    assert len(store.games(player="anna")) == 2
    assert "anne" not in dict(store.players())
    assert store.rename_player("anne", "Anna B.")  # a merged key renames the player it went into
    assert store.player_name("anna") == "Anna B."
    for envelope in SampleTable("t3").game(["anna", "Ben"], [1, 0], START + 900):
        store.add(envelope)
    assert store.player_name("anna") == "Anna B."  # the admin's name stays


def test_the_ack_is_the_highest_seq_held_without_a_gap(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    events = SampleTable("t1").game(["Anna", "Ben"], [40, 20], START, rounds=3)  # seqs 1..8
    assert store.acked("t1") == 0 and store.acks() == {}
    for envelope in events[:2]:
        store.add(envelope)
    assert store.acked("t1") == 2
    store.add(events[4])
    store.add(events[3])
    assert store.acked("t1") == 2  # 3 is missing: 4 and 5 wait for it
    store.add(events[2])
    assert store.acked("t1") == 5  # the gap filled: up over all that was waiting
    store.add(events[2])  # a repeat changes nothing
    assert store.acks() == {"t1": 5}
    store.add(SampleTable("t2").game(["Cleo", "Dan"], [1, 0], START)[0])
    assert store.acks() == {"t1": 5, "t2": 1}


def test_a_gap_below_what_the_table_still_keeps_is_not_waited_for(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    events = SampleTable("t1").game(["Anna", "Ben"], [40, 20], START, rounds=3)  # seqs 1..8
    for envelope in events[:2]:
        store.add(envelope)
    store.add(replace(events[5], first=5))
    assert store.acked("t1") == 4  # 3 and 4 were lost with the table's database: never coming; 5 may still come
    store.add(replace(events[4], first=5))
    assert store.acked("t1") == 6
