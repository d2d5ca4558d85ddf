"""Event logs written by an earlier release (tests/store/release_logs: the demo's logs at commit 74298c2, before
the game catalog) still replay to the same final scores: a table updated in the middle of an evening resumes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from table.config import default_text, parse_config
from table.core import catalog
from table.core.frame import Phase
from table.session import TableSession
from table.store.database import open_database
from table.store.event_log import EventLog

LOGS = sorted((Path(__file__).parent / "release_logs").glob("*.jsonl"))


@pytest.mark.parametrize("path", LOGS, ids=[path.stem for path in LOGS])
def test_an_earlier_release_s_log_replays_to_the_same_scores(path: Path, tmp_path: Path) -> None:
    header, *rows = [json.loads(line) for line in path.read_text().splitlines()]
    database = open_database(tmp_path / "table.sqlite3")
    database.executemany("INSERT INTO event_log (seq, at, kind, data) VALUES (?, ?, ?, ?)", rows)
    log = EventLog(database, catalog.log_kinds(), catalog.old_log_names())
    table = TableSession(len(header["final"]), config=parse_config(default_text()))
    for _, _, event in log.replay():
        table.handle(event)
    screen = table.screen()
    assert screen.phase is Phase.GAME_OVER
    assert [[placing.place, placing.name, placing.total] for placing in screen.ranking] == header["final"]


def test_there_are_logs_of_both_games() -> None:
    assert {path.name.split("-4p")[0] for path in LOGS} == {"skullking", "skullking-dice"}
