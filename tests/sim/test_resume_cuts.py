"""A demo killed right after any event resumes to the same FINAL lines (issue 25, item 5): a sample of the cut-log
sweep's cuts in every game (the whole sweep, every event of every game: `make resume-sweep`, BENCHMARKS.md)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from table.commands.run import LOG_MARK
from table.games.piratenpoker import rules as pp
from table.sim import cut_sweep
from table.sim.cut_sweep import Played
from table.store.database import DATABASE_NAME
from table.store.seq_mark import read_mark


def spread(whole: Played, count: int) -> list[int]:
    """`count` cuts spread over the log, from the game's first moves to its last."""
    events = len(whole.events)
    return [events * (n + 1) // (count + 1) for n in range(count)]


def after_first(whole: Played, kind: str, count: int, **fields: object) -> list[int]:
    """The cuts right after the first `count` events of this kind (with these fields) past the log's first tenth."""
    start = len(whole.events) // 10
    cuts = [
        n
        for n, (logged, data) in enumerate(whole.events, 1)
        if logged == kind and n > start and all(data.get(name) == value for name, value in fields.items())
    ][:count]
    assert cuts, f"the seed's game has no {kind} {fields}: pick another"
    return cuts


def laid_face_down(whole: Played) -> list[int]:
    """Right after the first Piratenpoker card laid face down (a card of the poker hands, not a loot card)."""
    start = len(whole.events) // 10
    cuts = [
        n
        for n, (kind, data) in enumerate(whole.events, 1)
        if kind == "CardLaid" and n > start and data["code"] in pp.POKER_COUNTS
    ][:1]
    assert cuts, "the seed's match lays no card face down: pick another"
    return cuts


def announced_card_cuts(whole: Played) -> list[int]:
    """Right after each Scary Mary / Tigress is laid (her announcement pending), and right after it is answered."""
    laid = whole.after_laying({"scarymary", "tigress"})
    assert laid, "the seed lays no card announced when played: pick another"
    return [cut for n in laid for cut in (n, n + 1)]


SAMPLES = {
    # 2013: the cut after the last Scary Mary made the bot lay her again and the demo wait forever (issue 25).
    "skullking": announced_card_cuts,
    # 2021: both Tigresses, the same hang.
    "skullking-2021": announced_card_cuts,
    # A card laid face down (the round's plan half laid), and one mid-game.
    "piratenpoker": lambda whole: [*laid_face_down(whole), *spread(whole, 1)],
    # Right after a hold (the pile taken, or a swap let go), and one mid-game.
    "flying-hollander": lambda whole: [*after_first(whole, "Press", 1, key="hold"), *spread(whole, 1)],
    "skullking-dice": lambda whole: spread(whole, 1),  # its games are slower: one cut, mid-game
}


@pytest.mark.parametrize("game", list(SAMPLES))
def test_a_game_cut_after_a_sample_of_events_resumes_to_the_same_final_lines(game: str) -> None:
    result = cut_sweep.sweep(game, SAMPLES[game])
    assert result.cuts and result.differences == []


def test_a_scary_mary_meant_as_an_escape_is_announced_as_an_escape_after_the_resume() -> None:
    """The bot rebuilds its announcement from the trick and its bid (it said Pirate after any resume before)."""

    def escapes(whole: Played) -> list[int]:
        return [
            n
            for n in whole.after_laying({"scarymary"})
            if whole.events[n] == ("Press", {"key": "hold", "seat": whole.events[n - 1][1]["seat"]})
        ]

    result = cut_sweep.sweep("skullking", escapes, players=4, seed=2013)
    assert result.cuts and result.differences == []


def test_a_cut_is_what_kill_9_leaves_a_prefix_of_the_log_and_its_mark(tmp_path: Path) -> None:
    whole = cut_sweep.play_whole("flying-hollander", tmp_path / "whole", 3, 5)
    cut_sweep.cut_copy(whole.folder, tmp_path / "cut", 40)
    with sqlite3.connect(tmp_path / "cut" / DATABASE_NAME) as db:
        rows = list(db.execute("SELECT kind, data FROM event_log ORDER BY seq"))
    db.close()
    assert [kind for kind, _ in rows] == [kind for kind, _ in whole.events[:40]]
    assert read_mark(tmp_path / "cut" / LOG_MARK) == 40  # the table finds no events lost: a kill, not a loss
    assert whole.final and all(line.startswith("FINAL ") for line in whole.final)


def test_a_resume_that_ends_otherwise_or_hangs_is_a_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep can fail: other FINAL lines, or a game that does not finish, are counted as differences."""
    outcomes = iter([["FINAL 1 Anne_Bonny 999"], RuntimeError("the game did not finish in 9 ticks; stuck at x")])

    def resumed(*args: object, **kwargs: object) -> list[str]:
        outcome = next(outcomes)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    monkeypatch.setattr(cut_sweep, "resumed_final", resumed)
    result = cut_sweep.sweep("flying-hollander", lambda whole: [10, 20])
    assert result.cuts == [10, 20]
    assert [cut for cut, _ in result.differences] == [10, 20]
    assert "FINAL 1 Anne_Bonny 999" in result.differences[0][1] and "did not finish" in result.differences[1][1]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--every", "0"], "--every must be 1 or more"),
        (["--game", "skullking-dice", "--players", "2"], "skullking-dice: the Skull King dice game is played by 3"),
    ],
)
def test_the_sweep_refuses_what_it_cannot_sweep_in_words(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cut_sweep.main(argv)
    assert stopped.value.code == 2 and said in capsys.readouterr().err
