"""The vote over a rest's settled frames (vision/voting.py): one answer per die, "not sure" rather than a guess."""

from vision.pipeline import DieReading
from vision.voting import VotedDie, VoteRule, vote

DIE_PX = 44.0


def _die(kind: str, face: str | None, x: int = 200, y: int = 180, confidence: float = 0.95) -> DieReading:
    return DieReading(kind, face, x, y, confidence)


def test_one_flaky_frame_is_outvoted() -> None:
    frames = [[_die("black", "7")], [_die("black", "1", 202, 179)], [_die("black", "7", 199, 181)]]
    assert vote(frames, DIE_PX) == [VotedDie("black", "7", 200, 180, 0.95, unsure=False, votes=2, frames=3)]


def test_three_frames_three_faces_is_not_sure_and_names_no_face() -> None:
    (voted,) = vote([[_die("black", "7")], [_die("black", "1")], [_die("black", "5")]], DIE_PX)
    assert voted.unsure and voted.face is None and voted.kind == "black"


def test_a_split_kind_is_not_sure() -> None:
    frames = [[_die("black", "7")], [_die("blue", "7")], [_die("yellow", "7")], [_die("black", "7")]]
    (voted,) = vote(frames, DIE_PX)  # 2 of 4 frames is no majority
    assert voted.unsure and voted.face is None


def test_a_majority_read_faintly_is_not_sure() -> None:
    frames = [[_die("red", "2", confidence=0.3)], [_die("red", "2", confidence=0.35)], [_die("red", "2")]]
    faint = vote(frames, DIE_PX, VoteRule(min_confidence=0.6))[0]  # a mean confidence of 0.53
    assert faint.unsure and faint.face is None
    assert vote(frames, DIE_PX, VoteRule(min_confidence=0.5))[0].face == "2"


def test_a_lead_smaller_than_the_margin_is_not_sure() -> None:
    frames = [[_die("red", "2")]] * 3 + [[_die("red", "3")]] * 2
    assert vote(frames, DIE_PX)[0].face == "2"
    assert vote(frames, DIE_PX, VoteRule(margin=2))[0].unsure


def test_dice_are_matched_by_place_not_by_order_and_a_ghost_of_one_frame_is_dropped() -> None:
    black, red = _die("black", "7", 100, 100), _die("red", "2", 400, 300)
    ghost = _die("yellow", "flag", 550, 60)
    frames = [[black, red], [red, black, ghost], [_die("red", "2", 405, 297), black]]
    assert [(v.kind, v.face, v.unsure) for v in vote(frames, DIE_PX)] == [("black", "7", False), ("red", "2", False)]


def test_a_die_missed_in_one_frame_of_three_is_still_voted_but_not_when_missed_in_two() -> None:
    black = _die("black", "7")
    assert [v.face for v in vote([[black], [], [black]], DIE_PX)] == ["7"]
    assert vote([[black], [], []], DIE_PX) == []


def test_a_die_seen_on_its_edge_in_most_frames_is_unreadable_not_unsure() -> None:
    (voted,) = vote([[_die("blue", None)], [_die("blue", None)], [_die("blue", "4")]], DIE_PX)
    assert voted.face is None and not voted.unsure
