"""What the venue takes from a table, message by message (table.venue.schema, table.venue.topics, the store's own
checks): each field's type, range and size, the numbers JSON should not carry, times against the venue's clock,
whose game it is; a refusal is recorded with its reason, acknowledged when its seq can be, and changes nothing else."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from table.venue.samples import SampleTable
from table.venue.schema import MAX_NAME, MAX_SEQ_AHEAD, Refused, check_envelope
from table.venue.store import Store
from table.venue.topics import MAX_PAYLOAD, MAX_SEQ, BadMessage, Envelope, parse_ack, parse_envelope

NOW = 1_795_471_200.0  # 2026-11-23 22:00 UTC: the venue's clock


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "venue.sqlite3", clock=lambda: NOW)


def raw(**changes: Any) -> dict[str, Any]:
    """A good envelope of table t1 as JSON, with `changes`."""
    started = SampleTable("t1").game(["Anna", "Ben"], [1, 0], NOW - 600)[0]
    return {**json.loads(started.to_json()), **changes}


def reason(payload: bytes) -> BadMessage:
    with pytest.raises(BadMessage) as refused:
        parse_envelope(payload)
    return refused.value


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_numbers_json_loads_takes_but_no_table_sends_are_refused_with_their_seq(literal: str) -> None:
    payload = json.dumps(raw(seq=7)).replace(str(NOW - 600), literal).encode()
    assert literal.encode() in payload
    refused = reason(payload)
    assert refused.seq == 7  # so the venue can acknowledge it
    assert reason(json.dumps(raw(seq=7, data={"players": [{"seat": 0, "total": 1e999}]})).encode()).seq == 7


def test_seqs_and_sizes_out_of_range() -> None:
    assert reason(json.dumps(raw(seq=2**63 - 1, first=2**63 - 1)).encode()).seq is None  # never acknowledged
    assert reason(json.dumps(raw(seq=MAX_SEQ + 1)).encode()).seq is None
    assert parse_envelope(json.dumps(raw(seq=MAX_SEQ)).encode()).seq == MAX_SEQ
    assert "out of range" in str(reason(json.dumps(raw(data={"n": 10**30})).encode()))
    assert "nested" in str(reason(b'{"seq": 1, "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"))
    big = json.dumps(raw(seq=5, data={"players": [{"seat": 0, "name": "M" * 4_000_000}]})).encode()
    assert len(big) > MAX_PAYLOAD and reason(big).seq == 5 and "bytes" in str(reason(big))
    for name in ("game_id", "table"):
        assert "=" in str(reason(json.dumps(raw(**{name: "=HYPERLINK(1)"})).encode()))
    assert "game_id" in str(reason(json.dumps(raw(game_id="t2-20261123215000-1")).encode()))  # not t1's name


def test_a_table_ignores_an_ack_beyond_any_seq() -> None:
    assert parse_ack(json.dumps({"v": 1, "table": "t1", "seq": MAX_SEQ}).encode()) == MAX_SEQ
    for seq in (2**63 - 1, MAX_SEQ + 1, -1):
        with pytest.raises(BadMessage):
            parse_ack(json.dumps({"v": 1, "table": "t1", "seq": seq}).encode())
    with pytest.raises(BadMessage):
        parse_ack(b'{"v": 1, "seq": NaN}')


def envelope(kind: str, data: dict[str, Any], at: float = NOW - 60, seq: int = 2) -> Envelope:
    return Envelope("t1", seq, "t1-20261123215000-1", kind, at, data)


GOOD: dict[str, dict[str, Any]] = {
    "game_started": {"game": "skullking", "players": [{"seat": 0, "name": "Anna"}, {"seat": 1, "name": "Ben"}]},
    "trick": {"round": 1, "number": 1, "winner_seat": None, "winner": None, "why": {"en": "nobody"}},
    "round": {"round": 1, "scores": [{"seat": 0, "name": "Anna", "points": 20, "total": 20}]},
    "game_over": {"ranking": [{"place": 1, "seat": 0, "name": "Anna", "total": 20}], "score_pad": {"x": [1]}},
}
PLAYERS = [{"seat": n, "name": f"P{n}"} for n in range(10_000)]
BAD = [
    ("game_started", {"game": "skullking", "players": PLAYERS}, "10000 entries"),
    ("game_started", {"game": "skullking", "players": PLAYERS[:7]}, "7 players, not 2 to 6"),  # the catalog's
    ("game_started", {"game": "a-new-game", "players": PLAYERS[:9]}, "9 players, not 2 to 8"),  # any game's
    ("game_started", {"game": "skullking", "players": [{"seat": 0, "name": "A" * (MAX_NAME + 1)}]}, "characters"),
    ("game_started", {"game": "skullking", "players": [{"seat": 0, "name": "A\x00"}, PLAYERS[1]]}, "control"),
    ("game_started", {"game": "skullking", "players": [PLAYERS[0], PLAYERS[0]]}, "seat twice"),
    ("game_started", {"game": "=1+1", "players": PLAYERS[:2]}, "right form"),
    ("game_started", {"game": "skullking", "players": PLAYERS[:2], "game_name": {"en": 5}}, "game_name.en"),
    ("trick", {"round": True, "number": 1}, "data.round is not a whole number"),
    ("trick", {"round": 1, "number": 1, "winner_seat": 99}, "winner_seat"),
    ("round", {"round": 1, "scores": [1, 2, 3]}, "scores[0] is not an object"),
    ("round", {"round": 1, "scores": [{"seat": 0, "name": "A", "total": 10**12}]}, "total"),
    ("game_over", {"ranking": [{"place": 1, "seat": 0, "name": "A", "total": 1.5}]}, "total"),
    ("game_over", {"ranking": [], "score_pad": {}}, "0 entries"),
    ("game_over", {"ranking": GOOD["game_over"]["ranking"], "score_pad": [1]}, "score_pad"),
]


@pytest.mark.parametrize(("kind", "data", "why"), BAD)
def test_data_of_the_wrong_type_range_or_size_is_refused(kind: str, data: dict[str, Any], why: str) -> None:
    check_envelope(envelope(kind, GOOD[kind]), NOW)
    with pytest.raises(Refused, match=why.replace("[", r"\[").replace("(", r"\(")):
        check_envelope(envelope(kind, data), NOW)


def test_times_are_within_a_window_of_the_venue_s_clock() -> None:
    check_envelope(envelope("trick", GOOD["trick"], at=NOW + 299), NOW)  # a table's clock a little ahead
    for at in (NOW + 301, NOW + 10 * 365 * 86400, 0.0, 1e300):
        with pytest.raises(Refused, match="stamped"):
            check_envelope(envelope("trick", GOOD["trick"], at=at), NOW)


def snapshot(store: Store) -> list[Any]:
    return [store.games(finished=False), store.players(), store.tables(), store.envelope_count()]


def test_a_game_is_its_table_s_and_a_refusal_changes_nothing_but_the_ack(store: Store) -> None:
    t1, t2 = SampleTable("t1"), SampleTable("t2")
    game = t1.game(["Anna", "Ben"], [40, 20], NOW - 3600)
    own = t2.game(["Cleo", "Dan"], [1, 0], NOW - 900, finished=False)[:1]
    for event in game + own:
        store.add(event)
    # a game of t1's under a name t2 may use, as a venue that did not check names kept it
    store._db.execute("INSERT INTO games (game_id, table_id, started_at, last_at) VALUES ('t2-old-1', 't1', 1, 1)")
    before = snapshot(store)
    t2_game = own[0].game_id
    ranking = [{"place": 1, "seat": 0, "name": "Eve", "total": 99}, {"place": 2, "seat": 1, "name": "M", "total": 0}]
    three = [{"seat": n, "name": "X", "total": 1} for n in range(3)]
    hostile = [
        ("is table t1's", Envelope("t2", 2, "t2-old-1", "game_over", NOW - 60, {"ranking": ranking})),
        ("is table t1's", Envelope("t2", 3, "t2-old-1", "game_started", NOW - 60, GOOD["game_started"])),
        ("never started", Envelope("t2", 4, "t2-20261123215900-3", "game_over", NOW - 60, {"ranking": ranking})),
        ("has \\[0, 1\\]", Envelope("t2", 5, t2_game, "round", NOW - 60, {"round": 1, "scores": three})),
        ("has \\[0, 1\\]", Envelope("t2", 6, t2_game, "game_over", NOW - 60, {"ranking": ranking[:1]})),
        ("has \\[0, 1\\]", Envelope("t2", 7, t2_game, "trick", NOW - 60, {"round": 1, "number": 1,
                                                                             "winner_seat": 5})),
    ]  # fmt: skip
    for number, (why, event) in enumerate(hostile, start=1):
        with pytest.raises(Refused, match=why):
            store.add(event)
        assert store.acked("t2") == event.seq, why  # acknowledged: never sent again
        (row,) = store.refusals()
        assert (row["table_id"], row["count"], row["last_seq"]) == ("t2", number, event.seq), why
    assert snapshot(store) == before
    assert store.bad_messages == len(hostile)


def test_an_event_of_a_game_not_started_yet_waits_while_seqs_before_it_are_missing(store: Store) -> None:
    game = SampleTable("t1").game(["Anna", "Ben"], [40, 20], NOW - 3600)
    assert not store.add(game[-1])  # its start (seq 1) may still come: not taken, not refused, not acknowledged
    assert (store.refusals(), store.acked("t1"), store.envelope_count()) == ([], 0, 0)
    for event in game:
        assert store.add(event)
    assert store.acked("t1") == len(game) and store.game(game[0].game_id).finished  # type: ignore[union-attr]
    lost = SampleTable("t1", seq=20).game(["Anna", "Ben"], [1, 0], NOW - 60)[2]
    lost = replace(lost, first=lost.seq)  # the table no longer keeps the seqs before it: its game's start is gone
    with pytest.raises(Refused, match="never started"):
        store.add(lost)
    assert store.acked("t1") == lost.seq


def test_a_seq_far_beyond_what_the_venue_holds_is_refused_and_never_acknowledged(store: Store) -> None:
    game = SampleTable("t1").game(["Anna", "Ben"], [40, 20], NOW - 3600)
    for event in game:
        store.add(event)
    far = SampleTable("t1", seq=len(game) + MAX_SEQ_AHEAD).game(["Cleo", "Dan"], [1, 0], NOW - 60)[0]
    with pytest.raises(Refused, match="beyond"):
        store.add(replace(far, first=far.seq))
    assert store.acked("t1") == len(game) and store.refusals()[0]["last_seq"] == far.seq
    assert not store.add_payload("t1", json.dumps(raw(seq=2**63 - 1, first=2**63 - 1)).encode())
    assert store.acked("t1") == len(game) and store.refusals()[0]["last_seq"] is None


def test_a_status_that_cannot_be_read_is_refused(store: Store) -> None:
    bad = (b"[]", b'{"online": "yes"}', b'{"online": true, "at": NaN}', b"x" * (MAX_PAYLOAD + 1),
           b'{"v": 2, "online": true}', b'{"table": "t2", "online": true}')  # fmt: skip
    for payload in bad:
        assert not store.set_status("t1", payload)
    assert not store.set_status("=t1", b'{"online": true}')  # no table's topic
    assert store.tables() == [] and store.refusals()[0]["count"] == len(bad) and store.bad_messages == len(bad) + 1
    assert "status of table 't2'" in store.refusals()[0]["last_reason"]
    assert store.set_status("t1", b'{"v": 1, "table": "t1", "online": true, "at": 1}') and store.tables()


def test_a_refused_message_sent_again_is_counted_once(store: Store) -> None:
    started = SampleTable("t1").game(["Anna", "Ben"], [1, 0], NOW - 600)[0]
    store.add(started)
    broken = Envelope("t1", 2, started.game_id, "round", NOW - 60, {"round": 1, "scores": [1, 2, 3]})
    for _ in range(3):  # the table sent it again before the venue's ack reached it
        assert not store.add_payload("t1", broken.to_json())
    assert (store.refusals()[0]["count"], store.bad_messages, store.acked("t1")) == (1, 1, 2)
