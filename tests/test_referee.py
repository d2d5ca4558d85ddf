"""The referee: the rules over JSON lines, good requests and bad ones."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tracemalloc

import pytest

from table.commands import referee


def ask(request: object) -> dict:
    return referee.answer(request)


def test_the_issue_examples() -> None:
    assert ask({"game": "skullking", "trick": ["yellow:2", "yellow:12", "blue:13", "black:1"]}) == {
        "winner": 3,
        "bonus": 0,
        "lead_suit": "yellow",
    }
    assert ask({"game": "skullking", "score": {"bid": 3, "won": 3, "round": 5, "bonus": 30}}) == {"score": 90}
    assert ask({"game": "skullking", "legal": {"hand": ["yellow:3", "red:5", "escape"], "trick": ["yellow:9"]}}) == {
        "legal": ["yellow:3", "escape"]
    }


def test_a_trick_with_a_bonus_and_no_lead_suit() -> None:
    assert ask({"game": "skullking", "trick": ["pirate", "skullking", "scarymary:escape"]}) == {
        "winner": 1,
        "bonus": 60,
        "lead_suit": None,
    }


def test_the_bonus_defaults_to_zero() -> None:
    assert ask({"game": "skullking", "score": {"bid": 0, "won": 0, "round": 7}}) == {"score": 70}


def test_legal_plays_keep_scary_mary_unannounced() -> None:
    answer = ask({"game": "skullking", "legal": {"hand": ["scarymary", "blue:2", "red:4"], "trick": ["blue:9"]}})
    assert answer == {"legal": ["scarymary", "blue:2"]}


def test_revokes() -> None:
    tricks = [{"leader": 0, "cards": ["yellow:2", "red:9"]}, {"leader": 0, "cards": ["blue:4", "yellow:7"]}]
    assert ask({"game": "skullking", "revokes": tricks}) == {
        "revokes": [{"seat": 1, "suit": "yellow", "trick": 0, "shown": 1, "card": "yellow:7"}]
    }


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ([1, 2], "a request is a JSON object"),
        ({"trick": ["yellow:1", "red:1"]}, "no game given"),
        ({"game": "chess", "trick": []}, "unknown game 'chess'"),
        ({"game": "skullking"}, "exactly one of: trick, score, legal, revokes"),
        ({"game": "skullking", "trick": ["yellow:1", "red:2"], "score": {}}, "exactly one of"),
        ({"game": "skullking", "bid": 3}, "exactly one of"),
        ({"game": "skullking", "trick": "yellow:1"}, "list of card codes"),
        ({"game": "skullking", "trick": ["yellow:1", "kraken"]}, "unknown card 'kraken'"),
        ({"game": "skullking", "trick": ["yellow:1", 7]}, "written as text"),
        ({"game": "skullking", "trick": ["skullking", "skullking"]}, "only one skullking, not 2"),
        ({"game": "skullking", "trick": ["mermaid", "mermaid", "mermaid"]}, "only 2 mermaid"),
        ({"game": "skullking", "trick": [f"red:{n}" for n in range(1, 8)]}, "2 to 6 cards, not 7"),
        ({"game": "skullking", "trick": ["red:1"]}, "2 to 6 cards, not 1"),
        ({"game": "skullking", "trick": ["scarymary", "red:1"]}, "must be announced"),
        ({"game": "skullking", "score": {"bid": 6, "won": 5, "round": 5}}, "bid is 0 to 5 tricks, not 6"),
        ({"game": "skullking", "score": {"bid": -1, "won": 0, "round": 5}}, "bid is 0 to 5"),
        ({"game": "skullking", "score": {"bid": 1, "won": 1, "round": 11}}, "rounds 1 to 10, not 11"),
        ({"game": "skullking", "score": {"bid": 1, "won": 1, "round": 0}}, "rounds 1 to 10, not 0"),
        ({"game": "skullking", "score": {"bid": 1, "won": 1, "round": "3"}}, "rounds 1 to 10"),
        ({"game": "skullking", "score": {"bid": 1, "round": 3}}, "lacks won"),
        ({"game": "skullking", "score": {"bid": 1, "won": 1, "round": 3, "bonsu": 30}}, "unknown field"),
        ({"game": "skullking", "score": {"bid": 1, "won": 1, "round": 3, "bonus": 40}}, "bonus is one of"),
        ({"game": "skullking", "score": [1, 1, 3]}, "is an object"),
        ({"game": "skullking", "legal": {"hand": ["red:1"], "trick": ["red:1"]}}, "only one red:1"),
        ({"game": "skullking", "legal": {"hand": [], "trick": []}}, "1 to 10 cards"),
        ({"game": "skullking", "legal": {"hand": ["scarymary:pirate"], "trick": []}}, "in a hand she is just"),
        ({"game": "skullking", "legal": {"hand": ["red:1"], "trick": ["escape"] * 5 + ["red:2"]}}, "takes no more"),
        ({"game": "skullking", "revokes": {"leader": 0}}, "list of tricks"),
        ({"game": "skullking", "revokes": [{"leader": 2, "cards": ["red:1", "red:2"]}]}, "leader is a seat 0 to 1"),
        (
            {
                "game": "skullking",
                "revokes": [{"leader": 0, "cards": ["red:1", "red:2"]}, {"leader": 0, "cards": ["red:1", "red:3"]}],
            },
            "only one red:1",
        ),
    ],
)
def test_bad_requests_get_a_clear_error(request_: object, message: str) -> None:
    answer = ask(request_)
    assert list(answer) == ["error"]
    assert message in answer["error"]


def test_malformed_json_is_answered_and_the_next_line_still_is() -> None:
    source = io.BytesIO(b'{"game": "skullking", "trick": [\n\n{"game": "skullking", "trick": ["red:1", "red:2"]}\n')
    sink = io.StringIO()
    assert referee.run(source, sink) == 2
    answers = [json.loads(line) for line in sink.getvalue().splitlines()]
    assert len(answers) == 3
    assert answers[0]["error"].startswith("not JSON")
    assert answers[1]["error"].startswith("not JSON")
    assert answers[2] == {"winner": 1, "bonus": 0, "lead_suit": "red"}


def run_referee(lines: list[str], *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "table", "referee", *options],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


END_TO_END = [
    '{"game": "skullking", "trick": ["yellow:2", "yellow:12", "blue:13", "black:1"]}',
    "this is not json",
    '{"game": "skullking", "score": {"bid": 3, "won": 3, "round": 5, "bonus": 30}}',
    '{"game": "skullking", "trick": ["skullking", "skullking"]}',
    '{"game": "skullking", "legal": {"hand": ["yellow:3", "red:5", "escape"], "trick": ["yellow:9"]}}',
]


def test_the_command_answers_every_line_in_order_and_exits_0() -> None:
    done = run_referee(END_TO_END)
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert answers[0] == {"winner": 3, "bonus": 0, "lead_suit": "yellow"}
    assert "error" in answers[1]
    assert answers[2] == {"score": 90}
    assert answers[3] == {"error": "the deck has only one skullking, not 2"}
    assert answers[4] == {"legal": ["yellow:3", "escape"]}
    assert len(answers) == len(END_TO_END)


def test_strict_exits_1_when_a_line_failed_and_0_when_none_did() -> None:
    assert run_referee(END_TO_END, "--strict").returncode == 1
    assert run_referee([END_TO_END[0], END_TO_END[2]], "--strict").returncode == 0


def test_the_dice_game_issue_example_and_landlubber_scoring() -> None:
    assert ask({"game": "skullking-dice", "trick": ["black:6", "black:7", "red:2", "yellow:7", "black:5"]}) == {
        "winner": 3,
        "bonus": 0,
    }
    assert ask({"game": "skullking-dice", "score": {"bid": 2, "won": 2, "round": 4, "bonus": 30}}) == {"score": 70}
    landlubber = {"bid": 2, "won": 2, "round": 4, "bonus": 30, "scoring": "landlubber"}
    assert ask({"game": "skullking-dice", "score": landlubber}) == {"score": 40}


@pytest.mark.parametrize(
    ("trick", "message"),
    [
        (["red:7", "black:6", "red:1"], "a red die cannot show '7'"),
        (["skullking:skull", "skullking:flag", "red:1"], "only 1 skullking die, not 2"),
        (["black:5"] * 7, "3 to 6 dice, not 7"),
        (["black:5", "black:6"], "3 to 6 dice, not 2"),
        ("black:5", "list of dice"),
    ],
)
def test_bad_dice_tricks_get_a_clear_error(trick: object, message: str) -> None:
    answer = ask({"game": "skullking-dice", "trick": trick})
    assert list(answer) == ["error"] and message in answer["error"]


def answers_to(data: bytes) -> list[dict]:
    sink = io.StringIO()
    referee.run(io.BytesIO(data), sink)
    return [json.loads(line) for line in sink.getvalue().splitlines()]


GOOD = b'{"game": "skullking", "trick": ["red:1", "red:2"]}\n'


@pytest.mark.parametrize(
    ("line", "says"),
    [
        (b"[" * 1000 + b"]" * 1000, "nested at most 16 deep"),
        (b'{"game": "skullking", "x": [[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]}', "nested at most 16 deep"),
        (b'{"game": "skullking", "score": {"bid": 1, "won": 1, "round": ' + b"9" * 5000 + b"}}", "at most 9 digits"),
        (b'{"game": "skullking", "score": {"bid": NaN, "won": 1, "round": 1}}', "NaN is not a number"),
        (b'{"game": ["skullking"], "trick": ["red:1", "red:2"]}', "unknown game ['skullking']"),
        ('{"game": "skullking", "trick": ["yellow:²", "red:2"]}'.encode(), "needs its number"),
        ('{"game": "skullking", "trick": ["blue:١٣", "red:2"]}'.encode(), "needs its number"),
        ('{"game": "skullking", "trick": ["blue:\uff11\uff13", "red:2"]}'.encode(), "needs its number"),
        (b'{"game": "skullking", "trick": ["red:1", "\xff"]}', "not UTF-8 text: byte 43 is 0xff"),
    ],
)
def test_every_line_gets_an_answer_whatever_bytes_arrive(line: bytes, says: str) -> None:
    first, after = answers_to(GOOD + line + b"\n" + GOOD)[0:3:2], answers_to(GOOD + line + b"\n" + GOOD)[1]
    assert first == [{"winner": 1, "bonus": 0, "lead_suit": "red"}] * 2  # before and after: still answered
    assert list(after) == ["error"] and says in after["error"], after


def test_a_huge_line_is_refused_by_its_length_and_never_echoed() -> None:
    huge = b'{"game": "' + b"x" * 10_000_000 + b'"}\n'
    answers = answers_to(huge + GOOD)
    assert answers[0] == {"error": f"a request is at most 65536 bytes long; this one has {len(huge) - 1}"}
    assert answers[1]["winner"] == 1


def test_error_messages_are_short() -> None:
    (answer,) = answers_to(b'{"game": "skullking", "trick": ["' + b"q" * 60_000 + b'", "red:2"]}\n')
    assert len(answer["error"]) <= referee.MAX_MESSAGE and answer["error"].endswith("...")


def test_a_question_a_game_s_rules_did_not_foresee_still_gets_an_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    from table.games.skullking import referee as skullking

    def broken(value: object) -> dict:
        raise KeyError("a bug")

    monkeypatch.setitem(skullking.REFEREE, "trick", broken)
    (answer,) = answers_to(b'{"game": "skullking", "trick": ["red:1", "red:2"]}\n')
    assert answer == {"error": "this request could not be answered (KeyError: 'a bug')"}


class EndlessLine(io.RawIOBase):
    """A request line of `length` bytes that exists nowhere whole: made up a piece at a time as it is read."""

    def __init__(self, length: int, then: bytes) -> None:
        self.left, self.then = length, then

    def readline(self, size: int | None = -1) -> bytes:
        if self.left == 0:
            line, self.then = self.then, b""
            return line
        piece = min(self.left, size if size and size > 0 else self.left)
        self.left -= piece
        return b"x" * piece + (b"\n" if self.left == 0 else b"")


def test_a_huge_line_is_answered_without_being_held_whole() -> None:
    sink = io.StringIO()
    tracemalloc.start()
    try:
        referee.run(EndlessLine(50_000_000, GOOD), sink)  # type: ignore[arg-type]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    first, second = map(json.loads, sink.getvalue().splitlines())
    assert first == {"error": "a request is at most 65536 bytes long; this one has 50000000"}
    assert second["winner"] == 1
    assert peak < 2_000_000  # bytes: a few pieces of MAX_LINE, never the 50 MB line


# --- Impossible decks: no request holds more copies of a card than its game's deck has ----------------------------


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        # the issue's examples: the Hollander deck has 2 Flying Hollanders, the loot stacks 6 "+5" cards
        ({"game": "flying-hollander", "pile": ["hollander"] * 10}, "the deck has only 2 hollander, not 10"),
        (
            {"game": "flying-hollander", "play": {"pile": ["hollander"] * 10, "cards": ["crew:3"]}},
            "the deck has only 2 hollander, not 10",
        ),
        (
            {"game": "flying-hollander", "play": {"pile": ["crew:7"] * 3, "cards": ["crew:7", "crew:7"]}},
            "the deck has only 4 crew:7, not 5",
        ),
        (
            {"game": "piratenpoker", "score": {"loot": [{"value": 5, "side": "back"}] * 12}},
            "the loot stacks hold only 6 loot cards of +5, not 12",
        ),
        (
            {"game": "piratenpoker", "score": {"loot": [{"value": 10, "side": "front", "colour": "blue"}] * 2}},
            "the deck has only one loot:blue:10, not 2",
        ),
        (
            {"game": "piratenpoker", "showdown": {"plays": [["red:8"], ["red:8"], ["pass"]]}},
            "the deck has only one red:8, not 2",
        ),
        (
            {"game": "skullking-dice", "trick": ["pirate:skull"] * 4},
            "the bag has only 3 pirate dice, not 4",
        ),
    ],
)
def test_a_request_holding_more_copies_than_the_deck_has_is_refused(request_: object, message: str) -> None:
    answer = ask(request_)
    assert answer == {"error": message}


def test_a_request_holding_as_many_copies_as_the_deck_has_is_answered() -> None:
    assert "error" not in ask({"game": "flying-hollander", "pile": ["hollander"] * 2})
    assert "error" not in ask({"game": "flying-hollander", "play": {"pile": ["crew:7"] * 2, "cards": ["crew:7"] * 2}})
    assert ask({"game": "piratenpoker", "score": {"loot": [{"value": 5, "side": "back"}] * 6}}) == {"score": 34}
    two_red = [{"value": 5, "side": "front", "colour": "red"}] * 2
    assert "error" not in ask({"game": "piratenpoker", "score": {"loot": two_red}})
    assert "error" not in ask({"game": "skullking-dice", "trick": ["pirate:skull"] * 3})
